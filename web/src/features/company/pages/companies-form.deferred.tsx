/**
 * The add/edit form of Companies: the nine required fields with the product's messages (shared companySchema, the
 * same rules the API applies), the date of listing starting at today in India. Loaded after the table
 * (docs/decisions.md#dialogs-on-demand).
 */
import { companySchema, exchangeToday } from '@bazaar/shared';
import type { CompaniesPageQuery, CompanyInput } from '../../../__generated__/graphql';
import type { CrudFormSpec } from '../../../components/crud';

/** The form's values: each field of the input as typed text until the schema turns it into the input. */
type CompanyFormValues = Record<keyof CompanyInput, string> & Record<string, unknown>;

const companyForm: CrudFormSpec<
  CompaniesPageQuery['companies'][number],
  CompanyFormValues,
  CompaniesPageQuery,
  CompanyInput
> = {
  schema: companySchema,
  twoColumns: true,
  // all nine are required
  fields: [
    { name: 'companyName', label: 'Company Name', required: true },
    { name: 'industry', label: 'Industry', required: true },
    { name: 'symbol', label: 'Symbol', required: true },
    { name: 'series', label: 'Series', required: true },
    { name: 'isinCode', label: 'Isin Code', required: true },
    { name: 'paidUpValue', label: 'Paid Up Value', inputMode: 'decimal', required: true },
    { name: 'dateOfListing', label: 'Date Of Listing', type: 'date', initial: exchangeToday, required: true },
    { name: 'marketLot', label: 'Market Lot', inputMode: 'numeric', required: true },
    { name: 'faceValue', label: 'Face Value', inputMode: 'decimal', required: true },
  ],
  /** The mutation input from valid form values (decimals stay strings; the symbol as the exchange writes it). */
  toInput: (values) => {
    const parsed = companySchema.parse(values);
    return { ...parsed, symbol: parsed.symbol.toUpperCase() };
  },
};
export default companyForm;
