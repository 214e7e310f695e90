// `blockyard pack <project-dir> -o <file>`: a project folder into a .hex, .uf2, .png, .mkcd or .json
// file (the format follows the output's extension).
import { resolve } from 'node:path';
import { formatFromFileName, PROJECT_FORMATS, writeProject, type BoardVersion } from '@blockyard/core';
import type { CliIo } from '../cli-io.ts';
import type { CliCommand } from '../program.ts';
import { CliError, existing, readProjectDir, reportError, sameBytes, writeFileSafely } from './project-dir.ts';

interface PackOptions {
  output: string;
  board?: string;
  force?: boolean;
}

/** Exit codes: 0 written, 1 the project or an option is wrong, 2 the file could not be written. */
const PACK_EXIT = { ok: 0, badInput: 1, writeFailed: 2 } as const;

async function runPack(projectDir: string, options: PackOptions, io: CliIo): Promise<number> {
  const dir = resolve(io.cwd, projectDir);
  const output = resolve(io.cwd, options.output);
  let bytes: Uint8Array;
  let fileCount: number;
  try {
    const format = formatFromFileName(output);
    if (!format) {
      throw new CliError(
        `cannot tell which format to write from "${options.output}": end it with ${PROJECT_FORMATS.map((f) => `.${f}`).join(', ')}.`,
      );
    }
    const board = options.board ?? 'v2';
    if (board !== 'v1' && board !== 'v2') throw new CliError(`--board is v1 or v2, not "${board}".`);
    const files = await readProjectDir(dir);
    fileCount = Object.keys(files).length;
    bytes = writeProject(files, format, { board: board satisfies BoardVersion });
    const before = await existing(output);
    if (before && !sameBytes(before, bytes) && !options.force) {
      throw new CliError(`${output} already exists with other contents. Use --force to replace it.`);
    }
  } catch (error) {
    reportError(error, io.stderr);
    return PACK_EXIT.badInput;
  }
  try {
    await writeFileSafely(output, bytes);
  } catch (error) {
    io.stderr(`error: could not write ${output}: ${error instanceof Error ? error.message : String(error)}\n`);
    return PACK_EXIT.writeFailed;
  }
  io.stdout(`Wrote ${output} (${fileCount} files, ${bytes.length} bytes).\n`);
  return PACK_EXIT.ok;
}

export const packCommand: CliCommand = {
  register(program, io, setExitCode) {
    program
      .command('pack')
      .description('Pack a project folder (pxt.json and its files) into a .hex, .uf2, .png, .mkcd or .json file.')
      .argument('<project-dir>', 'the folder holding pxt.json')
      .requiredOption('-o, --output <file>', 'the file to write; its extension picks the format')
      .option('--board <v1|v2>', 'the micro:bit flash layout for .hex files', 'v2')
      .option('-f, --force', 'replace an existing output file')
      .action(async (projectDir: string, options: PackOptions) => {
        setExitCode(await runPack(projectDir, options, io));
      });
  },
};
