import { describe, expect, it } from 'vitest';
import { FetchFirmwareLoader } from './fetch-firmware-loader.ts';

const NAME = `${'a'.repeat(64)}.hex`;
const BASE = 'https://blockyard.test/firmware/';

/** A Cache Storage with one cache, in memory. */
function memoryCaches(): CacheStorage & { store: Map<string, Response> } {
  const store = new Map<string, Response>();
  const cache = {
    match: (url: string) => Promise.resolve(store.get(url)?.clone()),
    put: (url: string, response: Response) => {
      store.set(url, response);
      return Promise.resolve();
    },
  };
  return { store, open: () => Promise.resolve(cache) } as unknown as CacheStorage & { store: Map<string, Response> };
}

describe('FetchFirmwareLoader', () => {
  it('fetches from its folder once, then answers from the cache (offline too)', async () => {
    const urls: string[] = [];
    let online = true;
    const fetchImpl = ((url: string) => {
      urls.push(url);
      return online ? Promise.resolve(new Response(':00000001FF\n')) : Promise.reject(new TypeError('offline'));
    }) as typeof fetch;
    const caches = memoryCaches();
    const loader = new FetchFirmwareLoader({ baseUrl: BASE, fetch: fetchImpl, caches });
    expect(new TextDecoder().decode(await loader.load(NAME))).toBe(':00000001FF\n');
    online = false;
    expect(new TextDecoder().decode(await loader.load(NAME))).toBe(':00000001FF\n');
    expect(urls).toEqual([BASE + NAME]);
  });

  it('says plainly when the download fails, and keeps nothing', async () => {
    const caches = memoryCaches();
    const offline = new FetchFirmwareLoader({ baseUrl: BASE, fetch: () => Promise.reject(new TypeError('x')), caches });
    await expect(offline.load(NAME)).rejects.toThrow(/could not be downloaded; check the connection/);
    const missing = new FetchFirmwareLoader({
      baseUrl: BASE,
      fetch: () => Promise.resolve(new Response('', { status: 404 })),
      caches,
    });
    await expect(missing.load(NAME)).rejects.toThrow(/status 404/);
    expect(caches.store.size).toBe(0);
  });

  it('refuses names that are not image names', async () => {
    const loader = new FetchFirmwareLoader({
      baseUrl: BASE,
      fetch: () => Promise.reject(new Error('no')),
      caches: null,
    });
    await expect(loader.load('../secret.hex')).rejects.toThrow(/not a firmware image name/);
  });

  it('prefetches what is missing and works without Cache Storage', async () => {
    const urls: string[] = [];
    const fetchImpl = ((url: string) => {
      urls.push(url);
      return Promise.resolve(new Response('x'));
    }) as typeof fetch;
    const caches = memoryCaches();
    const loader = new FetchFirmwareLoader({ baseUrl: BASE, fetch: fetchImpl, caches });
    await loader.prefetch([NAME, NAME]);
    expect(urls).toEqual([BASE + NAME]);
    const uncached = new FetchFirmwareLoader({ baseUrl: BASE, fetch: fetchImpl, caches: null });
    await uncached.prefetch([NAME]);
    expect((await uncached.load(NAME)).length).toBe(1);
  });
});
