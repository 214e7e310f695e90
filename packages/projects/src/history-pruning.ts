/**
 * Which saved versions to keep. Every save is recorded; old ones are thinned out so history
 * stays useful without filling the disk:
 *
 * | age of the version      | kept                                  |
 * | ----------------------- | ------------------------------------- |
 * | under 10 minutes        | every version                         |
 * | 10 minutes to 1 hour    | the last one of each minute           |
 * | 1 hour to 1 day         | the last one of each 10 minutes       |
 * | 1 day to 30 days        | the last one of each day (UTC)        |
 * | older                   | the last one of each week             |
 *
 * The latest version is always kept. Buckets are fixed slices of time (not relative to now) and
 * each bucket width divides the next, so thinning only ever gets coarser as versions age, and
 * pruning twice at the same moment changes nothing.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

interface Tier {
  /** Versions younger than this fall in the tier. */
  readonly maxAge: number;
  /** Bucket width; 0 keeps every version. */
  readonly bucket: number;
}

const HISTORY_TIERS: readonly Tier[] = [
  { maxAge: 10 * MINUTE, bucket: 0 },
  { maxAge: HOUR, bucket: MINUTE },
  { maxAge: DAY, bucket: 10 * MINUTE },
  { maxAge: 30 * DAY, bucket: DAY },
  { maxAge: Number.POSITIVE_INFINITY, bucket: WEEK },
];

export interface VersionStamp {
  readonly revision: number;
  readonly savedAt: number;
}

/** The revisions to delete so that what remains follows the table above, in ascending order. */
export function versionsToPrune(versions: readonly VersionStamp[], now: number): number[] {
  if (versions.length === 0) return [];
  const latest = versions.reduce((a, b) => (b.revision > a.revision ? b : a));
  // Per bucket, the version with the highest revision survives (saves are ordered by revision;
  // clocks may step back, revisions never do).
  const survivors = new Map<string, VersionStamp>();
  const prune: number[] = [];
  for (const version of versions) {
    if (version.revision === latest.revision) continue;
    const age = Math.max(0, now - version.savedAt);
    const tierIndex = HISTORY_TIERS.findIndex((tier) => age < tier.maxAge);
    const tier = HISTORY_TIERS[tierIndex];
    if (!tier || tier.bucket === 0) continue;
    const key = `${tierIndex}:${Math.floor(version.savedAt / tier.bucket)}`;
    const current = survivors.get(key);
    if (!current) survivors.set(key, version);
    else if (version.revision > current.revision) {
      prune.push(current.revision);
      survivors.set(key, version);
    } else prune.push(version.revision);
  }
  return prune.sort((a, b) => a - b);
}
