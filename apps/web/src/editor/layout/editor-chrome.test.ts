import { parsePageFlags, type PageFlagsContext } from '../../app/page-flags.ts';
import { describe, expect, it } from 'vitest';
import { type EditorChrome, editorChrome } from './editor-chrome.ts';

const chrome = (search: string, context: PageFlagsContext = { inFrame: false }) =>
  editorChrome(parsePageFlags(search, context));

const full: EditorChrome = {
  layout: 'ide',
  readOnly: false,
  header: true,
  homeLink: true,
  name: 'edit',
  saveStatus: true,
  history: true,
  share: true,
  settings: true,
  help: true,
  openFull: false,
  download: true,
  importFiles: true,
  editTools: true,
};

/** What a sandbox embed shows: the simulator and the program to read. */
const sandbox: EditorChrome = {
  layout: 'sandbox',
  readOnly: true,
  header: true,
  homeLink: false,
  name: 'show',
  saveStatus: false,
  history: false,
  share: false,
  settings: false,
  help: false,
  openFull: true,
  download: false,
  importFiles: false,
  editTools: false,
};

describe('the editor around the program, per page flag (spec 001 §2)', () => {
  it('is the full editor without flags', () => {
    expect(chrome('')).toEqual(full);
  });

  it('sandbox=1: the simulator and read-only code, a link to the full editor', () => {
    expect(chrome('?sandbox=1')).toEqual(sandbox);
  });

  it('a frame gives the sandbox too', () => {
    expect(chrome('', { inFrame: true })).toEqual(sandbox);
  });

  it('edit=1 makes the sandbox editable (still no saving tools around it)', () => {
    expect(chrome('?sandbox=1&edit=1')).toEqual({ ...sandbox, readOnly: false, saveStatus: true, editTools: true });
  });

  it('nosandbox=1: the widget, an editor without the app around it', () => {
    expect(chrome('?nosandbox=1')).toEqual({
      ...full,
      layout: 'widget',
      homeLink: false,
      history: false,
      share: false,
      settings: false,
      help: false,
      importFiles: false,
    });
    expect(chrome('?nosandbox=1', { inFrame: true }).layout).toBe('widget');
  });

  it('editorlayout= overrides the layout', () => {
    expect(chrome('?editorlayout=sandbox')).toEqual(sandbox);
    expect(chrome('?editorlayout=widget').layout).toBe('widget');
    expect(chrome('?editorlayout=ide', { inFrame: true })).toEqual(full);
  });

  it('controller=1 in a frame: no way home (controller mode has no home screen)', () => {
    expect(chrome('?controller=1&edit=1', { inFrame: true })).toMatchObject({ homeLink: false, openFull: false });
    expect(chrome('?editorlayout=ide&controller=1', { inFrame: true })).toEqual({ ...full, homeLink: false });
  });

  it('readonly=1 in controller mode: the program cannot be changed, even in the full editor', () => {
    expect(chrome('?editorlayout=ide&controller=1&readonly=1', { inFrame: true })).toEqual({
      ...full,
      readOnly: true,
      homeLink: false,
      name: 'show',
      saveStatus: false,
      history: false,
      importFiles: false,
      editTools: false,
    });
    // Outside controller mode the flag means nothing.
    expect(chrome('?readonly=1')).toEqual(full);
  });

  it('noproject=1: no name and no way home', () => {
    expect(chrome('?noproject=1')).toEqual({ ...full, name: 'hide', homeLink: false });
    expect(chrome('?sandbox=1&noproject=1')).toEqual({ ...sandbox, name: 'hide', openFull: false });
  });

  it('timeMachine=1: read-only, no header, nothing to save', () => {
    expect(chrome('?timeMachine=1')).toEqual({
      ...full,
      readOnly: true,
      header: false,
      homeLink: false,
      name: 'show',
      saveStatus: false,
      history: false,
      download: false,
      importFiles: false,
      editTools: false,
    });
  });

  it('a locked editor has no way home', () => {
    expect(chrome('', { inFrame: false, locked: true })).toEqual({ ...full, homeLink: false });
  });

  it.each(['?skillmap=1', '?inGame=1', '?tutorialview=old', '?nolocalhost=1', '?anybrowser=true'])(
    '%s does not change the editor around the program',
    (search) => {
      expect(chrome(search)).toEqual(full);
    },
  );
});
