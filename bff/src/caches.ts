/**
 * Caches shared by all requests of this BFF instance. Only public data goes here (never anything
 * that depends on the caller). Areas add their caches to SharedCaches.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  /** The cached value for key, or the loader's (shared by concurrent callers). Failures are not kept. */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = load();
    if (this.ttlMs > 0) {
      if (this.entries.size >= this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, { value, expires: now + this.ttlMs });
      value.catch(() => this.entries.delete(key));
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

export interface SharedCaches {
  /** Public market reads, keyed by REST path; cleared when new data is uploaded through this BFF. */
  market: TtlCache<unknown>;
}

export function createSharedCaches(marketTtlMs: number): SharedCaches {
  return { market: new TtlCache<unknown>(marketTtlMs) };
}
