/**
 * Portfolio start-up data. Once, while the portfolio tables are still empty: a few brokerage
 * firms, segments, charge types, financial instrument types and real-looking Indian equity
 * charges (brokerage, STT, exchange transaction charges, SEBI fees, stamp duty, GST, DP charges)
 * with the rate changes of 2020-07-01 (uniform stamp duty) and 2024-10-01 (NSE's flat transaction
 * charge), so that trades of different dates show different charges. With demo data on, the demo
 * investor also gets a few holdings bought at real closes of the loaded prices (none when no
 * prices are loaded yet).
 *
 * GST is 18 % of brokerage and exchange and SEBI charges; a charge here is a flat amount plus a
 * percentage of the trade value, so GST is written as 18 % of those rates (e.g. 18 % × (0.00297 %
 * + 0.0001 %) = 0.0005526 % of the value, plus 18 % of a flat brokerage). Brokerage caps (e.g.
 * "0.03 % or ₹20, whichever is lower") cannot be expressed and are left out.
 */
import Big from 'big.js';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ROLE_USER } from '@bazaar/shared';
import type { Database } from '../db/client.js';
import { queryRows } from '../db/client.js';
import {
  brokerageFirms,
  chargeTypes,
  charges,
  financialInstrumentTypes,
  holdings,
  segments,
} from '../db/schema/index.js';
import { findUserByUsername } from '../db/queries/auth/users.js';
import { inEquitySeries } from '../db/queries/market/equity-series.js';
import type { Seeder } from './seeder.js';

const FIRMS = [
  {
    name: 'Zerodha',
    address: '153/154, 4th Cross, Dollars Colony, J.P. Nagar 4th Phase, Bengaluru 560078',
    contactNumber: '8047181888',
  },
  { name: 'Upstox', address: '30th Floor, Sunshine Tower, Dadar West, Mumbai 400013', contactNumber: '2269428400' },
  {
    name: 'ICICI Direct',
    address: 'ICICI Venture House, Appasaheb Marathe Marg, Prabhadevi, Mumbai 400025',
    contactNumber: '2233551122',
  },
];
const SEGMENTS = ['Equity', 'Intraday', 'Derivatives'];
const CHARGE_TYPES = [
  'Brokerage',
  'STT',
  'Exchange transaction charges',
  'SEBI fees',
  'Stamp duty',
  'GST',
  'DP charges',
];
const INSTRUMENT_TYPES = [
  { type: 'Equity', description: 'Shares of listed companies, bought for delivery' },
  { type: 'Intraday', description: 'Equity bought and sold on the same trading day' },
  { type: 'Derivatives', description: 'Futures and options on indices and stocks' },
  { type: 'ETF', description: 'Exchange-traded funds' },
  { type: 'Government securities', description: 'G-Secs and treasury bills traded on the exchange' },
];

type Side = 'BUY' | 'SELL' | 'BOTH';
interface SeedCharge {
  firm: string;
  segment: string;
  type: string;
  exchange: 'NSE' | 'BSE';
  side: Side;
  amount: string;
  percentage: string;
  from: string;
  description: string;
}

/** Statutory rates (same at every firm), by exchange and period. */
const PERIODS = [
  { from: '2019-01-01', nse: '0.00325', bse: '0.003', sebi: '0.00015', stamp: '0.01' },
  { from: '2020-07-01', nse: '0.00325', bse: '0.003', sebi: '0.00015', stamp: '0.015' },
  { from: '2024-10-01', nse: '0.00297', bse: '0.00375', sebi: '0.0001', stamp: '0.015' },
];

/** Delivery brokerage per firm: flat rupees per order and percent of the value. */
const DELIVERY_BROKERAGE: Record<string, { amount: string; percentage: string; dp: string }> = {
  Zerodha: { amount: '0', percentage: '0', dp: '15.93' },
  Upstox: { amount: '20', percentage: '0', dp: '21.24' },
  'ICICI Direct': { amount: '0', percentage: '0.55', dp: '23.6' },
};

/**
 * The turnover charges every trade pays on top of brokerage: the exchange's transaction charge,
 * the SEBI fee, and 18 % GST on brokerage, exchange and SEBI charges (expressed on the trade value).
 */
function turnoverCharges(
  base: Pick<SeedCharge, 'firm' | 'segment' | 'exchange' | 'from'>,
  brokerage: { amount: string; percentage: string },
  exchangeRate: string,
  sebi: string,
): SeedCharge[] {
  const gst = new Big('0.18');
  return [
    {
      ...base,
      type: 'Exchange transaction charges',
      side: 'BOTH',
      amount: '0',
      percentage: exchangeRate,
      description: `${base.exchange} transaction charge on turnover`,
    },
    { ...base, type: 'SEBI fees', side: 'BOTH', amount: '0', percentage: sebi, description: 'SEBI turnover fee' },
    {
      ...base,
      type: 'GST',
      side: 'BOTH',
      amount: gst.times(brokerage.amount).toFixed(),
      percentage: gst.times(new Big(brokerage.percentage).plus(exchangeRate).plus(sebi)).toFixed(),
      description: '18 % GST on brokerage, exchange and SEBI charges, expressed on the trade value',
    },
  ];
}

function equityCharges(): SeedCharge[] {
  const rows: SeedCharge[] = [];
  for (const firm of FIRMS.map((f) => f.name)) {
    const brokerage = DELIVERY_BROKERAGE[firm] as (typeof DELIVERY_BROKERAGE)[string];
    for (const exchange of ['NSE', 'BSE'] as const) {
      for (const period of PERIODS) {
        const base = { firm, segment: 'Equity', exchange, from: period.from };
        const exchangeRate = exchange === 'NSE' ? period.nse : period.bse;
        rows.push(
          {
            ...base,
            type: 'Brokerage',
            side: 'BOTH',
            amount: brokerage.amount,
            percentage: brokerage.percentage,
            description: 'Delivery brokerage per executed order',
          },
          {
            ...base,
            type: 'STT',
            side: 'BOTH',
            amount: '0',
            percentage: '0.1',
            description: 'Securities transaction tax on delivery, both sides',
          },
          {
            ...base,
            type: 'Stamp duty',
            side: 'BUY',
            amount: '0',
            percentage: period.stamp,
            description: 'Stamp duty on the buy side',
          },
          {
            ...base,
            type: 'DP charges',
            side: 'SELL',
            amount: brokerage.dp,
            percentage: '0',
            description: 'Depository charge per scrip sold, GST included',
          },
          ...turnoverCharges(base, brokerage, exchangeRate, period.sebi),
        );
      }
    }
  }
  // intraday at Zerodha: 0.03 % brokerage, STT on the sell side only, smaller stamp duty
  for (const exchange of ['NSE', 'BSE'] as const) {
    const base = { firm: 'Zerodha', segment: 'Intraday', exchange, from: '2024-10-01' };
    const exchangeRate = exchange === 'NSE' ? '0.00297' : '0.00375';
    rows.push(
      {
        ...base,
        type: 'Brokerage',
        side: 'BOTH',
        amount: '0',
        percentage: '0.03',
        description: 'Intraday brokerage (the ₹20 cap per order is not modelled)',
      },
      {
        ...base,
        type: 'STT',
        side: 'SELL',
        amount: '0',
        percentage: '0.025',
        description: 'Securities transaction tax on intraday sells',
      },
      {
        ...base,
        type: 'Stamp duty',
        side: 'BUY',
        amount: '0',
        percentage: '0.003',
        description: 'Stamp duty on intraday buys',
      },
      ...turnoverCharges(base, { amount: '0', percentage: '0.03' }, exchangeRate, '0.0001'),
    );
  }
  return rows;
}

async function isEmpty(db: Database): Promise<boolean> {
  const counts = await Promise.all([
    db.select({ n: count() }).from(brokerageFirms),
    db.select({ n: count() }).from(segments),
    db.select({ n: count() }).from(chargeTypes),
    db.select({ n: count() }).from(charges),
  ]);
  return counts.every(([row]) => (row?.n ?? 0) === 0);
}

async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const firmRows = await tx.insert(brokerageFirms).values(FIRMS).returning();
    const segmentRows = await tx
      .insert(segments)
      .values(SEGMENTS.map((name) => ({ name })))
      .returning();
    const typeRows = await tx
      .insert(chargeTypes)
      .values(CHARGE_TYPES.map((name) => ({ name, stt: name === 'STT' })))
      .returning();
    const idOf = (rows: Array<{ id: number; name: string }>, name: string) => {
      const row = rows.find((candidate) => candidate.name === name);
      if (!row) throw new Error(`seed: ${name} is missing`);
      return row.id;
    };
    await tx.insert(charges).values(
      equityCharges().map((charge) => ({
        brokerageFirmId: idOf(firmRows, charge.firm),
        segmentId: idOf(segmentRows, charge.segment),
        chargeTypeId: idOf(typeRows, charge.type),
        exchange: charge.exchange,
        onBuySell: charge.side,
        amount: charge.amount,
        percentage: charge.percentage,
        effectiveDate: charge.from,
        description: charge.description,
      })),
    );
    const [instrumentCount] = await tx.select({ n: count() }).from(financialInstrumentTypes);
    if ((instrumentCount?.n ?? 0) === 0) await tx.insert(financialInstrumentTypes).values(INSTRUMENT_TYPES);
  });
}

/** Well-known symbols first; otherwise whichever equity symbols have the longest price history. */
const PREFERRED_SYMBOLS = ['RELIANCE', 'TCS', 'INFY', 'HDFCBANK', 'ITC', 'SBIN'];

interface PricePoint {
  symbol: string;
  trade_date: string;
  close_price: string;
}

/** For each chosen symbol: a close about 60 trading days before its latest, and one about 20 before. */
async function demoPricePoints(db: Database): Promise<Map<string, { buy: PricePoint; sell: PricePoint }>> {
  const candidates = await queryRows<{ symbol: string; days: number }>(
    db,
    sql`SELECT symbol, count(*)::int AS days FROM stock_prices WHERE ${inEquitySeries()}
        AND symbol IN (${sql.join(
          PREFERRED_SYMBOLS.map((s) => sql`${s}`),
          sql`, `,
        )}) GROUP BY symbol HAVING count(*) >= 25`,
  );
  let symbols = candidates.map((row) => row.symbol);
  if (symbols.length < 3) {
    const fallback = await queryRows<{ symbol: string }>(
      db,
      sql`SELECT symbol FROM stock_prices WHERE series = 'EQ' GROUP BY symbol HAVING count(*) >= 25 ORDER BY count(*) DESC, symbol LIMIT 4`,
    );
    symbols = [...new Set([...symbols, ...fallback.map((row) => row.symbol)])];
  }
  const result = new Map<string, { buy: PricePoint; sell: PricePoint }>();
  for (const symbol of symbols.slice(0, 4)) {
    const history = await queryRows<PricePoint>(
      db,
      sql`SELECT symbol, trade_date::text AS trade_date, close_price::text AS close_price FROM stock_prices
          WHERE symbol = ${symbol} AND ${inEquitySeries()} ORDER BY trade_date DESC LIMIT 61`,
    );
    const buy = history[Math.min(60, history.length - 1)];
    const sell = history[Math.min(20, history.length - 1)];
    if (buy && sell && sell.trade_date > buy.trade_date) result.set(symbol, { buy, sell });
  }
  return result;
}

async function seedDemoHoldings(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const investor = app.config.demoAccounts.find((account) => account.role === ROLE_USER);
  const user = investor ? await findUserByUsername(db, investor.username) : undefined;
  if (!user) return;
  const [existing] = await db.select({ n: count() }).from(holdings).where(eq(holdings.userId, user.id));
  if ((existing?.n ?? 0) > 0) return;
  const points = await demoPricePoints(db);
  if (points.size === 0) {
    app.log.info('portfolio demo holdings skipped: no prices are loaded');
    return;
  }
  const [firm] = await db.select().from(brokerageFirms).where(eq(brokerageFirms.name, 'Zerodha'));
  const [equity] = await db.select().from(segments).where(eq(segments.name, 'Equity'));
  const [upstox] = await db.select().from(brokerageFirms).where(eq(brokerageFirms.name, 'Upstox'));
  if (!firm || !equity) return;
  const quantities = [10, 25, 40, 15];
  const rows = [...points.entries()].map(([symbol, point], index) => {
    const quantity = quantities[index % quantities.length] as number;
    const base = {
      userId: user.id,
      brokerageFirmId: index === 3 && upstox ? upstox.id : firm.id,
      segmentId: equity.id,
      symbol,
      exchange: 'NSE',
      price: point.buy.close_price,
      creationDate: point.buy.trade_date,
    };
    // the second holding was partly sold: a realized row and the open rest of the same order
    if (index === 1) {
      const sold = Math.floor(quantity / 2);
      return [
        {
          ...base,
          quantity: sold,
          lotQuantity: quantity,
          sellPrice: point.sell.close_price,
          sellingDate: point.sell.trade_date,
          status: 'REALIZED',
        },
        {
          ...base,
          quantity: quantity - sold,
          lotQuantity: quantity,
          sellPrice: null,
          sellingDate: null,
          status: 'UNREALIZED',
        },
      ];
    }
    return [{ ...base, quantity, lotQuantity: quantity, sellPrice: null, sellingDate: null, status: 'UNREALIZED' }];
  });
  await db.insert(holdings).values(rows.flat());
  app.log.info({ holdings: rows.flat().length }, 'portfolio demo holdings created');
}

export const seedPortfolio: Seeder = async (app, { firstStart }) => {
  if (await isEmpty(app.db)) {
    await seedReferenceData(app.db);
    app.log.info('portfolio reference data created');
  }
  if (firstStart && app.config.demoData) await seedDemoHoldings(app);
};
