// The composition root follows the page flags: where settings and projects live, how downloads
// leave (nosharedlocalstorage, download*; the layout flags are editor-chrome.test.ts's).

import { parsePageFlags } from './page-flags.ts';
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

  it('reads the client config at start: live translations, docs from the server, the shared storage', async () => {
    const asked: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      asked.push(url);
      const json = (body: unknown, headers: Record<string, string> = {}) =>
        Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers }));
      if (url === '/api/clientconfig') {
        return json({
          primaryCdnUrl: 'http://localhost:3000',
          authEnabled: false,
          identityProviders: [],
          sharedStoreUrl: 'http://localhost:3232',
          limits: {},
        });
      }
      if (url.startsWith('/api/translations?lang=en&filename=translation.json&approved=true')) {
        return json({ home: { intro: 'Corrected on the server' } }, { etag: '"t1"' });
      }
      return Promise.resolve(new Response('', { status: 404 }));
    });
    const services = await createBrowserServices(flags(''));
    expect(services.content?.getPresence()).toBe('unknown');
    await services.account?.start();
    expect(services.content?.getPresence()).toBe('server');
    expect(services.content?.sharedStorage.usingServer).toBe(true);
    await vi.waitFor(() => expect(services.i18n.t('home.intro')).toBe('Corrected on the server'));
    // Cached in IndexedDB (content-cache.test.ts), never in localStorage beside the drafts.
    expect(Object.keys(localStorage).filter((key) => key.includes('content.'))).toEqual([]);
    expect(asked).toContain('/api/clientconfig');
  });

  it('with no server behind the page: the built-in copies and the shared storage in memory', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const services = await createBrowserServices(flags(''));
    await services.account?.start();
    expect(services.content?.getPresence()).toBe('none');
    expect(services.content?.canFetchPages()).toBe(false);
    expect(services.content?.sharedStorage.usingServer).toBe(false);
    await services.content?.sharedStorage.set('notes', 'a', { type: 'text', val: 'kept here' });
    expect(await services.content?.sharedStorage.get('notes', 'a')).toEqual({ type: 'text', val: 'kept here' });
    expect(services.i18n.t('home.intro')).not.toBe('Corrected on the server');
  });
});
