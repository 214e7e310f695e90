// Which block a place in the generated code belongs to, from the generator's block source ranges:
// the smallest range holding the place, so an error inside `show number (1 + x)` lands on the
// `x` block rather than on `show number`. Runtime errors only know their line: they go to the
// smallest range that starts on that line (the statement block), else the smallest holding it.

import type { BlockSourceRange } from '@blockyard/language';

function holds(range: BlockSourceRange, line: number, column: number): boolean {
  const afterStart = line > range.startLine || (line === range.startLine && column >= range.startColumn);
  const beforeEnd = line < range.endLine || (line === range.endLine && column < range.endColumn);
  return afterStart && beforeEnd;
}

/** A rough size for choosing the innermost range. */
function size(range: BlockSourceRange): number {
  return (range.endLine - range.startLine) * 10_000 + (range.endColumn - range.startColumn);
}

function smallest(ranges: readonly BlockSourceRange[]): BlockSourceRange | undefined {
  let best: BlockSourceRange | undefined;
  for (const range of ranges) if (!best || size(range) < size(best)) best = range;
  return best;
}

/** The block whose code holds line:column (1-based), if any. */
export function blockAt(ranges: readonly BlockSourceRange[], line: number, column: number): string | undefined {
  return smallest(ranges.filter((range) => holds(range, line, column)))?.id;
}

/** The block of a line, for errors that know no column. */
export function blockOnLine(ranges: readonly BlockSourceRange[], line: number): string | undefined {
  const starting = ranges.filter((range) => range.startLine === line);
  if (starting.length > 0) {
    // The statement: of the blocks starting on the line, the widest one starting first.
    return [...starting].sort((a, b) => a.startColumn - b.startColumn || size(b) - size(a))[0]?.id;
  }
  return smallest(ranges.filter((range) => range.startLine <= line && line <= range.endLine))?.id;
}
