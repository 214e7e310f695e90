import { describe, expect, it } from 'vitest';
import { heightFor, screenshotWidth } from './screenshot-size.ts';

describe('screenshot width (spec 002 §9)', () => {
  it.each([
    [300, 120, 120],
    [150, 800, 800],
    [150, undefined, 300],
    [199, undefined, 398],
    [200, undefined, 200],
    [480, undefined, 480],
    [481, undefined, 241],
    [960, undefined, 480],
    [300, undefined, 300],
    [300, 0, 300],
    [300, Number.NaN, 300],
  ])('a %s px board asked for %s is %s px wide', (natural, requested, expected) => {
    expect(screenshotWidth(natural, requested)).toBe(expected);
  });

  it('keeps the board aspect ratio of 1.22', () => {
    expect(heightFor(244)).toBe(200);
    expect(heightFor(1)).toBe(1);
  });
});
