// A MakeCode project written in Python has main.py (the learner's text) and main.ts (made from it
// by MakeCode). Blockyard cannot edit Python yet (a later issue), so such a project opens in
// JavaScript. The rule: never write a main.py that disagrees with main.ts, and lose nothing.
//
// Decision: main.py stays exactly as it came while main.ts is unchanged (the two then still say
// the same thing, and MakeCode opens the project in Python as before). The first edit that changes
// main.ts (typed, or generated from blocks) moves the learner's Python, unchanged, into
// `original-main.py.txt` in the same save, and pxt.json stops listing main.py and stops
// preferring Python. A .txt file is never compiled by MakeCode or by us, so it cannot disagree
// with anything, and the learner (or a teacher) can still read every line they wrote.

import { parseProjectConfig, serializeProjectConfig, updateProjectConfig } from '@blockyard/core';

type Files = Readonly<Record<string, string>>;

export const PYTHON_FILE = 'main.py';
/** Where the learner's Python goes once main.ts has moved on. */
export const ORIGINAL_PYTHON_FILE = 'original-main.py.txt';

/** A free name for the set-aside Python: original-main.py.txt, then original-main-2.py.txt, … */
function freeName(files: Files): string {
  if (!Object.hasOwn(files, ORIGINAL_PYTHON_FILE)) return ORIGINAL_PYTHON_FILE;
  for (let n = 2; ; n++) {
    const name = `original-main-${n}.py.txt`;
    if (!Object.hasOwn(files, name)) return name;
  }
}

/** True when a project has Python that Blockyard shows as JavaScript. */
export function hasPython(files: Files): boolean {
  return Object.hasOwn(files, PYTHON_FILE);
}

export interface PythonSetAside {
  /** Files to write: the Python under its new name, and pxt.json when it could be updated. */
  files: Record<string, string>;
  /** Files to remove: main.py. */
  remove: string[];
  /** Where the Python went. */
  keptAs: string;
}

/**
 * The edit that sets main.py aside once main.ts no longer matches `mainTsWithPython` (the main.ts
 * that came with it), or null while they still agree or there is no main.py.
 */
export function setAsidePython(files: Files, mainTsWithPython: string | undefined): PythonSetAside | null {
  const python = files[PYTHON_FILE];
  if (python === undefined || files['main.ts'] === mainTsWithPython) return null;
  const keptAs = freeName(files);
  const out: Record<string, string> = { [keptAs]: python };
  const configText = files['pxt.json'];
  if (configText !== undefined) {
    try {
      const config = parseProjectConfig(configText);
      const listed = config.files.filter((name) => name !== PYTHON_FILE && name !== keptAs);
      const changes = {
        files: [...listed, keptAs],
        ...(config.preferredEditor === 'pyprj' ? { preferredEditor: 'tsprj' } : {}),
      };
      out['pxt.json'] = serializeProjectConfig(updateProjectConfig(config, changes));
    } catch {
      // A pxt.json we cannot read is left as it is; the Python is still kept.
    }
  }
  return { files: out, remove: [PYTHON_FILE], keptAs };
}

/** What the keeper needs of autosave (AutosaveController). */
export interface PythonKeeperTarget {
  getContent(): { files: Files };
  subscribe(listener: () => void): () => void;
  edit(change: { files?: Files; remove?: readonly string[] }): void;
}

/**
 * Watches an open project and applies setAsidePython the moment main.ts changes, in the same
 * autosave as the change itself (edits are saved after an idle time, never half-way).
 * Returns the function that stops watching.
 */
export function keepPythonInStep(autosave: PythonKeeperTarget): () => void {
  let mainTs = autosave.getContent().files['main.ts'];
  const check = () => {
    const files = autosave.getContent().files;
    if (!hasPython(files)) {
      mainTs = files['main.ts'];
      return;
    }
    const aside = setAsidePython(files, mainTs);
    if (!aside) return;
    mainTs = files['main.ts'];
    autosave.edit({ files: aside.files, remove: aside.remove });
  };
  check();
  return autosave.subscribe(check);
}
