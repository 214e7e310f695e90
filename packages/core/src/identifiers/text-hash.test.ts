import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textHash } from './text-hash.ts';

/** FNV-1a 64 with BigInt, the textbook way, to check the 32-bit arithmetic. */
function fnv1a64(units: number[]): string {
  let hash = 0xcbf29ce484222325n;
  for (const unit of units) {
    hash ^= BigInt(unit);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

describe('textHash', () => {
  it('is FNV-1a 64 over the UTF-16 units, parts kept apart', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 30 }), { maxLength: 5 }), (snippets) => {
        const raw = snippets.flatMap((s) => [...[...Array(s.length).keys()].map((i) => s.charCodeAt(i)), 0xffff]);
        expect(textHash(snippets)).toBe(fnv1a64(raw));
      }),
    );
    expect(textHash(['ab'])).not.toBe(textHash(['a', 'b']));
    expect(textHash([])).toBe('cbf29ce484222325');
  });
});
