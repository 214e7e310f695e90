import {
  detectProjectFormat,
  isFormatError,
  readProject,
  type FormatErrorCode,
  type TargetVersionWarning,
} from '@blockyard/core';
import {
  fitProjectName,
  MAX_IMPORT_CHARACTERS,
  readProjectFile,
  type ImportedProject,
  type ImportProblem,
  type SkippedProject,
} from '@blockyard/projects';

export type FileImport =
  /** `newer`: the file was made with a MakeCode newer than ours; it opens, saying what may not work. */
  | { ok: true; projects: ImportedProject[]; skipped?: SkippedProject[]; newer?: TargetVersionWarning }
  | { ok: false; problem: ImportProblem | 'unreadable' }
  /**
   * A project file we recognise but cannot read: FormatError's code and params (the screens say
   * it in plain words) and its message (the spec's exact text, shown as the detail).
   */
  | { ok: false; problem: 'format'; message: string; code: FormatErrorCode; params: Readonly<Record<string, string>> }
  /** The learner stopped it. */
  | { ok: false; problem: 'cancelled' };

/** The first character that is not white space, to tell JSON from a binary or hex file cheaply. */
function startsLikeJson(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (
      byte === 0x20 ||
      byte === 0x0a ||
      byte === 0x0d ||
      byte === 0x09 ||
      byte === 0xef ||
      byte === 0xbb ||
      byte === 0xbf
    )
      continue;
    return byte === 0x7b; // {
  }
  return false;
}

/**
 * The seam between the screens and the project file readers: the bytes of a dropped or picked
 * file in, projects to create out. Our JSON file maps and recovery files are read by
 * @blockyard/projects; everything else (.hex, .uf2, .png, MakeCode's compressed .mkcd, .json
 * projects) by @blockyard/core's readProject, whose FormatError messages are shown as they are.
 * Both check file names and sizes the same way (core's checkProjectFiles). Synchronous and
 * possibly long (a file may unpack to 16 MB): run it in the import worker, which reports
 * `onProgress` (0-1) while a compressed project unpacks.
 */
export function readProjectBytes(
  fileName: string,
  bytes: Uint8Array,
  onProgress?: (fraction: number) => void,
): FileImport {
  if (bytes.length > MAX_IMPORT_CHARACTERS) return { ok: false, problem: 'too-large' };
  if (startsLikeJson(bytes)) {
    const result = readProjectFile(fileName, new TextDecoder().decode(bytes));
    if (result.ok || result.problem !== 'not-a-project') return result;
  }
  if (detectProjectFormat(bytes, fileName) === null) return { ok: false, problem: 'not-a-project' };
  try {
    const loaded = readProject(bytes, { fileName, ...(onProgress ? { onProgress } : {}) });
    const fallback = fitProjectName(fileName.replace(/\.[^.]*$/, ''), 'Untitled');
    const projects = [{ name: fitProjectName(loaded.name, fallback), files: { ...loaded.files } }];
    return loaded.warning ? { ok: true, projects, newer: loaded.warning } : { ok: true, projects };
  } catch (error) {
    if (isFormatError(error))
      return { ok: false, problem: 'format', message: error.message, code: error.code, params: error.params };
    return { ok: false, problem: 'unreadable' };
  }
}

/** Reads a File on this thread (tests, and browsers without workers). */
export async function importProjectFile(file: Pick<File, 'name' | 'arrayBuffer'>): Promise<FileImport> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  return readProjectBytes(file.name, bytes);
}
