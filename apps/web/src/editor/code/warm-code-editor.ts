// The first code editor of a page cost about twice the later ones (bench python-tab at 1,000
// blocks: about 270 ms against 70-130 ms from the Python tab's press to its text, and as much
// again in CodeMirror's first measure before the first paint): CodeMirror's code ran for the
// first time (compiled on the way, its style sheets mounted, the language's parser cold). At
// idle, build that same editor once on the start of the text it will show, let CodeMirror
// measure it for a frame, and throw it away, so the press only pays for its own text. It is
// never seen: fixed out of the view, invisible, inert and hidden from assistive technology, with
// no accessible name; nothing of it stays but warm code and CodeMirror's style sheets.

import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { codeExtensions } from './code-extensions.ts';

/** Enough lines for a first screen (the editor draws the lines in and near the view). */
const WARM_LINES = 150;

/** The shown editor's services are never asked: nothing is typed, hovered or completed here. */
const NO_SERVICE = {
  compiler: { service: () => Promise.reject(new Error('not in a warm-up')) },
  files: () => ({}),
};

/** Gives up waiting for a frame (a page in the background draws none) after this long. */
const DROP_AFTER_MS = 1000;
/** The longest the browser may put off the next slice (a running simulator keeps it busy). */
const SLICE_IDLE_TIMEOUT_MS = 3000;
/** No slice this soon after the learner's last key or pointer press (they may press a tab). */
const QUIET_AFTER_INPUT_MS = 1000;

// Once a learner's code editor has been made, CodeMirror's code is warm, and a warm-up would only
// put a second editor on the page beside the one in use.
let learnerEditorMade = false;

/** Called when the learner's code editor is made: later warm-ups do nothing. */
export function noteCodeEditorMade(): void {
  learnerEditorMade = true;
}

/** The learner's last key or pointer press (performance.now()), watched from the first warm-up. */
let lastInput = -Infinity;
let watchingInput = false;
function watchInput(): void {
  if (watchingInput) return;
  watchingInput = true;
  const note = () => (lastInput = performance.now());
  addEventListener('pointerdown', note, { capture: true, passive: true });
  addEventListener('keydown', note, { capture: true, passive: true });
}

/**
 * Resolves in the browser's idle time, once the learner has not pressed a key or pointer for a
 * while (a task started then may still meet a press; a short one delays it little).
 */
function quietSlice(): Promise<void> {
  return new Promise((resolve) => {
    const due = () => {
      const wait = lastInput + QUIET_AFTER_INPUT_MS - performance.now();
      if (wait > 0) setTimeout(due, wait);
      else resolve();
    };
    const idle = () => due();
    if (typeof requestIdleCallback === 'function') requestIdleCallback(idle, { timeout: SLICE_IDLE_TIMEOUT_MS });
    else setTimeout(idle, 0);
  });
}

/**
 * Builds a code editor of `language` on the first lines of `text`, and drops it after a frame
 * (the promise settles then). Its two costly steps, the state (the parser's first work) and the
 * view (DOM, plugins, highlighting), run as separate tasks in quiet idle time: made at once it was
 * one task of 77-283 ms that a press on a tab could meet (bench python-tab, round 21).
 */
export async function warmCodeEditor(text: string, language: 'typescript' | 'python'): Promise<void> {
  watchInput();
  await quietSlice();
  if (learnerEditorMade) return;
  let started = performance.now();
  const state = EditorState.create({
    doc: text.split('\n', WARM_LINES).join('\n'),
    extensions: codeExtensions({ language, readOnly: false, service: NO_SERVICE, label: '', format: () => false }),
  });
  // Read by the python-tab benchmark (did the warm-up run before the first press, and its cost).
  performance.measure(`blockyard:code:warm:${language}:state`, { start: started, end: performance.now() });
  await quietSlice();
  if (learnerEditorMade) return;
  started = performance.now();
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.inert = true;
  host.style.cssText =
    'position:fixed;left:-10000px;top:0;width:640px;height:480px;overflow:hidden;visibility:hidden;pointer-events:none';
  document.body.append(host);
  const view = new EditorView({ state, parent: host });
  performance.measure(`blockyard:code:warm:${language}`, { start: started, end: performance.now() });
  return new Promise((dropped) => {
    const drop = () => {
      if (!host.isConnected) return;
      view.destroy();
      host.remove();
      dropped();
    };
    // CodeMirror asked for its measure when the view was made: this frame callback runs after it.
    requestAnimationFrame(drop);
    setTimeout(drop, DROP_AFTER_MS);
  });
}
