import { CloudHttpError } from './cloud-api.ts';
import {
  checkSharedStoreName,
  SharedStoreMissingError,
  type SharedStoreClient,
  type SharedValue,
} from './shared-store-client.ts';

/**
 * Spec 001 §7 shared storage as the app uses it: the local development server when one is
 * announced (clientconfig's `sharedStoreUrl`) and answering, otherwise values kept in memory for
 * this page. A server that stops answering (no HTTP answer at all) is dropped for the memory
 * store, with one log line; its HTTP errors (a refusal, a value too big) are the caller's.
 */
export class SharedStorage {
  private client: SharedStoreClient | null = null;
  private readonly memory = new Map<string, SharedValue>();

  constructor(
    private readonly connect: (url: string) => SharedStoreClient,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  /** The dev server's address from the client config, or null for memory only. */
  useServer(url: string | null): void {
    this.client = url ? this.connect(url) : null;
  }

  /** True while values go to the dev server. */
  get usingServer(): boolean {
    return this.client !== null;
  }

  async get(area: string, key: string): Promise<SharedValue> {
    const value = await this.viaServer((client) => client.get(area, key));
    if (value !== NO_SERVER) return value;
    checkSharedStoreName(area, key);
    const kept = this.memory.get(memoryKey(area, key));
    if (!kept) throw new SharedStoreMissingError(area, key);
    return copy(kept);
  }

  async set(area: string, key: string, value: SharedValue): Promise<void> {
    if ((await this.viaServer((client) => client.set(area, key, value))) !== NO_SERVER) return;
    checkSharedStoreName(area, key);
    this.memory.set(memoryKey(area, key), copy(value));
  }

  async delete(area: string, key: string): Promise<void> {
    if ((await this.viaServer((client) => client.delete(area, key))) !== NO_SERVER) return;
    checkSharedStoreName(area, key);
    this.memory.delete(memoryKey(area, key));
  }

  private async viaServer<T>(call: (client: SharedStoreClient) => Promise<T>): Promise<T | typeof NO_SERVER> {
    const client = this.client;
    if (!client) return NO_SERVER;
    try {
      return await call(client);
    } catch (error) {
      // Only no answer at all (fetch's TypeError) means the server is gone.
      if (error instanceof CloudHttpError ? error.status !== 0 : !(error instanceof TypeError)) throw error;
      if (this.client === client) {
        this.client = null;
        this.log(`The shared storage server did not answer; values are kept in this page from now on.`);
      }
      return NO_SERVER;
    }
  }
}

const NO_SERVER = Symbol('no server');

function memoryKey(area: string, key: string): string {
  return `${area}/${key}`;
}

/** Kept and handed out as the server would: a JSON copy, so callers never share an object. */
function copy(value: SharedValue): SharedValue {
  return value.type === 'json'
    ? { type: 'json', val: JSON.parse(JSON.stringify(value.val ?? null)) as unknown }
    : value;
}
