import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { versionsToPrune, type VersionStamp } from './history-pruning.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);

/** One version per `every` ms going back `span` ms from NOW, revisions ascending with time. */
function saves(span: number, every: number): VersionStamp[] {
  const out: VersionStamp[] = [];
  let revision = 1;
  for (let t = NOW - span; t <= NOW; t += every) out.push({ revision: revision++, savedAt: t });
  return out;
}

function kept(versions: VersionStamp[], now = NOW): VersionStamp[] {
  const pruned = new Set(versionsToPrune(versions, now));
  return versions.filter((v) => !pruned.has(v.revision));
}

describe('versionsToPrune', () => {
  it('keeps every version of the last 10 minutes', () => {
    const versions = saves(9 * MINUTE, 5000);
    expect(versionsToPrune(versions, NOW)).toEqual([]);
  });

  it('keeps one per minute up to an hour, one per 10 minutes up to a day', () => {
    const versions = saves(DAY - MINUTE, 10_000);
    const survivors = kept(versions);
    const inHour = survivors.filter((v) => NOW - v.savedAt >= 10 * MINUTE && NOW - v.savedAt < HOUR);
    const minutes = inHour.map((v) => Math.floor(v.savedAt / MINUTE));
    expect(new Set(minutes).size).toBe(minutes.length);
    expect(inHour.length).toBeGreaterThanOrEqual(49);
    const inDay = survivors.filter((v) => NOW - v.savedAt >= HOUR);
    const tens = inDay.map((v) => Math.floor(v.savedAt / (10 * MINUTE)));
    expect(new Set(tens).size).toBe(tens.length);
    expect(inDay.length).toBeLessThanOrEqual(23 * 6 + 1);
  });

  it('keeps one per day for a month and one per week after', () => {
    const versions = saves(120 * DAY, HOUR);
    const survivors = kept(versions);
    const month = survivors.filter((v) => NOW - v.savedAt >= DAY && NOW - v.savedAt < 30 * DAY);
    expect(month.length).toBeLessThanOrEqual(30);
    const older = survivors.filter((v) => NOW - v.savedAt >= 30 * DAY);
    expect(older.length).toBeLessThanOrEqual(14);
    expect(survivors.length).toBeLessThan(versions.length / 20);
  });

  it('keeps the last version of each bucket, which is the newest revision in it', () => {
    const versions = [
      { revision: 1, savedAt: NOW - 2 * HOUR },
      { revision: 2, savedAt: NOW - 2 * HOUR + 1000 },
      { revision: 3, savedAt: NOW },
    ];
    expect(versionsToPrune(versions, NOW)).toEqual([1]);
  });

  it('never prunes the latest version, however old', () => {
    expect(versionsToPrune([{ revision: 7, savedAt: NOW - 400 * DAY }], NOW)).toEqual([]);
  });

  it('is stable: pruning what it kept changes nothing, now or later', () => {
    const stamp = fc.record({
      revision: fc.integer({ min: 1, max: 5000 }),
      savedAt: fc.integer({ min: NOW - 200 * DAY, max: NOW }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(stamp, { selector: (s) => s.revision, maxLength: 200 }),
        fc.integer({ min: 0, max: 60 * DAY }),
        (versions, later) => {
          const once = kept(versions);
          expect(versionsToPrune(once, NOW)).toEqual([]);
          // The latest always survives, even after more time passes.
          const latest = Math.max(...versions.map((v) => v.revision));
          if (versions.length) expect(kept(once, NOW + later).some((v) => v.revision === latest)).toBe(true);
        },
      ),
    );
  });
});
