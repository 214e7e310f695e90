// The first switch to Python at 1,000 blocks took 1.2-1.7 s against about 270 ms for the later
// ones (bench python-tab): the code editor's chunk (CodeMirror, lang-python) was fetched and
// compiled on the click, and the worker built its Python name table and ran its converters for
// the first time. Once a project is open and the page is idle, do those things ahead, and have
// the worker convert the program itself (kept for the press while the program is unchanged: see
// session/python-ahead.ts), so the click only draws. Started a while after the editor is interactive so the first
// run (the worker's first compile) goes first.

import { type IdleHost, runWhenIdle } from '../../ui/run-when-idle.ts';

/** Quiet time after the editor is interactive: its first run's compile is under way then. */
const START_AFTER_MS = 1000;
/** The longest the browser may put it off once it is due (a running simulator keeps it busy). */
const IDLE_TIMEOUT_MS = 1500;

/** Schedules `prefetch` for when the page is idle; returns a cancel function. */
export function prefetchWhenIdle(prefetch: () => void, host: IdleHost = window): () => void {
  return runWhenIdle(prefetch, { afterMs: START_AFTER_MS, idleTimeoutMs: IDLE_TIMEOUT_MS }, host);
}

/** A few lines of what the Python tab shows, when the program's own Python is not to be had. */
const SAMPLE = 'def on_forever():\n    basic.show_number(1)\nbasic.forever(on_forever)\n';
const JAVASCRIPT_SAMPLE = 'basic.forever(function () {\n    basic.showNumber(1)\n})\n';

/** The code editor is warmed once per page: after that its code is compiled and its styles are in. */
let warmed = false;

/**
 * Loads the code editor (the Python tab's component, through `loadEditor` so that its first
 * render does not suspend), has the worker convert the program to Python (`convertAhead`, which
 * may answer the Python and the program's JavaScript), then builds a Python editor, and after it
 * a JavaScript one, off the page on that text once (warm-code-editor.ts): the JavaScript tab's
 * first editor was as cold as the Python one's. With `pythonEditorAhead` the page makes the real
 * Python editor on that Python (hidden): only JavaScript's is warmed then, if still cold. Failures are ignored: the press does the same
 * work again.
 */
export function prefetchPythonTab(
  loadEditor: () => Promise<unknown>,
  convertAhead: () => Promise<unknown>,
  /** The page makes the Python editor itself on the Python made ahead (then no warm-up of it). */
  pythonEditorAhead = false,
): void {
  const editor = loadEditor();
  const texts = convertAhead().then(textsOf, (): Texts => ({}));
  if (warmed) return;
  warmed = true;
  void Promise.all([editor, import('./warm-code-editor.ts'), texts])
    .then(async ([, { warmCodeEditor }, { python, code }]) => {
      // Two editors of 1,000+ lines at idle made the main thread busy longer (a press then waits).
      if (!(pythonEditorAhead && python !== undefined)) await warmCodeEditor(python ?? SAMPLE, 'python');
      await warmCodeEditor(code ?? JAVASCRIPT_SAMPLE, 'typescript');
    })
    .catch(() => undefined);
}

interface Texts {
  readonly python?: string;
  readonly code?: string;
}

/** The Python and JavaScript texts of a conversion's answer, those it has. */
function textsOf(answer: unknown): Texts {
  const { python, code } = (answer ?? {}) as { python?: unknown; code?: unknown };
  return {
    ...(typeof python === 'string' ? { python } : {}),
    ...(typeof code === 'string' ? { code } : {}),
  };
}
