// Shared by `blockyard decompile` and `blockyard blocks2ts`: reading the input file with clear
// errors, and the micro:bit block registry and compiler.
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { createMicrobitCompiler, microbitLibraryFiles } from '@blockyard/board-microbit';
import { type BlockRegistry, type Compiler, createBlockRegistry } from '@blockyard/language';
import { loadTypeScript } from '../typescript.ts';

export class BlocksFileError extends Error {}

/** Reads a text file the user named, checking its extension first. */
export async function readInputFile(pathArg: string, cwd: string, extension: string, what: string): Promise<string> {
  if (extname(pathArg).toLowerCase() !== extension) {
    throw new BlocksFileError(`${pathArg} is not a ${extension} file: give ${what}.`);
  }
  const path = resolve(cwd, pathArg);
  try {
    if (!(await stat(path)).isFile()) throw new BlocksFileError(`${pathArg} is a folder: give ${what}.`);
    return await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof BlocksFileError) throw error;
    throw new BlocksFileError(`cannot read ${pathArg}: give ${what}.`);
  }
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
