// The composition root follows the page flags: where settings and projects live, how downloads
// leave (nosharedlocalstorage, download*; the layout flags are editor-chrome.test.ts's).

import { parsePageFlags } from '@blockyard/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserServices } from './composition-root.ts';

const flags = (search: string) => parsePageFlags(search, { inFrame: false });

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('createBrowserServices', () => {
  it('keeps settings in local storage, shared by the browser’s Blockyard pages', async () => {
    const services = await createBrowserServices(flags(''));
    services.settingsStore.set('theme', 'high-contrast');
    expect(localStorage.getItem('blockyard:theme')).toBe('high-contrast');
    expect(sessionStorage.length).toBe(0);
  });

  it('nosharedlocalstorage: settings in this tab’s own storage, projects in this page only', async () => {
    const channels = vi.spyOn(globalThis, 'BroadcastChannel');
    const services = await createBrowserServices(flags('?nosharedlocalstorage'));
    services.settingsStore.set('theme', 'high-contrast');
    expect(sessionStorage.getItem('blockyard:theme')).toBe('high-contrast');
    expect(localStorage.length).toBe(0);

    await services.projects.ready;
    expect(services.projects.health.getState().database).toBe('page-only');
    const made = await services.projects.store.create({ name: 'Mine', files: { 'main.ts': '' } });
    expect((await services.projects.store.get(made.id)).name).toBe('Mine');
    // Nothing reached the browser's storage, and no other tab was told.
    expect(localStorage.length).toBe(0);
    expect(channels).not.toHaveBeenCalled();
  });

  it('hands the page flags to the downloads and to every screen', async () => {
    const given = flags('?downloadProtocol=blockyard-app&sandbox=1');
    const services = await createBrowserServices(given);
    expect(services.flags).toBe(given);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    services.downloads.save({ fileName: 'a.txt', data: 'hi', mimeType: 'text/plain' });
    expect(clicked).toEqual(['blockyard-app:text/plain;base64,aGk=']);
  });
});
