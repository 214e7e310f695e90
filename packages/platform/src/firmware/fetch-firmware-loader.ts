/**
 * Loads the device firmware images (pxt-microbit's hexcache, copied next to the web app at build
 * time as `firmware/<template hash>.hex`) from the app's own origin, cache first: a fetched image
 * is kept in Cache Storage, so a Download works offline once the images have been fetched (see
 * `prefetch`, which the editor can call when idle). Satisfies @blockyard/native's FirmwareLoader.
 */
export interface FetchFirmwareLoaderOptions {
  /** The folder URL the images are served from, ending in '/' (e.g. `new URL('firmware/', location.href)`). */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Cache Storage, or null where it is unavailable (then every load fetches). */
  caches?: CacheStorage | null;
  cacheName?: string;
}

const FILE_NAME = /^[0-9a-f]{64}\.hex$/;
const FIRMWARE_CACHE_NAME = 'blockyard-firmware-v1';

export class FetchFirmwareLoader {
  private readonly fetchImpl: typeof fetch;
  private readonly caches: CacheStorage | null;
  private readonly cacheName: string;

  constructor(private readonly options: FetchFirmwareLoaderOptions) {
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.caches = options.caches === undefined ? (typeof caches === 'undefined' ? null : caches) : options.caches;
    this.cacheName = options.cacheName ?? FIRMWARE_CACHE_NAME;
  }

  private url(fileName: string): string {
    if (!FILE_NAME.test(fileName)) throw new Error(`not a firmware image name: ${fileName}`);
    return new URL(fileName, this.options.baseUrl).href;
  }

  async load(fileName: string): Promise<Uint8Array> {
    const url = this.url(fileName);
    const cache = await this.openCache();
    const cached = await cache?.match(url);
    if (cached) return new Uint8Array(await cached.arrayBuffer());
    let response: Response;
    try {
      response = await this.fetchImpl(url);
    } catch {
      throw new Error('the firmware could not be downloaded; check the connection and try again');
    }
    if (!response.ok) throw new Error(`the firmware could not be downloaded (status ${response.status})`);
    const bytes = new Uint8Array(await response.clone().arrayBuffer());
    // A full cache must not stop this Download; the next one fetches again.
    await cache?.put(url, response).catch(() => undefined);
    return bytes;
  }

  /** Fetches every image not yet cached, so later Downloads work offline. Failures are ignored. */
  async prefetch(fileNames: readonly string[]): Promise<void> {
    const cache = await this.openCache();
    if (!cache) return;
    for (const name of fileNames) {
      if (await cache.match(this.url(name))) continue;
      await this.load(name).catch(() => undefined);
    }
  }

  private async openCache(): Promise<Cache | null> {
    if (!this.caches) return null;
    try {
      return await this.caches.open(this.cacheName);
    } catch {
      return null;
    }
  }
}
