// The part of autocannon 8's API the load benchmark uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called with each response of this request (status, body as text). */
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string>,
    ) => void;
  }

  export interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Requests per second over all connections. */
    overallRate?: number;
    /** Seconds to wait for an answer before counting a timeout. */
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: AutocannonRequest[];
    pipelining?: number;
  }

  export interface AutocannonResult {
    requests: { total: number; average: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    duration: number;
  }

  export interface AutocannonInstance extends EventEmitter {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
    on(event: 'reqError', listener: (error: Error) => void): this;
    on(event: 'done', listener: (result: AutocannonResult) => void): this;
    stop(): void;
  }

  function autocannon(
    options: AutocannonOptions,
    callback?: (error: Error | null, result: AutocannonResult) => void,
  ): AutocannonInstance;
  export default autocannon;
}
