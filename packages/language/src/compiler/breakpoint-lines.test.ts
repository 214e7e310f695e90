import { describe, expect, it } from 'vitest';
import { placeBreakpoints, type StatementTable } from './breakpoint-lines.ts';

describe('placeBreakpoints', () => {
  // File 0: statements on lines 2 (two of them), 5 and 9; file 1: one on line 3.
  const table: StatementTable = [
    [0, 2, 14],
    [0, 2, 1],
    [1, 3, 1],
    [0, 5, 5],
    [0, 9, 1],
  ];

  it('puts a breakpoint on the first statement of its line', () => {
    expect(placeBreakpoints(table, 0, [2])).toEqual([{ requested: 2, statementId: 1, line: 2 }]);
  });

  it('moves a breakpoint on a line without a statement to the next line that has one', () => {
    expect(placeBreakpoints(table, 0, [3, 6])).toEqual([
      { requested: 3, statementId: 3, line: 5 },
      { requested: 6, statementId: 4, line: 9 },
    ]);
  });

  it('leaves a line past the last statement without a place, and keeps files apart', () => {
    expect(placeBreakpoints(table, 0, [10])).toEqual([{ requested: 10 }]);
    expect(placeBreakpoints(table, 1, [1])).toEqual([{ requested: 1, statementId: 2, line: 3 }]);
    expect(placeBreakpoints(table, 2, [1])).toEqual([{ requested: 1 }]);
  });
});
