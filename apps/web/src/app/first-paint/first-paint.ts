// The home page's first paint: index.html carries the home page as it first draws (a <template>,
// build/first-paint-plugin.ts) and this small classic script, deferred ahead of the entry and
// run once the page is parsed, puts it on screen, so the learner sees the page (and can press New
// project) before the app's scripts have loaded and run (bench first-minute). React's first
// render then replaces it with the same markup (createRoot clears the container); a press made on
// the picture before that is kept and made again on the real element once it is there, so it is
// never lost.
//
// Only where the picture is what the app draws first: the address `/` with no flags, English, a
// top-level page. Anywhere else the page starts as before, empty until the app renders.

import {
  type EarlyNewProject,
  NEW_PROJECT_BUTTON_SELECTOR,
  NEW_PROJECT_TEMPLATE_ID,
  earlyNewProject,
} from './early-new-project.ts';
import type { PageWindow } from './page-window.ts';

/** The id of the <template> in index.html that holds the home page's markup. */
export const FIRST_PAINT_TEMPLATE_ID = 'home-first-paint';

/** `#root[data-picture]` while the picture is on screen. */
const PICTURE_MARK = 'picture';

/** How long a kept press or focus waits for the app's page before it is dropped. */
const KEEP_PRESS_MS = 30_000;

/** The settings the app reads at start (LocalStorageStore's prefix, the language cookie). */
const SETTINGS_PREFIX = 'blockyard:';
const LANGUAGE_COOKIE = 'PXT_LANG';

export type { PageWindow } from './page-window.ts';

export function startFirstPaint(win: PageWindow): void {
  const doc = win.document;
  const template = doc.getElementById(FIRST_PAINT_TEMPLATE_ID);
  const root = doc.getElementById('root');
  if (!(template instanceof win.HTMLTemplateElement) || !root || root.firstChild) return;
  template.remove();
  if (!drawsHomeFirst(win)) {
    doc.getElementById(NEW_PROJECT_TEMPLATE_ID)?.remove();
    return;
  }
  // The theme controller sets the same attribute when the app starts.
  if (setting(win, 'theme') === 'high-contrast') doc.documentElement.dataset['theme'] = 'high-contrast';
  const painted = [...doc.importNode(template.content, true).childNodes];
  root.append(...painted);
  // Until the app's page replaces it (tests wait for the app, not its picture).
  root.dataset[PICTURE_MARK] = '';
  keepInput(win, root, painted, earlyNewProject(win, root));
}

/** Whether the app's first render at this address is the picture: home, English, no flags. */
export function drawsHomeFirst(win: PageWindow): boolean {
  const { location } = win;
  if (location.pathname !== '/' || location.search !== '' || location.hash !== '') return false;
  if (win.self !== win.top) return false;
  const language =
    setting(win, 'language') ?? cookie(win.document, LANGUAGE_COOKIE) ?? win.navigator.languages?.[0] ?? 'en';
  return /^en(-|$)/i.test(language);
}

function setting(win: Window, key: string): string | null {
  try {
    return win.localStorage.getItem(SETTINGS_PREFIX + key);
  } catch {
    return null;
  }
}

function cookie(doc: Document, name: string): string | null {
  for (const part of doc.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=') || null;
  }
  return null;
}

/** An element of the picture, found again in the app's page by its place, tag and text. */
interface Place {
  path: number[];
  tag: string;
  text: string | null;
}

/**
 * Clicks on the picture's buttons are held (links navigate as links do) and made again on the
 * element at the same place in the app's page once React has put it there; keyboard focus moves
 * there too (else it would fall back to the top of the page), and so do files chosen in a file
 * box (Import, a teacher's tutorial). New project opens the picture's own dialog instead
 * (early-new-project.ts), handed to the app's in the same way.
 */
function keepInput(
  win: PageWindow,
  root: HTMLElement,
  painted: readonly Node[],
  newProject: EarlyNewProject | undefined,
): void {
  let pressed: Place | undefined;
  let focused: Place | undefined;
  let chosen: { place: Place; files: FileList } | undefined;
  const placeOf = (element: Element): Place => ({
    path: pathFrom(root, element),
    tag: element.tagName,
    text: element.textContent,
  });
  const find = (place: Place): HTMLElement | undefined => {
    const element = elementAt(root, place.path);
    return element instanceof win.HTMLElement && element.tagName === place.tag && element.textContent === place.text
      ? element
      : undefined;
  };
  const onClick = (event: Event) => {
    const target = event.target instanceof win.Element ? event.target.closest('button, [role="button"], label') : null;
    if (!target || !root.contains(target)) return;
    // The picture's dialog handles its own buttons.
    if (target.closest('dialog')) return;
    event.preventDefault();
    // Else (no dialog in the page) the press is kept as any other.
    if (newProject && target.matches(NEW_PROJECT_BUTTON_SELECTOR) && newProject.open()) return;
    pressed = placeOf(target);
  };
  const onFocus = (event: Event) => {
    const target = event.target;
    if (target instanceof win.Element && root.contains(target) && !target.closest('dialog')) focused = placeOf(target);
  };
  const onChange = (event: Event) => {
    const target = event.target;
    if (!(target instanceof win.HTMLInputElement) || target.type !== 'file' || !root.contains(target)) return;
    if (target.files?.length) chosen = { place: placeOf(target), files: target.files };
  };
  root.addEventListener('click', onClick, true);
  root.addEventListener('focusin', onFocus, true);
  root.addEventListener('change', onChange, true);
  const observer = new win.MutationObserver(() => {
    // Still the picture: React has not committed yet.
    if (painted.some((node) => node.parentNode === root)) return;
    delete root.dataset[PICTURE_MARK];
    removeListeners();
    if (newProject?.naming) {
      const button = root.querySelector(NEW_PROJECT_BUTTON_SELECTOR);
      // The router may draw the page a commit later.
      if (!(button instanceof win.HTMLElement)) return;
      stop();
      return newProject.handOver(button);
    }
    const pressTarget = pressed && find(pressed);
    const focusTarget = focused && find(focused);
    const fileTarget = chosen && find(chosen.place);
    // The router may draw the page a commit later: wait for the same elements at the same places.
    if ((pressed && !pressTarget) || (focused && !focusTarget) || (chosen && !fileTarget)) return;
    stop();
    // Unless the learner has already moved on in the app's page.
    const active = win.document.activeElement;
    if (focusTarget && (!active || active === win.document.body)) focusTarget.focus();
    pressTarget?.click();
    if (chosen && fileTarget instanceof win.HTMLInputElement) {
      // The files chosen on the picture's file box, to the app's own, as if chosen there.
      fileTarget.files = chosen.files;
      fileTarget.dispatchEvent(new win.Event('change', { bubbles: true }));
    }
  });
  // A name being typed waits for the app however long it takes; a bare press does not.
  const timer = win.setTimeout(() => {
    if (!newProject?.naming) stop();
  }, KEEP_PRESS_MS);
  function removeListeners() {
    root.removeEventListener('click', onClick, true);
    root.removeEventListener('focusin', onFocus, true);
    root.removeEventListener('change', onChange, true);
  }
  function stop() {
    observer.disconnect();
    removeListeners();
    win.clearTimeout(timer);
  }
  observer.observe(root, { childList: true, subtree: true });
}

/** The child indexes from `root` down to `element`. */
function pathFrom(root: Element, element: Element): number[] {
  const path: number[] = [];
  for (let node: Element = element; node !== root && node.parentElement; node = node.parentElement) {
    path.unshift([...node.parentElement.children].indexOf(node));
  }
  return path;
}

function elementAt(root: Element, path: readonly number[]): Element | undefined {
  let node: Element | undefined = root;
  for (const index of path) node = node?.children[index];
  return node;
}
