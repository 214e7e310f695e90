// `blockyard unpack <file> -o <dir>`: any project file (.hex, .uf2, .png, .mkcd, .json, also
// MakeCode's) into a folder of files. Nothing is written unless the whole file reads cleanly (names
// and sizes checked by core), nothing is written through a link already in the folder, and
// existing files with other contents are only replaced with --force. Files from any MakeCode up to our
// target's major version unpack silently; newer ones unpack with a warning.
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { readProject } from '@blockyard/core';
import type { CliIo } from '../cli-io.ts';
import type { CliCommand } from '../program.ts';
import { UnsafePathError } from '../safe-files.ts';
import { CliError, existing, pathInside, reportError, sameBytes, writeFileSafely } from './project-dir.ts';

interface UnpackOptions {
  output: string;
  force?: boolean;
}

/** Exit codes: 0 written, 1 a bad file or a refusal (nothing written), 2 a write failed. */
const UNPACK_EXIT = { ok: 0, badInput: 1, writeFailed: 2 } as const;

async function runUnpack(file: string, options: UnpackOptions, io: CliIo): Promise<number> {
  const input = resolve(io.cwd, file);
  const dir = resolve(io.cwd, options.output);
  const encoder = new TextEncoder();
  let plan: { path: string; bytes: Uint8Array; unchanged: boolean }[];
  let description: string;
  let warning: string | undefined;
  try {
    let bytes: Buffer;
    try {
      bytes = await readFile(input);
    } catch (error) {
      throw new CliError(`cannot read ${input}.`, error instanceof Error ? error.message : undefined);
    }
    const project = readProject(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), {
      fileName: basename(input),
    });
    description = `"${project.name}" (.${project.format}${project.program === 'empty' ? ', no program yet' : ''})`;
    warning = project.warning?.message;
    plan = [];
    const conflicts: string[] = [];
    for (const [name, text] of Object.entries(project.files)) {
      const path = pathInside(dir, name);
      const content = encoder.encode(text);
      const before = await existing(path, dir);
      const unchanged = before !== null && sameBytes(before, content);
      if (before && !unchanged) conflicts.push(name);
      plan.push({ path, bytes: content, unchanged });
    }
    if (conflicts.length > 0 && !options.force) {
      throw new CliError(
        `${dir} already has ${conflicts.length === 1 ? 'a file' : 'files'} with other contents: ${conflicts.join(', ')}. ` +
          'Nothing was written; use --force to replace them.',
      );
    }
  } catch (error) {
    reportError(error, io.stderr);
    return UNPACK_EXIT.badInput;
  }
  try {
    for (const entry of plan) if (!entry.unchanged) await writeFileSafely(entry.path, entry.bytes, dir);
  } catch (error) {
    if (error instanceof UnsafePathError) reportError(error, io.stderr);
    else io.stderr(`error: could not write into ${dir}: ${error instanceof Error ? error.message : String(error)}\n`);
    return UNPACK_EXIT.writeFailed;
  }
  io.stdout(`Unpacked ${description} into ${dir}: ${plan.length} files.\n`);
  // A file from a newer MakeCode still unpacks; say what may not work (issue 12).
  if (warning) io.stderr(`warning: ${warning}\n`);
  return UNPACK_EXIT.ok;
}

export const unpackCommand: CliCommand = {
  register(program, io, setExitCode) {
    program
      .command('unpack')
      .description('Unpack a project file (.hex, .uf2, .png, .mkcd or .json, MakeCode files too) into a folder.')
      .argument('<file>', 'the project file to open')
      .requiredOption('-o, --output <dir>', 'the folder to write the files into (created if missing)')
      .option('-f, --force', 'replace existing files that have other contents')
      .action(async (file: string, options: UnpackOptions) => {
        setExitCode(await runUnpack(file, options, io));
      });
  },
};
