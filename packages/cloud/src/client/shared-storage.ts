import type { Clock } from '@blockyard/core';
import { CloudHttpError } from './cloud-api.ts';
import {
  checkSharedStoreName,
  SharedStoreMissingError,
  type SharedStoreClient,
  type SharedValue,
} from './shared-store-client.ts';

/** The first wait before a server that stopped answering is tried again (spec 000 §8: 1 s). */
const SHARED_STORE_RETRY_FIRST_MS = 1000;
/** The longest wait between tries: a dev server restarted a minute ago is found again. */
export const SHARED_STORE_RETRY_MAX_MS = 60_000;

export interface SharedStorageOptions {
  /** Times the waits before a silent server is tried again. */
  readonly clock: Pick<Clock, 'now'>;
  readonly log?: (message: string) => void;
}

/**
 * Spec 001 §7 shared storage as the app uses it: the local development server when one is
 * announced (clientconfig's `sharedStoreUrl`) and answering, otherwise values kept in memory for
 * this page. A server that stops answering (no HTTP answer at all) is left for the memory store,
 * with one log line, and tried again by the first call after a wait that doubles from 1 s to at
 * most 60 s while it stays silent. When it answers again, what this page wrote or deleted
 * meanwhile is written to it first (so nothing is lost), then it is used as before. Its HTTP
 * errors (a refusal, a value too big) are the caller's.
 */
export class SharedStorage {
  private url: string | null = null;
  private client: SharedStoreClient | null = null;
  /** While the server is silent: when to try it again, and the wait after that. */
  private retryAt = 0;
  private retryMs = SHARED_STORE_RETRY_FIRST_MS;
  /** Values of this page, and (null) deletions, not yet on the server. */
  private readonly memory = new Map<string, SharedValue | null>();
  /** The server is being tried again with nothing to replay: the next call is the probe. */
  private probing = false;
  /** The one replay under way: concurrent calls wait for it instead of replaying twice. */
  private replay: Promise<boolean> | null = null;

  private readonly log: (message: string) => void;
  private readonly clock: Pick<Clock, 'now'>;

  constructor(
    private readonly connect: (url: string) => SharedStoreClient,
    options: SharedStorageOptions,
  ) {
    this.log = options.log ?? (() => undefined);
    this.clock = options.clock;
  }

  /** The dev server's address from the client config, or null for memory only. */
  useServer(url: string | null): void {
    this.url = url;
    this.client = url ? this.connect(url) : null;
    this.retryMs = SHARED_STORE_RETRY_FIRST_MS;
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
    // Remembered as a deletion only when a server may come back to hear of it.
    if (this.url) this.memory.set(memoryKey(area, key), null);
    else this.memory.delete(memoryKey(area, key));
  }

  private async viaServer<T>(call: (client: SharedStoreClient) => Promise<T>): Promise<T | typeof NO_SERVER> {
    if (!this.client) {
      this.replay ??= this.tryServerAgain().finally(() => (this.replay = null));
      if (!(await this.replay)) return NO_SERVER;
    }
    const client = this.client;
    if (!client) return NO_SERVER;
    try {
      const result = await call(client);
      if (this.client === client) this.answered();
      return result;
    } catch (error) {
      if (!isNoAnswer(error)) {
        if (this.client === client) this.answered();
        throw error;
      }
      if (this.client === client) {
        this.client = null;
        if (this.probing) {
          // Still silent: wait longer, and say nothing new.
          this.probing = false;
          this.retryMs = Math.min(this.retryMs * 2, SHARED_STORE_RETRY_MAX_MS);
        } else {
          this.retryMs = SHARED_STORE_RETRY_FIRST_MS;
          this.log(`The shared storage server did not answer; values are kept in this page until it does.`);
        }
        this.retryAt = this.clock.now() + this.retryMs;
      }
      return NO_SERVER;
    }
  }

  /** The server answered (a value or a refusal): a probe succeeded. */
  private answered(): void {
    if (!this.probing) return;
    this.probing = false;
    this.retryMs = SHARED_STORE_RETRY_FIRST_MS;
    this.log(`The shared storage server answers again; values go to it from now on.`);
  }

  /** Once the wait is over, writes this page's values to the server; true when it answered. */
  private async tryServerAgain(): Promise<boolean> {
    const url = this.url;
    if (!url || this.clock.now() < this.retryAt) return false;
    const client = this.connect(url);
    let heard = false;
    for (const [name, value] of [...this.memory]) {
      const [area, key] = splitMemoryKey(name);
      try {
        if (value) await client.set(area, key, value);
        else await client.delete(area, key);
        heard = true;
      } catch (error) {
        if (isNoAnswer(error)) {
          this.retryMs = Math.min(this.retryMs * 2, SHARED_STORE_RETRY_MAX_MS);
          this.retryAt = this.clock.now() + this.retryMs;
          return false;
        }
        // It answers, but refuses this one (too big, say): the server's answer stands.
        heard = true;
        this.log(`The shared storage server refused ${name}, kept while it was away.`);
      }
      // A newer value set meanwhile is not this one: it waits for its own turn.
      if (this.memory.get(name) === value) this.memory.delete(name);
    }
    if (this.url !== url) return false; // the client config changed meanwhile
    this.client = client;
    if (heard) {
      this.retryMs = SHARED_STORE_RETRY_FIRST_MS;
      this.log(`The shared storage server answers again; values go to it from now on.`);
    } else this.probing = true;
    return true;
  }
}

const NO_SERVER = Symbol('no server');

/** Only no answer at all (fetch's TypeError, or status 0) means the server is gone. */
function isNoAnswer(error: unknown): boolean {
  return error instanceof CloudHttpError ? error.status === 0 : error instanceof TypeError;
}

function memoryKey(area: string, key: string): string {
  return `${area}/${key}`;
}

function splitMemoryKey(name: string): [string, string] {
  const at = name.indexOf('/');
  return [name.slice(0, at), name.slice(at + 1)];
}

/** Kept and handed out as the server would: a JSON copy, so callers never share an object. */
function copy(value: SharedValue): SharedValue {
  return value.type === 'json'
    ? { type: 'json', val: JSON.parse(JSON.stringify(value.val ?? null)) as unknown }
    : value;
}
