// What the editor shows around the program, decided once from the page flags (spec 001 §2 mode
// flags, parsed in @blockyard/core):
// - ide (default): the full editor.
// - sandbox (`sandbox=1`, or the page in a frame): an embed: the simulator and the program to
//   read (read-only unless `edit=1`), Blocks | JavaScript to look at both, zoom, and a link to
//   open the project in the full editor. No saving tools, no History, Share, Settings or Help.
// - widget (`nosandbox=1`): the editor without the app around it: name, Blocks | JavaScript,
//   save status, the workspace, Download and the editing tools; no home, History, Share,
//   Settings, Help or Import.
// - `readonly=1` in controller mode and `timeMachine=1`: nothing can change the program
//   (no toolbox, read-only code, nothing saved); the time machine also drops the header.
// - `noproject=1`: the project's name and the way home are hidden.
// - no home screen (controller mode, a locked editor, the time machine): no link home.

import type { Layout, PageFlags } from '../../app/page-flags.ts';

export interface EditorChrome {
  readonly layout: Layout;
  /** The program cannot be changed here: no toolbox, read-only code, nothing is saved. */
  readonly readOnly: boolean;
  readonly header: boolean;
  readonly homeLink: boolean;
  /** The project's name: a field to rename it, plain text, or not shown. */
  readonly name: 'edit' | 'show' | 'hide';
  readonly saveStatus: boolean;
  readonly history: boolean;
  readonly share: boolean;
  readonly settings: boolean;
  readonly help: boolean;
  /** A link opening the project in the full editor (sandbox embeds). */
  readonly openFull: boolean;
  readonly download: boolean;
  readonly importFiles: boolean;
  /** Undo, redo and Format code. */
  readonly editTools: boolean;
}

export type ChromeFlags = Pick<PageFlags, 'layout' | 'editable' | 'timeMachine' | 'hideProject' | 'homeScreen'>;

export function editorChrome(flags: ChromeFlags): EditorChrome {
  const { layout } = flags;
  const readOnly = !flags.editable;
  const ide = layout === 'ide';
  return {
    layout,
    readOnly,
    header: !flags.timeMachine,
    homeLink: ide && flags.homeScreen && !flags.hideProject,
    name: flags.hideProject ? 'hide' : readOnly || layout === 'sandbox' ? 'show' : 'edit',
    saveStatus: !readOnly,
    history: ide && !readOnly,
    share: ide,
    settings: ide,
    help: ide,
    openFull: layout === 'sandbox' && flags.homeScreen && !flags.hideProject,
    download: layout !== 'sandbox' && !flags.timeMachine,
    importFiles: ide && !readOnly,
    editTools: !readOnly,
  };
}
