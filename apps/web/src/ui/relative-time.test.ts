import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

const now = Date.UTC(2026, 4, 1, 12, 0, 0);

describe('formatRelativeTime', () => {
  it('says how long ago in words', () => {
    expect(formatRelativeTime(now - 10_000, now, 'en')).toBe('now');
    expect(formatRelativeTime(now - 59_000, now, 'en')).toBe('now');
    expect(formatRelativeTime(now - 90_000, now, 'en')).toBe('1 minute ago');
    expect(formatRelativeTime(now - 5 * 60_000, now, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime(now - 3 * 3_600_000, now, 'en')).toBe('3 hours ago');
    expect(formatRelativeTime(now - 86_400_000, now, 'en')).toBe('yesterday');
    expect(formatRelativeTime(now + 28 * 86_400_000, now, 'en')).toBe('in 4 weeks');
    expect(formatRelativeTime(now + 30 * 86_400_000, now, 'en', 'day')).toBe('in 30 days');
  });

  it('counts the last minute in ten-second steps when asked, so close saves read apart', () => {
    expect(formatRelativeTime(now - 4_000, now, 'en', 'second')).toBe('now');
    expect(formatRelativeTime(now - 12_000, now, 'en', 'second')).toBe('10 seconds ago');
    expect(formatRelativeTime(now - 47_000, now, 'en', 'second')).toBe('40 seconds ago');
    expect(formatRelativeTime(now - 2 * 60_000 - 5_000, now, 'en', 'second')).toBe('2 minutes ago');
    expect(formatRelativeTime(now - 30_000, now, 'fr', 'second')).toBe('il y a 30 secondes');
    expect(formatRelativeTime(now - 30_000, now, 'ja', 'second')).toBe('30 秒前');
  });

  it('speaks the interface language', () => {
    expect(formatRelativeTime(now - 2 * 86_400_000, now, 'de')).toBe('vorgestern');
  });
});
