import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/index.ts';
import { ApiError } from '../api/api-error.ts';

/** A limit: at most `max` in each window of `windowMs`. */
export interface Quota {
  readonly name: string;
  readonly max: number;
  readonly windowMs: number;
  /** What the person reads when over it. */
  readonly message: string;
}

/**
 * Fixed-window counters in the database, so every server process behind one database counts
 * together (a limit held in one process's memory would let N processes allow N times as much).
 * One upsert per counted request: used for writes and sign-ins, not for every read.
 */
export class QuotaCounter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one use of `quota` by `who`; throws a 429 ApiError once over the limit. */
  async take(quota: Quota, who: string, amount = 1): Promise<void> {
    const count = await this.add(quota, who, amount);
    if (count > quota.max) throw new ApiError(429, quota.message, 'rate-limited');
  }

  /** Adds to the counter and returns the new count for this window. */
  async add(quota: Quota, who: string, amount = 1): Promise<number> {
    const now = this.now();
    const windowStart = new Date(now - (now % quota.windowMs));
    const row = await this.db
      .insertInto('rate_counters')
      .values({ bucket: `${quota.name}:${who}`, window_start: windowStart, count: amount })
      .onConflict((oc) =>
        oc.columns(['bucket', 'window_start']).doUpdateSet({ count: sql`rate_counters.count + ${amount}` }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /** Drops windows that ended more than a day ago (called now and then). */
  async prune(): Promise<void> {
    await this.db
      .deleteFrom('rate_counters')
      .where('window_start', '<', new Date(this.now() - 86_400_000))
      .execute();
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The limits of the API (abuse limits of issue 16). */
export const quotas = {
  loginPerAddress: {
    name: 'login-ip',
    max: 60,
    windowMs: 10 * MINUTE,
    message: 'Too many sign-in attempts from this network. Please wait a few minutes and try again.',
  },
  publishPerAddress: {
    name: 'publish-ip',
    max: 30,
    windowMs: HOUR,
    message: 'Too many projects were shared from this network in the last hour. Please try again later.',
  },
  publishPerUser: {
    name: 'publish-user',
    max: 60,
    windowMs: HOUR,
    message: 'You have shared a lot of projects in the last hour. Please try again later.',
  },
  publishBytesPerAddress: {
    name: 'publish-bytes-ip',
    max: 100_000_000,
    windowMs: DAY,
    message: 'This network has shared too much today. Please try again tomorrow.',
  },
  reportPerAddress: {
    name: 'report-ip',
    max: 20,
    windowMs: HOUR,
    message: 'Thank you: we already have many reports from this network. Please try again later.',
  },
  preferencePatchesPerUser: {
    name: 'prefs-user',
    max: 600,
    windowMs: HOUR,
    message: 'Your settings changed too often to save. They are kept on this device and will be saved later.',
  },
  projectSavesPerUser: {
    name: 'project-saves-user',
    max: 3000,
    windowMs: HOUR,
    message: 'Too many saves to the cloud this hour. Your work is kept on this device and will be saved later.',
  },
  projectBytesPerUser: {
    name: 'project-bytes-user',
    max: 500_000_000,
    windowMs: DAY,
    message: 'You have saved a lot to the cloud today. Your work is kept on this device and will be saved later.',
  },
} satisfies Record<string, Quota>;
