import { describe, expect, it } from 'vitest';
import { parsePageFlags, type PageFlags, type PageFlagsContext } from './page-flags.ts';

const top: PageFlagsContext = { inFrame: false };
const framed: PageFlagsContext = { inFrame: true };

/** The flags of a plain top-level page with no query at all. */
const plain: PageFlags = {
  noLocalhost: false,
  anyBrowser: false,
  downloadWindowOpen: true,
  downloadProtocol: null,
  downloadUserContext: false,
  noSharedLocalStorage: false,
  oldTutorialView: false,
  skillmap: false,
  inGame: false,
  device: 'real',
  inFrame: false,
  locked: false,
  layout: 'ide',
  layoutOverridden: false,
  controllerMode: false,
  controllerVersion: null,
  timeMachine: false,
  readOnly: false,
  hideProject: false,
  sandboxEditable: false,
  editable: true,
  homeScreen: true,
};

describe('parsePageFlags defaults', () => {
  it('gives the full editor with everything off for an empty address', () => {
    expect(parsePageFlags('', top)).toEqual(plain);
    expect(parsePageFlags('?', top)).toEqual(plain);
  });

  it('returns a frozen object', () => {
    expect(Object.isFrozen(parsePageFlags('?sandbox=1', top))).toBe(true);
  });

  it('accepts the search string with or without its leading question mark', () => {
    expect(parsePageFlags('?skillmap=1', top)).toEqual(parsePageFlags('skillmap=1', top));
  });
});

describe('spec 000 §2 query flags, one row each', () => {
  it.each<[string, Partial<PageFlags>]>([
    ['?nolocalhost=1', { noLocalhost: true }],
    ['?anybrowser=true', { anyBrowser: true }],
    ['?downloadWindowOpen=0', { downloadWindowOpen: false }],
    ['?downloadProtocol=blockyard-app', { downloadProtocol: 'blockyard-app' }],
    ['?downloadUserContext=1', { downloadUserContext: true }],
    ['?nosharedlocalstorage', { noSharedLocalStorage: true }],
    ['?tutorialview=old', { oldTutorialView: true }],
    ['?skillmap=1', { skillmap: true }],
    ['?inGame=1', { inGame: true }],
    ['?device=emulated', { device: 'emulated' }],
    ['?device=Emulated', { device: 'emulated' }],
    ['?device=webusb', {}],
  ])('%s', (search, expected) => {
    expect(parsePageFlags(search, top)).toEqual({ ...plain, ...expected });
  });
});

describe('switch values', () => {
  it.each<[string, boolean]>([
    ['?anybrowser=true', true],
    ['?anybrowser=TRUE', true],
    ['?anybrowser=1', true],
    ['?anybrowser=%20true%20', true],
    ['?anybrowser=0', false],
    ['?anybrowser=false', false],
    ['?anybrowser=yes', false],
    ['?anybrowser=', false],
    ['?anybrowser', false],
    ['?anybrowser=truely', false],
  ])('%s gives anyBrowser %s', (search, expected) => {
    expect(parsePageFlags(search, top).anyBrowser).toBe(expected);
  });

  it.each<[string, boolean]>([
    ['', true],
    ['?downloadWindowOpen=0', false],
    ['?downloadWindowOpen=false', false],
    ['?downloadWindowOpen=1', true],
    ['?downloadWindowOpen=', true],
    ['?downloadWindowOpen=nonsense', true],
  ])('%s gives downloadWindowOpen %s', (search, expected) => {
    expect(parsePageFlags(search, top).downloadWindowOpen).toBe(expected);
  });

  it.each<[string, boolean]>([
    ['', false],
    ['?nosharedlocalstorage', true],
    ['?nosharedlocalstorage=', true],
    ['?nosharedlocalstorage=1', true],
    ['?nosharedlocalstorage=anything', true],
    ['?nosharedlocalstorage=0', false],
    ['?nosharedlocalstorage=false', false],
  ])('%s gives noSharedLocalStorage %s', (search, expected) => {
    expect(parsePageFlags(search, top).noSharedLocalStorage).toBe(expected);
  });

  it.each<[string, boolean]>([
    ['?tutorialview=old', true],
    ['?tutorialview=OLD', true],
    ['?tutorialview=new', false],
    ['?tutorialview=1', false],
  ])('%s gives oldTutorialView %s', (search, expected) => {
    expect(parsePageFlags(search, top).oldTutorialView).toBe(expected);
  });

  it.each<[string, string | null]>([
    ['?downloadProtocol=blockyard-app', 'blockyard-app'],
    ['?downloadProtocol=MyApp', 'myapp'],
    ['?downloadProtocol=web%2Bblockyard', 'web+blockyard'],
    ['?downloadProtocol=', null],
    ['?downloadProtocol=javascript', null],
    ['?downloadProtocol=JavaScript', null],
    ['?downloadProtocol=data', null],
    ['?downloadProtocol=file', null],
    ['?downloadProtocol=1abc', null],
    ['?downloadProtocol=has%20space', null],
    ['?downloadProtocol=evil:alert(1)', null],
    [`?downloadProtocol=${'a'.repeat(33)}`, null],
    [`?downloadProtocol=${'a'.repeat(32)}`, 'a'.repeat(32)],
  ])('%s gives downloadProtocol %s', (search, expected) => {
    expect(parsePageFlags(search, top).downloadProtocol).toBe(expected);
  });
});

describe('flag names and repeats', () => {
  it('matches names case-insensitively', () => {
    const flags = parsePageFlags('?TIMEMACHINE=1&ingame=1&DownloadWindowOpen=0&EditorLayout=Widget', top);
    expect(flags).toMatchObject({ timeMachine: true, inGame: true, downloadWindowOpen: false, layout: 'widget' });
  });

  it('lets the first occurrence of a flag win', () => {
    expect(parsePageFlags('?skillmap=1&skillmap=0', top).skillmap).toBe(true);
    expect(parsePageFlags('?skillmap=0&SKILLMAP=1', top).skillmap).toBe(false);
    expect(parsePageFlags('?controller=1&controller=2', framed).controllerVersion).toBe(1);
  });

  it('decodes percent and plus encodings', () => {
    expect(parsePageFlags('?editorlayout=%77idget', top).layout).toBe('widget');
    expect(parsePageFlags('?anybrowser=+true+', top).anyBrowser).toBe(true);
  });

  it('ignores unknown flags', () => {
    expect(parsePageFlags('?foo=1&bar&lang=de', top)).toEqual(plain);
  });
});

describe('flags in the hash', () => {
  it('reads flags after a question mark in the hash, with or without the #', () => {
    expect(parsePageFlags('', { inFrame: false, hash: '#pub:_abc?sandbox=1' }).layout).toBe('sandbox');
    expect(parsePageFlags('', { inFrame: false, hash: '?skillmap=1' }).skillmap).toBe(true);
  });

  it('ignores a hash without a question mark', () => {
    expect(parsePageFlags('', { inFrame: false, hash: '#sandbox=1' })).toEqual(plain);
    expect(parsePageFlags('', { inFrame: false, hash: '' })).toEqual(plain);
  });

  it('lets the query string win over the hash for the same flag', () => {
    const flags = parsePageFlags('?editorlayout=ide', { inFrame: false, hash: '#?editorlayout=widget&inGame=1' });
    expect(flags.layout).toBe('ide');
    expect(flags.inGame).toBe(true);
  });
});

describe('spec 001 §2 mode flags, one row each', () => {
  it.each<[string, string, PageFlagsContext, Partial<PageFlags>]>([
    ['sandbox=1 gives the sandbox layout', '?sandbox=1', top, { layout: 'sandbox', editable: false }],
    ['a frame gives the sandbox layout', '', framed, { inFrame: true, layout: 'sandbox', editable: false }],
    ['nosandbox=1 gives the widget layout', '?nosandbox=1', top, { layout: 'widget' }],
    [
      'controller=0 in a frame gives controller mode',
      '?controller=0',
      framed,
      {
        inFrame: true,
        layout: 'sandbox',
        editable: false,
        controllerMode: true,
        controllerVersion: 0,
        homeScreen: false,
      },
    ],
    [
      'controller=1 in a frame gives controller mode',
      '?controller=1',
      framed,
      {
        inFrame: true,
        layout: 'sandbox',
        editable: false,
        controllerMode: true,
        controllerVersion: 1,
        homeScreen: false,
      },
    ],
    [
      'controller=2 in a frame gives controller mode',
      '?controller=2',
      framed,
      {
        inFrame: true,
        layout: 'sandbox',
        editable: false,
        controllerMode: true,
        controllerVersion: 2,
        homeScreen: false,
      },
    ],
    ['editorlayout=widget', '?editorlayout=widget', top, { layout: 'widget', layoutOverridden: true }],
    [
      'editorlayout=sandbox',
      '?editorlayout=sandbox',
      top,
      { layout: 'sandbox', layoutOverridden: true, editable: false },
    ],
    ['editorlayout=ide', '?editorlayout=ide', top, { layout: 'ide', layoutOverridden: true }],
    [
      'readonly=1 in controller mode makes the editor read-only',
      '?controller=1&readonly=1',
      framed,
      {
        inFrame: true,
        layout: 'sandbox',
        controllerMode: true,
        controllerVersion: 1,
        readOnly: true,
        editable: false,
        homeScreen: false,
      },
    ],
    ['noproject=1 hides the project', '?noproject=1', top, { hideProject: true }],
    [
      'edit=1 makes the sandbox editable',
      '?sandbox=1&edit=1',
      top,
      { layout: 'sandbox', sandboxEditable: true, editable: true },
    ],
    [
      'timeMachine=1 gives a read-only embed without home screen',
      '?timeMachine=1',
      framed,
      { inFrame: true, layout: 'sandbox', timeMachine: true, readOnly: true, editable: false, homeScreen: false },
    ],
    ['a locked editor has no home screen', '', { inFrame: false, locked: true }, { locked: true, homeScreen: false }],
  ])('%s', (_name, search, context, expected) => {
    expect(parsePageFlags(search, context)).toEqual({ ...plain, ...expected });
  });
});

describe('contradictory and out-of-place combinations', () => {
  it.each<[string, string, PageFlagsContext, Partial<PageFlags>]>([
    // Layout.
    ['sandbox=1&nosandbox=1: the opt-out wins', '?sandbox=1&nosandbox=1', top, { layout: 'widget' }],
    ['nosandbox=1 in a frame: the opt-out wins', '?nosandbox=1', framed, { layout: 'widget' }],
    ['sandbox=0 in a frame: the frame still gives sandbox', '?sandbox=0', framed, { layout: 'sandbox' }],
    ['editorlayout beats sandbox=1', '?sandbox=1&editorlayout=ide', top, { layout: 'ide', layoutOverridden: true }],
    ['editorlayout beats nosandbox=1', '?nosandbox=1&editorlayout=sandbox', top, { layout: 'sandbox' }],
    ['editorlayout beats the frame', '?editorlayout=widget', framed, { layout: 'widget', layoutOverridden: true }],
    ['editorlayout=bogus is ignored', '?editorlayout=bogus', top, { layout: 'ide', layoutOverridden: false }],
    ['editorlayout=bogus in a frame is ignored', '?editorlayout=bogus', framed, { layout: 'sandbox' }],
    ['editorlayout is case-insensitive', '?editorlayout=IDE', framed, { layout: 'ide', layoutOverridden: true }],
    // Controller.
    ['controller outside a frame is ignored', '?controller=1', top, { controllerMode: false, homeScreen: true }],
    ['controller=3 is ignored', '?controller=3', framed, { controllerMode: false, controllerVersion: null }],
    ['controller=-1 is ignored', '?controller=-1', framed, { controllerMode: false }],
    ['controller=01 is ignored', '?controller=01', framed, { controllerMode: false }],
    ['controller=true is ignored', '?controller=true', framed, { controllerMode: false }],
    ['controller= (empty) is ignored', '?controller=', framed, { controllerMode: false }],
    ['controller with spaces is read', '?controller=%202%20', framed, { controllerMode: true, controllerVersion: 2 }],
    // Read-only.
    ['readonly=1 without controller is ignored', '?readonly=1', top, { readOnly: false, editable: true }],
    ['readonly=1 in a frame without controller is ignored', '?readonly=1', framed, { readOnly: false }],
    ['readonly=1 with controller outside a frame is ignored', '?controller=1&readonly=1', top, { readOnly: false }],
    ['readonly=0 in controller mode stays editable', '?controller=1&readonly=0&edit=1', framed, { readOnly: false }],
    // Time machine.
    ['timeMachine=1 at top level is read-only', '?timeMachine=1', top, { readOnly: true, homeScreen: false }],
    ['timeMachine=1 beats edit=1', '?timeMachine=1&sandbox=1&edit=1', top, { readOnly: true, editable: false }],
    ['timeMachine=1 keeps the layout rules', '?timeMachine=1&editorlayout=widget', top, { layout: 'widget' }],
    ['timeMachine=0 is off', '?timeMachine=0', top, { timeMachine: false, readOnly: false, homeScreen: true }],
    // Edit.
    ['edit=1 outside the sandbox changes nothing', '?edit=1', top, { sandboxEditable: false, editable: true }],
    ['edit=1 in the widget layout changes nothing', '?nosandbox=1&edit=1', framed, { sandboxEditable: false }],
    ['edit=1 in a frame makes the sandbox editable', '?edit=1', framed, { sandboxEditable: true, editable: true }],
    [
      'edit=1 loses to controller read-only',
      '?controller=0&readonly=1&edit=1',
      framed,
      { readOnly: true, sandboxEditable: false, editable: false },
    ],
    ['edit=1 with controller but no readonly', '?controller=0&edit=1', framed, { sandboxEditable: true }],
    // Home screen.
    ['locked in a frame has no home screen', '', { inFrame: true, locked: true }, { homeScreen: false }],
    ['locked=false keeps the home screen', '', { inFrame: false, locked: false }, { homeScreen: true }],
    ['the sandbox keeps its home screen', '?sandbox=1', top, { homeScreen: true }],
    ['noproject=1 in a frame hides the project', '?noproject=1', framed, { hideProject: true }],
  ])('%s', (_name, search, context, expected) => {
    expect(parsePageFlags(search, context)).toMatchObject(expected);
  });
});
