/**
 * Charges (docs/product/portfolio.md#reference-data, staff): loader, table, add/edit modal with every field required
 * but the description (the messages of docs/product/portfolio.md#validation), the on buy/sell choices from the server's
 * list, the effective date defaulting to today on create (the exchange's today, not the weekday-number date of the old
 * app), and the success texts of docs/product/portfolio.md#messages.
 */
import { formatRupees, SUCCESS_MESSAGES } from '@bazaar/shared';
import {
  ChargesPageDocument,
  CreateChargeDocument,
  DeleteChargeDocument,
  UpdateChargeDocument,
  type ChargesPageQuery,
} from '../../../__generated__/graphql';
import { crudTablePage } from '../../../components/crud';
import type { DataGridColumn } from '../../../components/data-grid';
import { formatMarketDate } from '../../../lib/dates';

type Charge = ChargesPageQuery['charges'][number];

const COLUMNS: DataGridColumn<Charge>[] = [
  // firm and date are never cut; the description and exchange show when the table has room
  {
    field: 'brokerageFirm',
    headerName: 'Brokerage Firm',
    value: (charge) => charge.brokerageFirm.name,
    minWidth: 150,
    wrap: true,
  },
  { field: 'segment', headerName: 'Segment', value: (charge) => charge.segment.name },
  {
    field: 'chargeType',
    headerName: 'Charge Type',
    value: (charge) => charge.chargeType.name,
    minWidth: 160,
    wrap: true,
  },
  { field: 'exchange', headerName: 'Exchange', width: 100, optional: true },
  { field: 'onBuySell', headerName: 'On Buy/Sell', width: 115 },
  { field: 'amount', headerName: 'Amount', numeric: true, format: (value) => formatRupees(value as string, 2) },
  { field: 'percentage', headerName: 'Percentage', numeric: true, format: (value) => `${value as string}%` },
  {
    field: 'effectiveDate',
    headerName: 'Effective Date',
    minWidth: 130,
    format: (value) => formatMarketDate(value as string),
  },
  { field: 'description', headerName: 'Description', minWidth: 200, optional: true, wrap: true },
];

/** The charge the delete confirmation names: "the Brokerage charge of Zerodha (Equity, NSE) effective 01-Apr-2024". */
const chargeInWords = (charge: Charge) =>
  `the ${charge.chargeType.name} charge of ${charge.brokerageFirm.name} (${charge.segment.name}, ${charge.exchange})` +
  ` effective ${formatMarketDate(charge.effectiveDate)}`;

export default crudTablePage(ChargesPageDocument, 'charges', {
  title: 'Charges',
  columns: COLUMNS,
  form: () => import('./charges-form.deferred'),
  noun: 'Charge',
  modalSize: 'lg',
  mutations: { create: CreateChargeDocument, update: UpdateChargeDocument, remove: DeleteChargeDocument },
  messages: {
    added: SUCCESS_MESSAGES.chargeAdded,
    updated: SUCCESS_MESSAGES.chargeUpdated,
    deleted: SUCCESS_MESSAGES.chargeDeleted,
  },
  deleteWhat: chargeInWords,
});
