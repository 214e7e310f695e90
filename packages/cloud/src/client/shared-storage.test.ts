import { describe, expect, it } from 'vitest';
import { CloudApi } from './cloud-api.ts';
import { SharedStoreClient, SharedStoreMissingError } from './shared-store-client.ts';
import { SharedStorage } from './shared-storage.ts';
import { TestHttp, type Reply } from './test-http.ts';

/** A dev server keeping values by URL; `up` pulls its plug, `refuse` makes it answer 500. */
function devServer() {
  const values = new Map<string, string>();
  const state = { up: true, refuse: false };
  const http = new TestHttp((request): Reply => {
    if (!state.up) throw new TypeError('Failed to fetch');
    if (state.refuse) return { status: 500, body: { message: 'The server had a problem.' } };
    if (request.method === 'POST') {
      const body = JSON.parse(String(request.body)) as { val: unknown };
      values.set(request.url, JSON.stringify(body.val));
      return { status: 200, body: { stored: true } };
    }
    if (request.method === 'DELETE') {
      values.delete(request.url);
      return { status: 200, body: { deleted: true } };
    }
    const value = values.get(request.url);
    return value === undefined
      ? { status: 204 }
      : { status: 200, body: value, headers: { 'content-type': 'application/json' } };
  });
  const connect = (url: string) =>
    new SharedStoreClient(
      new CloudApi({ http, baseUrl: url, target: 'microbit', token: () => null, onUnauthorized: () => undefined }),
    );
  return { values, state, http, connect };
}

describe('SharedStorage', () => {
  it('uses the dev server the client config names', async () => {
    const server = devServer();
    const storage = new SharedStorage(server.connect);
    storage.useServer('http://localhost:3232');
    await storage.set('skillmap', 'progress', { type: 'json', val: { done: 2 } });
    expect(server.http.requests[0]?.url).toBe('http://localhost:3232/api/store/skillmap/progress');
    expect(await storage.get('skillmap', 'progress')).toEqual({ type: 'json', val: { done: 2 } });
    await storage.delete('skillmap', 'progress');
    await expect(storage.get('skillmap', 'progress')).rejects.toThrow('Missing progress not available in skillmap');
  });

  it('keeps values in memory without a dev server, with the same missing error and name checks', async () => {
    const storage = new SharedStorage(() => {
      throw new Error('no server should be made');
    });
    storage.useServer(null);
    await storage.set('notes', 'a', { type: 'text', val: 'hi' });
    expect(await storage.get('notes', 'a')).toEqual({ type: 'text', val: 'hi' });
    const missing = await storage.get('notes', 'b').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(SharedStoreMissingError);
    expect((missing as Error).message).toBe('Missing b not available in notes');
    await storage.delete('notes', 'a');
    await expect(storage.get('notes', 'a')).rejects.toBeInstanceOf(SharedStoreMissingError);
    await expect(storage.set('no/slash', 'a', { type: 'text', val: '' })).rejects.toThrow(
      'is not a shared storage area',
    );
  });

  it('falls back to memory (logged once) when the dev server stops answering, not when it refuses', async () => {
    const server = devServer();
    const log: string[] = [];
    const storage = new SharedStorage(server.connect, (message) => log.push(message));
    storage.useServer('http://localhost:3232');
    server.state.refuse = true;
    await expect(storage.set('a', 'k', { type: 'text', val: 'x' })).rejects.toThrow('Bad HTTP status code: 500');
    expect(storage.usingServer).toBe(true);
    server.state.refuse = false;
    server.state.up = false;
    await storage.set('a', 'k', { type: 'json', val: [1] });
    expect(storage.usingServer).toBe(false);
    expect(log).toHaveLength(1);
    expect(await storage.get('a', 'k')).toEqual({ type: 'json', val: [1] });
    const requests = server.http.requests.length;
    await storage.get('a', 'k');
    expect(server.http.requests).toHaveLength(requests); // not asked again
  });
});
