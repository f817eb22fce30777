/**
 * Whether a server lets a request in: the one decision the REST API (a Fastify hook) and the BFF
 * (an Express middleware) both make before any work, so overload and abuse cost nothing:
 * - shed (answer 503 with Retry-After at once) when too many requests are in flight, when the event
 *   loop lags, when a standing queue has formed (StandingQueueDetector), or when a probe of the
 *   server reports saturation (the embedded database's queue): queueing would only make every
 *   answer late;
 * - limit (429 with Retry-After) a client that already has its share of requests in flight
 *   (maxInFlightPerClient, well under maxInFlight: one address cannot take every slot, e.g. with
 *   bodies that never finish);
 * - else admit, and learn how long the request took when the caller reports it done.
 * A request counts from its headers until its connection closes or its answer is sent, so a body
 * still arriving holds its client's slot until it is complete or cut (BodyDeadlines).
 * Clients are keyed by clientKey: an IPv6 address by its /64, which one subscriber usually holds whole.
 * The per-client rate limit is not here: it is a shared counter (@bazaar/shared/counters), which every instance
 * counts in together, taken by each service right after this admits a request.
 * The event-loop histogram is passed in (node:perf_hooks' monitorEventLoopDelay) so this module
 * stays free of Node imports: web imports the same package.
 */
import { StandingQueueDetector } from './standing-queue.js';

export interface AdmissionOptions {
  maxInFlight: number;
  /** Requests one client may have in flight at once (beyond: 429); unset: maxInFlight. */
  maxInFlightPerClient?: number;
  maxEventLoopDelayMs: number;
  /** Shed while even the fastest recent requests took longer than this (ms); unset: off. */
  maxQueueDelayMs?: number;
  /** Further saturation signals (e.g. the database's queue): a reason while saturated, else null. */
  probes?: ReadonlyArray<() => string | null>;
}

/** The part of node:perf_hooks' IntervalHistogram used here (nanoseconds). */
export interface EventLoopDelayHistogram {
  readonly mean: number;
  enable(): unknown;
  disable(): unknown;
  reset(): void;
}

export type AdmissionVerdict =
  | { kind: 'shed'; reason: string; inFlight: number; eventLoopDelayMs: number; standingQueue: boolean }
  | { kind: 'limited'; reason: 'client-in-flight'; retryAfterSeconds: number }
  /**
   * Call `done` once the answer is sent (or the connection closed); `measured` false when the request's
   * body never arrived in full (cut or abandoned): its time is the client's, not a queue in the server.
   */
  | { kind: 'admitted'; done: (measured?: boolean) => void };

export const SERVER_BUSY_MESSAGE = 'The server is busy; please try again in a moment';

export function tooManyRequestsMessage(seconds: number): string {
  return `Too many requests; please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again`;
}

/**
 * The key a client is counted under: IPv4 as is (also when written IPv4-mapped, ::ffff:a.b.c.d),
 * IPv6 by its first 64 bits (a subscriber gets a whole /64, so single addresses cost nothing to vary).
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const bare = address.split('%')[0]!.toLowerCase();
  const [head = '', tail = ''] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = bare.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = bare.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => (group || '0').replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** How often the event-loop delay and the standing-queue interval are sampled. */
const SAMPLE_EVERY_MS = 500;

export class Admission {
  private readonly queue: StandingQueueDetector;
  private readonly sampler: ReturnType<typeof setInterval>;
  private readonly perClient = new Map<string, number>();
  private readonly maxPerClient: number;
  private inFlight = 0;
  private eventLoopDelayMs = 0;

  constructor(
    private readonly options: AdmissionOptions,
    private readonly histogram: EventLoopDelayHistogram,
  ) {
    this.queue = new StandingQueueDetector(options.maxQueueDelayMs ?? Number.POSITIVE_INFINITY);
    this.maxPerClient = options.maxInFlightPerClient ?? options.maxInFlight;
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

  /** Why new requests are being shed right now, or null: what readiness reports. */
  saturation(): string | null {
    if (this.inFlight >= this.options.maxInFlight) return 'in-flight';
    if (this.eventLoopDelayMs > this.options.maxEventLoopDelayMs) return 'event-loop';
    if (this.queue.overloaded) return 'standing-queue';
    for (const probe of this.options.probes ?? []) {
      const reason = probe();
      if (reason) return reason;
    }
    return null;
  }

  /** Requests in flight now, in all and of one client (for logs and tests). */
  load(client?: string): { inFlight: number; client: number } {
    return { inFlight: this.inFlight, client: client === undefined ? 0 : (this.perClient.get(clientKey(client)) ?? 0) };
  }

  admit(address: string): AdmissionVerdict {
    const client = clientKey(address);
    const reason = this.saturation();
    if (reason)
      return {
        kind: 'shed',
        reason,
        inFlight: this.inFlight,
        eventLoopDelayMs: Math.round(this.eventLoopDelayMs),
        standingQueue: this.queue.overloaded,
      };
    // a client over its share hears 429 while the server still has room for the others
    const held = this.perClient.get(client) ?? 0;
    if (held >= this.maxPerClient) return { kind: 'limited', reason: 'client-in-flight', retryAfterSeconds: 1 };
    this.inFlight++;
    this.perClient.set(client, held + 1);
    const admittedAt = performance.now();
    let finished = false;
    return {
      kind: 'admitted',
      done: (measured = true) => {
        if (finished) return;
        finished = true;
        this.inFlight--;
        const left = (this.perClient.get(client) ?? 1) - 1;
        if (left > 0) this.perClient.set(client, left);
        else this.perClient.delete(client);
        // a body held back for seconds by its client would read as a standing queue and shed everyone
        if (measured) this.queue.record(performance.now() - admittedAt);
      },
    };
  }

  stop(): void {
    clearInterval(this.sampler);
    this.histogram.disable();
  }
}
