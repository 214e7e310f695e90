import { ManualClock, MemoryContentCacheStore } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { CloudOfflineError, ContentClient, OFFLINE_REJECT_MS, TRANSLATION_REFRESH_MS } from './content-client.ts';
import { SharedStoreClient, SharedStoreMissingError } from './shared-store-client.ts';
import { TestHttp, testApi, type Reply } from './test-http.ts';

function setup(handler: (url: string, headers: Record<string, string>) => Reply) {
  const http = new TestHttp((request) => handler(request.url, request.headers ?? {}));
  const api = testApi(http);
  const clock = new ManualClock(5000);
  const store = new MemoryContentCacheStore();
  return { http, api, clock, store, content: new ContentClient({ api, cache: store, clock, target: 'microbit' }) };
}

describe('ContentClient', () => {
  it('asks for approved translations, keeps them with their etag, and a 304 reuses them', async () => {
    let version = 1;
    const { http, content, store, clock } = setup((url, headers) => {
      const etag = `"v${version}"`;
      if (headers['if-none-match'] === etag) return { status: 304 };
      return { status: 200, body: { menu: { open: `Ouvrir ${version}` } }, headers: { ETag: etag } };
    });
    expect(await content.translations('fr', 'translation.json')).toEqual({ menu: { open: 'Ouvrir 1' } });
    expect(http.requests[0]?.url).toBe('/api/translations?lang=fr&filename=translation.json&approved=true');
    expect(await store.get('fr|translation.json|master')).toMatchObject({ etag: '"v1"' });
    // Younger than 300 s: used as it is, nothing asked.
    clock.advance(TRANSLATION_REFRESH_MS - 1);
    expect(await content.translations('fr', 'translation.json')).toEqual({ menu: { open: 'Ouvrir 1' } });
    expect(http.requests).toHaveLength(1);
    clock.advance(1);
    expect(await content.translations('fr', 'translation.json')).toEqual({ menu: { open: 'Ouvrir 1' } });
    expect(http.requests[1]?.headers?.['if-none-match']).toBe('"v1"');
    // The 304 made the kept copy fresh again.
    clock.advance(TRANSLATION_REFRESH_MS - 1);
    await content.translations('fr', 'translation.json');
    expect(http.requests).toHaveLength(2);
    clock.advance(1);
    version = 2;
    expect(await content.translations('fr', 'translation.json')).toEqual({ menu: { open: 'Ouvrir 2' } });
  });

  it('reads docs markdown with its etag, and uses the kept copy without a network', async () => {
    let online = true;
    const { http, content } = setup((url) => {
      if (!online) throw new TypeError('Failed to fetch');
      return { status: 200, body: `# Page at ${url}`, headers: { etag: '"p"' } };
    });
    expect(await content.markdown('reference/basic/show-number')).toBe(
      '# Page at /api/md/microbit/reference/basic/show-number',
    );
    online = false;
    expect(await content.markdown('/reference/basic/show-number')).toBe(
      '# Page at /api/md/microbit/reference/basic/show-number',
    );
    expect(http.requests).toHaveLength(2);
  });

  it("fails with 'Cannot access … while offline' after 1 s when nothing is kept", async () => {
    const { content, clock } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    let outcome: unknown = 'pending';
    const call = content.markdown('guides/first').then(
      () => 'resolved',
      (error: unknown) => error,
    );
    void call.then((value) => (outcome = value));
    // The cache is asynchronous: let the call reach its wait.
    for (let i = 0; i < 100 && clock.nextDue() === null; i++) await Promise.resolve();
    expect(outcome).toBe('pending');
    expect(clock.nextDue()).toBe(clock.now() + OFFLINE_REJECT_MS);
    clock.advance(OFFLINE_REJECT_MS - 1);
    await Promise.resolve();
    expect(outcome).toBe('pending');
    clock.advance(1);
    const error = await call;
    expect(error).toBeInstanceOf(CloudOfflineError);
    expect((error as Error).message).toBe('Cannot access /api/md/microbit/guides/first while offline');
  });

  it("reports the server's refusal in the spec's words, and never keeps a bad answer", async () => {
    const { content, store } = setup(() => ({ status: 404, body: { message: 'There is no such page.' } }));
    await expect(content.markdown('nope')).rejects.toThrow(
      'Bad HTTP status code: 404 at /api/md/microbit/nope; message: There is no such page.',
    );
    const { content: other } = setup(() => ({ status: 200, body: '[1, 2]', headers: { etag: '"x"' } }));
    await expect(other.translations('de', 'translation.json')).rejects.toThrow('not a JSON object');
    expect(await store.get('md|microbit|nope')).toBeUndefined();
  });
});

describe('SharedStoreClient', () => {
  it("gets, sets and deletes; a 204 is 'Missing {key} not available in {area}'", async () => {
    const values = new Map<string, { type: string; val: unknown }>();
    const http = new TestHttp((request): Reply => {
      const path = request.url;
      if (request.method === 'POST') {
        values.set(path, JSON.parse(String(request.body)) as { type: string; val: unknown });
        return { status: 200, body: { stored: true } };
      }
      if (request.method === 'DELETE') {
        values.delete(path);
        return { status: 200, body: { deleted: true } };
      }
      const value = values.get(path);
      if (!value) return { status: 204 };
      return value.type === 'json'
        ? { status: 200, body: value.val, headers: { 'Content-Type': 'application/json; charset=utf-8' } }
        : { status: 200, body: String(value.val), headers: { 'content-type': 'text/plain' } };
    });
    const store = new SharedStoreClient(testApi(http));
    await store.set('scores', 'best', { type: 'json', val: { points: 9 } });
    expect(await store.get('scores', 'best')).toEqual({ type: 'json', val: { points: 9 } });
    await store.set('notes', 'hello', { type: 'text', val: 'hi there' });
    expect(await store.get('notes', 'hello')).toEqual({ type: 'text', val: 'hi there' });
    await store.delete('scores', 'best');
    const missing = await store.get('scores', 'best').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(SharedStoreMissingError);
    expect((missing as Error).message).toBe('Missing best not available in scores');
    await expect(store.get('../x', 'k')).rejects.toThrow('is not a shared storage area');
    expect(http.requests.some((r) => r.url.includes('..'))).toBe(false);
  });
});
