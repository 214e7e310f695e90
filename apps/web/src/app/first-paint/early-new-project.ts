// The New project dialog on the home page's picture (first-paint.ts): a press on the picture's
// New project button opens it at once, and the learner names the project while the app's scripts
// still load and start. When the app's page replaces the picture, what was typed (and an Enter
// already pressed) is handed to the app's own dialog, which then does the rest: it checks the
// name, suggests a new one where the learner typed nothing, and makes the project. Why: on a
// cold start a press waited for the app's start (200-300 ms of main-thread work on a small
// machine, bench first-minute); now only Enter -> blocks does.

import { prefetchEditorFiles } from '../../home/prefetch-editor-files.ts';
import type { PageWindow } from './page-window.ts';

/** The id of the <template> in index.html that holds the open dialog's markup. */
export const NEW_PROJECT_TEMPLATE_ID = 'home-first-paint-new-project';

/** The app's dialog and button, found by class in the app's page as in the picture. */
const DIALOG_SELECTOR = 'dialog.new-project-dialog';
export const NEW_PROJECT_BUTTON_SELECTOR = 'button.home-new';

interface Naming {
  /** The learner has typed: only then is the name box's text handed over. */
  edited: boolean;
  /** Enter (or Create) pressed: the app's dialog is submitted once it is there. */
  submitted: boolean;
}

/** What the app's dialog is given: the name box's text and caret, and what the learner did. */
interface Handed extends Naming {
  name: string;
  selection: readonly [number, number];
}

export interface EarlyNewProject {
  /** Opens the picture's dialog (the New project press); false when it has none to open. */
  open(): boolean;
  /** Whether there is anything to hand over: the dialog is open. */
  readonly naming: boolean;
  /**
   * Opens the app's dialog with `button` (the app's New project button) and gives it the name,
   * the caret and a pending Enter once it is open.
   */
  handOver(button: HTMLElement): void;
}

/** Prepares the dialog from its template; undefined when the page has none. */
export function earlyNewProject(win: PageWindow, root: HTMLElement): EarlyNewProject | undefined {
  const doc = win.document;
  const template = doc.getElementById(NEW_PROJECT_TEMPLATE_ID);
  if (!(template instanceof win.HTMLTemplateElement)) return undefined;
  template.remove();
  let naming: Naming | undefined;
  let dialog: HTMLDialogElement | undefined;

  const close = () => {
    naming = undefined;
    if (dialog?.open) dialog.close();
    root.querySelector<HTMLElement>(NEW_PROJECT_BUTTON_SELECTOR)?.focus();
  };

  const build = (): HTMLDialogElement | undefined => {
    const made = doc.importNode(template.content, true).querySelector(DIALOG_SELECTOR);
    if (!(made instanceof win.HTMLDialogElement)) return undefined;
    // In the place of the picture's closed (empty) dialog, where the app keeps its own.
    const placeholder = root.querySelector(DIALOG_SELECTOR);
    if (placeholder) placeholder.replaceWith(made);
    else root.append(made);
    const input = made.querySelector('input');
    const form = made.querySelector('form');
    input?.addEventListener('input', () => {
      if (naming) naming.edited = true;
    });
    form?.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!naming || !input) return;
      naming.submitted = true;
      // Nothing more to type; the app's dialog takes it from here.
      input.readOnly = true;
      form.querySelector('button[type="submit"]')?.setAttribute('aria-busy', 'true');
    });
    form?.querySelector('button[type="button"]')?.addEventListener('click', close);
    made.addEventListener('cancel', (event) => {
      event.preventDefault();
      close();
    });
    return made;
  };

  return {
    get naming() {
      return naming !== undefined;
    },
    open() {
      dialog ??= build();
      if (!dialog) return false;
      if (dialog.open) return true;
      const input = dialog.querySelector('input');
      naming = { edited: false, submitted: false };
      dialog.showModal();
      input?.focus();
      input?.select();
      // As the app does while the learner names a project: the editor's files start to arrive.
      prefetchEditorFiles(win as unknown as Parameters<typeof prefetchEditorFiles>[0]);
      return true;
    },
    handOver(button) {
      const state = naming;
      if (!state) return;
      // Read from the element the app's commit has just taken out (and so unfocused).
      const input = dialog?.querySelector('input');
      const handed: Handed = {
        ...state,
        name: input?.value ?? '',
        selection: [input?.selectionStart ?? 0, input?.selectionEnd ?? 0],
      };
      naming = undefined;
      button.click();
      // React draws its dialog and opens it in this task's microtasks (a discrete press).
      whenOpen(win, root, (appInput) => give(win, appInput, handed));
    },
  };
}

/** How long the handover waits for the app's dialog to open. */
const OPEN_WAIT_MS = 10_000;

/** Calls `then` with the app's name box once its dialog is open (at once if it is). */
function whenOpen(win: PageWindow, root: HTMLElement, then: (input: HTMLInputElement) => void): void {
  const find = () => {
    const input = root.querySelector(`${DIALOG_SELECTOR}[open] input`);
    return input instanceof win.HTMLInputElement ? input : undefined;
  };
  const now = find();
  if (now) return then(now);
  const observer = new win.MutationObserver(() => {
    const input = find();
    if (!input) return;
    stop();
    then(input);
  });
  const timer = win.setTimeout(() => stop(), OPEN_WAIT_MS);
  function stop() {
    observer.disconnect();
    win.clearTimeout(timer);
  }
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
}

/** Puts what the learner did in the picture's dialog into the app's. */
function give(win: PageWindow, input: HTMLInputElement, state: Handed): void {
  if (state.edited) {
    // Through the element's own setter, so React sees a change as from typing.
    Object.getOwnPropertyDescriptor(win.HTMLInputElement.prototype, 'value')?.set?.call(input, state.name);
    input.dispatchEvent(new win.Event('input', { bubbles: true }));
  }
  input.focus();
  if (state.edited) input.setSelectionRange(...state.selection);
  if (state.submitted) input.form?.requestSubmit();
}
