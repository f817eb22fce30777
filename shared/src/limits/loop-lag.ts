/**
 * How long the event loop has been held right now (docs/decisions.md#pglite-sheds-load). The
 * embedded PGlite database runs its statements on the event loop, one after another inside promise
 * chains: 200 concurrent reads are handled one by one within a single turn of the loop, so no count
 * of requests or statements in flight ever grows, and the 200th request (and a health check behind
 * it) simply waits seconds for its turn. What does grow is the time since the loop last ran its
 * timers: a timer notes each time it runs, and a request that finds that note older than the target
 * has waited at least that long behind others' work and is shed at once (503), cheaply, which ends
 * the turn sooner for everyone behind it. The mean over an interval (monitorEventLoopDelay) only
 * tells after the turn; this tells during it.
 */
export class LoopLag {
  private lastTickAt: number;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly tickMs = 20,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.lastTickAt = now();
    this.timer = setInterval(() => this.tick(), tickMs);
    (this.timer as { unref?: () => void }).unref?.();
  }

  /** The timer ran (called by the timer; tests call it directly). */
  tick(): void {
    this.lastTickAt = this.now();
  }

  /** How long timers have been kept from running beyond their period (ms). */
  currentMs(): number {
    return Math.max(0, this.now() - this.lastTickAt - this.tickMs);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
