import type { CloudApi } from './cloud-api.ts';

/** A value in shared storage: JSON, or plain text. */
export type SharedValue =
  { readonly type: 'json'; readonly val: unknown } | { readonly type: 'text'; readonly val: string };

/** Spec 001 §8: a GET answered 204 (nothing stored under that key). */
export class SharedStoreMissingError extends Error {
  override name = 'SharedStoreMissingError';
  constructor(
    readonly area: string,
    readonly key: string,
  ) {
    super(`Missing ${key} not available in ${area}`);
  }
}

const NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const KEY = /^[A-Za-z0-9_.:-]{1,200}$/;

/**
 * Spec 001 §7 shared storage (local development: the server's `/api/store/{area}/{key}`, also on
 * port 3232 when started for development): GET (204 = missing), POST `{ type, val }`, DELETE.
 * Names are checked here as the server checks them, so a bad one fails before any request.
 */
export class SharedStoreClient {
  constructor(private readonly api: CloudApi) {}

  async get(area: string, key: string): Promise<SharedValue> {
    const response = await this.api.send('GET', this.path(area, key));
    if (response.status === 204) throw new SharedStoreMissingError(area, key);
    const json = (response.headers['content-type'] ?? '').includes('json');
    if (!json) return { type: 'text', val: response.text };
    try {
      return { type: 'json', val: JSON.parse(response.text) as unknown };
    } catch {
      return { type: 'text', val: response.text };
    }
  }

  async set(area: string, key: string, value: SharedValue): Promise<void> {
    await this.api.send('POST', this.path(area, key), value);
  }

  async delete(area: string, key: string): Promise<void> {
    await this.api.send('DELETE', this.path(area, key));
  }

  private path(area: string, key: string): string {
    checkSharedStoreName(area, key);
    return `/api/store/${area}/${key}`;
  }
}

/** Throws a plain error for an area or key the server would refuse. */
export function checkSharedStoreName(area: string, key: string): void {
  if (!NAME.test(area)) throw new Error(`"${area.slice(0, 64)}" is not a shared storage area.`);
  if (!KEY.test(key)) throw new Error(`"${key.slice(0, 64)}" is not a shared storage key.`);
}
