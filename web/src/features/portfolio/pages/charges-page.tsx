/**
 * Charges (docs/product/portfolio.md#reference-data, staff): loader, table, add/edit modal with every field required
 * but the description (the messages of docs/product/portfolio.md#validation), the on buy/sell choices from the server's
 * list, the effective date defaulting to today on create (the exchange's today, not the weekday-number date of the old
 * app), and the success texts of docs/product/portfolio.md#messages.
 */
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  chargeFormSchema,
  EXCHANGES,
  exchangeToday,
  formatRupees,
  SUCCESS_MESSAGES,
  toDisplayWords,
} from '@bazaar/shared';
import {
  ChargesPageDocument,
  CreateChargeDocument,
  DeleteChargeDocument,
  UpdateChargeDocument,
  type BuySell,
  type ChargesPageQuery,
  type StockExchange,
} from '../../../__generated__/graphql';
import { crudTablePage } from '../../../components/crud';
import type { DataGridColumn } from '../../../components/data-grid';
import { formatMarketDate } from '../../../lib/dates';

type Charge = ChargesPageQuery['charges'][number];
interface ChargeValues extends Record<string, unknown> {
  brokerageFirmId: string;
  chargeTypeId: string;
  segmentId: string;
  amount: string;
  percentage: string;
  description: string;
  exchange: string;
  onBuySell: string;
  effectiveDate: string;
}

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
  { field: 'chargeType', headerName: 'Charge Type', value: (charge) => charge.chargeType.name, minWidth: 160 },
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

function valuesOf(charge: Charge | null): ChargeValues {
  if (!charge)
    return {
      brokerageFirmId: '',
      chargeTypeId: '',
      segmentId: '',
      amount: '',
      percentage: '',
      description: '',
      exchange: 'NSE',
      onBuySell: '',
      effectiveDate: exchangeToday(),
    };
  return {
    brokerageFirmId: charge.brokerageFirm.id,
    chargeTypeId: charge.chargeType.id,
    segmentId: charge.segment.id,
    amount: charge.amount,
    percentage: charge.percentage,
    description: charge.description ?? '',
    exchange: charge.exchange,
    onBuySell: charge.onBuySell,
    effectiveDate: charge.effectiveDate,
  };
}

/** The charge the delete confirmation names: "the Brokerage charge of Zerodha (Equity, NSE) effective 01-Apr-2024". */
const chargeInWords = (charge: Charge) =>
  `the ${charge.chargeType.name} charge of ${charge.brokerageFirm.name} (${charge.segment.name}, ${charge.exchange})` +
  ` effective ${formatMarketDate(charge.effectiveDate)}`;

function toChargeInput(values: ChargeValues) {
  return {
    brokerageFirmId: values.brokerageFirmId,
    chargeTypeId: values.chargeTypeId,
    segmentId: values.segmentId,
    amount: values.amount.trim(),
    percentage: values.percentage.trim(),
    description: values.description.trim() || null,
    exchange: values.exchange as StockExchange,
    onBuySell: values.onBuySell as BuySell,
    effectiveDate: values.effectiveDate,
  };
}

export default crudTablePage(ChargesPageDocument, 'charges', {
  title: 'Charges',
  columns: COLUMNS,
  form: {
    schema: chargeFormSchema,
    initialValues: valuesOf,
    fields: (form, _charge, data) => <ChargeFields form={form} options={chargeOptions(data)} />,
  },
  toInput: toChargeInput,
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

interface Option {
  value: string;
  label: string;
}

interface ChargeOptions {
  firms: Option[];
  types: Option[];
  segments: Option[];
  sides: Option[];
}

/** The form's choices from the page query's answer (none while it loads). */
function chargeOptions(data: ChargesPageQuery | undefined): ChargeOptions {
  return {
    firms: (data?.brokerageFirms ?? []).map((firm) => ({ value: firm.id, label: firm.name })),
    types: (data?.chargeTypes ?? []).map((type) => ({ value: type.id, label: type.name })),
    segments: (data?.segments ?? []).map((segment) => ({ value: segment.id, label: segment.name })),
    sides: (data?.buySellOptions ?? []).map((side) => ({ value: side, label: toDisplayWords(side) })),
  };
}

function ChargeFields({ form, options }: { form: UseFormReturnType<ChargeValues>; options: ChargeOptions }) {
  return (
    <>
      <SimpleGrid cols={2}>
        <Select
          label="Brokerage Firm"
          required
          searchable
          data={options.firms}
          {...form.getInputProps('brokerageFirmId')}
        />
        <Select label="Segment" required searchable data={options.segments} {...form.getInputProps('segmentId')} />
        <Select label="Charge Type" required searchable data={options.types} {...form.getInputProps('chargeTypeId')} />
        <Select
          label="Exchange"
          required
          data={[...EXCHANGES]}
          allowDeselect={false}
          {...form.getInputProps('exchange')}
        />
        <TextInput
          label="Amount"
          description="Rupees per trade"
          required
          inputMode="decimal"
          {...form.getInputProps('amount')}
        />
        <TextInput
          label="Percentage"
          description="% of the trade value"
          required
          inputMode="decimal"
          {...form.getInputProps('percentage')}
        />
        <Select label="On Buy/Sell" required data={options.sides} {...form.getInputProps('onBuySell')} />
        <TextInput label="Effective Date" type="date" required {...form.getInputProps('effectiveDate')} />
      </SimpleGrid>
      <TextInput label="Description" {...form.getInputProps('description')} />
    </>
  );
}
