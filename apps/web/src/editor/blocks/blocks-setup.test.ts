import { describe, expect, it } from 'vitest';
import { createProjectBlocks, warmProjectBlocks } from './blocks-setup.ts';

describe('createProjectBlocks', () => {
  it("reuses the board's block registry made ahead, and makes new ones for other metadata", () => {
    warmProjectBlocks();
    const first = createProjectBlocks({});
    const second = createProjectBlocks({});
    expect(second).not.toBe(first);
    expect(second.registry).toBe(first.registry);
    expect(first.isKnown('device_show_number')).toBe(true);
    // Translated block texts change the metadata: a registry of its own, with the new text.
    const translated = createProjectBlocks({}, { api: { 'basic.showNumber': 'zeige Zahl %number' } });
    expect(translated.registry).not.toBe(first.registry);
    expect(createProjectBlocks({}).registry).toBe(first.registry);
  });
});
