// Reading a project folder (pxt.json and the files it lists) and writing files without losing data:
// shared by `blockyard pack` and `blockyard unpack`.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import {
  FormatError,
  isSafeFileName,
  listedFiles,
  parseProjectConfig,
  PROJECT_FILE,
  type ProjectFiles,
} from '@blockyard/core';

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

async function readText(path: string, name: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    throw new FormatError('file-missing', { file: name });
  }
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
    if (!isSafeFileName(name)) throw new FormatError('invalid-file-name', { file: name });
    files[name] = await readText(join(dir, ...name.split('/')), name);
  }
  return files;
}

/** Where `name` goes inside `dir`, refusing anything that would land outside it. */
export function pathInside(dir: string, name: string): string {
  const path = resolve(dir, ...name.split('/'));
  const rel = relative(dir, path);
  if (!isSafeFileName(name) || rel === '' || isAbsolute(rel) || rel === '..' || rel.startsWith(`..${sep}`)) {
    throw new FormatError('invalid-file-name', { file: name });
  }
  return path;
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

/** Existing content of `path`, or null when there is no file. */
export async function existing(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch {
    return null;
  }
}

/**
 * Writes through a temporary file and a rename, so an interrupted write never leaves a half file
 * where a good one was.
 */
export async function writeFileSafely(path: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Prints an error the way every project command does: the message, then the detail if any. */
export function reportError(error: unknown, stderr: (text: string) => void): void {
  if (error instanceof FormatError || error instanceof CliError) {
    stderr(`error: ${error.message}\n`);
    if (error.detail) stderr(`  (${error.detail})\n`);
    return;
  }
  stderr(`error: ${error instanceof Error ? error.message : String(error)}\n`);
}
