// The compiler -> runtime contract for source positions: for each line of the generated program,
// which learner file, line and column each stretch of code came from. Plain arrays of numbers so
// the table crosses a worker boundary (structured clone) and JSON untouched.

import type { SourcePosition } from '../errors/runtime-error.ts';

export interface PositionTable {
  /** Source file names; segments refer to them by index. */
  readonly files: readonly string[];
  /**
   * One entry per generated line (index 0 is line 1): groups of four numbers
   * `[generatedColumn, fileIndex, sourceLine, sourceColumn]`, sorted by generatedColumn.
   * The generated column is 0-based; source line and column are 1-based.
   */
  readonly lines: readonly (readonly number[])[];
}

/**
 * The source position of generated line `line` (1-based) and column `column` (1-based): the last
 * segment starting at or before the column, else the nearest segment on an earlier line.
 */
export function lookupPosition(table: PositionTable, line: number, column: number): SourcePosition | undefined {
  for (let l = Math.min(line, table.lines.length); l >= 1; l--) {
    const segments = table.lines[l - 1];
    if (!segments || segments.length === 0) continue;
    let found = -1;
    for (let i = 0; i + 3 < segments.length; i += 4) {
      if (l === line && segments[i]! > column - 1) break;
      found = i;
    }
    if (found < 0) continue;
    const file = table.files[segments[found + 1]!];
    if (file === undefined) return undefined;
    return { file, line: segments[found + 2]!, column: segments[found + 3]! };
  }
  return undefined;
}
