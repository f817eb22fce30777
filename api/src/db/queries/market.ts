/**
 * Market reads behind /public/stock-prices, /public/corporate-actions, /public/profit-and-loss,
 * /public/balancesheet and /public/stocks, and the company writes of /staff/stocks. Every read
 * goes through an index (the price table's primary key starts with the symbol; the latest day is
 * found through the trade-date index) so none of them scans price history.
 */
import { and, asc, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import Big from 'big.js';
import { roundDecimal, type TrendPeriod } from '@bazaar/shared';
import { periodWindowStart } from '@bazaar/shared';
import type { Database } from '../client.js';
import { queryRows } from '../client.js';
import { balanceSheets, companies, corporateActions, financialResults, stockPrices } from '../schema/index.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { pgError, UNIQUE_VIOLATION } from '../errors.js';
import { EQUITY_SERIES_SQL, getLatestPriceDate } from './analysis.js';

const equitySeries = sql`${stockPrices.series} IN ${EQUITY_SERIES_SQL}`;

/** A row of the stock-price table (every equity symbol on D). */
export interface StockPriceRowDto {
  symbol: string;
  series: string;
  date: string;
  openPrice: string;
  highPrice: string;
  lowPrice: string;
  closePrice: string;
  lastPrice: string | null;
  previousClose: string | null;
  /** close − previous close, 2 decimals. */
  changePerDay: string | null;
  /** changePerDay ÷ previous close × 100, 2 decimals. */
  changePercent: string | null;
  volume: number | null;
  isin: string | null;
}

/**
 * Every equity symbol's row on D. The previous close is the exchange's PREVCLOSE (adjusted by the
 * exchange on ex-dates of splits and bonuses), or the symbol's latest earlier close when the
 * loaded file had no such column.
 */
export async function getLatestStockPrices(db: Database): Promise<{ asOf: string | null; rows: StockPriceRowDto[] }> {
  const asOf = await getLatestPriceDate(db);
  if (!asOf) return { asOf, rows: [] };
  const rows = await queryRows<Omit<StockPriceRowDto, 'changePerDay' | 'changePercent'>>(
    db,
    sql`
      SELECT sp.symbol, sp.series, sp.trade_date AS "date", sp.open_price AS "openPrice", sp.high_price AS "highPrice",
        sp.low_price AS "lowPrice", sp.close_price AS "closePrice", sp.last_price AS "lastPrice",
        CASE WHEN sp.prev_close IS NOT NULL THEN sp.prev_close ELSE (
          SELECT p.close_price FROM stock_prices p
          WHERE p.symbol = sp.symbol AND p.series IN ${EQUITY_SERIES_SQL} AND p.trade_date < sp.trade_date
          ORDER BY p.trade_date DESC LIMIT 1
        ) END AS "previousClose",
        sp.total_traded_qty AS "volume", sp.isin
      FROM stock_prices sp
      WHERE sp.trade_date = ${asOf}::date AND sp.series IN ${EQUITY_SERIES_SQL}
      ORDER BY sp.symbol COLLATE "C"`,
  );
  return {
    asOf,
    rows: rows.map((row) => {
      const previous = row.previousClose;
      if (previous === null)
        return {
          ...row,
          volume: row.volume === null ? null : Number(row.volume),
          changePerDay: null,
          changePercent: null,
        };
      const change = new Big(row.closePrice).minus(previous);
      return {
        ...row,
        volume: row.volume === null ? null : Number(row.volume),
        changePerDay: roundDecimal(change),
        changePercent: new Big(previous).eq(0) ? null : roundDecimal(change.div(previous).times(100)),
      };
    }),
  };
}

export interface CandleDto {
  date: string;
  openPrice: string;
  highPrice: string;
  lowPrice: string;
  closePrice: string;
}

/** A symbol's daily candles (equity series), oldest first, optionally within [from, to]. */
export async function getCandles(
  db: Database,
  symbol: string,
  range: { from?: string | undefined; to?: string | undefined } = {},
): Promise<CandleDto[]> {
  const conditions: SQL[] = [eq(stockPrices.symbol, symbol), equitySeries];
  if (range.from) conditions.push(gte(stockPrices.tradeDate, range.from));
  if (range.to) conditions.push(lte(stockPrices.tradeDate, range.to));
  return db
    .select({
      date: stockPrices.tradeDate,
      openPrice: stockPrices.openPrice,
      highPrice: stockPrices.highPrice,
      lowPrice: stockPrices.lowPrice,
      closePrice: stockPrices.closePrice,
    })
    .from(stockPrices)
    .where(and(...conditions))
    .orderBy(asc(stockPrices.tradeDate));
}

/** The last `count` closes of a symbol (equity series), oldest first. */
export async function getLastCloses(
  db: Database,
  symbol: string,
  count: number,
): Promise<Array<{ date: string; close: string }>> {
  const rows = await db
    .select({ date: stockPrices.tradeDate, close: stockPrices.closePrice })
    .from(stockPrices)
    .where(and(eq(stockPrices.symbol, symbol), equitySeries))
    .orderBy(desc(stockPrices.tradeDate))
    .limit(count);
  return rows.reverse();
}

/** The closes of a symbol inside the window of `period` ending on D: `{dates, prices}`. */
export async function getPriceSeriesForPeriod(
  db: Database,
  symbol: string,
  period: TrendPeriod,
): Promise<{ dates: string[]; prices: string[] }> {
  const asOf = await getLatestPriceDate(db);
  if (!asOf) return { dates: [], prices: [] };
  const rows = await db
    .select({ date: stockPrices.tradeDate, close: stockPrices.closePrice })
    .from(stockPrices)
    .where(
      and(
        eq(stockPrices.symbol, symbol),
        equitySeries,
        sql`${stockPrices.tradeDate} > ${periodWindowStart(asOf, period)}::date`,
        lte(stockPrices.tradeDate, asOf),
      ),
    )
    .orderBy(asc(stockPrices.tradeDate));
  return { dates: rows.map((row) => row.date), prices: rows.map((row) => row.close) };
}

// --- corporate actions ---

export interface CorporateActionDto {
  id: number;
  symbol: string;
  companyName: string;
  series: string;
  purpose: string;
  faceValue: string | null;
  exDate: string | null;
  recordDate: string | null;
  bookClosureStartDate: string | null;
  bookClosureEndDate: string | null;
}

const corporateActionColumns = {
  id: corporateActions.id,
  symbol: corporateActions.symbol,
  companyName: corporateActions.companyName,
  series: corporateActions.series,
  purpose: corporateActions.purpose,
  faceValue: corporateActions.faceValue,
  exDate: corporateActions.exDate,
  recordDate: corporateActions.recordDate,
  bookClosureStartDate: corporateActions.bookClosureStartDate,
  bookClosureEndDate: corporateActions.bookClosureEndDate,
};

/** Every corporate action, newest ex-date first (events without an ex-date last), then by symbol. */
export async function listCorporateActions(db: Database): Promise<CorporateActionDto[]> {
  return db
    .select(corporateActionColumns)
    .from(corporateActions)
    .orderBy(
      sql`${corporateActions.exDate} DESC NULLS LAST`,
      sql`${corporateActions.symbol} COLLATE "C"`,
      asc(corporateActions.id),
    );
}

/**
 * A symbol's events split at `date`: past events have an ex-date before it (newest first);
 * upcoming events have an ex-date on or after it (soonest first).
 */
export async function getCorporateActionsOfSymbol(
  db: Database,
  symbol: string,
  date: string,
): Promise<{ pastEvents: CorporateActionDto[]; upcomingEvents: CorporateActionDto[] }> {
  const [pastEvents, upcomingEvents] = await Promise.all([
    db
      .select(corporateActionColumns)
      .from(corporateActions)
      .where(and(eq(corporateActions.symbol, symbol), lt(corporateActions.exDate, date)))
      .orderBy(desc(corporateActions.exDate), asc(corporateActions.id)),
    db
      .select(corporateActionColumns)
      .from(corporateActions)
      .where(and(eq(corporateActions.symbol, symbol), gte(corporateActions.exDate, date)))
      .orderBy(asc(corporateActions.exDate), asc(corporateActions.id)),
  ]);
  return { pastEvents, upcomingEvents };
}

// --- financial statements ---

export type StatementNature = 'STANDALONE' | 'CONSOLIDATED';

/** How many quarters the profit-and-loss and balance-sheet reads answer. */
export const STATEMENT_QUARTERS = 8;

export interface ProfitAndLossDto {
  symbol: string;
  natureOfReport: string;
  reportingQuarter: string;
  dateOfStartOfReportingPeriod: string | null;
  dateOfEndOfReportingPeriod: string;
  dateOfStartOfFinancialYear: string;
  revenueFromOperations: string | null;
  otherIncome: string | null;
  income: string | null;
  expenses: string | null;
  profitBeforeTax: string | null;
  taxExpense: string | null;
  profitLossForPeriod: string;
  basicEarningsPerShare: string | null;
  dilutedEarningsPerShare: string | null;
  auditStatus: string | null;
}

/**
 * The most recent 8 quarters of results with a period end on or before `upTo`, oldest first, of
 * the basis asked for. The standalone basis falls back to figures whose basis the source did not
 * state (the derived quarterly profit CSV) when the company has no standalone filing loaded.
 */
export async function getProfitAndLoss(
  db: Database,
  symbol: string,
  upTo: string,
  nature: StatementNature,
): Promise<ProfitAndLossDto[]> {
  const read = (basis: string) =>
    db
      .select({
        symbol: financialResults.symbol,
        natureOfReport: financialResults.natureOfReport,
        reportingQuarter: financialResults.reportingQuarter,
        dateOfStartOfReportingPeriod: financialResults.dateOfStartOfReportingPeriod,
        dateOfEndOfReportingPeriod: financialResults.dateOfEndOfReportingPeriod,
        dateOfStartOfFinancialYear: financialResults.dateOfStartOfFinancialYear,
        revenueFromOperations: financialResults.revenueFromOperations,
        otherIncome: financialResults.otherIncome,
        income: financialResults.income,
        expenses: financialResults.expenses,
        profitBeforeTax: financialResults.profitBeforeTax,
        taxExpense: financialResults.taxExpense,
        profitLossForPeriod: financialResults.profitLossForPeriod,
        basicEarningsPerShare: financialResults.basicEarningsPerShare,
        dilutedEarningsPerShare: financialResults.dilutedEarningsPerShare,
        auditStatus: financialResults.auditStatus,
      })
      .from(financialResults)
      .where(
        and(
          eq(financialResults.symbol, symbol),
          sql`${financialResults.natureOfReport} = ${basis}`,
          lte(financialResults.dateOfEndOfReportingPeriod, upTo),
        ),
      )
      .orderBy(desc(financialResults.dateOfEndOfReportingPeriod))
      .limit(STATEMENT_QUARTERS);
  let rows = await read(nature);
  if (rows.length === 0 && nature === 'STANDALONE') rows = await read('UNSPECIFIED');
  return rows.reverse();
}

export type BalanceSheetDto = Omit<
  typeof balanceSheets.$inferSelect,
  'id' | 'uploadId' | 'createdAt' | 'updatedAt' | 'sourceLayout'
>;

/** The most recent 8 balance sheets dated on or before `upTo`, oldest first (same basis rule). */
export async function getBalanceSheets(
  db: Database,
  symbol: string,
  upTo: string,
  nature: StatementNature,
): Promise<BalanceSheetDto[]> {
  const read = (basis: string) =>
    db
      .select({
        symbol: balanceSheets.symbol,
        natureOfReport: balanceSheets.natureOfReport,
        dateOfEndOfReportingPeriod: balanceSheets.dateOfEndOfReportingPeriod,
        dateOfStartOfFinancialYear: balanceSheets.dateOfStartOfFinancialYear,
        nonCurrentAssets: balanceSheets.nonCurrentAssets,
        currentAssets: balanceSheets.currentAssets,
        totalAssets: balanceSheets.totalAssets,
        equityShareCapital: balanceSheets.equityShareCapital,
        otherEquity: balanceSheets.otherEquity,
        totalEquity: balanceSheets.totalEquity,
        nonControllingInterest: balanceSheets.nonControllingInterest,
        nonCurrentLiabilities: balanceSheets.nonCurrentLiabilities,
        currentLiabilities: balanceSheets.currentLiabilities,
        totalLiabilities: balanceSheets.totalLiabilities,
        totalEquityAndLiabilities: balanceSheets.totalEquityAndLiabilities,
      })
      .from(balanceSheets)
      .where(
        and(
          eq(balanceSheets.symbol, symbol),
          sql`${balanceSheets.natureOfReport} = ${basis}`,
          lte(balanceSheets.dateOfEndOfReportingPeriod, upTo),
        ),
      )
      .orderBy(desc(balanceSheets.dateOfEndOfReportingPeriod))
      .limit(STATEMENT_QUARTERS);
  let rows = await read(nature);
  if (rows.length === 0 && nature === 'STANDALONE') rows = await read('UNSPECIFIED');
  return rows.reverse();
}

// --- companies ---

export interface CompanyDto {
  id: number;
  companyName: string;
  industry: string | null;
  symbol: string;
  series: string | null;
  isinCode: string | null;
  paidUpValue: string | null;
  dateOfListing: string | null;
  marketLot: number | null;
  faceValue: string | null;
}

export interface CompanyInput {
  companyName: string;
  industry: string;
  symbol: string;
  series: string;
  isinCode: string;
  paidUpValue: string;
  dateOfListing: string;
  marketLot: number;
  faceValue: string;
}

const companyColumns = {
  id: companies.id,
  companyName: companies.companyName,
  industry: companies.industry,
  symbol: companies.symbol,
  series: companies.series,
  isinCode: companies.isinCode,
  paidUpValue: companies.paidUpValue,
  dateOfListing: companies.dateOfListing,
  marketLot: companies.marketLot,
  faceValue: companies.faceValue,
};

/** Every company by symbol, or the one with `symbol` (an empty list when there is none). */
export async function listCompanies(db: Database, symbol?: string): Promise<CompanyDto[]> {
  const query = db.select(companyColumns).from(companies);
  if (symbol) return query.where(eq(companies.symbol, symbol));
  return query.orderBy(sql`${companies.symbol} COLLATE "C"`);
}

function duplicateSymbol(error: unknown, symbol: string): never {
  if (pgError(error)?.code === UNIQUE_VIOLATION)
    throw new ConflictError(`A company with symbol ${symbol} already exists`);
  throw error;
}

export async function createCompany(db: Database, input: CompanyInput): Promise<CompanyDto> {
  try {
    const [created] = await db.insert(companies).values(input).returning(companyColumns);
    return created as CompanyDto;
  } catch (error) {
    return duplicateSymbol(error, input.symbol);
  }
}

export async function updateCompany(db: Database, id: number, input: CompanyInput): Promise<CompanyDto> {
  let updated: CompanyDto | undefined;
  try {
    [updated] = await db
      .update(companies)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(companies.id, id))
      .returning(companyColumns);
  } catch (error) {
    duplicateSymbol(error, input.symbol);
  }
  if (!updated) throw new NotFoundError(`No company with id ${id}`);
  return updated;
}

export async function deleteCompany(db: Database, id: number): Promise<CompanyDto> {
  const [deleted] = await db.delete(companies).where(eq(companies.id, id)).returning(companyColumns);
  if (!deleted) throw new NotFoundError(`No company with id ${id}`);
  return deleted;
}
