/**
 * Caches shared by all requests of this BFF instance. The TTL caches hold public data only (never
 * anything that depends on the caller); the one store of per-caller answers, `revalidation`, never
 * hands one out without the REST API's 304 for that caller's own token. Areas add their caches to
 * SharedCaches.
 */
import { createHash } from 'node:crypto';

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

/** A REST answer kept with its entity tag. */
export interface TaggedAnswer {
  tag: string;
  data: unknown;
  /** Length of the JSON text it was parsed from (what the store's byte budget counts). */
  size: number;
}

/**
 * REST answers that came with an ETag (e.g. GET /user/holding…), kept so that the next GET of the
 * same URL with the same token can send If-None-Match: on 304 the kept answer is used without the
 * REST API computing, sending or the BFF parsing it again. Safe for per-caller data because
 * - entries are keyed by a digest of the token as well as the URL, so another caller (or the same
 *   person after logging in again) never matches, and
 * - a kept answer is only ever used after the REST API answered 304 to a request carrying that
 *   token: it checks the token, the caller's rights and whether anything changed, every time.
 * Least recently used entries go first once the byte budget is spent. Kept answers are shared
 * between requests: callers treat them as read-only.
 */
export class RevalidationStore {
  private readonly entries = new Map<string, TaggedAnswer>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly maxEntryBytes = 2 * 1024 * 1024,
  ) {}

  key(token: string | undefined, url: string): string {
    return `${token ? createHash('sha256').update(token).digest('base64url') : 'anonymous'} ${url}`;
  }

  get(key: string): TaggedAnswer | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // most recently used last
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, answer: TaggedAnswer): void {
    this.delete(key);
    if (answer.size > this.maxEntryBytes) return;
    this.entries.set(key, answer);
    this.bytes += answer.size;
    for (const [oldestKey] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldestKey);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  get size(): number {
    return this.entries.size;
  }
}

export interface SharedCaches {
  /** Public market reads, keyed by REST path; cleared when new data is uploaded through this BFF. */
  market: TtlCache<unknown>;
  /** Tagged REST answers, revalidated with the REST API on every use. */
  revalidation: RevalidationStore;
}

export function createSharedCaches(marketTtlMs: number): SharedCaches {
  return { market: new TtlCache<unknown>(marketTtlMs), revalidation: new RevalidationStore() };
}
