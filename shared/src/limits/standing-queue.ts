/**
 * Load shedding on queueing delay (the idea of CoDel): a server that is merely busy still
 * finishes some requests quickly; one with a standing queue finishes every request slowly,
 * because each waited behind the others (for the event loop, a database connection, the API).
 * So: over each interval, keep the fastest time of the requests that finished. When at least
 * `minSamples` finished and even the fastest took longer than `targetMs`, the queue is standing:
 * `overloaded` turns true until an interval shows fast requests (or too few to judge) again, and
 * the servers answer new requests 503 at once meanwhile, which drains the queue. The in-flight
 * cap alone bounds latency only at maxInFlight ÷ throughput (seconds when throughput is low);
 * this keeps the latency of what is served near `targetMs`. Used by the REST API and the BFF.
 */
export class StandingQueueDetector {
  private fastestMs = Number.POSITIVE_INFINITY;
  private finished = 0;
  private standing = false;

  constructor(
    private readonly targetMs: number,
    private readonly minSamples = 20,
  ) {}

  /** A request that was let in has finished after `durationMs`. */
  record(durationMs: number): void {
    this.finished++;
    if (durationMs < this.fastestMs) this.fastestMs = durationMs;
  }

  /** Ends an interval: judges it and starts the next one. */
  tick(): void {
    this.standing = this.finished >= this.minSamples && this.fastestMs > this.targetMs;
    this.finished = 0;
    this.fastestMs = Number.POSITIVE_INFINITY;
  }

  /** True while the last interval showed a standing queue. */
  get overloaded(): boolean {
    return this.standing;
  }
}
