/**
 * The add/edit form of Charges (docs/product/portfolio.md#validation): every field required but the description, the
 * on buy/sell choices from the server's list, the effective date defaulting to the exchange's today on create.
 * Loaded after the table (docs/decisions.md#dialogs-on-demand).
 */
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { chargeFormSchema, EXCHANGES, exchangeToday, toDisplayWords } from '@bazaar/shared';
import type { BuySell, ChargeInput, ChargesPageQuery, StockExchange } from '../../../__generated__/graphql';
import type { CrudFormSpec } from '../../../components/crud';

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

function toChargeInput(values: ChargeValues): ChargeInput {
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

const chargeForm: CrudFormSpec<Charge, ChargeValues, ChargesPageQuery, ChargeInput> = {
  schema: chargeFormSchema,
  initialValues: valuesOf,
  fields: (form, _charge, data) => <ChargeFields form={form} options={chargeOptions(data)} />,
  toInput: toChargeInput,
};
export default chargeForm;

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
