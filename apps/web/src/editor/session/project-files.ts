// What the editor reads from and writes into a project's files: which editor it prefers
// (pxt.json `preferredEditor`, MakeCode's values), the program files the compiler gets, and the
// blocks of a brand-new project. In Python (MakeCode's layout) main.py is listed in pxt.json
// `files` and main.ts is kept as its TypeScript; leaving Python drops main.py from the list. pxt.json goes through @blockyard/core's model, so fields we do
// not know survive; a pxt.json we cannot read is left exactly as it is.

import { parseProjectConfig, serializeProjectConfig, updateProjectConfig } from '@blockyard/core';

export type EditorMode = 'blocks' | 'javascript' | 'python';

export const PYTHON_FILE = 'main.py';

type Files = Readonly<Record<string, string>>;

/** "on start" and "forever", side by side: what a new project shows (as MakeCode does). */
export const NEW_PROJECT_BLOCKS =
  '<xml xmlns="https://developers.google.com/blockly/xml">' +
  '<block type="pxt-on-start" id="on-start" x="20" y="20"></block>' +
  '<block type="device_forever" id="forever" x="260" y="20"></block>' +
  '</xml>';

export function hasBlocks(files: Files): boolean {
  return (files['main.blocks'] ?? '').trim() !== '';
}

/** True when a project has Python (main.py). */
function hasPython(files: Files): boolean {
  return Object.hasOwn(files, PYTHON_FILE);
}

export function hasCode(files: Files): boolean {
  return (files['main.ts'] ?? '').trim() !== '';
}

/** Read leniently: a pxt.json the strict model refuses may still say which editor it wants. */
function preferredEditor(files: Files): string | undefined {
  try {
    const config: unknown = JSON.parse(files['pxt.json'] ?? '');
    const value = (config as { preferredEditor?: unknown } | null)?.preferredEditor;
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The editor a project opens in: what pxt.json prefers (Python only when main.py is there);
 * without a preference, Python when it has main.py, blocks when it has them or has no code yet,
 * else JavaScript.
 */
export function openingMode(files: Files): EditorMode {
  const preferred = preferredEditor(files);
  if (preferred === 'pyprj' && hasPython(files)) return 'python';
  if (preferred === 'tsprj' || preferred === 'pyprj') return 'javascript';
  if (preferred === 'blocksprj') return 'blocks';
  if (preferred === undefined && hasPython(files)) return 'python';
  return hasBlocks(files) || !hasCode(files) ? 'blocks' : 'javascript';
}

const EDITORS: Readonly<Record<EditorMode, string>> = { blocks: 'blocksprj', javascript: 'tsprj', python: 'pyprj' };

/**
 * pxt.json with `preferredEditor` for `mode` and main.py listed in `files` exactly when the mode is
 * Python, or undefined when nothing needs to change.
 */
export function configFor(files: Files, mode: EditorMode): string | undefined {
  const text = files['pxt.json'];
  if (text === undefined) return undefined;
  const wanted = EDITORS[mode];
  try {
    const config = parseProjectConfig(text);
    const listed = config.files.includes(PYTHON_FILE);
    const python = mode === 'python';
    if (config.preferredEditor === wanted && listed === python) return undefined;
    const list = python
      ? listed
        ? config.files
        : [...config.files, PYTHON_FILE]
      : config.files.filter((name) => name !== PYTHON_FILE);
    return serializeProjectConfig(updateProjectConfig(config, { preferredEditor: wanted, files: list }));
  } catch {
    return undefined; // Never rewrite a pxt.json we cannot read.
  }
}

/** The files the compiler gets: the project's TypeScript files. */
export function programFiles(files: Files): Record<string, string> {
  const program: Record<string, string> = {};
  for (const [name, text] of Object.entries(files)) {
    if (name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.includes('/')) program[name] = text;
  }
  program['main.ts'] ??= '';
  return program;
}
