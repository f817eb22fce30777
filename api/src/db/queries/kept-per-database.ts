/**
 * Values kept per database handle and key, the least recently used dropped first beyond a maximum: the answers and
 * reads the portfolio keeps under a data version or tag (docs/decisions.md#dashboard-cache). A handle's values go
 * with it (a WeakMap), so tests' databases never share them.
 */
import type { Database } from '../client.js';

export class KeptPerDatabase<Key, Value> {
  private readonly byDatabase = new WeakMap<Database, Map<Key, Value>>();

  constructor(private readonly max: number) {}

  /** The value kept under `key`, now the most recently used; undefined when none is. */
  get(db: Database, key: Key): Value | undefined {
    const kept = this.byDatabase.get(db);
    const value = kept?.get(key);
    if (kept && value !== undefined) {
      kept.delete(key);
      kept.set(key, value);
    }
    return value;
  }

  /** Keeps `value` under `key` as the most recently used, dropping the least recently used beyond the maximum. */
  set(db: Database, key: Key, value: Value): void {
    let kept = this.byDatabase.get(db);
    if (!kept) this.byDatabase.set(db, (kept = new Map()));
    kept.delete(key);
    kept.set(key, value);
    if (kept.size > this.max) kept.delete(kept.keys().next().value as Key);
  }

  delete(db: Database, key: Key): void {
    this.byDatabase.get(db)?.delete(key);
  }
}
