/**
 * Portfolio: brokerage firms, segments, charge types, the charges that decide what a trade
 * really costs, investors' holdings, and the financial instrument types administrators keep.
 * Money is numeric (exact), trade dates are exchange dates (date). A firm, segment or charge type
 * in use by charges or holdings cannot be deleted (foreign keys RESTRICT; the API answers 409).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt, idColumn, requiredRef, symbolColumn, timestamps } from './columns.js';

/** A brokerage firm (docs/product/portfolio.md#fields). Names are unique regardless of case. */
export const brokerageFirms = pgTable(
  'brokerage_firms',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    address: varchar('address', { length: 500 }).notNull(),
    contactNumber: varchar('contact_number', { length: 10 }).notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('brokerage_firms_name_lower_key').on(sql`lower(${table.name})`)],
);

/** A market segment (Equity, F&O…); a holding's instrument type is its segment's name. */
export const segments = pgTable(
  'segments',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('segments_name_lower_key').on(sql`lower(${table.name})`)],
);

/**
 * A kind of charge (Brokerage, STT, GST…). `stt` marks the securities transaction tax (and any type
 * staff treat as it): the capital-gains report counts it neither in the cost nor in the transfer
 * expenses (docs/product/tax.md#rules).
 */
export const chargeTypes = pgTable(
  'charge_types',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    stt: boolean('stt').notNull().default(false),
    ...timestamps(),
  },
  (table) => [uniqueIndex('charge_types_name_lower_key').on(sql`lower(${table.name})`)],
);

/**
 * One charge rule: for a firm, segment and exchange, on buys, sells or both, from an effective
 * date on, costing `amount` rupees per trade plus `percentage` % of the trade value.
 */
export const charges = pgTable(
  'charges',
  {
    id: idColumn(),
    brokerageFirmId: requiredRef('brokerage_firm_id', () => brokerageFirms.id, 'restrict'),
    chargeTypeId: requiredRef('charge_type_id', () => chargeTypes.id, 'restrict'),
    segmentId: requiredRef('segment_id', () => segments.id, 'restrict'),
    amount: numeric('amount').notNull(),
    percentage: numeric('percentage').notNull(),
    description: varchar('description', { length: 500 }),
    exchange: varchar('exchange', { length: 3 }).notNull(),
    onBuySell: varchar('on_buy_sell', { length: 4 }).notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    ...timestamps(),
  },
  (table) => [
    check('charges_exchange_check', sql`${table.exchange} in ('NSE', 'BSE')`),
    check('charges_on_buy_sell_check', sql`${table.onBuySell} in ('BUY', 'SELL', 'BOTH')`),
    check('charges_amounts_check', sql`${table.amount} >= 0 and ${table.percentage} >= 0`),
    // one rule per kind, side and start date: a second one would make the charge ambiguous
    uniqueIndex('charges_rule_key').on(
      table.brokerageFirmId,
      table.segmentId,
      table.exchange,
      table.chargeTypeId,
      table.onBuySell,
      table.effectiveDate,
    ),
    index('charges_charge_type_idx').on(table.chargeTypeId),
    index('charges_segment_idx').on(table.segmentId),
  ],
);

/**
 * An investor's holding. REALIZED when sold (a sell price other than 0), else UNREALIZED.
 * `lotQuantity` is the quantity of the buy order the row came from: a partial sale splits a row
 * in two, and both keep the order's quantity so that its flat charges are shared, not doubled.
 * `quantity` counts the shares of the trade as entered (the buying date's shares), or, when
 * `basisDate` is set, the shares as of that date: a sale after a split or bonus
 * (docs/product/portfolio.md#corporate-actions) splits the row in the shares sold, which the
 * buying date's shares cannot always count in whole numbers. `price` is always as entered.
 */
export const holdings = pgTable(
  'holdings',
  {
    id: idColumn(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    brokerageFirmId: requiredRef('brokerage_firm_id', () => brokerageFirms.id, 'restrict'),
    segmentId: requiredRef('segment_id', () => segments.id, 'restrict'),
    symbol: symbolColumn().notNull(),
    exchange: varchar('exchange', { length: 3 }).notNull(),
    quantity: integer('quantity').notNull(),
    lotQuantity: integer('lot_quantity').notNull(),
    price: numeric('price').notNull(),
    sellPrice: numeric('sell_price'),
    status: varchar('status', { length: 10 }).notNull(),
    creationDate: date('creation_date', { mode: 'string' }).notNull(),
    sellingDate: date('selling_date', { mode: 'string' }),
    basisDate: date('basis_date', { mode: 'string' }),
    ...timestamps(),
  },
  (table) => [
    check('holdings_exchange_check', sql`${table.exchange} in ('NSE', 'BSE')`),
    check('holdings_status_check', sql`${table.status} in ('REALIZED', 'UNREALIZED')`),
    check(
      'holdings_quantity_check',
      // a row counted in later shares (basisDate) may hold more of them than its order had
      sql`${table.quantity} > 0 and ${table.lotQuantity} > 0 and (${table.basisDate} is not null or ${table.lotQuantity} >= ${table.quantity})`,
    ),
    check('holdings_price_check', sql`${table.price} > 0`),
    check(
      'holdings_selling_date_check',
      sql`${table.sellingDate} is null or ${table.sellingDate} >= ${table.creationDate}`,
    ),
    index('holdings_user_segment_idx').on(table.userId, table.segmentId),
    index('holdings_firm_idx').on(table.brokerageFirmId),
    index('holdings_segment_idx').on(table.segmentId),
  ],
);

/** A financial instrument type (Equity share, ETF, Bond…), kept by administrators. */
export const financialInstrumentTypes = pgTable(
  'financial_instrument_types',
  {
    id: idColumn(),
    type: varchar('type', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }),
    ...timestamps(),
  },
  (table) => [uniqueIndex('financial_instrument_types_type_lower_key').on(sql`lower(${table.type})`)],
);

/**
 * A symbol on an investor's Stock Watch List (docs/product/portfolio.md#stock-watch-list): one row
 * per user and symbol (adding twice changes nothing); at most 200 per user, checked by the API.
 */
export const watchlistEntries = pgTable(
  'watchlist_entries',
  {
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    symbol: symbolColumn().notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.symbol] })],
);

/**
 * The trades an investor imported from a tradebook, one row per trade, keyed so that the same
 * trade imported again is skipped (docs/decisions.md#tradebook-import-keys): the broker's trade id
 * (`id:…`) or the row's content with its occurrence in the file (`row:…`), per owner and firm. A
 * ledger apart from holdings: a sell closes and splits holding rows, so no one row stands for it.
 */
export const importedTrades = pgTable(
  'imported_trades',
  {
    id: idColumn(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    brokerageFirmId: requiredRef('brokerage_firm_id', () => brokerageFirms.id, 'cascade'),
    importKey: varchar('import_key', { length: 200 }).notNull(),
    side: varchar('side', { length: 4 }).notNull(),
    symbol: symbolColumn().notNull(),
    tradeDate: date('trade_date', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
    price: numeric('price').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('imported_trades_side_check', sql`${table.side} in ('BUY', 'SELL')`),
    uniqueIndex('imported_trades_key').on(table.userId, table.brokerageFirmId, table.importKey),
  ],
);
