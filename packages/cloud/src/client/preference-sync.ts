import type { Clock, KeyValueStore, TimerHandle } from '@blockyard/core';
import { applyPatch, createPatch, type Operation } from 'rfc6902';
import { DEFAULT_LIMITS, type PatchOperation, type UserPreferences } from '../protocol/api-types.ts';
import { defaultPreferences, pointerSegments } from '../protocol/preferences.ts';

/** Spec 000 §9: a batch goes 1 s after the last change… */
export const PREFERENCE_BATCH_DELAY_MS = 1000;
/** …and at the latest 10 s after the first change queued. */
export const PREFERENCE_FORCED_SEND_MS = 10_000;
/** A failed send is tried again after this, doubling up to PREFERENCE_RETRY_MAX_MS. */
export const PREFERENCE_RETRY_MS = 2000;
export const PREFERENCE_RETRY_MAX_MS = 60_000;

export const PREFERENCE_STORAGE_KEYS = {
  /** The preferences as applied here (also when signed out). */
  values: 'blockyard.preferences',
  /** Changes not yet accepted by the server, oldest first: they survive a reload. */
  queue: 'blockyard.preferences.queue',
  /** Top-level preferences changed here while signed out: they win over the account's at sign-in. */
  localChanges: 'blockyard.preferences.localChanges',
} as const;

export interface PreferenceSyncOptions {
  readonly clock: Clock;
  readonly store: KeyValueStore;
  /** PATCH /api/user/preferences with these operations, in order. */
  readonly send: (operations: PatchOperation[]) => Promise<void>;
  /** A failed send (spec 000 §8: reported as an identity error); it is retried. */
  readonly onError: (error: unknown) => void;
  /** The default language (spec 000 §3: the target's default locale). */
  readonly language?: string;
  /** Operations per PATCH; longer queues go in several, in order. */
  readonly maxOperations?: number;
}

/**
 * Preferences (spec 000 §3, §4, §9): every change applies here at once and is saved locally;
 * while signed in it is queued as RFC 6902 operations and sent in batches. Failed sends are
 * reported and retried, in order; the queue is kept in storage until the server accepts it.
 */
export class PreferenceSync {
  private current: UserPreferences;
  private queue: PatchOperation[];
  private localChanges: Set<string>;
  private syncing = false;
  private sending = false;
  private sendAgain = false;
  private batchTimer: TimerHandle | null = null;
  private forcedTimer: TimerHandle | null = null;
  private retryTimer: TimerHandle | null = null;
  private retryDelay = PREFERENCE_RETRY_MS;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: PreferenceSyncOptions) {
    const saved = readJson(options.store, PREFERENCE_STORAGE_KEYS.values);
    const local = typeof saved === 'object' && saved !== null && !Array.isArray(saved) ? saved : {};
    this.current = { ...defaultPreferences(options.language), ...local };
    const queued = readJson(options.store, PREFERENCE_STORAGE_KEYS.queue);
    this.queue = Array.isArray(queued) ? (queued as PatchOperation[]) : [];
    const changed = readJson(options.store, PREFERENCE_STORAGE_KEYS.localChanges);
    this.localChanges = new Set(Array.isArray(changed) ? changed.filter((key) => typeof key === 'string') : []);
  }

  get preferences(): UserPreferences {
    return this.current;
  }

  /** Operations not yet accepted by the server. */
  get pending(): number {
    return this.queue.length;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Changes the preferences: applied and saved locally at once, queued for the server when signed in. */
  update(change: (preferences: UserPreferences) => UserPreferences): void {
    const next = change(cloneJson(this.current));
    const operations = createPatch(this.current, next) as PatchOperation[];
    if (operations.length === 0) return;
    this.current = next;
    this.save();
    if (this.syncing) {
      this.queue.push(...operations);
      this.saveQueue();
      this.schedule();
    } else {
      for (const key of topLevelKeys(operations)) this.localChanges.add(key);
      this.saveLocalChanges();
    }
    this.notify();
  }

  /**
   * Signed in: adopts the account's preferences (`server`; null when they could not be read)
   * and from now on sends changes. What was changed on this device wins, key by key: changes
   * still queued apply on top, and so do the preferences changed here while signed out. An
   * account that never changed a preference (all defaults) takes all of this device's, so a
   * learner's high contrast or language is not undone by a first sign-in.
   */
  startSync(server: UserPreferences | null): void {
    this.syncing = true;
    const keys = new Set(this.localChanges);
    if (server) {
      if (createPatch(server, defaultPreferences()).length === 0) {
        for (const key of Object.keys(this.current)) keys.add(key);
      }
      const base = cloneJson(server);
      applyPatch(base, this.queue as Operation[]);
      const merged: UserPreferences = cloneJson(base);
      for (const key of keys) if (key in this.current) merged[key] = cloneJson(this.current[key]);
      this.queue.push(...(createPatch(base, merged) as PatchOperation[]));
      this.current = { ...defaultPreferences(this.options.language), ...merged };
      this.save();
      this.notify();
    } else {
      // The account's copy is unknown: set each key changed here ('add' replaces a member).
      for (const key of keys) {
        if (key in this.current)
          this.queue.push({ op: 'add', path: `/${escapePointer(key)}`, value: this.current[key] });
      }
    }
    this.localChanges.clear();
    this.saveLocalChanges();
    this.saveQueue();
    if (this.queue.length > 0) this.schedule();
  }

  /**
   * Signed out: nothing more is sent; the values stay applied here. Changes the server has not
   * accepted yet become this device's changes, sent to the account signed in next.
   */
  stopSync(): void {
    this.syncing = false;
    this.clearTimers();
    for (const key of topLevelKeys(this.queue)) this.localChanges.add(key);
    this.saveLocalChanges();
    this.queue = [];
    this.saveQueue();
  }

  /** Sends the queue now (also what the timers call). Resolves when this attempt is over. */
  async flush(): Promise<void> {
    this.clearTimers();
    if (!this.syncing || this.queue.length === 0) return;
    if (this.sending) {
      this.sendAgain = true;
      return;
    }
    const batch = this.queue.slice(0, this.options.maxOperations ?? DEFAULT_LIMITS.maxPatchOperations);
    this.sending = true;
    try {
      await this.options.send(batch);
      // Accepted: only now does it leave the queue (a stop meanwhile has emptied it already).
      if (this.syncing) this.queue.splice(0, batch.length);
      this.saveQueue();
      this.retryDelay = PREFERENCE_RETRY_MS;
    } catch (error) {
      this.options.onError(error);
      if (this.syncing) {
        this.retryTimer = this.options.clock.setTimeout(() => void this.flush(), this.retryDelay);
        this.retryDelay = Math.min(this.retryDelay * 2, PREFERENCE_RETRY_MAX_MS);
      }
      return;
    } finally {
      this.sending = false;
    }
    const more = this.queue.length > 0;
    if (more && (this.sendAgain || this.batchTimer === null)) {
      this.sendAgain = false;
      await this.flush();
    }
    this.sendAgain = false;
  }

  private schedule(): void {
    const { clock } = this.options;
    if (this.retryTimer !== null) return; // the retry sends everything queued
    if (this.batchTimer !== null) clock.clear(this.batchTimer);
    this.batchTimer = clock.setTimeout(() => void this.flush(), PREFERENCE_BATCH_DELAY_MS);
    this.forcedTimer ??= clock.setTimeout(() => void this.flush(), PREFERENCE_FORCED_SEND_MS);
  }

  private clearTimers(): void {
    const { clock } = this.options;
    for (const timer of [this.batchTimer, this.forcedTimer, this.retryTimer]) if (timer !== null) clock.clear(timer);
    this.batchTimer = this.forcedTimer = this.retryTimer = null;
  }

  private save(): void {
    this.options.store.set(PREFERENCE_STORAGE_KEYS.values, JSON.stringify(this.current));
  }

  private saveQueue(): void {
    if (this.queue.length === 0) this.options.store.remove(PREFERENCE_STORAGE_KEYS.queue);
    else this.options.store.set(PREFERENCE_STORAGE_KEYS.queue, JSON.stringify(this.queue));
  }

  private saveLocalChanges(): void {
    if (this.localChanges.size === 0) this.options.store.remove(PREFERENCE_STORAGE_KEYS.localChanges);
    else this.options.store.set(PREFERENCE_STORAGE_KEYS.localChanges, JSON.stringify([...this.localChanges]));
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

function readJson(store: KeyValueStore, key: string): unknown {
  const saved = store.get(key);
  if (!saved) return undefined;
  try {
    return JSON.parse(saved) as unknown;
  } catch {
    return undefined; // damaged: start from the defaults
  }
}

/** The preferences (top-level keys) that operations touch. */
function topLevelKeys(operations: readonly PatchOperation[]): string[] {
  const keys: string[] = [];
  for (const op of operations) {
    for (const pointer of [op.path, op.from]) {
      const first = pointer === undefined ? undefined : pointerSegments(pointer)?.[0];
      if (first !== undefined) keys.push(first);
    }
  }
  return keys;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Preferences are JSON: a copy the change function may edit freely. */
function cloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
