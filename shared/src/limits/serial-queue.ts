/**
 * How long new work would wait for a resource that serves one call at a time: the embedded PGlite
 * database runs one statement (or transaction) at a time, so 200 concurrent reads make the 200th,
 * and the health check behind it, wait for all the others (docs/decisions.md#pglite-sheds-load).
 * The estimate is the calls pending × the recent service time of one call (the time between a call's
 * start or the previous completion, whichever is later, and its own completion; a moving average).
 * The servers shed new requests while it is above their queue-delay target, so a burst is cut down
 * as it arrives, before the queue forms.
 */
export class SerialQueueGauge {
  private pending = 0;
  private serviceMs = 0;
  private lastFinishedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly now: () => number = () => performance.now(),
    /** Weight of the newest sample in the moving average. */
    private readonly weight = 0.2,
  ) {}

  /** A call starts; call the answer when it ends (either way). */
  begin(): () => void {
    const startedAt = this.now();
    this.pending++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const at = this.now();
      const sample = at - Math.max(startedAt, this.lastFinishedAt);
      this.serviceMs = this.serviceMs === 0 ? sample : this.serviceMs + this.weight * (sample - this.serviceMs);
      this.lastFinishedAt = at;
      this.pending--;
    };
  }

  /** Calls started and not ended. */
  get size(): number {
    return this.pending;
  }

  /** How long a call started now would wait before its turn (ms). */
  estimatedWaitMs(): number {
    return this.pending * this.serviceMs;
  }
}
