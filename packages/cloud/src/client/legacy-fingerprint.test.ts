import { textHash } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { isLegacyFingerprint, legacyFingerprint } from './legacy-fingerprint.ts';

describe('legacyFingerprint', () => {
  it('tells records of the old format from the new, whatever the content', () => {
    const old = legacyFingerprint('Game', { 'main.ts': 'basic.showNumber(1)', 'pxt.json': '{}' });
    expect(old).toMatch(/^\d+:[0-9a-z]+$/);
    expect(isLegacyFingerprint(old)).toBe(true);
    expect(isLegacyFingerprint(textHash(['Game', 'main.ts', 'basic.showNumber(1)']))).toBe(false);
  });

  it('ignores file order and sees every change of name or files', () => {
    const a = legacyFingerprint('Game', { 'a.ts': '1', 'b.ts': '2' });
    expect(legacyFingerprint('Game', { 'b.ts': '2', 'a.ts': '1' })).toBe(a);
    expect(legacyFingerprint('Game 2', { 'a.ts': '1', 'b.ts': '2' })).not.toBe(a);
    expect(legacyFingerprint('Game', { 'a.ts': '1', 'b.ts': '3' })).not.toBe(a);
  });
});
