/**
 * A large synthetic market for bench:scale: `symbols` equity symbols over `days` trading days
 * (weekdays from `start`, with a few market holidays), written day by day as legacy NSE
 * bhavcopies (the 13-column layout of ../shared/data, trailing comma included) or as COPY lines
 * of stock_prices. Deterministic (a seeded generator), so two runs load the same rows.
 * Realism where it matters to the queries: prices are random walks with 2 decimals and a daily
 * range; about 10% of the symbols list during the period and 5% stop trading (gaps at both ends),
 * every symbol misses about 1% of days (suspensions), 3% trade in series BE for a stretch (a series
 * change), 2% halve their price once (a split), and 4% of the rows are a non-equity series (debt,
 * N1) that the analysis must ignore.
 */
import { seededRandom } from '@bazaar/shared';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

export interface SyntheticOptions {
  symbols: number;
  days: number;
  /** The first calendar day (a weekday or not); 2010-01-04 by default. */
  start?: string;
  seed?: number;
}

export interface SyntheticDay {
  date: string;
  rows: number;
  /** The day as a legacy bhavcopy CSV (header included). */
  csv(): string;
  /** The day's rows as COPY text lines of stock_prices, in the table's column order. */
  copyText(): string;
}

/** Weekdays from `start`, skipping about one in fifty as a market holiday: `count` trading days. */
export function tradingDays(start: string, count: number, seed = 1): string[] {
  const next = seededRandom(seed);
  const days: string[] = [];
  const day = new Date(`${start}T00:00:00Z`);
  while (days.length < count) {
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6 && next() >= 0.02) days.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return days;
}

interface SymbolPlan {
  name: string;
  isin: string;
  price: number;
  firstDay: number;
  lastDay: number;
  /** Days in [beStart, beEnd) trade as BE. */
  beStart: number;
  beEnd: number;
  splitDay: number;
}

const cents = (value: number) => (Math.round(value * 100) / 100).toFixed(2);

/** The synthetic market, day after day (lazily: one day's rows are made when asked). */
export function* syntheticMarket(options: SyntheticOptions): Generator<SyntheticDay> {
  const next = seededRandom(options.seed ?? 20_100_104);
  const days = tradingDays(options.start ?? '2010-01-04', options.days, (options.seed ?? 1) + 1);
  const plans: SymbolPlan[] = Array.from({ length: options.symbols }, (_, index) => {
    const listsLate = next() < 0.1;
    const stops = next() < 0.05;
    const changesSeries = next() < 0.03;
    const splits = next() < 0.02;
    const beStart = changesSeries ? Math.floor(next() * options.days) : -1;
    return {
      name: `SYN${String(index + 1).padStart(5, '0')}`,
      isin: `INE${String(index + 1).padStart(6, '0')}A01`,
      price: 10 + next() * 2000,
      firstDay: listsLate ? Math.floor(next() * options.days) : 0,
      lastDay: stops ? Math.floor(next() * options.days) : options.days,
      beStart,
      beEnd: beStart < 0 ? -1 : beStart + 20 + Math.floor(next() * 100),
      splitDay: splits ? Math.floor(next() * options.days) : -1,
    };
  });
  for (let d = 0; d < days.length; d++) {
    const date = days[d]!;
    const [year, month, day] = date.split('-');
    const timestamp = `${day}-${MONTHS[Number(month) - 1]}-${year}`;
    const rows: string[][] = [];
    for (const plan of plans) {
      if (d < plan.firstDay || d >= plan.lastDay || next() < 0.01) continue;
      const previous = plan.price;
      if (d === plan.splitDay) plan.price /= 2;
      plan.price = Math.max(0.05, plan.price * (1 + (next() - 0.5) * 0.06));
      const open = Math.max(0.05, plan.price * (1 + (next() - 0.5) * 0.02));
      const close = plan.price;
      const high = Math.max(open, close) * (1 + next() * 0.02);
      const low = Math.max(0.05, Math.min(open, close) * (1 - next() * 0.02));
      const quantity = Math.floor(1000 + next() * 1_000_000);
      const series = d >= plan.beStart && d < plan.beEnd ? 'BE' : 'EQ';
      rows.push([
        plan.name,
        series,
        cents(open),
        cents(high),
        cents(low),
        cents(close),
        cents(close),
        cents(previous),
        String(quantity),
        cents(quantity * close),
        timestamp,
        String(Math.floor(quantity / 50) + 1),
        plan.isin,
      ]);
      if (next() < 0.04) {
        const bond = cents(100 + next());
        rows.push([plan.name, 'N1', bond, bond, bond, bond, bond, bond, '10', cents(1000), timestamp, '1', plan.isin]);
      }
    }
    rows.sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : a[1]! < b[1]! ? -1 : 1));
    yield {
      date,
      rows: rows.length,
      csv: () =>
        `SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,\n${rows
          .map((row) => `${row.join(',')},`)
          .join('\n')}\n`,
      // stock_prices: symbol, series, trade_date, open, high, low, close, last, prev_close, qty, value, trades, isin
      copyText: () =>
        `${rows.map((row) => [row[0], row[1], date, ...row.slice(2, 10), row[11], row[12]].join('\t')).join('\n')}\n`,
    };
  }
}
