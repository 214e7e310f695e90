/**
 * The one check of file names inside a project, used by every reader (.hex, .uf2, .png, .mkcd,
 * .json), by every writer and by the CLI before it writes a file to disk. A project comes from
 * strangers; its file names must not reach outside the project's folder, break a file system or
 * a plain object map, or hide what they are. Names are relative, "/"-separated paths.
 */

/** Longest name, whole path included (Windows' classic path limit leaves room for the folder). */
const MAX_FILE_NAME_LENGTH = 160;
/** Deepest nesting: MakeCode projects use one or two folders (`_locales/de/README.md`). */
const MAX_FILE_NAME_DEPTH = 8;

export type FileNameProblem =
  | 'empty'
  | 'too-long'
  | 'too-deep'
  | 'absolute'
  | 'backslash'
  | 'parent'
  | 'dot'
  | 'empty-folder'
  | 'control'
  | 'forbidden-character'
  | 'edge-space-or-dot'
  | 'reserved';

/** Why a name is refused, in words a learner or teacher can act on. */
export const FILE_NAME_REASONS: Readonly<Record<FileNameProblem, string>> = {
  empty: 'the name is empty',
  'too-long': `it is longer than ${MAX_FILE_NAME_LENGTH} characters`,
  'too-deep': `it is more than ${MAX_FILE_NAME_DEPTH} folders deep`,
  absolute: 'it is a full path on a computer, not a name inside the project',
  backslash: 'it contains a backslash (\\)',
  parent: 'it points outside the project folder (..)',
  dot: 'it contains a folder named "."',
  'empty-folder': 'it contains an empty folder name (//)',
  control: 'it contains invisible control characters',
  'forbidden-character': 'it contains one of the characters : * ? " < > |',
  'edge-space-or-dot': 'a part of it starts or ends with a space, or ends with a dot',
  reserved: 'it uses a name that computers keep for themselves (such as CON, NUL or .git)',
};

// C0 and C1 control characters, DEL, bidirectional overrides and isolates (they make a name
// display as something else), and lone surrogates (not encodable as a file name).
const CONTROL =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const FORBIDDEN = /[:*?"<>|]/;
// Windows device names, with or without an extension; "__proto__" would corrupt a plain object
// map; ".git" would let a project write into a repository's hooks when unpacked there.
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$|^__proto__$|^\.git$/i;

/** What is wrong with a project file name, or null when it is fine. */
export function fileNameProblem(name: string): FileNameProblem | null {
  if (name.length === 0) return 'empty';
  if (name.length > MAX_FILE_NAME_LENGTH) return 'too-long';
  if (CONTROL.test(name)) return 'control';
  if (name.includes('\\')) return 'backslash';
  if (name.startsWith('/') || /^[a-z]:/i.test(name)) return 'absolute';
  const segments = name.split('/');
  if (segments.includes('..')) return 'parent';
  if (FORBIDDEN.test(name)) return 'forbidden-character';
  if (segments.length > MAX_FILE_NAME_DEPTH + 1) return 'too-deep';
  for (const segment of segments) {
    if (segment === '') return 'empty-folder';
    if (segment === '.') return 'dot';
    if (segment !== segment.trim() || segment.endsWith('.')) return 'edge-space-or-dot';
    if (RESERVED.test(segment)) return 'reserved';
  }
  return null;
}

/** Whether a name may be written to disk from an untrusted project. */
export function isSafeFileName(name: string): boolean {
  return fileNameProblem(name) === null;
}

/**
 * A hostile name shown safely inside a message: control characters as \u escapes, cut to a
 * readable length.
 */
export function displayFileName(name: string): string {
  const shown = JSON.stringify(name.length > 60 ? `${name.slice(0, 57)}...` : name).slice(1, -1);
  return shown.replace(/[\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]/g, (c) => {
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/**
 * Names that cannot live side by side in one folder: two differing only in case (one would
 * overwrite the other on Windows and macOS), or a file that is also used as a folder.
 */
export function clashingFileNames(names: readonly string[]): [string, string] | null {
  const seen = new Map<string, string>();
  for (const name of names) {
    const key = name.toLowerCase();
    const other = seen.get(key);
    if (other !== undefined) return [other, name];
    seen.set(key, name);
  }
  for (const name of names) {
    const parts = name.toLowerCase().split('/');
    for (let i = 1; i < parts.length; i++) {
      const folder = seen.get(parts.slice(0, i).join('/'));
      if (folder !== undefined) return [folder, name];
    }
  }
  return null;
}
