// Spec 000 §4 and §9: when the origin's storage is over 90% of its quota (and the quota is over
// 1 MB), the content cache (translations, guide pages) is cleared, so that projects and drafts
// keep room to be saved. The browser is asked at most once every 10 s.

/** Spec 000 §9: storage cleanup threshold and throttle. */
const NEARLY_FULL_RATIO = 0.9;
const MIN_QUOTA_BYTES = 1_000_000;
const STORAGE_CHECK_INTERVAL_MS = 10_000;

/** The part of `navigator.storage` this needs. */
export interface StorageEstimator {
  estimate(): Promise<{ usage?: number; quota?: number }>;
}

export class StoragePressure {
  private lastCheck = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly storage: StorageEstimator | null,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** True when storage is nearly full; false when unknown or asked less than 10 s ago. */
  async nearlyFull(): Promise<boolean> {
    if (!this.storage) return false;
    const now = this.now();
    if (now - this.lastCheck < STORAGE_CHECK_INTERVAL_MS) return false;
    this.lastCheck = now;
    try {
      const { usage, quota } = await this.storage.estimate();
      if (usage === undefined || quota === undefined) return false;
      return quota > MIN_QUOTA_BYTES && usage > NEARLY_FULL_RATIO * quota;
    } catch {
      return false;
    }
  }
}
