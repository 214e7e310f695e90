// Lookups in records keyed by names from library or learner code: a key such as `toString` or
// `constructor` must not find Object.prototype's members.

export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
