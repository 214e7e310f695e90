// Reading a project folder (pxt.json and the files it lists) and writing files without losing data
// and without going through links (see safe-files.ts): shared by `blockyard pack` and `unpack`.
import { mkdir } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import {
  displayFileName,
  FILE_NAME_REASONS,
  fileNameProblem,
  FormatError,
  listedFiles,
  parseProjectConfig,
  PROJECT_FILE,
  type ProjectFiles,
} from '@blockyard/core';
import { checkWritablePath, readFileNoFollow, UnsafePathError, writeFileNoFollow } from '../safe-files.ts';

/** A problem to report in one line; `detail` may add a second. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The one check of file names (core's), as the error every reader of a project throws. */
function checkName(name: string): void {
  const problem = fileNameProblem(name);
  if (problem) {
    throw new FormatError('invalid-file-name', { file: displayFileName(name), reason: FILE_NAME_REASONS[problem] });
  }
}

async function readText(path: string, name: string): Promise<string> {
  let bytes: Buffer | null;
  try {
    bytes = await readFileNoFollow(path);
  } catch (error) {
    // A link in a project folder is refused: it could carry a private file into the .hex.
    if (error instanceof UnsafePathError) throw new CliError(error.message);
    bytes = null;
  }
  if (bytes === null) throw new FormatError('file-missing', { file: name });
  try {
    return utf8.decode(bytes);
  } catch {
    throw new CliError(`${name} is not UTF-8 text, so it cannot go into a project.`);
  }
}

/** The project in `dir`: pxt.json first, then every file it lists (files, then testFiles). */
export async function readProjectDir(dir: string): Promise<ProjectFiles> {
  let configText: string;
  try {
    configText = await readText(join(dir, PROJECT_FILE.config), PROJECT_FILE.config);
  } catch (error) {
    if (error instanceof FormatError) throw new CliError(`${dir} is not a project folder: it has no pxt.json.`);
    throw error;
  }
  const config = parseProjectConfig(configText);
  const files: Record<string, string> = { [PROJECT_FILE.config]: configText };
  for (const name of listedFiles(config)) {
    if (name === PROJECT_FILE.config) continue;
    checkName(name);
    files[name] = await readText(join(dir, ...name.split('/')), name);
  }
  return files;
}

/** Where `name` goes inside `dir`, refusing anything that would land outside it. */
export function pathInside(dir: string, name: string): string {
  const path = resolve(dir, ...name.split('/'));
  const rel = relative(dir, path);
  checkName(name);
  if (rel === '' || isAbsolute(rel) || rel === '..' || rel.startsWith(`..${sep}`)) {
    throw new FormatError('invalid-file-name', {
      file: displayFileName(name),
      reason: FILE_NAME_REASONS.parent,
    });
  }
  return path;
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

/**
 * Existing content of `path`, or null when there is no file; a link (anywhere below `root`) or a
 * folder in the way throws UnsafePathError, before anything is written.
 */
export async function existing(path: string, root = dirname(path)): Promise<Buffer | null> {
  await checkWritablePath(root, path);
  return readFileNoFollow(path);
}

/**
 * Writes `bytes` to `path` inside `root` (the folder the learner named, created if missing):
 * never through a link, through a temporary file and a rename, so an interrupted write never
 * leaves a half file where a good one was.
 */
export async function writeFileSafely(path: string, bytes: Uint8Array, root = dirname(path)): Promise<void> {
  await mkdir(root, { recursive: true });
  await writeFileNoFollow(path, bytes, root);
}

/** Prints an error the way every project command does: the message, then the detail if any. */
export function reportError(error: unknown, stderr: (text: string) => void): void {
  if (error instanceof UnsafePathError) {
    stderr(`error: ${error.message}\n`);
    return;
  }
  if (error instanceof FormatError || error instanceof CliError) {
    stderr(`error: ${error.message}\n`);
    if (error.detail) stderr(`  (${error.detail})\n`);
    return;
  }
  stderr(`error: ${error instanceof Error ? error.message : String(error)}\n`);
}
