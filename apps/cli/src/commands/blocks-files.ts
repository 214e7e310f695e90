// Shared by `blockyard decompile` and `blockyard blocks2ts`: reading the input (a file of any name,
// or `-` for standard input) and telling by its content whether it is what the command needs, with
// clear errors; and the micro:bit block registry and compiler.
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createMicrobitCompiler, microbitLibraryFiles } from '@blockyard/board-microbit';
import { type BlockRegistry, type Compiler, createBlockRegistry } from '@blockyard/language';
import type { CliIo } from '../cli-io.ts';
import { loadTypeScript } from '../typescript.ts';

export class BlocksFileError extends Error {}

/** Programs are far smaller; anything bigger is not a program. */
const MAX_INPUT_BYTES = 16 * 1024 * 1024;

export type InputKind = 'blocks' | 'code' | 'python' | 'tutorial';

const WHAT: Record<InputKind, string> = {
  blocks: 'a blocks file (Blockly XML, such as main.blocks)',
  code: 'a TypeScript or JavaScript file (such as main.ts)',
  python: 'a Python file (such as main.py)',
  tutorial: 'a tutorial in markdown (such as tutorial.md)',
};

/** The input's name in messages: the path as given, or "standard input". */
export function inputName(pathArg: string): string {
  return pathArg === '-' ? 'standard input' : pathArg;
}

async function readBytes(pathArg: string, io: CliIo, kind: InputKind): Promise<Uint8Array> {
  if (pathArg === '-') {
    if (!io.stdin) throw new BlocksFileError(`standard input cannot be read here: give ${WHAT[kind]}.`);
    return io.stdin(MAX_INPUT_BYTES);
  }
  const path = resolve(io.cwd, pathArg);
  let isFile: boolean;
  try {
    const info = await stat(path);
    if (info.size > MAX_INPUT_BYTES) throw new BlocksFileError(`${pathArg} is too large to be a program.`);
    isFile = info.isFile();
  } catch (error) {
    if (error instanceof BlocksFileError) throw error;
    throw new BlocksFileError(`cannot read ${pathArg}: give ${WHAT[kind]}.`);
  }
  if (!isFile) throw new BlocksFileError(`${pathArg} is a folder: give ${WHAT[kind]}.`);
  try {
    return new Uint8Array(await readFile(path));
  } catch {
    throw new BlocksFileError(`cannot read ${pathArg}: give ${WHAT[kind]}.`);
  }
}

/** The text with a byte-order mark, an XML declaration and comments before the root left out. */
function startOf(text: string): string {
  return text.replace(/^\uFEFF?(?:\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->)*/, '');
}

/**
 * Reads the input and checks by content, never by name, that it is `kind`: Blockly XML (its root
 * element <xml>, which readBlocksXml then checks fully) for blocks; for code, text that is neither
 * binary nor XML; for a tutorial, text. Each refusal says what the input is and what to give instead.
 */
export async function readInput(pathArg: string, io: CliIo, kind: InputKind): Promise<string> {
  const name = inputName(pathArg);
  const bytes = await readBytes(pathArg, io, kind);
  if (bytes.length > MAX_INPUT_BYTES) throw new BlocksFileError(`${name} is too large to be a program.`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = '\u0000';
  }
  if (text.includes('\u0000'))
    throw new BlocksFileError(`${name} is not text (perhaps a .hex or an image): give ${WHAT[kind]}.`);
  // An empty tutorial is the tutorial parser's to explain ("Invalid tutorial format").
  if (kind !== 'tutorial' && text.trim() === '') throw new BlocksFileError(`${name} is empty: give ${WHAT[kind]}.`);
  const start = startOf(text);
  if (kind === 'blocks' && !start.startsWith('<')) {
    throw new BlocksFileError(`${name} does not hold blocks (Blockly XML starts with <xml>): give ${WHAT.blocks}.`);
  }
  if (kind === 'python' && /^<(?:xml[\s>/]|\?xml|!doctype|html[\s>])/i.test(start)) {
    throw new BlocksFileError(`${name} is XML or HTML, not Python: give ${WHAT.python}.`);
  }
  if (kind === 'code' && /^<xml[\s>/]/.test(start)) {
    throw new BlocksFileError(
      `${name} holds blocks, not code: use "blockyard blocks2ts" for it, or give ${WHAT.code}.`,
    );
  }
  if (kind === 'code' && /^<(?:\?xml|!doctype|html[\s>])/i.test(text.replace(/^\uFEFF?\s*/, ''))) {
    throw new BlocksFileError(`${name} is XML or HTML, not code: give ${WHAT.code}.`);
  }
  return text;
}

export function microbitBlocks(): {
  registry: BlockRegistry;
  compiler: Compiler;
  ts: ReturnType<typeof loadTypeScript>;
} {
  const ts = loadTypeScript();
  return {
    ts,
    registry: createBlockRegistry({ ts, library: microbitLibraryFiles }),
    compiler: createMicrobitCompiler(ts),
  };
}
