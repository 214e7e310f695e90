import { ManualClock, MemoryKeyValueStore } from '@blockyard/core';
import { applyPatch, type Operation } from 'rfc6902';
import { describe, expect, it } from 'vitest';
import type { PatchOperation, UserPreferences } from '../protocol/api-types.ts';
import { defaultPreferences } from '../protocol/preferences.ts';
import {
  PREFERENCE_BATCH_DELAY_MS,
  PREFERENCE_FORCED_SEND_MS,
  PREFERENCE_RETRY_MS,
  PREFERENCE_STORAGE_KEYS,
  PreferenceSync,
} from './preference-sync.ts';

/** Lets the promise callbacks of a send run (the clock fires timers synchronously). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(options: { fail?: () => boolean; store?: MemoryKeyValueStore; maxOperations?: number } = {}) {
  const clock = new ManualClock();
  const store = options.store ?? new MemoryKeyValueStore();
  const sent: PatchOperation[][] = [];
  const errors: unknown[] = [];
  const server: UserPreferences = defaultPreferences();
  const sync = new PreferenceSync({
    clock,
    store,
    send: (operations) => {
      if (options.fail?.()) return Promise.reject(new Error('offline'));
      sent.push(operations);
      applyPatch(server, operations as Operation[]);
      return Promise.resolve();
    },
    onError: (error) => errors.push(error),
    ...(options.maxOperations ? { maxOperations: options.maxOperations } : {}),
  });
  return { clock, store, sent, errors, server, sync };
}

describe('PreferenceSync', () => {
  it('applies and saves a change locally at once, signed in or not', () => {
    const { sync, store, sent } = setup();
    let notified = 0;
    sync.subscribe(() => notified++);
    sync.update((p) => ({ ...p, highContrast: true }));
    expect(sync.preferences.highContrast).toBe(true);
    expect(JSON.parse(store.get(PREFERENCE_STORAGE_KEYS.values)!)).toMatchObject({ highContrast: true });
    expect(notified).toBe(1);
    expect(sync.pending).toBe(0); // signed out: nothing to send
    expect(sent).toEqual([]);
  });

  it('sends one batch 1 s after the last change', async () => {
    const { sync, clock, sent } = setup();
    sync.startSync(null);
    sync.update((p) => ({ ...p, highContrast: true }));
    clock.advance(800);
    sync.update((p) => ({ ...p, reader: 'dyslexic' }));
    clock.advance(PREFERENCE_BATCH_DELAY_MS - 1);
    await settle();
    expect(sent).toEqual([]);
    clock.advance(1);
    await settle();
    expect(sent).toEqual([
      [
        { op: 'replace', path: '/highContrast', value: true },
        { op: 'replace', path: '/reader', value: 'dyslexic' },
      ],
    ]);
    expect(sync.pending).toBe(0);
  });

  it('forces a send 10 s after the first queued change even while changes keep coming', async () => {
    const { sync, clock, sent } = setup();
    sync.startSync(null);
    for (let t = 0; t < PREFERENCE_FORCED_SEND_MS; t += 500) {
      sync.update((p) => ({ ...p, language: `l${t}` }));
      clock.advance(500);
      await settle();
    }
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(20);
    expect(clock.now()).toBe(PREFERENCE_FORCED_SEND_MS);
  });

  it('reports a failed send and retries it, losing nothing and keeping the order', async () => {
    let failing = true;
    const { sync, clock, sent, errors, server } = setup({ fail: () => failing });
    sync.startSync(null);
    sync.update((p) => ({ ...p, language: 'de' }));
    clock.advance(PREFERENCE_BATCH_DELAY_MS);
    await settle();
    expect(errors).toHaveLength(1);
    expect(sync.pending).toBe(1);
    sync.update((p) => ({ ...p, language: 'fr' }));
    clock.advance(PREFERENCE_RETRY_MS);
    await settle();
    expect(errors).toHaveLength(2);
    failing = false;
    clock.advance(PREFERENCE_RETRY_MS * 2);
    await settle();
    expect(sent).toEqual([
      [
        { op: 'replace', path: '/language', value: 'de' },
        { op: 'replace', path: '/language', value: 'fr' },
      ],
    ]);
    expect(server.language).toBe('fr');
    expect(sync.pending).toBe(0);
  });

  it('keeps unsent changes across a reload and sends them once signed in', async () => {
    const store = new MemoryKeyValueStore();
    const first = setup({ store, fail: () => true });
    first.sync.startSync(null);
    first.sync.update((p) => ({ ...p, email: true }));
    first.clock.advance(PREFERENCE_BATCH_DELAY_MS);
    await settle();

    const second = setup({ store });
    expect(second.sync.preferences.email).toBe(true);
    expect(second.sync.pending).toBe(1);
    second.sync.startSync({ ...defaultPreferences(), language: 'ja' });
    // The server's values, with the change still queued here on top.
    expect(second.sync.preferences).toMatchObject({ language: 'ja', email: true });
    second.clock.advance(PREFERENCE_BATCH_DELAY_MS);
    await settle();
    expect(second.sent).toEqual([[{ op: 'replace', path: '/email', value: true }]]);
    expect(store.get(PREFERENCE_STORAGE_KEYS.queue)).toBeNull();
  });

  it('splits a long queue into patches the server accepts, in order', async () => {
    const { sync, clock, sent, server } = setup({ maxOperations: 3 });
    sync.startSync(null);
    for (let i = 0; i < 7; i++)
      sync.update((p) => ({ ...p, colorThemeIds: { ...p.colorThemeIds, [`k${i}`]: `v${i}` } }));
    clock.advance(PREFERENCE_BATCH_DELAY_MS);
    await settle();
    await settle();
    expect(sent.map((batch) => batch.length)).toEqual([3, 3, 1]);
    expect(Object.keys(server.colorThemeIds)).toHaveLength(7);
  });

  it('sends changes made during a send after it, not lost', async () => {
    const { sync, clock, sent } = setup();
    sync.startSync(null);
    sync.update((p) => ({ ...p, reader: 'a' }));
    clock.advance(PREFERENCE_BATCH_DELAY_MS);
    sync.update((p) => ({ ...p, reader: 'b' })); // while the first send is under way
    await settle();
    clock.advance(PREFERENCE_BATCH_DELAY_MS);
    await settle();
    expect(sent).toEqual([
      [{ op: 'replace', path: '/reader', value: 'a' }],
      [{ op: 'replace', path: '/reader', value: 'b' }],
    ]);
  });

  it('stops sending when signed out, keeping the values here', async () => {
    const { sync, clock, sent } = setup();
    sync.startSync(null);
    sync.update((p) => ({ ...p, highContrast: true }));
    sync.stopSync();
    clock.advance(PREFERENCE_FORCED_SEND_MS);
    await settle();
    expect(sent).toEqual([]);
    expect(sync.preferences.highContrast).toBe(true);
    expect(clock.pending).toBe(0);
  });

  it('starts from the defaults when the saved values are damaged', () => {
    const store = new MemoryKeyValueStore();
    store.set(PREFERENCE_STORAGE_KEYS.values, '{not json');
    store.set(PREFERENCE_STORAGE_KEYS.queue, '"nope"');
    const { sync } = setup({ store });
    expect(sync.preferences).toEqual(defaultPreferences());
    expect(sync.pending).toBe(0);
  });

  it('keeps what was changed here while signed out when an account signs in', async () => {
    const { sync, clock, sent } = setup();
    sync.update((p) => ({ ...p, highContrast: true }));
    const account = { ...defaultPreferences(), language: 'de', reader: 'big' };
    sync.startSync(account);
    // The account's values, except the one changed here, which is then sent to the account.
    expect(sync.preferences).toMatchObject({ language: 'de', reader: 'big', highContrast: true });
    clock.advance(PREFERENCE_BATCH_DELAY_MS);
    await settle();
    expect(sent).toEqual([[{ op: 'replace', path: '/highContrast', value: true }]]);
  });

  it("takes the account's values for what was not changed here since the last sync", async () => {
    const store = new MemoryKeyValueStore();
    const first = setup({ store });
    first.sync.update((p) => ({ ...p, highContrast: true }));
    first.sync.startSync(null);
    first.clock.advance(PREFERENCE_BATCH_DELAY_MS);
    await settle();
    first.sync.stopSync(); // everything was accepted: nothing of this device's is left to carry

    const second = setup({ store });
    expect(second.sync.preferences.highContrast).toBe(true);
    second.sync.startSync({ ...defaultPreferences(), highContrast: false, language: 'fr' });
    expect(second.sync.preferences).toMatchObject({ highContrast: false, language: 'fr' });
    expect(second.sync.pending).toBe(0);
  });

  it("gives a new account (all defaults) this device's preferences", async () => {
    const store = new MemoryKeyValueStore();
    store.set(PREFERENCE_STORAGE_KEYS.values, JSON.stringify({ ...defaultPreferences(), language: 'es' }));
    const { sync, clock, sent, server } = setup({ store });
    sync.startSync(defaultPreferences());
    expect(sync.preferences.language).toBe('es');
    clock.advance(PREFERENCE_BATCH_DELAY_MS);
    await settle();
    expect(sent).toEqual([[{ op: 'replace', path: '/language', value: 'es' }]]);
    expect(server.language).toBe('es');
  });

  it('carries changes not yet sent at sign-out to the next sign-in, not lost', async () => {
    const store = new MemoryKeyValueStore();
    const first = setup({ store, fail: () => true });
    first.sync.startSync(null);
    first.sync.update((p) => ({ ...p, reader: 'dyslexic' }));
    first.clock.advance(PREFERENCE_BATCH_DELAY_MS);
    await settle();
    first.sync.stopSync(); // offline: the send failed
    expect(JSON.parse(store.get(PREFERENCE_STORAGE_KEYS.localChanges)!)).toEqual(['reader']);

    const second = setup({ store });
    second.sync.startSync(null); // the account's copy could not be read either
    second.clock.advance(PREFERENCE_BATCH_DELAY_MS);
    await settle();
    expect(second.sent).toEqual([[{ op: 'add', path: '/reader', value: 'dyslexic' }]]);
    expect(store.get(PREFERENCE_STORAGE_KEYS.localChanges)).toBeNull();
  });
});
