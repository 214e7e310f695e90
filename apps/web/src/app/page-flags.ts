// The page address's flags (spec 000 §2 query flags, spec 001 §2 mode flags) read once into one
// typed, frozen object, so no other module ever looks at `location.search` itself.
//
// Value rules, the same for every flag:
// - Flag names match case-insensitively (`timemachine=1` works like `timeMachine=1`); when a name
//   appears more than once, its first occurrence wins.
// - A switch is on only for the value `1` or `true` (case-insensitive, surrounding spaces
//   ignored). `0`, `false`, `yes`, an empty value and a missing flag are all off. This is why
//   `anybrowser=1` is accepted as well as the spec's `anybrowser=true`: every switch reads both.
// - Two flags default to on or are on by presence, and are turned off only by `0` or `false`:
//   `downloadWindowOpen` (on unless `=0`) and `nosharedlocalstorage` (on when present at all).
// - Words (`tutorialview`, `editorlayout`) match case-insensitively; unknown words are ignored.
// - Flags may also sit in the hash after a `?` (`#pub:abc?sandbox=1`), for hosts that route by
//   hash. A flag in the query string wins over the same flag in the hash.

/** The editor's overall arrangement: full editor, embedded sandbox, or compact widget. */
export type Layout = 'ide' | 'sandbox' | 'widget';

/** The `controller=` variants; each one is controller mode (spec 001 §2). */
type ControllerVersion = 0 | 1 | 2;

/** Everything the page address says about how the editor should behave. */
export interface PageFlags {
  // Query flags, spec 000 §2.
  /** `nolocalhost=1`: local-host mode (a local compile cache and dev server) is off. */
  readonly noLocalhost: boolean;
  /** `anybrowser=true` (or `=1`): skip the browser support check. */
  readonly anyBrowser: boolean;
  /** How downloads open: false after `downloadWindowOpen=0`, true otherwise. */
  readonly downloadWindowOpen: boolean;
  /**
   * `downloadProtocol=<scheme>`: the URL scheme downloads are handed to, lower-cased, or null.
   * Only scheme-shaped values (a letter, then letters, digits, `+`, `-` or `.`, at most 32
   * characters) are kept; `javascript`, `data`, `vbscript`, `blob` and `file` are refused,
   * since anyone can put this flag in a link.
   */
  readonly downloadProtocol: string | null;
  /** `downloadUserContext=1`: start downloads in the user's own context. */
  readonly downloadUserContext: boolean;
  /** `nosharedlocalstorage` (present, with any value except `0`/`false`): no shared local storage. */
  readonly noSharedLocalStorage: boolean;
  /** `tutorialview=old`: use the old tutorial view. */
  readonly oldTutorialView: boolean;
  /** `skillmap=1`: the editor runs inside the skill map. */
  readonly skillmap: boolean;
  /** `inGame=1`: the editor runs inside a game. */
  readonly inGame: boolean;
  /**
   * `device=emulated`: Connect and Download talk to an emulated micro:bit in the page instead of
   * WebUSB (end-to-end tests and demos); any other value means real boards.
   */
  readonly device: 'real' | 'emulated';

  // Mode flags, spec 001 §2.
  /** The page is embedded in a frame (from the context, not the address). */
  readonly inFrame: boolean;
  /** The host locked the editor (from the context, not the address). */
  readonly locked: boolean;
  /** The layout after every rule below has been applied. */
  readonly layout: Layout;
  /** True when `editorlayout=` chose the layout. */
  readonly layoutOverridden: boolean;
  /** Controller mode: `controller=0`, `1` or `2` inside a frame. */
  readonly controllerMode: boolean;
  /** Which controller variant, or null outside controller mode. Test `controllerMode`, not this, for truthiness. */
  readonly controllerVersion: ControllerVersion | null;
  /** `timeMachine=1`: a read-only time-machine embed. */
  readonly timeMachine: boolean;
  /** The program cannot be changed: `readonly=1` in controller mode, or the time machine. */
  readonly readOnly: boolean;
  /** `noproject=1`: the project is hidden. */
  readonly hideProject: boolean;
  /** `edit=1` honoured: the layout is sandbox and nothing makes the editor read-only. */
  readonly sandboxEditable: boolean;
  /** The one answer for the UI: may the user change the program? */
  readonly editable: boolean;
  /** A home screen exists: not in controller mode, not locked, not the time machine. */
  readonly homeScreen: boolean;
}

/** What the address alone cannot tell. */
export interface PageFlagsContext {
  /** The page runs inside a frame (`window.self !== window.top` in the caller). */
  inFrame: boolean;
  /** `location.hash`, with or without the leading `#`; flags after a `?` in it are read too. */
  hash?: string;
  /** The host locked the editor (for example a classroom kiosk). */
  locked?: boolean;
}

// URLSearchParams is in every browser, worker and Node, but not in the plain ES library that pure
// sources are type-checked against; this declares just the part used here.
interface QueryParams {
  forEach(callback: (value: string, name: string) => void): void;
}
declare const URLSearchParams: new (init: string) => QueryParams;

const layouts: readonly Layout[] = ['ide', 'sandbox', 'widget'];
const controllerVersions: Readonly<Record<string, ControllerVersion>> = { '0': 0, '1': 1, '2': 2 };
const unsafeSchemes = new Set(['javascript', 'data', 'vbscript', 'blob', 'file']);

/** Flag name (lower-cased) to its first value: query string first, then the hash's `?` part. */
function collect(search: string, hash: string | undefined): Map<string, string> {
  const values = new Map<string, string>();
  const add = (query: string) =>
    new URLSearchParams(query).forEach((value, name) => {
      const key = name.toLowerCase();
      if (!values.has(key)) values.set(key, value);
    });
  add(search.startsWith('?') ? search.slice(1) : search);
  if (hash !== undefined) {
    const mark = hash.indexOf('?');
    if (mark >= 0) add(hash.slice(mark + 1));
  }
  return values;
}

function isOn(value: string | undefined): boolean {
  const word = value?.trim().toLowerCase();
  return word === '1' || word === 'true';
}

function isOff(value: string | undefined): boolean {
  const word = value?.trim().toLowerCase();
  return word === '0' || word === 'false';
}

function parseLayout(value: string | undefined): Layout | null {
  const word = value?.trim().toLowerCase();
  return layouts.find((layout) => layout === word) ?? null;
}

function parseProtocol(value: string | undefined): string | null {
  const scheme = value?.trim().toLowerCase() ?? '';
  if (!/^[a-z][a-z0-9+.-]{0,31}$/.test(scheme) || unsafeSchemes.has(scheme)) return null;
  return scheme;
}

/**
 * Reads the page's flags. `search` is `location.search`, with or without the leading `?`.
 *
 * How contradictory or out-of-place flags resolve (each rule has a test):
 * - Layout: a valid `editorlayout=` wins over everything. Otherwise `nosandbox=1` gives the
 *   widget layout, even together with `sandbox=1` or inside a frame: it exists to opt out of
 *   the sandbox, so the explicit opt-out wins. Otherwise `sandbox=1` or a frame gives the
 *   sandbox layout, and the full editor (`ide`) is the default.
 * - `controller=` counts only inside a frame and only as exactly `0`, `1` or `2`; anything else
 *   (outside a frame, `3`, `yes`, empty) is ignored.
 * - `readonly=1` counts only in controller mode and is ignored elsewhere.
 * - `timeMachine=1` counts anywhere (it only takes abilities away): read-only and no home screen.
 * - `edit=1` counts only in the sandbox layout and never beats read-only; elsewhere it changes
 *   nothing (the full editor and the widget are editable anyway).
 * - `noproject=1` hides the project in every layout.
 * - The home screen exists unless in controller mode, locked, or the time machine.
 */
export function parsePageFlags(search: string, context: PageFlagsContext): PageFlags {
  const values = collect(search, context.hash);
  const flag = (name: string) => values.get(name.toLowerCase());
  const inFrame = context.inFrame;
  const locked = context.locked ?? false;

  const layoutOverride = parseLayout(flag('editorlayout'));
  let layout: Layout;
  if (layoutOverride) layout = layoutOverride;
  else if (isOn(flag('nosandbox'))) layout = 'widget';
  else if (isOn(flag('sandbox')) || inFrame) layout = 'sandbox';
  else layout = 'ide';

  const controllerValue = flag('controller')?.trim() ?? '';
  const controllerVersion = inFrame ? (controllerVersions[controllerValue] ?? null) : null;
  const controllerMode = controllerVersion !== null;

  const timeMachine = isOn(flag('timeMachine'));
  const readOnly = timeMachine || (controllerMode && isOn(flag('readonly')));
  const sandboxEditable = layout === 'sandbox' && isOn(flag('edit')) && !readOnly;
  const editable = !readOnly && (layout !== 'sandbox' || sandboxEditable);

  const sharedStorage = flag('nosharedlocalstorage');

  return Object.freeze({
    noLocalhost: isOn(flag('nolocalhost')),
    anyBrowser: isOn(flag('anybrowser')),
    downloadWindowOpen: !isOff(flag('downloadWindowOpen')),
    downloadProtocol: parseProtocol(flag('downloadProtocol')),
    downloadUserContext: isOn(flag('downloadUserContext')),
    noSharedLocalStorage: sharedStorage !== undefined && !isOff(sharedStorage),
    oldTutorialView: flag('tutorialview')?.trim().toLowerCase() === 'old',
    skillmap: isOn(flag('skillmap')),
    inGame: isOn(flag('inGame')),
    device: flag('device')?.trim().toLowerCase() === 'emulated' ? 'emulated' : 'real',
    inFrame,
    locked,
    layout,
    layoutOverridden: layoutOverride !== null,
    controllerMode,
    controllerVersion,
    timeMachine,
    readOnly,
    hideProject: isOn(flag('noproject')),
    sandboxEditable,
    editable,
    homeScreen: !controllerMode && !locked && !timeMachine,
  });
}
