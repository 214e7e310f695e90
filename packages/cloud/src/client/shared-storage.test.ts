import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { SharedStoreClient, SharedStoreMissingError } from './shared-store-client.ts';
import { SHARED_STORE_RETRY_MAX_MS, SharedStorage } from './shared-storage.ts';
import { TestHttp, testApi, type Reply } from './test-http.ts';

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
  const connect = (url: string) => new SharedStoreClient(testApi(http, { baseUrl: url }));
  return { values, state, http, connect };
}

describe('SharedStorage', () => {
  it('uses the dev server the client config names', async () => {
    const server = devServer();
    const storage = new SharedStorage(server.connect, { clock: new ManualClock(0) });
    storage.useServer('http://localhost:3232');
    await storage.set('skillmap', 'progress', { type: 'json', val: { done: 2 } });
    expect(server.http.requests[0]?.url).toBe('http://localhost:3232/api/store/skillmap/progress');
    expect(await storage.get('skillmap', 'progress')).toEqual({ type: 'json', val: { done: 2 } });
    await storage.delete('skillmap', 'progress');
    await expect(storage.get('skillmap', 'progress')).rejects.toThrow('Missing progress not available in skillmap');
  });

  it('keeps values in memory without a dev server, with the same missing error and name checks', async () => {
    const storage = new SharedStorage(
      () => {
        throw new Error('no server should be made');
      },
      { clock: new ManualClock(0) },
    );
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
    const storage = new SharedStorage(server.connect, {
      clock: new ManualClock(0),
      log: (message) => log.push(message),
    });
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
    expect(server.http.requests).toHaveLength(requests); // not asked again before the 1 s wait
  });

  it('tries a silent server again after 1 s, then 2, 4 … at most 60 s apart, and uses it once it answers', async () => {
    const server = devServer();
    const clock = new ManualClock(0);
    const log: string[] = [];
    const storage = new SharedStorage(server.connect, { clock, log: (message) => log.push(message) });
    storage.useServer('http://localhost:3232');
    server.state.up = false;
    await storage.set('a', 'k', { type: 'json', val: 'kept' });
    expect(storage.usingServer).toBe(false);
    // The moments a call reaches the server while it stays silent.
    const tried: number[] = [];
    let before = server.http.requests.length;
    for (let t = 0; t <= 200_000; t += 250) {
      clock.advanceTo(t);
      expect(await storage.get('a', 'k')).toEqual({ type: 'json', val: 'kept' });
      if (server.http.requests.length > before) tried.push(t);
      before = server.http.requests.length;
    }
    expect(tried.slice(0, 7)).toEqual([1000, 3000, 7000, 15_000, 31_000, 63_000, 123_000]);
    expect(tried[7]).toBe(123_000 + SHARED_STORE_RETRY_MAX_MS);
    expect(storage.usingServer).toBe(false);
    // Back: the next call after the wait writes what the page kept, then goes to the server.
    server.state.up = true;
    clock.advanceTo(400_000);
    expect(await storage.get('a', 'k')).toEqual({ type: 'json', val: 'kept' });
    expect(storage.usingServer).toBe(true);
    expect(server.values.get('http://localhost:3232/api/store/a/k')).toBe('"kept"');
    expect(log.at(-1)).toMatch(/answers again/);
  });

  it('after it comes back, deletions made while it was away reach it too, and a new outage starts at 1 s', async () => {
    const server = devServer();
    const clock = new ManualClock(0);
    const storage = new SharedStorage(server.connect, { clock });
    storage.useServer('http://localhost:3232');
    await storage.set('a', 'gone', { type: 'text', val: 'old' });
    server.state.up = false;
    await storage.delete('a', 'gone');
    await storage.set('a', 'new', { type: 'json', val: { n: 1 } });
    server.state.up = true;
    clock.advanceTo(999);
    await expect(storage.get('a', 'gone')).rejects.toThrow('Missing gone not available in a');
    expect(storage.usingServer).toBe(false);
    clock.advanceTo(1000);
    await expect(storage.get('a', 'gone')).rejects.toThrow('Missing gone not available in a');
    expect(storage.usingServer).toBe(true);
    expect(server.values.has('http://localhost:3232/api/store/a/gone')).toBe(false);
    expect(await storage.get('a', 'new')).toEqual({ type: 'json', val: { n: 1 } });
    // Silent again: the wait starts over from 1 s.
    server.state.up = false;
    await storage.set('a', 'new', { type: 'json', val: { n: 2 } });
    expect(storage.usingServer).toBe(false);
    server.state.up = true;
    clock.advanceTo(2000);
    expect(await storage.get('a', 'new')).toEqual({ type: 'json', val: { n: 2 } });
    expect(storage.usingServer).toBe(true);
  });

  it('backs off while only reads reach a silent server, and says it is back only once it answers', async () => {
    const server = devServer();
    const clock = new ManualClock(0);
    const log: string[] = [];
    const storage = new SharedStorage(server.connect, { clock, log: (message) => log.push(message) });
    storage.useServer('http://localhost:3232');
    server.state.up = false;
    await expect(storage.get('a', 'k')).rejects.toThrow(SharedStoreMissingError);
    const tried: number[] = [];
    let before = server.http.requests.length;
    for (let t = 0; t <= 40_000; t += 250) {
      clock.advanceTo(t);
      await expect(storage.get('a', 'k')).rejects.toThrow(SharedStoreMissingError);
      if (server.http.requests.length > before) tried.push(t);
      before = server.http.requests.length;
    }
    expect(tried).toEqual([1000, 3000, 7000, 15_000, 31_000]);
    expect(log).toHaveLength(1);
    server.state.up = true;
    clock.advanceTo(100_000);
    await expect(storage.get('a', 'k')).rejects.toThrow(SharedStoreMissingError);
    expect(storage.usingServer).toBe(true);
    expect(log.at(-1)).toMatch(/answers again/);
  });

  it('a value set again while the kept one is replayed is not lost', async () => {
    const server = devServer();
    const clock = new ManualClock(0);
    const storage = new SharedStorage(server.connect, { clock });
    storage.useServer('http://localhost:3232');
    server.state.up = false;
    await storage.set('a', 'k', { type: 'json', val: 1 });
    server.state.up = true;
    clock.advanceTo(1000);
    // Two calls at once: one replay, and the newer value reaches the server after it.
    await Promise.all([storage.get('a', 'k'), storage.set('a', 'k', { type: 'json', val: 2 })]);
    expect(storage.usingServer).toBe(true);
    expect(await storage.get('a', 'k')).toEqual({ type: 'json', val: 2 });
  });
});
