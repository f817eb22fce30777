/** The company area's own table: listed companies (docs/product/company.md: Company). */
import { date, integer, numeric, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** A listed company, kept by staff and by the equity-list upload. */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    symbol: varchar('symbol', { length: 50 }).notNull(),
    companyName: varchar('company_name', { length: 200 }).notNull(),
    industry: varchar('industry', { length: 200 }),
    series: varchar('series', { length: 10 }),
    isinCode: varchar('isin_code', { length: 12 }),
    paidUpValue: numeric('paid_up_value'),
    dateOfListing: date('date_of_listing', { mode: 'string' }),
    marketLot: integer('market_lot'),
    faceValue: numeric('face_value'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('companies_symbol_key').on(table.symbol)],
);
