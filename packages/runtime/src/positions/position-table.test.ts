import { describe, expect, it } from 'vitest';
import { lookupPosition, type PositionTable } from './position-table.ts';
import { programFrames } from './stack-frames.ts';

const table: PositionTable = {
  files: ['main.ts', 'custom.ts'],
  lines: [[], [0, 0, 1, 1, 10, 0, 1, 9], [], [2, 1, 5, 3]],
};

describe('lookupPosition', () => {
  it('finds the segment covering a column, else the nearest earlier one', () => {
    expect(lookupPosition(table, 2, 1)).toEqual({ file: 'main.ts', line: 1, column: 1 });
    expect(lookupPosition(table, 2, 15)).toEqual({ file: 'main.ts', line: 1, column: 9 });
    expect(lookupPosition(table, 3, 4)).toEqual({ file: 'main.ts', line: 1, column: 9 });
    expect(lookupPosition(table, 4, 3)).toEqual({ file: 'custom.ts', line: 5, column: 3 });
    expect(lookupPosition(table, 4, 1)).toEqual({ file: 'main.ts', line: 1, column: 9 });
    expect(lookupPosition(table, 1, 1)).toBeUndefined();
  });
});

describe('programFrames', () => {
  it('reads program frames from V8 and SpiderMonkey style stacks', () => {
    const v8 = 'Error: x\n    at f (blockyard-program.js:12:7)\n    at Runtime.step (runtime.ts:1:1)';
    const firefox = 'f@blockyard-program.js:3:9\nstep@runtime.js:1:1';
    expect(programFrames(v8)).toEqual([{ line: 12, column: 7 }]);
    expect(programFrames(firefox)).toEqual([{ line: 3, column: 9 }]);
    expect(programFrames('no frames here')).toEqual([]);
  });
});
