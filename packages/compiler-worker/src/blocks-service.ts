// Blocks <-> code for the editor's Blocks | JavaScript switch, inside the compiler worker, where
// TypeScript and the warm Program already are. The decompiler's grey-code notes name a statement's
// first line; the switch tells learners whole line ranges ("Lines 4-6"), so each note is widened
// to the statement it starts and neighbouring ranges are merged.

import type ts from 'typescript';
import {
  type BlockRegistry,
  type BlocksWorkspace,
  type Compiler,
  blocksToTypeScript,
  keepLayout,
  readBlocksXml,
  sameCode,
  typeScriptToBlocks,
  writeBlocksXml,
} from '@blockyard/language';
import { createCachedBlocksReader } from './cached-blocks-reader.ts';
import type { ToBlocksAnswer, ToCodeAnswer } from './compiler-protocol.ts';

export interface BlocksService {
  /** `previousXml`: the blocks the learner left for the code (see the protocol's `toBlocks`). */
  toBlocks(files: Readonly<Record<string, string>>, previousXml?: string): ToBlocksAnswer;
  /** `timing` hears how long each step took (read, generate) in ms. */
  toCode(xml: string, timing?: (step: string, ms: number) => void): ToCodeAnswer;
}

export function createBlocksService(
  tsApi: typeof ts,
  compiler: Pick<Compiler, 'program'>,
  registry: () => BlockRegistry,
): BlocksService {
  // Live runs send the whole file after each edit: unchanged stacks are not parsed again.
  const reader = createCachedBlocksReader();
  return {
    toBlocks(files, previousXml) {
      const source = files['main.ts'] ?? '';
      const others = Object.fromEntries(Object.entries(files).filter(([name]) => name !== 'main.ts'));
      const previous = previousXml === undefined ? undefined : readPrevious(previousXml);
      if (previous && sameCode(tsApi, blocksToTypeScript(previous, registry()).code, source)) {
        // The code is what these blocks make: give them back as they were, to the last pixel.
        return { xml: previousXml!, greyBlocks: 0, greyLines: [] };
      }
      const result = typeScriptToBlocks(source, { ts: tsApi, registry: registry(), compiler }, { files: others });
      const workspace = previous ? keepLayout(result.workspace, previous, registry()) : result.workspace;
      const file = compiler.program({ ...others, 'main.ts': source }).getSourceFile('/main.ts');
      const ranges = result.greyNotes.map((note) => ({
        start: note.line,
        end: file ? statementEndLine(tsApi, file, note.line) : note.line,
        reason: note.reason,
      }));
      return {
        xml: writeBlocksXml(workspace, { indent: false }),
        greyBlocks: result.greyBlocks,
        greyLines: mergeRanges(ranges),
      };
    },
    toCode(xml, timing) {
      const started = performance.now();
      const workspace = reader.read(xml);
      const read = performance.now();
      const result = blocksToTypeScript(workspace, registry());
      timing?.('read', read - started);
      timing?.('generate', performance.now() - read);
      return { code: result.code, sourceMap: [...result.sourceMap], diagnostics: [...result.diagnostics] };
    },
  };
}

/** The blocks the learner left, or nothing when that file is not blocks (then decompile plainly). */
function readPrevious(xml: string): BlocksWorkspace | undefined {
  try {
    return readBlocksXml(xml);
  } catch {
    return undefined;
  }
}

/** The last line (1-based) of the outermost statement starting on `line`. */
function statementEndLine(tsApi: typeof ts, file: ts.SourceFile, line: number): number {
  let end = line;
  const visit = (node: ts.Node): boolean => {
    const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    const last = file.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
    if (last < line) return false;
    if (start === line && tsApi.isStatement(node)) {
      end = Math.max(end, last);
      return true;
    }
    if (start > line) return true;
    return tsApi.forEachChild(node, visit) ?? false;
  };
  tsApi.forEachChild(file, visit);
  return end;
}

/** Sorted ranges, with touching or overlapping ones joined (their reasons too). */
export function mergeRanges(
  ranges: readonly { start: number; end: number; reason: string }[],
): { start: number; end: number; reason: string }[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: { start: number; end: number; reason: string }[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= last.end + 1) {
      last.end = Math.max(last.end, range.end);
      if (!last.reason.split('; ').includes(range.reason)) last.reason += `; ${range.reason}`;
    } else merged.push({ ...range });
  }
  return merged;
}
