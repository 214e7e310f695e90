import { describe, expect, it } from 'vitest';
import {
  breakpointStatements,
  type CodeMaps,
  codeLineOfPython,
  placeOfStop,
  statementsForLines,
} from './debug-locations.ts';

// main.ts:             statements (id: line)
// 1 let x = 0          0: 1
// 2 // note
// 3 basic.forever(…    1: 3
// 4     x += 1         2: 4, 3: 4 (two on one line)
// 5 })
// lib.ts line 4        4
const program = {
  files: ['lib.ts', 'main.ts'],
  statements: [
    [1, 1, 1],
    [1, 3, 1],
    [1, 4, 5],
    [1, 4, 12],
    [0, 4, 1],
  ] as [number, number, number][],
};

const maps: CodeMaps = {
  sourceMap: [
    { id: 'set', startLine: 1, startColumn: 1, endLine: 1, endColumn: 10 },
    { id: 'forever', startLine: 3, startColumn: 1, endLine: 5, endColumn: 3 },
    { id: 'change', startLine: 4, startColumn: 5, endLine: 4, endColumn: 11 },
  ],
  // main.ts lines 1-5 came from main.py lines 1, 1, 3, 4, 4.
  pythonLines: [
    [1, 0],
    [1, 0],
    [3, 0],
    [4, 4],
    [4, 4],
  ],
};

describe('debug locations', () => {
  it('a line stops at its first statement; a line without one at the next line that has one', () => {
    expect(statementsForLines(program, [4])).toEqual([2]);
    expect(statementsForLines(program, [2])).toEqual([1]);
    expect(statementsForLines(program, [6])).toEqual([]);
    // Two breakpoints that land on one statement stop there once.
    expect(statementsForLines(program, [2, 3])).toEqual([1]);
    // Other files' statements are not main.ts's.
    expect(statementsForLines(program, [4], 'lib.ts')).toEqual([4]);
  });

  it('blocks, JavaScript and Python breakpoints become statement ids', () => {
    const breakpoints = { blocks: ['change', 'gone'], javascript: [1], python: [2] };
    expect(breakpointStatements(program, breakpoints, 'blocks', maps)).toEqual([2]);
    expect(breakpointStatements(program, breakpoints, 'javascript', maps)).toEqual([0]);
    // main.py line 2 made no code: the next Python line (3) made main.ts line 3.
    expect(codeLineOfPython(maps, 2)).toBe(3);
    expect(breakpointStatements(program, breakpoints, 'python', maps)).toEqual([1]);
  });

  it('a stop is shown on its block or on its line of the file shown', () => {
    expect(placeOfStop({ file: 'main.ts', line: 4 }, 'blocks', maps)).toEqual({ blockId: 'change' });
    expect(placeOfStop({ file: 'main.ts', line: 4 }, 'javascript', maps)).toEqual({ line: 4 });
    expect(placeOfStop({ file: 'main.ts', line: 3 }, 'python', maps)).toEqual({ line: 3 });
    expect(placeOfStop({ file: 'lib.ts', line: 4 }, 'javascript', maps)).toBeNull();
    expect(placeOfStop({}, 'blocks', maps)).toBeNull();
  });
});
