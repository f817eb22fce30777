/**
 * The count of one GraphQL request made with an API key (docs/decisions.md#one-request-counts-once), kept in its own
 * module because the request's context (graphql/context.ts) and its REST calls (datasources/rest-client.ts) carry
 * it and the quota plugin (api-key-quota.ts) reads it.
 *
 * The request is counted once, either before it runs (the quota call, POST /user/api-quota/graphql) or, when this
 * BFF already knows the key can afford it, in the first REST call made with the key (X-Quota-Charge: the REST API
 * counts it before that call runs, with the call's own round trip), or else by the quota call once the operation
 * has run and before its answer leaves (an operation that made no REST call with the key). Until then nothing of
 * the answer has left; a refused charge, or a key refused by any of its calls (401), makes the refusal the answer.
 */
import { QUOTA_HEADERS, type ApiKeyScope } from '@bazaar/shared';
import type { ApiQuotaDto, ApiQuotaGrantDto, DailyQuotaDto, ErrorBody } from '@bazaar/shared/contract';
import type { KeyCharge, KeyChargeCarrier } from '../datasources/rest-client.js';

/** The headers of the REST API's answer to a key that are passed on to the client. */
const PASSED_ON = [
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-used',
  'x-ratelimit-reset',
];

/** A refusal of the key or of its quota, answered instead of the operation (the REST API's status and words). */
export interface Refusal {
  status: number;
  message: string;
  headers: Record<string, string>;
}

export type Settlement = { kind: 'granted'; quota: ApiQuotaDto } | { kind: 'refused'; refusal: Refusal };

/** Points this BFF owes a key's bucket (answers that did not use all they took), until a charge carries them. */
export interface OwedToKey {
  /** All of them, now carried by a charge. */
  take(): number;
  /** Carried by a charge that was not looked at: still owed. */
  restore(points: number): void;
}

/** The headers of a REST answer the client gets too. */
export function passedOn(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of PASSED_ON) {
    const value = headers.get(name);
    if (value !== null) kept[name] = value;
  }
  return kept;
}

/** The daily quota the X-RateLimit-* headers of an answer carry, or undefined when they are missing. */
function dailyOf(headers: Headers): DailyQuotaDto | undefined {
  const values = ['limit', 'remaining', 'used', 'reset'].map((name) => Number(headers.get(`x-ratelimit-${name}`)));
  if (values.some((value) => !Number.isFinite(value) || value < 0)) return undefined;
  const [limit = 0, remaining = 0, used = 0, reset = 0] = values;
  return { limit, remaining, used, reset };
}

/** A refusal answered by the REST API (a 5xx becomes 503: the service behind is unavailable). */
export function refusalOf(status: number, data: unknown, headers: Headers): Refusal {
  const body = data as ErrorBody | null;
  return {
    status: status >= 500 ? 503 : status,
    message: body?.message ?? 'The API key was refused',
    headers: passedOn(headers),
  };
}

/** The quota call's answer as a settlement. */
export function quotaCallSettlement(status: number, data: unknown, headers: Headers): Settlement {
  return status === 200
    ? { kind: 'granted', quota: data as ApiQuotaDto }
    : { kind: 'refused', refusal: refusalOf(status, data, headers) };
}

/**
 * What the answer to the REST call that carried the charge says of it: granted (X-Quota-Grant), refused
 * (X-Quota-Refused, or the key refused: 401), or undefined when the call was answered before the charge was
 * looked at (shed with 503, say): then it is still to be counted.
 */
function carriedSettlement(status: number, data: unknown, headers: Headers): Settlement | undefined {
  if (status === 401 || headers.get(QUOTA_HEADERS.refused) === '1')
    return { kind: 'refused', refusal: refusalOf(status, data, headers) };
  const grant = headers.get(QUOTA_HEADERS.grant);
  const daily = dailyOf(headers);
  if (grant === null || !daily) return undefined;
  try {
    const { scopes, points } = JSON.parse(grant) as ApiQuotaGrantDto;
    return { kind: 'granted', quota: { scopes, daily, points } };
  } catch {
    return undefined;
  }
}

export class ApiKeyUsage implements KeyCharge {
  /** Points the operations' answers did not use, added up as they are sent. */
  unused = 0;
  private result: Promise<Settlement> | undefined;
  /** The REST call carrying the charge, until it is answered. */
  private carried: Promise<Settlement | undefined> | undefined;
  /** A later REST call found the key refused (401): that is the answer, whatever the count said. */
  private keyRefused: Refusal | undefined;

  /**
   * `count` is the quota call; `learn` hears every settlement (what this BFF knows of the key); `counted` is the
   * quota the request was counted with before it ran, if it was.
   */
  constructor(
    /** The points taken for the whole request. */
    readonly requestedCost: number,
    /** The key's scopes (the fields' @access check them before any REST call). */
    readonly scopes: ApiKeyScope[],
    private readonly count: () => Promise<Settlement>,
    private readonly learn: (settlement: Settlement) => void,
    private readonly owed: OwedToKey,
    counted?: ApiQuotaDto,
  ) {
    if (counted) this.result = Promise.resolve({ kind: 'granted', quota: counted });
  }

  take(): KeyChargeCarrier | undefined {
    if (this.result || this.carried) return undefined;
    let answered: (settlement: Settlement | undefined) => void = () => undefined;
    this.carried = new Promise((resolve) => (answered = resolve));
    const refund = this.owed.take();
    return {
      cost: this.requestedCost,
      refund,
      answered: (answer) => {
        const settlement = answer && carriedSettlement(answer.status, answer.data, answer.headers);
        // a key refused (401) gets nothing back; a charge not looked at gave nothing back
        if (!settlement && refund > 0) this.owed.restore(refund);
        if (settlement) {
          this.result = Promise.resolve(settlement);
          this.learn(settlement);
        }
        // unsettled: the next call with the key, or the quota call, counts it
        this.carried = undefined;
        answered(settlement);
      },
    };
  }

  keyAnswered(status: number, data: unknown, headers: Headers): void {
    if (status !== 401 || this.keyRefused) return;
    this.keyRefused = refusalOf(status, data, headers);
    this.learn({ kind: 'refused', refusal: this.keyRefused });
  }

  /** How the request was counted, by the call that carried the charge or else by the quota call now. */
  async settled(): Promise<Settlement> {
    while (!this.result && this.carried) await this.carried;
    if (!this.result) {
      this.result = this.count();
      void this.result.then(this.learn);
    }
    const settlement = await this.result;
    if (this.keyRefused) return { kind: 'refused', refusal: this.keyRefused };
    return settlement;
  }
}
