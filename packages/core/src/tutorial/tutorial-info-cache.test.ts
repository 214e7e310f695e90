import { describe, expect, it } from 'vitest';
import { ManualClock } from '../effects/manual-clock.ts';
import { MemoryKeyValueStore, type KeyValueStore } from '../effects/key-value-store.ts';
import { textHash } from '../identifiers/text-hash.ts';
import {
  readTutorialInfoRecord,
  TUTORIAL_INFO_MAX_AGE_MS,
  TUTORIAL_INFO_MAX_CHARS,
  TutorialInfoCache,
  type TutorialInfo,
} from './tutorial-info-cache.ts';

const info: TutorialInfo = {
  snippets: { '{\nbasic.showNumber(1)\n}': { device_show_number: 1, pxt_on_start: 1 } },
  blocks: { device_show_number: 1, pxt_on_start: 1 },
  highlightBlocks: { '1': { device_show_number: 1 } },
  validateBlocks: { '1': { 'validate-exists': ['device_show_number'] } },
};
const code = ['{\nbasic.showNumber(1)\n}'];

describe('TutorialInfoCache (spec 000 §3, §5)', () => {
  it('gives back what it kept while the hash matches and the entry is under 24 hours old', () => {
    const clock = new ManualClock(1_000_000);
    const cache = new TutorialInfoCache(new MemoryKeyValueStore(), clock);
    expect(cache.get('dice', code)).toBeUndefined();
    const record = cache.set('dice', code, info);
    expect(record).toMatchObject({ id: 'dice', time: 1_000_000, hash: textHash(code), ...info });
    clock.advance(TUTORIAL_INFO_MAX_AGE_MS - 1);
    expect(cache.get('dice', code)).toEqual(record);
    clock.advance(1);
    expect(cache.get('dice', code)).toBeUndefined();
  });

  it('drops an entry whose code changed, or that belongs to another tutorial', () => {
    const store = new MemoryKeyValueStore();
    const cache = new TutorialInfoCache(store, new ManualClock(5));
    cache.set('dice', code, info);
    expect(cache.get('dice', ['{\nbasic.showNumber(2)\n}'])).toBeUndefined();
    expect(cache.get('dice', code)).toBeUndefined(); // the stale entry was removed
    cache.set('dice', code, info);
    const key = 'blockyard-tutorial-info-v2:dice';
    store.set(key, (store.get(key) ?? '').replace('"id":"dice"', '"id":"other"'));
    expect(cache.get('dice', code)).toBeUndefined();
  });

  it('never trusts an entry from the future (a clock set back)', () => {
    const clock = new ManualClock(10_000);
    const store = new MemoryKeyValueStore();
    new TutorialInfoCache(store, clock).set('a', code, info);
    expect(new TutorialInfoCache(store, new ManualClock(9_000)).get('a', code)).toBeUndefined();
  });

  it('reads stored records defensively', () => {
    const good = JSON.stringify({ id: 'a', time: 1, hash: 'h', ...info });
    expect(readTutorialInfoRecord(good)).toMatchObject({ id: 'a' });
    for (const bad of [
      'not json',
      'null',
      '[]',
      JSON.stringify({ ...JSON.parse(good), time: '1' }),
      JSON.stringify({ ...JSON.parse(good), blocks: { a: 'one' } }),
      JSON.stringify({ ...JSON.parse(good), snippets: { s: [1] } }),
      JSON.stringify({ ...JSON.parse(good), validateBlocks: { '1': { v: [1] } } }),
    ]) {
      expect(readTutorialInfoRecord(bad), bad).toBeUndefined();
    }
  });

  it('keeps nothing over the size cap and survives a store that refuses or throws', () => {
    const cache = new TutorialInfoCache(new MemoryKeyValueStore(), new ManualClock(0));
    const huge = { ...info, snippets: { ['x'.repeat(TUTORIAL_INFO_MAX_CHARS)]: {} } };
    expect(cache.set('big', code, huge)).toBeUndefined();
    expect(cache.get('big', code)).toBeUndefined();
    const broken: KeyValueStore = {
      get: () => {
        throw new Error('denied');
      },
      set: () => {
        throw new Error('full');
      },
      remove: () => {
        throw new Error('denied');
      },
    };
    const failing = new TutorialInfoCache(broken, new ManualClock(0));
    expect(failing.set('a', code, info)).toBeUndefined();
    expect(failing.get('a', code)).toBeUndefined();
    expect(() => failing.remove('a')).not.toThrow();
  });
});
