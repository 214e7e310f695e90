const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/**
 * "5 minutes ago", "yesterday", "in 3 days", "now", in the interface language. With `unit`,
 * always in that unit (e.g. days for "in 30 days", which reads better than "next month"). With
 * `unit: 'second'`, the last minute counts in steps of ten seconds ("20 seconds ago") instead
 * of reading "now" throughout: for lists whose entries are seconds apart (History). Not for live
 * regions, which would then speak every ten seconds.
 */
export function formatRelativeTime(then: number, now: number, locale: string, unit?: 'day' | 'second'): string {
  const format = formatterFor(relativeFormats, locale, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  const diff = then - now;
  if (unit === 'day') return format.format(Math.round(diff / DAY), unit);
  for (const [unit, size] of units) {
    if (Math.abs(diff) >= size) return format.format(Math.trunc(diff / size), unit);
  }
  if (unit === 'second' && Math.abs(diff) >= 10 * SECOND) {
    return format.format(Math.trunc(diff / (10 * SECOND)) * 10, 'second');
  }
  return format.format(0, 'second');
}

/** A full date and time for tooltips and the History panel. */
export function formatDateTime(time: number, locale: string): string {
  const format = formatterFor(dateTimeFormats, locale, () => new Intl.DateTimeFormat(locale, dateTimeStyle));
  return format.format(time);
}

const dateTimeStyle: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

// Made once per language: making one loads the language's data each time (2-7 ms of the editor's
// first render for its save indicator's title, and as much per card on the home page; profiled
// in bench first-minute), and the format of a language never changes.
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function formatterFor<F>(made: Map<string, F>, locale: string, make: () => F): F {
  let format = made.get(locale);
  if (!format) {
    format = make();
    made.set(locale, format);
  }
  return format;
}
