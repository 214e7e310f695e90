import { CloudApi, ContentClient, SharedStorage, type protocol } from '@blockyard/cloud';
import { ManualClock, MemoryContentCacheStore, type HttpRequest } from '@blockyard/core';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServicesProvider } from '../app/services-context.tsx';
import type { Services } from '../app/services.ts';
import { ServerContent } from '../cloud/server-content.ts';
import { createI18n } from '../i18n/i18n.ts';
import { useDocsMarkdown } from './use-docs-markdown.ts';

// The built-in guides, without building the real ones (and their search index) for this test.
vi.mock('./docs-source.ts', () => ({
  docsMarkdown: (address: string) => (address === '/docs/known' ? '# Built in' : undefined),
  docsServerPath: (address: string) => address.replace(/^\/docs\//, ''),
}));

afterEach(() => cleanup());

const CONFIG = { sharedStoreUrl: null } as unknown as protocol.ClientConfig;

/** A server answering `md/microbit/{path}` from `pages` (a number: that status), or no network. */
function setup(pages: Record<string, string | number>, network = { up: true, browserOnline: true }) {
  const requests: HttpRequest[] = [];
  const api = new CloudApi({
    http: {
      request(request) {
        requests.push(request);
        if (!network.up) return Promise.reject(new TypeError('Failed to fetch'));
        const page = pages[request.url.replace('/api/md/microbit/', '')];
        const status = typeof page === 'number' ? page : page === undefined ? 404 : 200;
        const text = typeof page === 'string' ? page : JSON.stringify({ message: 'No.' });
        return Promise.resolve({ status, headers: { etag: '"e"' }, text: () => Promise.resolve(text) });
      },
    },
    baseUrl: '',
    target: 'microbit',
    token: () => null,
    onUnauthorized: () => undefined,
  });
  const clock = new ManualClock(0);
  const content = new ServerContent({
    content: new ContentClient({ api, cache: new MemoryContentCacheStore(), clock, target: 'microbit' }),
    sharedStorage: new SharedStorage(
      () => {
        throw new Error('no dev server here');
      },
      { clock },
    ),
    online: () => network.browserOnline,
  });
  return { content, requests, clock };
}

async function render(content: ServerContent, address: string) {
  const i18n = await createI18n('en');
  const services = { content, i18n } as unknown as Services;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ServicesProvider services={services}>{children}</ServicesProvider>
  );
  const view = renderHook(() => useDocsMarkdown(address), { wrapper });
  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return { view, settle };
}

describe('useDocsMarkdown', () => {
  it('shows the built-in copy, then the server’s once the client config says there is one', async () => {
    const { content, requests } = setup({ known: '# From the server' });
    const { view, settle } = await render(content, '/docs/known');
    expect(view.result.current).toEqual({ markdown: '# Built in', notice: null, loading: false });
    expect(requests).toHaveLength(0); // no server known yet
    act(() => content.connect(CONFIG));
    await settle();
    expect(requests[0]?.url).toBe('/api/md/microbit/known');
    expect(view.result.current).toEqual({ markdown: '# From the server', notice: null, loading: false });
  });

  it('asks the server for a page the app has no copy of (loading meanwhile)', async () => {
    const { content } = setup({ 'new-page': '# Only online' });
    content.connect(CONFIG);
    const { view, settle } = await render(content, '/docs/new-page');
    expect(view.result.current.loading).toBe(true);
    await settle();
    expect(view.result.current.markdown).toBe('# Only online');
  });

  it('keeps the built-in copy and says why, in plain words, when the server refuses', async () => {
    const { content } = setup({ known: 500 });
    content.connect(CONFIG);
    const { view, settle } = await render(content, '/docs/known');
    await settle();
    expect(view.result.current.markdown).toBe('# Built in');
    expect(view.result.current.notice).toBe(
      'We could not load the newest version of this guide, so this is the copy that came with Blockyard. ' +
        'The Blockyard server had a problem. Try again in a little while.',
    );
    expect(view.result.current.notice).not.toContain('Bad HTTP status code');
  });

  it('offline: the built-in copy, quietly, and nothing asked while the browser says offline', async () => {
    const network = { up: false, browserOnline: false };
    const { content, requests, clock } = setup({ known: '# From the server' }, network);
    content.connect(CONFIG);
    const { view, settle } = await render(content, '/docs/known');
    await settle();
    expect(requests).toHaveLength(0);
    expect(view.result.current).toEqual({ markdown: '# Built in', notice: null, loading: false });
    // The browser thinks it is online but nothing answers: after 1 s, still the built-in copy.
    network.browserOnline = true;
    const second = await render(content, '/docs/known');
    await second.settle();
    await act(async () => {
      clock.advance(1000);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(requests).toHaveLength(1);
    expect(second.view.result.current).toEqual({ markdown: '# Built in', notice: null, loading: false });
  });
});
