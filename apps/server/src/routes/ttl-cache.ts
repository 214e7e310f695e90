/**
 * A small in-memory cache with a time to live and a size cap: the oldest entry goes first when
 * either the entry count or the total weight (bytes) would be exceeded.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number; weight: number }>();
  private weight = 0;

  constructor(private readonly options: { maxEntries: number; maxWeight?: number; now?: () => number }) {}

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.delete(key);
      return undefined;
    }
    // Refresh its place: the least recently used entry is evicted first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, ttlMs: number, weight = 0): void {
    this.delete(key);
    const maxWeight = this.options.maxWeight ?? Infinity;
    if (weight > maxWeight) return;
    while (this.entries.size >= this.options.maxEntries || this.weight + weight > maxWeight) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    this.entries.set(key, { value, expires: this.now() + ttlMs, weight });
    this.weight += weight;
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.weight -= entry.weight;
    this.entries.delete(key);
  }
}
