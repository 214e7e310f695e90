import { FormatError } from '../formats/format-error.ts';
import { clashingFileNames, displayFileName, FILE_NAME_REASONS, fileNameProblem } from './file-names.ts';
import {
  formatSize,
  MAX_PROJECT_FILE_CHARS,
  MAX_PROJECT_FILE_COUNT,
  MAX_PROJECT_TEXT_BYTES,
} from './project-limits.ts';

export { isSafeFileName } from './file-names.ts';

/** A project is a map from file name to text, exactly what every container carries. */
export type ProjectFiles = Readonly<Record<string, string>>;

/** Fixed project file names (spec 000 §3). */
export const PROJECT_FILE = {
  config: 'pxt.json',
  blocks: 'main.blocks',
  typescript: 'main.ts',
  python: 'main.py',
  readme: 'README.md',
  assets: 'assets.json',
} as const;

/** The editor a project opens in, named as in MakeCode headers. */
export type EditorKind = 'blocksprj' | 'tsprj' | 'pyprj';

/**
 * Checks a project's files against the rules every reader and writer keeps: safe names (see
 * file-names.ts), no two names that clash, at most MAX_PROJECT_FILE_COUNT files of at most
 * MAX_PROJECT_FILE_CHARS characters, MAX_PROJECT_TEXT_BYTES characters in all. Throws
 * FormatError with the reason in plain words.
 */
export function checkProjectFiles(files: ProjectFiles): void {
  const names = Object.keys(files);
  if (names.length > MAX_PROJECT_FILE_COUNT) {
    throw new FormatError('too-many-files', { limit: String(MAX_PROJECT_FILE_COUNT) }, `${names.length} files`);
  }
  for (const name of names) {
    const problem = fileNameProblem(name);
    if (problem) {
      throw new FormatError(
        'invalid-file-name',
        { file: displayFileName(name), reason: FILE_NAME_REASONS[problem] },
        `${problem}: ${JSON.stringify(name)}`,
      );
    }
    const text = files[name]!;
    if (text.length > MAX_PROJECT_FILE_CHARS) {
      throw new FormatError(
        'project-file-too-big',
        { file: displayFileName(name), limit: formatSize(MAX_PROJECT_FILE_CHARS) },
        `${text.length} characters`,
      );
    }
  }
  let total = 0;
  for (const name of names) total += files[name]!.length;
  if (total > MAX_PROJECT_TEXT_BYTES) {
    throw new FormatError('project-too-big', { limit: formatSize(MAX_PROJECT_TEXT_BYTES) }, `${total} characters`);
  }
  const clash = clashingFileNames(names);
  if (clash) {
    const [first, second] = clash;
    const reason =
      first.toLowerCase() === second.toLowerCase()
        ? 'their names differ only in capital letters'
        : 'one of them is used as a folder of the other';
    throw new FormatError('file-names-clash', {
      first: displayFileName(first),
      second: displayFileName(second),
      reason,
    });
  }
}

/**
 * Checks untrusted parsed JSON is a files map; returns a fresh copy, or the reason it is not a
 * map of texts. Names and sizes are checked too (checkProjectFiles), and those throw FormatError.
 */
export function toProjectFiles(value: unknown): { files: ProjectFiles } | { problem: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { problem: 'the project text is not a map of file names to contents' };
  }
  const files: Record<string, string> = {};
  for (const [name, text] of Object.entries(value)) {
    if (typeof text !== 'string') return { problem: `the file ${JSON.stringify(name)} does not hold text` };
    // defineProperty: even a hostile "__proto__" key stays a plain entry until it is refused.
    Object.defineProperty(files, name, { value: text, enumerable: true, writable: true, configurable: true });
  }
  checkProjectFiles(files);
  return { files };
}

/** The editor to open: a valid preferredEditor wins, then the main file that exists. */
export function editorFor(files: ProjectFiles, preferredEditor?: string): EditorKind {
  if (preferredEditor === 'blocksprj' || preferredEditor === 'tsprj' || preferredEditor === 'pyprj') {
    return preferredEditor;
  }
  if (Object.hasOwn(files, PROJECT_FILE.blocks)) return 'blocksprj';
  if (Object.hasOwn(files, PROJECT_FILE.python)) return 'pyprj';
  return 'tsprj';
}
