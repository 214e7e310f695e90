// Where a breakpoint on a line lands (issue 18; the editor's gutters and `blockyard debug`): on the
// first statement of that
// line, or, on a line without one (a blank line, a comment, a closing brace), on the first
// statement of the next line that has one. A line past the file's last statement gets none.

/** The debug build's statement table: `[file index, line, column]` per statement id. */
export type StatementTable = readonly (readonly [number, number, number])[];

export interface PlacedBreakpoint {
  /** The line asked for. */
  requested: number;
  /** The statement the program stops at, and its line; absent when none is at or after it. */
  statementId?: number;
  line?: number;
}

export function placeBreakpoints(
  statements: StatementTable,
  fileIndex: number,
  lines: readonly number[],
): PlacedBreakpoint[] {
  // This file's statements in reading order.
  const inFile: { id: number; line: number; column: number }[] = [];
  statements.forEach(([file, line, column], id) => {
    if (file === fileIndex) inFile.push({ id, line, column });
  });
  inFile.sort((a, b) => a.line - b.line || a.column - b.column);
  return lines.map((requested) => {
    const found = inFile.find((statement) => statement.line >= requested);
    return found ? { requested, statementId: found.id, line: found.line } : { requested };
  });
}
