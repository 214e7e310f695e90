// Between the editor's breakpoints and the statements of a debug build (issue 18). The learner
// puts breakpoints on blocks, on main.ts lines or on main.py lines; the runtime stops at
// statement ids of the build that runs. These pure functions turn one into the other, both ways,
// through the build's statement table, the generator's block ranges (blocks) and the Python
// converter's line map (Python).

import { type BlockSourceRange, placeBreakpoints } from '@blockyard/language';
import type { DebugProgram } from '@blockyard/sim';
import { blockOnLine } from '../session/block-locations.ts';

/** Where the editor's texts are in main.ts: the maps of the program that runs. */
export interface CodeMaps {
  /** Blocks mode: where each block's code is in main.ts. */
  readonly sourceMap: readonly BlockSourceRange[];
  /** Python mode: for each main.ts line (index line - 1), the main.py [line, column] it came from. */
  readonly pythonLines: readonly (readonly [number, number])[];
}

/** The breakpoints as the learner set them. */
export interface EditorBreakpoints {
  readonly blocks: readonly string[];
  /** main.ts lines (1-based). */
  readonly javascript: readonly number[];
  /** main.py lines (1-based). */
  readonly python: readonly number[];
}

export const NO_BREAKPOINTS: EditorBreakpoints = { blocks: [], javascript: [], python: [] };

const MAIN = 'main.ts';

/**
 * The statement each line stops at: the first on the line, or, for a line with none (a blank,
 * a comment, a closing brace), the first on the next line that has one (`placeBreakpoints`).
 */
export function statementsForLines(program: DebugProgram, lines: readonly number[], file = MAIN): number[] {
  const placed = placeBreakpoints(program.statements, program.files.indexOf(file), lines);
  return [...new Set(placed.flatMap((p) => (p.statementId === undefined ? [] : [p.statementId])))];
}

/** The main.ts line a block's statement starts on. */
function lineOfBlock(maps: CodeMaps, blockId: string): number | undefined {
  return maps.sourceMap.find((range) => range.id === blockId)?.startLine;
}

/** The first main.ts line made from a main.py line (or from the next one that made any). */
export function codeLineOfPython(maps: CodeMaps, pythonLine: number): number | undefined {
  let best: { python: number; code: number } | undefined;
  maps.pythonLines.forEach(([python], index) => {
    if (python < pythonLine) return;
    if (!best || python < best.python) best = { python, code: index + 1 };
  });
  return best?.code;
}

/** Statement ids for every breakpoint of the mode shown, in the build that runs. */
export function breakpointStatements(
  program: DebugProgram,
  breakpoints: EditorBreakpoints,
  mode: 'blocks' | 'javascript' | 'python',
  maps: CodeMaps,
): number[] {
  const lines =
    mode === 'blocks'
      ? breakpoints.blocks.map((id) => lineOfBlock(maps, id))
      : mode === 'python'
        ? breakpoints.python.map((line) => codeLineOfPython(maps, line))
        : breakpoints.javascript;
  return statementsForLines(
    program,
    lines.filter((line): line is number => line !== undefined),
  );
}

/** Where a stop is, as the mode shown can point at it. */
export type StopPlace = { readonly blockId: string } | { readonly line: number } | null;

/** The block or line (of the mode's file) of a stop at main.ts `line`; null when elsewhere. */
export function placeOfStop(
  stop: { readonly file?: string; readonly line?: number },
  mode: 'blocks' | 'javascript' | 'python',
  maps: CodeMaps,
): StopPlace {
  if (stop.line === undefined || (stop.file ?? MAIN) !== MAIN) return null;
  if (mode === 'javascript') return { line: stop.line };
  if (mode === 'python') {
    const python = maps.pythonLines[stop.line - 1]?.[0];
    return python === undefined ? null : { line: python };
  }
  const blockId = blockOnLine(maps.sourceMap, stop.line);
  return blockId === undefined ? null : { blockId };
}
