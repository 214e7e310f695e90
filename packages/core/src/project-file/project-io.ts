import type { CooperativeOptions } from '../compression/cooperative.ts';
import { isUf2 } from '../containers/uf2.ts';
import {
  readProjectHex,
  writeProjectHex,
  writeProjectHexAsync,
  type ContainerWriteOptions,
} from '../containers/hex-project.ts';
import { readProjectUf2, writeProjectUf2, writeProjectUf2Async } from '../containers/uf2-project.ts';
import { asciiToBytes } from '../formats/bytes.ts';
import { FormatError } from '../formats/format-error.ts';
import { isPng } from '../png/png-codec.ts';
import { readProjectPng, writeProjectPng, writeProjectPngAsync, type PngWriteOptions } from '../png/project-png.ts';
import type { LoadedProject, ProjectFormat, ReadOptions } from '../project/loaded-project.ts';
import { parseProjectConfig } from '../project/project-config.ts';
import { checkProjectFiles, PROJECT_FILE, type ProjectFiles } from '../project/project-files.ts';
import { projectJsonBytes, readProjectFileContents, writeProjectMkcd, writeProjectMkcdAsync } from './project-file.ts';

/** Anything larger is refused before parsing; real projects are a few megabytes at most. */
export const MAX_PROJECT_FILE_BYTES = 64 * 1024 * 1024;

export const PROJECT_FORMATS: readonly ProjectFormat[] = ['hex', 'uf2', 'png', 'mkcd', 'json'];

/** The format a file name asks for, from its extension (case-insensitive). */
export function formatFromFileName(fileName: string): ProjectFormat | null {
  const match = /\.([a-z0-9]+)$/i.exec(fileName);
  const extension = match?.[1]?.toLowerCase();
  return PROJECT_FORMATS.find((format) => format === extension) ?? null;
}

function firstNonBlank(bytes: Uint8Array): number | undefined {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  return bytes[i];
}

/** Whether the bytes start like an "LZMA alone" stream (a .mkcd file): valid properties and dictionary size. */
function looksLikeLzma(bytes: Uint8Array): boolean {
  if (bytes.length < 18 || bytes[0]! >= 225) return false;
  const dict = (bytes[1]! | (bytes[2]! << 8) | (bytes[3]! << 16) | (bytes[4]! << 24)) >>> 0;
  const isPowerOfTwo = (n: number) => n > 0 && (n & (n - 1)) === 0;
  // LZMA dictionaries are 2^n or 3 * 2^n bytes.
  const isDictSize = dict >= 4096 && (isPowerOfTwo(dict) || (dict % 3 === 0 && isPowerOfTwo(dict / 3)));
  const sizeHigh = (bytes[9]! | (bytes[10]! << 8) | (bytes[11]! << 16) | (bytes[12]! << 24)) >>> 0;
  return isDictSize && (sizeHigh === 0 || sizeHigh === 0xffffffff) && bytes[13] === 0;
}

/**
 * Which reader a file needs: its content decides when it is recognisable (UF2 and PNG magic, ":"
 * of Intel HEX, "{" of JSON, an LZMA header for .mkcd), otherwise its extension. Null when
 * neither says.
 */
export function detectProjectFormat(bytes: Uint8Array, fileName = ''): ProjectFormat | null {
  const byName = formatFromFileName(fileName);
  if (isUf2(bytes)) return 'uf2';
  if (isPng(bytes)) return 'png';
  const first = firstNonBlank(bytes);
  if (first === 0x3a) return 'hex';
  if (first === 0x7b) return byName === 'mkcd' ? 'mkcd' : 'json';
  if (byName === null && looksLikeLzma(bytes)) return 'mkcd';
  return byName;
}

export interface ReadProjectOptions extends ReadOptions {
  /** The file's name; its extension is the fallback when the content is not recognisable. */
  fileName?: string;
}

/**
 * Opens any project file (.hex, .uf2, .png, .mkcd, .json). Throws only FormatError, whose message
 * is the text to show; nothing is changed anywhere when it throws.
 */
export function readProject(bytes: Uint8Array, options: ReadProjectOptions = {}): LoadedProject {
  const fileName = options.fileName ?? '';
  if (bytes.length > MAX_PROJECT_FILE_BYTES) {
    throw new FormatError('file-too-large', {}, `${bytes.length} bytes; the limit is ${MAX_PROJECT_FILE_BYTES}`);
  }
  const format = detectProjectFormat(bytes, fileName);
  switch (format) {
    case 'hex':
      return readProjectHex(bytes, options);
    case 'uf2':
      return readProjectUf2(bytes, options);
    case 'png':
      return readProjectPng(bytes, options);
    case 'mkcd':
    case 'json':
      return readProjectFileContents(bytes, format, options);
    default:
      throw new FormatError('unsupported-file', { name: fileName || 'this file' });
  }
}

export type WriteProjectOptions = ContainerWriteOptions & PngWriteOptions & { familyId?: number };

/**
 * What every written file must satisfy so it reads back: a valid pxt.json and safe file names.
 * Throws FormatError otherwise.
 */
function checkWritable(files: ProjectFiles): void {
  const configText = files[PROJECT_FILE.config];
  if (configText === undefined) throw new FormatError('project-without-config');
  parseProjectConfig(configText);
  checkProjectFiles(files);
}

/** Writes the project in `format`; the bytes to save as a file of that extension. */
export function writeProject(
  files: ProjectFiles,
  format: ProjectFormat,
  options: WriteProjectOptions = {},
): Uint8Array {
  checkWritable(files);
  switch (format) {
    case 'hex':
      return asciiToBytes(writeProjectHex(files, options));
    case 'uf2':
      return writeProjectUf2(files, options);
    case 'png':
      return writeProjectPng(files, options).bytes;
    case 'mkcd':
      return writeProjectMkcd(files, options);
    case 'json':
      return projectJsonBytes(files);
  }
}

/** As writeProject, compressing cooperatively (yields about every 200 ms, spec 000 §9). */
export async function writeProjectAsync(
  files: ProjectFiles,
  format: ProjectFormat,
  options: WriteProjectOptions & CooperativeOptions = {},
): Promise<Uint8Array> {
  checkWritable(files);
  switch (format) {
    case 'hex':
      return asciiToBytes(await writeProjectHexAsync(files, options));
    case 'uf2':
      return writeProjectUf2Async(files, options);
    case 'png':
      return (await writeProjectPngAsync(files, options)).bytes;
    case 'mkcd':
      return writeProjectMkcdAsync(files, options);
    case 'json':
      return projectJsonBytes(files);
  }
}
