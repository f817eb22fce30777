/** Company reads and writes behind /public/stocks and /staff/stocks. */
import { eq, sql } from 'drizzle-orm';
import type { CompanyDto, CompanyFields } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { companies } from '../../schema/index.js';
import { ConflictError, NotFoundError } from '../../../errors.js';
import { pgError, UNIQUE_VIOLATION } from '../../errors.js';

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

export async function createCompany(db: Database, input: CompanyFields): Promise<CompanyDto> {
  try {
    const [created] = await db.insert(companies).values(input).returning(companyColumns);
    return created as CompanyDto;
  } catch (error) {
    return duplicateSymbol(error, input.symbol);
  }
}

export async function updateCompany(db: Database, id: number, input: CompanyFields): Promise<CompanyDto> {
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
