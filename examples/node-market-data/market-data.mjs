#!/usr/bin/env node
/**
 * Bazaar Insight for programs, by example (docs/integrators.md): with an API key from the environment this
 *   1. pages through one trading day's prices (stockPriceConnection, 500 rows a page),
 *   2. downloads a year of weekly candles for ten symbols in one batched request (candlesBySymbol),
 *   3. reuses an answer by its ETag: a persisted query over GET, then If-None-Match → 304 Not Modified.
 * Node 20 or later, nothing but its standard library. Usage: README.md beside this file.
 *
 *   BAZAAR_API_KEY=bzk_… node market-data.mjs            what it did, in words
 *   BAZAAR_API_KEY=bzk_… node market-data.mjs --json     everything it read, as one JSON document
 */
import { createHash } from 'node:crypto';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';

const API_KEY = process.env.BAZAAR_API_KEY ?? '';
const BASE_URL = (process.env.BAZAAR_URL ?? 'http://localhost:4000').replace(/\/+$/, '');
const GRAPHQL_URL = `${BASE_URL}/graphql`;
/** The day to page through (YYYY-MM-DD); by default the latest trading day D. */
const DAY = process.env.BAZAAR_DATE;
/** Ten NSE symbols, comma-separated (at most 50 fit one batched request). */
const SYMBOLS = (process.env.BAZAAR_SYMBOLS ?? 'TCS,INFY,HDFCBANK,RELIANCE,ITC,SBIN,ICICIBANK,LT,HINDUNILVR,AXISBANK')
  .split(',')
  .map((symbol) => symbol.trim().toUpperCase())
  .filter(Boolean);
/** Rows a page: 1 to 500. */
const PAGE_SIZE = Number(process.env.BAZAAR_PAGE_SIZE ?? 500);
/** A 429 whose Retry-After is longer than this is not waited for (the daily quota: it resets at midnight IST). */
const MAX_RETRY_WAIT_SECONDS = 60;
const JSON_OUTPUT = process.argv.includes('--json');

/** Progress for people; with --json it goes to stderr so stdout is only the document. */
const say = (line) => (JSON_OUTPUT ? process.stderr : process.stdout).write(`${line}\n`);

class BazaarError extends Error {
  constructor(message, details = {}) {
    super(message);
    this.name = 'BazaarError';
    Object.assign(this, details);
  }
}

/** The quota as the last answer stated it (docs/integrators.md#limits). */
const quota = { limit: null, remaining: null, used: null, reset: null, cost: null };

function noteQuota(response, body) {
  const header = (name) => response.headers.get(name);
  if (header('x-ratelimit-limit') !== null) {
    quota.limit = Number(header('x-ratelimit-limit'));
    quota.remaining = Number(header('x-ratelimit-remaining'));
    quota.used = Number(header('x-ratelimit-used'));
    quota.reset = Number(header('x-ratelimit-reset'));
  }
  if (body?.extensions?.cost) quota.cost = body.extensions.cost;
}

/**
 * One HTTP request with the key, waiting out a short 429 as its Retry-After says (the points bucket refills every
 * second); a long one (the day's quota is used up) and every other error is thrown with the server's message.
 */
async function request(url, init = {}, attempt = 1) {
  const response = await fetch(url, {
    ...init,
    headers: { authorization: `Bearer ${API_KEY}`, ...init.headers },
  });
  if (response.status === 429 && attempt <= 3) {
    const wait = Number(response.headers.get('retry-after') ?? '1');
    if (wait <= MAX_RETRY_WAIT_SECONDS) {
      say(`  429 Too Many Requests: waiting ${wait} s as Retry-After asks`);
      await sleep(wait * 1000);
      return request(url, init, attempt + 1);
    }
  }
  return response;
}

/** A GraphQL request over POST; GraphQL errors become one thrown error naming their codes. */
async function graphql(query, variables = {}) {
  const response = await request(GRAPHQL_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json().catch(() => null);
  noteQuota(response, body);
  if (!response.ok || !body || body.errors?.length) {
    const first = body?.errors?.[0];
    const code = first?.extensions?.code ?? `HTTP ${response.status}`;
    throw new BazaarError(`${code}: ${first?.message ?? response.statusText}`, { status: response.status, code });
  }
  return body.data;
}

/** The latest trading day D (docs/integrators.md#the-datas-definitions). */
async function latestDay() {
  const data = await graphql('query LatestDay { marketDataStatus { latestPriceDate } }');
  const day = data.marketDataStatus.latestPriceDate;
  if (!day) throw new BazaarError('No prices are loaded yet');
  return day;
}

const DAY_PRICES = `
  query DayPrices($date: Date, $first: Int!, $after: String) {
    stockPriceConnection(date: $date, first: $first, after: $after) {
      edges { node { symbol series closePrice changePercent volume } }
      pageInfo { hasNextPage endCursor }
      totalCount
    }
  }`;

/** 1. A day's prices, a page at a time: ask again with after = endCursor while hasNextPage. */
async function pageThroughDay(date) {
  const rows = [];
  const pageSizes = [];
  let after = null;
  let totalCount;
  for (;;) {
    const { stockPriceConnection: page } = await graphql(DAY_PRICES, { date, first: PAGE_SIZE, after });
    rows.push(...page.edges.map((edge) => edge.node));
    pageSizes.push(page.edges.length);
    totalCount = page.totalCount;
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  if (rows.length !== totalCount) throw new BazaarError(`Paged ${rows.length} rows of ${totalCount}`);
  return { date, pages: pageSizes.length, pageSizes, totalCount, rows };
}

const WEEKLY_CANDLES = `
  query WeeklyCandles($symbols: [String!]!, $from: Date!, $to: Date!) {
    candlesBySymbol(symbols: $symbols, interval: WEEK, from: $from, to: $to) {
      symbol
      candles { date openPrice highPrice lowPrice closePrice volume }
    }
  }`;

/** The day a year before `day`, plus one: a year of trading days ending on `day` (dates, not times). */
function yearBefore(day) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - 1);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** 2. A year of weekly candles (adjusted for splits and bonuses, the default) for every symbol, in one request. */
async function weeklyCandles(to) {
  const from = yearBefore(to);
  const { candlesBySymbol } = await graphql(WEEKLY_CANDLES, { symbols: SYMBOLS, from, to });
  return { from, to, interval: 'WEEK', cost: quota.cost, symbols: candlesBySymbol };
}

/** The query the ETag step asks for: the latest quotes of the symbols (public market data, cacheable). */
const QUOTES = 'query Quotes($symbols: [String!]!) { quotes(symbols: $symbols) { symbol closePrice tradeDate } }';

/** A GET of a persisted query (Apollo's protocol): the hash always, the text only when asked, an ETag when kept. */
async function persistedGet({ withText, etag }) {
  const hash = createHash('sha256').update(QUOTES).digest('hex');
  const params = new URLSearchParams({
    variables: JSON.stringify({ symbols: SYMBOLS }),
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }),
  });
  if (withText) params.set('query', QUOTES);
  // a GET needs a header a browser cannot send cross-site without asking (Apollo's CSRF prevention)
  const headers = { 'apollo-require-preflight': 'true' };
  if (etag) headers['if-none-match'] = etag;
  const response = await request(`${GRAPHQL_URL}?${params}`, { headers });
  const body = response.status === 304 ? null : await response.json().catch(() => null);
  noteQuota(response, body);
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    cacheControl: response.headers.get('cache-control'),
    errorCode: body?.errors?.[0]?.extensions?.code ?? body?.errors?.[0]?.message ?? null,
    data: body?.data ?? null,
  };
}

/**
 * 3. The hash alone first (the server may not know it yet: PersistedQueryNotFound), then the text once with it,
 * then the hash alone with If-None-Match: 304 until the next upload, no body, nothing recomputed.
 */
async function reuseByEtag() {
  const first = await persistedGet({ withText: false });
  const known = first.status === 200 && first.data !== null;
  const fetched = known ? first : await persistedGet({ withText: true });
  if (fetched.status !== 200 || !fetched.etag) {
    throw new BazaarError(
      `The quotes came back ${fetched.status} without an ETag (${fetched.errorCode ?? 'no error'})`,
    );
  }
  const again = await persistedGet({ withText: false, etag: fetched.etag });
  return {
    firstTry: known ? 'known' : first.errorCode,
    status: fetched.status,
    etag: fetched.etag,
    cacheControl: fetched.cacheControl,
    quotes: fetched.data.quotes,
    revalidatedStatus: again.status,
  };
}

async function main() {
  if (!API_KEY) {
    console.error('Set BAZAAR_API_KEY to an API key (make one on the Developer page, /developer).');
    process.exitCode = 2;
    return;
  }
  say(`Bazaar Insight at ${BASE_URL}`);
  const day = DAY ?? (await latestDay());

  const prices = await pageThroughDay(day);
  say(
    `1. ${day}: ${prices.totalCount} prices in ${prices.pages} pages of up to ${PAGE_SIZE} (${prices.pageSizes.join(' + ')})`,
  );

  const candles = await weeklyCandles(day);
  say(`2. weekly candles ${candles.from} .. ${candles.to} for ${candles.symbols.length} symbols in one request:`);
  for (const { symbol, candles: weeks } of candles.symbols) {
    const last = weeks.at(-1);
    say(
      `   ${symbol.padEnd(11)} ${String(weeks.length).padStart(3)} weeks, last (${last?.date ?? '—'}) close ${last?.closePrice ?? '—'}`,
    );
  }
  if (candles.cost) {
    const { requestedQueryCost, actualQueryCost, throttleStatus } = candles.cost;
    say(
      `   cost ${actualQueryCost} of ${requestedQueryCost} points asked; ${throttleStatus.currentlyAvailable} of ${throttleStatus.maximumAvailable} available`,
    );
  }

  const cached = await reuseByEtag();
  say(
    `3. quotes by persisted query over GET: first try ${cached.firstTry}, then ${cached.status} with ETag ${cached.etag} (${cached.cacheControl})`,
  );
  say(
    `   asked again with If-None-Match: ${cached.revalidatedStatus}${cached.revalidatedStatus === 304 ? ' Not Modified (nothing sent, nothing recomputed)' : ''}`,
  );
  if (quota.limit !== null) say(`Quota: ${quota.remaining} of ${quota.limit} requests left today (${quota.used} used)`);

  if (JSON_OUTPUT) {
    process.stdout.write(`${JSON.stringify({ baseUrl: BASE_URL, day, prices, candles, etag: cached, quota })}\n`);
  }
}

main().catch((error) => {
  console.error(error instanceof BazaarError ? `Bazaar Insight said: ${error.message}` : error);
  process.exitCode = 1;
});
