/**
 * Bodies that never finish must not hold a server (docs/decisions.md#request-time-limits): a request
 * body must be complete within `bodyTimeoutMs` of its headers, or its connection is cut (408 when
 * nothing was answered yet). Uploads (multipart bodies, up to tens of megabytes) may take longer while
 * they keep moving: at least `uploadMinBytesPerSecond` in every window of `bodyTimeoutMs`, and
 * `uploadTimeoutMs` at most. Node's own limits (headersTimeout, requestTimeout) cannot tell an upload
 * from a 1-byte trickle on a JSON route, hence this watch. Used by the REST API and the BFF; free of
 * Node imports (web imports the package): the caller passes what to read and how to cut.
 */
export interface BodyDeadlineOptions {
  bodyTimeoutMs: number;
  uploadTimeoutMs: number;
  uploadMinBytesPerSecond: number;
}

export interface WatchedBody {
  /** Bytes of the body received so far. */
  received(): number;
  /** True once the whole body has arrived. */
  complete(): boolean;
  /** A multipart upload: judged by its rate after bodyTimeoutMs. */
  upload: boolean;
  /** Ends the connection (and with it the request's slot). */
  cut(): void;
}

interface Watch {
  body: WatchedBody;
  startedAt: number;
  checkpointAt: number;
  checkpointBytes: number;
}

/** How often bodies are looked at: a cut comes at most this late. */
const SWEEP_EVERY_MS = 200;

export class BodyDeadlines {
  private readonly watches = new Set<Watch>();
  private readonly sweeper: ReturnType<typeof setInterval>;
  private lastSweepAt: number;

  constructor(
    private readonly options: BodyDeadlineOptions,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.lastSweepAt = now();
    this.sweeper = setInterval(() => this.sweepOnTime(), SWEEP_EVERY_MS);
    (this.sweeper as { unref?: () => void }).unref?.();
  }

  /**
   * The timer's sweep. A sweep later than its interval means the server's event loop was held (a long query on
   * the embedded database, a starved machine): nothing was read from any socket meanwhile, so that time is not
   * the clients' and every deadline moves on by it. Counted against them, an upload whose bytes sat unread in
   * the socket was cut as "too slow" after a stall of 10 s.
   */
  private sweepOnTime(): void {
    const now = this.now();
    const stalledMs = Math.max(0, now - this.lastSweepAt - 2 * SWEEP_EVERY_MS);
    this.lastSweepAt = now;
    if (stalledMs > 0)
      for (const watch of this.watches) {
        watch.startedAt += stalledMs;
        watch.checkpointAt += stalledMs;
      }
    this.sweep();
  }

  /** Watches a body until it is complete or cut; the answer stops watching (connection closed). */
  watch(body: WatchedBody): () => void {
    const at = this.now();
    const watch: Watch = { body, startedAt: at, checkpointAt: at, checkpointBytes: 0 };
    this.watches.add(watch);
    return () => this.watches.delete(watch);
  }

  /** Bodies being watched (tests, logs). */
  get size(): number {
    return this.watches.size;
  }

  /** Cuts the bodies out of time (called by the timer; tests call it directly). */
  sweep(): void {
    const now = this.now();
    const { bodyTimeoutMs, uploadTimeoutMs, uploadMinBytesPerSecond } = this.options;
    for (const watch of this.watches) {
      const { body } = watch;
      if (body.complete()) {
        this.watches.delete(watch);
        continue;
      }
      if (now - watch.startedAt < bodyTimeoutMs) continue;
      let late = !body.upload || now - watch.startedAt >= uploadTimeoutMs;
      if (!late && now - watch.checkpointAt >= bodyTimeoutMs) {
        const received = body.received();
        const needed = (uploadMinBytesPerSecond * (now - watch.checkpointAt)) / 1000;
        late = received - watch.checkpointBytes < needed;
        watch.checkpointAt = now;
        watch.checkpointBytes = received;
      }
      if (late) {
        this.watches.delete(watch);
        body.cut();
      }
    }
  }

  stop(): void {
    clearInterval(this.sweeper);
    this.watches.clear();
  }
}

/**
 * A whole HTTP/1.1 answer as written straight on a socket before closing it (what Node itself does
 * for its own time limits), for when a request is cut before the server answered.
 */
export function rawHttpAnswer(status: number, reason: string, body: unknown): string {
  const text = JSON.stringify(body);
  return (
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${new TextEncoder().encode(text).length}\r\n\r\n${text}`
  );
}

/** The Node http.Server settings the time limits map to (headers, whole request, keep-alive). */
export interface ServerTimeoutOptions {
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  uploadTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

/** Every request time limit a service is configured with (its config's `timeouts`). */
export type RequestTimeouts = BodyDeadlineOptions & ServerTimeoutOptions;

export function serverTimeouts(options: ServerTimeoutOptions): {
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionsCheckingInterval: number;
} {
  return {
    // a connection that sends no complete request line and headers in time gets 408 and is closed
    // (also one that sends nothing at all)
    headersTimeout: options.headersTimeoutMs,
    // Node's whole-request limit is the backstop only (it cannot tell uploads apart): BodyDeadlines
    // cuts ordinary bodies after bodyTimeoutMs
    requestTimeout: options.headersTimeoutMs + Math.max(options.bodyTimeoutMs, options.uploadTimeoutMs),
    keepAliveTimeout: options.keepAliveTimeoutMs,
    // Node checks the two limits above every 30 s by default: a 10 s limit would hold up to 40 s
    connectionsCheckingInterval: Math.min(1_000, Math.max(100, Math.floor(options.headersTimeoutMs / 4))),
  };
}
