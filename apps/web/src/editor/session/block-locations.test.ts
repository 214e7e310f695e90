import type { BlockSourceRange } from '@blockyard/language';
import { describe, expect, it } from 'vitest';
import { blockAt, blockOnLine } from './block-locations.ts';

// basic.forever(function () {      <- forever (1:1-3:3)
//     basic.showNumber(1 + x)      <- show (2:5-2:28), plus (2:22-2:27), x (2:26-2:27)
// })
const ranges: BlockSourceRange[] = [
  { id: 'forever', startLine: 1, startColumn: 1, endLine: 3, endColumn: 3 },
  { id: 'show', startLine: 2, startColumn: 5, endLine: 2, endColumn: 28 },
  { id: 'plus', startLine: 2, startColumn: 22, endLine: 2, endColumn: 27 },
  { id: 'x', startLine: 2, startColumn: 26, endLine: 2, endColumn: 27 },
];

describe('block locations', () => {
  it('finds the innermost block holding a place', () => {
    expect(blockAt(ranges, 2, 26)).toBe('x');
    expect(blockAt(ranges, 2, 22)).toBe('plus');
    expect(blockAt(ranges, 2, 6)).toBe('show');
    expect(blockAt(ranges, 3, 1)).toBe('forever');
    expect(blockAt(ranges, 5, 1)).toBeUndefined();
  });

  it('puts a runtime error of a line on its statement block', () => {
    expect(blockOnLine(ranges, 2)).toBe('show');
    expect(blockOnLine(ranges, 3)).toBe('forever');
    expect(blockOnLine(ranges, 9)).toBeUndefined();
  });
});
