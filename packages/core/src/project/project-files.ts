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

// Control characters are exactly what this pattern must catch.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARS = /[\u0000-\u001f\u007f\\:*?"<>|]/;

/**
 * Whether a file name may be written to disk from an untrusted project: relative, "/"-separated,
 * no empty, "." or ".." segments, no characters that are unsafe on common file systems, and not
 * "__proto__" (which would corrupt a plain object map).
 */
export function isSafeFileName(name: string): boolean {
  if (name.length === 0 || name.length > 255 || FORBIDDEN_CHARS.test(name)) return false;
  for (const segment of name.split('/')) {
    if (segment === '' || segment === '.' || segment === '..' || segment === '__proto__') return false;
    if (segment !== segment.trim()) return false;
  }
  return true;
}

/** Checks untrusted parsed JSON is a files map; returns a fresh copy, or null (with the reason). */
export function toProjectFiles(value: unknown): { files: ProjectFiles } | { problem: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { problem: 'the project text is not a map of file names to contents' };
  }
  const files: Record<string, string> = {};
  for (const [name, text] of Object.entries(value)) {
    if (!isSafeFileName(name)) return { problem: `the file name ${JSON.stringify(name)} is not allowed` };
    if (typeof text !== 'string') return { problem: `the file ${name} does not hold text` };
    files[name] = text;
  }
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
