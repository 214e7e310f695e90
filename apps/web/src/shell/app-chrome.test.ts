import { parsePageFlags } from '../app/page-flags.ts';
import { describe, expect, it } from 'vitest';
import { showsAppChrome } from './app-chrome.ts';

const chrome = (search: string, inFrame = false) => showsAppChrome(parsePageFlags(search, { inFrame }));

describe('showsAppChrome', () => {
  it('shows the header on a page of its own', () => {
    expect(chrome('')).toBe(true);
    expect(chrome('?lang=fr')).toBe(true);
  });

  it('shows none in any embed mode', () => {
    expect(chrome('?sandbox=1')).toBe(false);
    expect(chrome('', true)).toBe(false); // any frame is the sandbox layout
    expect(chrome('?controller=1', true)).toBe(false);
    expect(chrome('?controller=2&readonly=1', true)).toBe(false);
    expect(chrome('?nosandbox=1')).toBe(false);
    expect(chrome('?timeMachine=1')).toBe(false);
    expect(chrome('?editorlayout=widget')).toBe(false);
  });
});
