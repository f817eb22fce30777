/**
 * Companies (docs/product/company.md, staff and administrators): the table 'Companies' with the button
 * 'Add Companies', edit and delete per row, and a row click that opens the company's analysis
 * (symbol from the fourth column, the record passed along). The modal 'Add new Company' /
 * 'Edit Company' has the nine required fields with the product's messages (shared companySchema,
 * the same rules the API applies); the date of listing starts at today in India (the old app built
 * the day from the weekday number, a defect not copied). Server refusals (409 for a symbol that
 * exists, 403…) are shown in the form or above the table. A delete asks for confirmation first and
 * shows the server's reply (the old app reused 'Broker deleted successfully!' here).
 */
import { DEFAULT_TREND, formatCount, formatRupees } from '@bazaar/shared';
import {
  CompaniesPageDocument,
  CreateCompanyDocument,
  DeleteCompanyDocument,
  UpdateCompanyDocument,
} from '../../../__generated__/graphql';
import { crudTablePage, idColumn } from '../../../components/crud';
import { formatMarketDate } from '../../../lib/dates';
import type { CompanyAnalysisNavigationState } from '../components/not-found';
import { SYMBOL_MIN_WIDTH } from '../../../components/data-grid/columns';

const money = (value: unknown) =>
  value === null || value === undefined || value === '' ? '' : formatRupees(String(value));

export default crudTablePage(CompaniesPageDocument, 'companies', {
  title: 'Companies',
  // the symbol is the fourth column and the id the first: the row click follows docs/product/company.md; the
  // reference figures are optional (shown when they fit, else under "Columns"): at 1366 px they made the grid scroll
  columns: [
    idColumn(),
    { field: 'companyName', headerName: 'Company Name', minWidth: 200, flex: 2 },
    { field: 'industry', headerName: 'Industry', minWidth: 180, flex: 1, wrap: true },
    { field: 'symbol', headerName: 'Symbol', minWidth: SYMBOL_MIN_WIDTH },
    { field: 'series', headerName: 'Series', width: 90 },
    { field: 'isinCode', headerName: 'Isin Code', minWidth: 140, optional: true },
    { field: 'paidUpValue', headerName: 'Paid Up Value', numeric: true, minWidth: 130, format: money, optional: true },
    {
      field: 'dateOfListing',
      headerName: 'Date Of Listing',
      minWidth: 130,
      format: (value) => formatMarketDate(value as string | null),
      optional: true,
    },
    {
      field: 'marketLot',
      headerName: 'Market Lot',
      numeric: true,
      format: (value) => formatCount(value as number | null),
      minWidth: 110,
      optional: true,
    },
    { field: 'faceValue', headerName: 'Face Value', numeric: true, minWidth: 110, format: money, optional: true },
  ],
  // the nine required fields, the date of listing starting at today in India
  form: () => import('./companies-form.deferred'),
  // a click on a row's Edit or Delete is not a row click (DataGrid keeps the actions column apart)
  openRow: (company, navigate) => {
    const state: CompanyAnalysisNavigationState = { symbol: company.symbol, trend: DEFAULT_TREND, company };
    navigate(`/company-analysis/${encodeURIComponent(company.symbol)}`, { state });
  },
  noun: 'Company',
  addLabel: 'Add Companies',
  emptyText: 'No companies yet. Add one, or upload the equity list.',
  modalSize: 'lg',
  mutations: { create: CreateCompanyDocument, update: UpdateCompanyDocument, remove: DeleteCompanyDocument },
  messages: { added: 'Company added successfully!', updated: 'Company updated successfully!' },
  deleteWhat: (company) => (
    <>
      <b>{company.companyName}</b> ({company.symbol})
    </>
  ),
  deleteNote: 'Its prices and statements stay; only the company record goes.',
});
