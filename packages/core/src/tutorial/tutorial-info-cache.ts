// The tutorial info cache (spec 000 §3, §5, §9): what a tutorial's snippets turn into as blocks
// is slow to work out (every snippet is decompiled), so it is kept per tutorial with the hash of
// the code it came from and the time it was made. An entry counts only while its hash matches
// the tutorial's code now and it is under 24 hours old. Stored as JSON in a KeyValueStore; what
// is read back is checked, and anything unreadable is dropped (a cache never breaks a tutorial).

import type { Clock } from '../effects/clock.ts';
import type { KeyValueStore } from '../effects/key-value-store.ts';
import { textHash } from '../identifiers/text-hash.ts';

/** Spec 000 §9: cache entries live at most 24 hours. */
export const TUTORIAL_INFO_MAX_AGE_MS = 86_400_000;
/** Spec 000 §9: the tutorial database is at version 2 (part of the key, so old entries are ignored). */
const TUTORIAL_INFO_VERSION = 2;
/** A record bigger than this is not kept (real ones are a few kilobytes). */
export const TUTORIAL_INFO_MAX_CHARS = 256 * 1024;

const KEY_PREFIX = `blockyard-tutorial-info-v${TUTORIAL_INFO_VERSION}:`;

/** Block type -> how many. */
export type BlockCounts = Readonly<Record<string, number>>;

export interface TutorialInfo {
  /** Per snippet (its code): the blocks it is made of. */
  readonly snippets: Readonly<Record<string, BlockCounts>>;
  /** Every block the tutorial uses: the toolbox offers these. */
  readonly blocks: BlockCounts;
  /** Per step (its index): the blocks the step adds, to highlight in the toolbox. */
  readonly highlightBlocks: Readonly<Record<string, BlockCounts>>;
  /** Per step: block types a check wants to see, by check (`validate-exists`). */
  readonly validateBlocks: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
}

export interface TutorialInfoRecord extends TutorialInfo {
  readonly id: string;
  /** Epoch milliseconds when the record was made. */
  readonly time: number;
  readonly hash: string;
}

function isCounts(value: unknown): value is BlockCounts {
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((n) => typeof n === 'number' && Number.isFinite(n))
  );
}

function isMapOf<T>(value: unknown, item: (v: unknown) => v is T): value is Record<string, T> {
  return !!value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every(item);
}

function isValidation(value: unknown): value is Record<string, readonly string[]> {
  return isMapOf(value, (v): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string'));
}

/** Checks a stored record field by field; anything else is not a record. */
export function readTutorialInfoRecord(text: string): TutorialInfoRecord | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const r = value as Partial<TutorialInfoRecord> | null;
  if (!r || typeof r !== 'object') return undefined;
  if (typeof r.id !== 'string' || typeof r.hash !== 'string' || typeof r.time !== 'number') return undefined;
  if (!isMapOf(r.snippets, isCounts) || !isCounts(r.blocks) || !isMapOf(r.highlightBlocks, isCounts)) return undefined;
  if (!isMapOf(r.validateBlocks, isValidation)) return undefined;
  return r as TutorialInfoRecord;
}

export class TutorialInfoCache {
  constructor(
    private readonly store: KeyValueStore,
    /** The wall clock (records outlive the page). */
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  private key(id: string): string {
    return KEY_PREFIX + id;
  }

  /** The record of tutorial `id` when it was made from this `code` less than 24 hours ago. */
  get(id: string, code: readonly string[]): TutorialInfoRecord | undefined {
    let text: string | null;
    try {
      text = this.store.get(this.key(id));
    } catch {
      return undefined;
    }
    if (text === null) return undefined;
    const record = readTutorialInfoRecord(text);
    const age = record ? this.clock.now() - record.time : Infinity;
    if (!record || record.id !== id || record.hash !== textHash(code) || age < 0 || age >= TUTORIAL_INFO_MAX_AGE_MS) {
      this.remove(id);
      return undefined;
    }
    return record;
  }

  /** Keeps `info` for tutorial `id`; returns the record, or undefined when it could not be kept. */
  set(id: string, code: readonly string[], info: TutorialInfo): TutorialInfoRecord | undefined {
    const record: TutorialInfoRecord = {
      id,
      time: this.clock.now(),
      hash: textHash(code),
      snippets: info.snippets,
      blocks: info.blocks,
      highlightBlocks: info.highlightBlocks,
      validateBlocks: info.validateBlocks,
    };
    const text = JSON.stringify(record);
    if (text.length > TUTORIAL_INFO_MAX_CHARS) return undefined;
    try {
      this.store.set(this.key(id), text);
      return record;
    } catch {
      return undefined; // storage full or refused: the tutorial works out its blocks again next time
    }
  }

  remove(id: string): void {
    try {
      this.store.remove(this.key(id));
    } catch {
      // nothing to do: the entry is ignored when read anyway
    }
  }
}
