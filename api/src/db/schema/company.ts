/** The company area's own table: listed companies (docs/product/company.md: Company). */
import { date, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, symbolColumn, timestamps } from './columns.js';

/** A listed company, kept by staff and by the equity-list upload. */
export const companies = pgTable(
  'companies',
  {
    id: idColumn(),
    symbol: symbolColumn().notNull(),
    companyName: varchar('company_name', { length: 200 }).notNull(),
    industry: varchar('industry', { length: 200 }),
    series: varchar('series', { length: 10 }),
    isinCode: varchar('isin_code', { length: 12 }),
    paidUpValue: numeric('paid_up_value'),
    dateOfListing: date('date_of_listing', { mode: 'string' }),
    marketLot: integer('market_lot'),
    faceValue: numeric('face_value'),
    ...timestamps(),
  },
  (table) => [uniqueIndex('companies_symbol_key').on(table.symbol)],
);
