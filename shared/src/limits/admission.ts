/**
 * Whether a server lets a request in: the one decision the REST API (a Fastify hook) and the BFF
 * (an Express middleware) both make before any work, so overload and abuse cost nothing:
 * - shed (answer 503 with Retry-After at once) when too many requests are in flight, when the event
 *   loop lags, or when a standing queue has formed (StandingQueueDetector): queueing would only make
 *   every answer late;
 * - limit (429 with Retry-After) a client beyond its token bucket (TokenBuckets);
 * - else admit, and learn how long the request took when the caller reports it done.
 * The event-loop histogram is passed in (node:perf_hooks' monitorEventLoopDelay) so this module
 * stays free of Node imports: web imports the same package.
 */
import { StandingQueueDetector } from './standing-queue.js';
import { TokenBuckets } from './token-buckets.js';

export interface AdmissionOptions {
  /** Requests per minute per client (sustained), with a burst of a tenth of that. */
  ratePerMinute: number;
  maxInFlight: number;
  maxEventLoopDelayMs: number;
  /** Shed while even the fastest recent requests took longer than this (ms); unset: off. */
  maxQueueDelayMs?: number;
  /** Upper bound of clients tracked (oldest forgotten first). */
  maxClients?: number;
}

/** The part of node:perf_hooks' IntervalHistogram used here (nanoseconds). */
export interface EventLoopDelayHistogram {
  readonly mean: number;
  enable(): unknown;
  disable(): unknown;
  reset(): void;
}

export type AdmissionVerdict =
  | { kind: 'shed'; inFlight: number; eventLoopDelayMs: number; standingQueue: boolean }
  | { kind: 'limited'; retryAfterSeconds: number }
  /** Call `done` once the answer is sent (or the connection closed). */
  | { kind: 'admitted'; done: () => void };

export const SERVER_BUSY_MESSAGE = 'The server is busy; please try again in a moment';

export function tooManyRequestsMessage(seconds: number): string {
  return `Too many requests; please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again`;
}

/** How often the event-loop delay and the standing-queue interval are sampled. */
const SAMPLE_EVERY_MS = 500;

export class Admission {
  private readonly buckets: TokenBuckets;
  private readonly queue: StandingQueueDetector;
  private readonly sampler: ReturnType<typeof setInterval>;
  private inFlight = 0;
  private eventLoopDelayMs = 0;

  constructor(
    private readonly options: AdmissionOptions,
    private readonly histogram: EventLoopDelayHistogram,
  ) {
    this.buckets = new TokenBuckets(options.ratePerMinute, options.maxClients);
    this.queue = new StandingQueueDetector(options.maxQueueDelayMs ?? Number.POSITIVE_INFINITY);
    histogram.enable();
    this.sampler = setInterval(() => this.sample(), SAMPLE_EVERY_MS);
    // a server's timer: never the reason a process stays alive
    (this.sampler as { unref?: () => void }).unref?.();
  }

  /** Ends a sampling interval (called by the timer; tests call it directly). */
  sample(): void {
    this.eventLoopDelayMs = this.histogram.mean / 1e6;
    this.histogram.reset();
    this.queue.tick();
  }

  admit(client: string): AdmissionVerdict {
    if (
      this.inFlight >= this.options.maxInFlight ||
      this.eventLoopDelayMs > this.options.maxEventLoopDelayMs ||
      this.queue.overloaded
    )
      return {
        kind: 'shed',
        inFlight: this.inFlight,
        eventLoopDelayMs: Math.round(this.eventLoopDelayMs),
        standingQueue: this.queue.overloaded,
      };
    const wait = this.buckets.take(client);
    if (wait > 0) return { kind: 'limited', retryAfterSeconds: wait };
    this.inFlight++;
    const admittedAt = performance.now();
    let finished = false;
    return {
      kind: 'admitted',
      done: () => {
        if (finished) return;
        finished = true;
        this.inFlight--;
        this.queue.record(performance.now() - admittedAt);
      },
    };
  }

  stop(): void {
    clearInterval(this.sampler);
    this.histogram.disable();
  }
}
