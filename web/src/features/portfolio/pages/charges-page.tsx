/**
 * Charges (spec section 2, staff): loader, table, add/edit modal with every field required but the
 * description (the spec's messages), the on buy/sell choices from the server's list, the effective
 * date defaulting to today on create (the exchange's today, not the weekday-number date of the old
 * app), and the spec's success texts.
 */
import { useState } from 'react';
import { Modal, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import {
  chargeFormSchema,
  EXCHANGES,
  exchangeToday,
  formatRupees,
  SUCCESS_MESSAGES,
  toDisplayWords,
} from '@bazaar/shared';
import {
  useChargesPageQuery,
  useCreateChargeMutation,
  useDeleteChargeMutation,
  useUpdateChargeMutation,
  type BuySell,
  type ChargesPageQuery,
  type StockExchange,
} from '../../../__generated__/graphql';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid';
import { ConfirmDeleteModal } from '../../../components/form/confirm-delete-modal';
import { SaveForm } from '../../../components/form/save-form';
import { formIsValid, useZodForm } from '../../../components/form/use-zod-form';
import { usePageTitle } from '../../../components/page-title';
import { formatMarketDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/errors';

type Charge = ChargesPageQuery['charges'][number];
type Editing = { mode: 'add' } | { mode: 'edit'; charge: Charge } | null;
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
  { field: 'brokerageFirm', headerName: 'Brokerage Firm', value: (charge) => charge.brokerageFirm.name },
  { field: 'segment', headerName: 'Segment', value: (charge) => charge.segment.name },
  { field: 'chargeType', headerName: 'Charge Type', value: (charge) => charge.chargeType.name, minWidth: 160 },
  { field: 'exchange', headerName: 'Exchange', width: 100 },
  { field: 'onBuySell', headerName: 'On Buy/Sell', width: 115 },
  { field: 'amount', headerName: 'Amount', numeric: true, format: (value) => formatRupees(value as string, 2) },
  { field: 'percentage', headerName: 'Percentage', numeric: true, format: (value) => `${value as string}%` },
  { field: 'effectiveDate', headerName: 'Effective Date', format: (value) => formatMarketDate(value as string) },
  { field: 'description', headerName: 'Description', minWidth: 200 },
];

function emptyValues(): ChargeValues {
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
}

export default function ChargesPage() {
  usePageTitle('Charges');
  const { data, loading, error, refetch } = useChargesPageQuery({ fetchPolicy: 'cache-and-network' });
  const [createCharge] = useCreateChargeMutation();
  const [updateCharge] = useUpdateChargeMutation();
  const [deleteCharge, { loading: deleting }] = useDeleteChargeMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<Charge | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function save(values: ChargeValues) {
    const input = {
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
    if (editing?.mode === 'edit') {
      await updateCharge({ variables: { id: editing.charge.id, input } });
      setMessage({ kind: 'success', text: SUCCESS_MESSAGES.chargeUpdated });
    } else {
      await createCharge({ variables: { input } });
      setMessage({ kind: 'success', text: SUCCESS_MESSAGES.chargeAdded });
    }
    setEditing(null);
    await refetch();
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteCharge({ variables: { id: toDelete.id } });
      setMessage({ kind: 'success', text: SUCCESS_MESSAGES.chargeDeleted });
      await refetch();
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure) });
    }
    setToDelete(null);
  }

  const options = {
    firms: (data?.brokerageFirms ?? []).map((firm) => ({ value: firm.id, label: firm.name })),
    types: (data?.chargeTypes ?? []).map((type) => ({ value: type.id, label: type.name })),
    segments: (data?.segments ?? []).map((segment) => ({ value: segment.id, label: segment.name })),
    sides: (data?.buySellOptions ?? []).map((side) => ({ value: side, label: toDisplayWords(side) })),
  };

  return (
    <>
      <DataGrid
        title="Charges"
        testId="charges"
        rows={data?.charges}
        columns={COLUMNS}
        getRowId={(charge) => charge.id}
        loading={loading}
        error={error && !data ? errorMessage(error) : null}
        addLabel="Add Charge"
        onAdd={() => setEditing({ mode: 'add' })}
        exportFileName="charges"
        message={message}
        onDismissMessage={() => setMessage(null)}
        actions={[
          { label: 'Edit', icon: <IconEdit size={16} />, onClick: (charge) => setEditing({ mode: 'edit', charge }) },
          { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', onClick: (charge) => setToDelete(charge) },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? 'Edit Charge' : 'Add new Charge'}
        centered
        size="lg"
      >
        {editing && (
          <ChargeForm
            key={editing.mode === 'edit' ? editing.charge.id : 'new'}
            initial={
              editing.mode === 'edit'
                ? {
                    brokerageFirmId: editing.charge.brokerageFirm.id,
                    chargeTypeId: editing.charge.chargeType.id,
                    segmentId: editing.charge.segment.id,
                    amount: editing.charge.amount,
                    percentage: editing.charge.percentage,
                    description: editing.charge.description ?? '',
                    exchange: editing.charge.exchange,
                    onBuySell: editing.charge.onBuySell,
                    effectiveDate: editing.charge.effectiveDate,
                  }
                : emptyValues()
            }
            options={options}
            onSave={save}
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={toDelete !== null}
        title="Delete charge"
        deleting={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        Delete the {toDelete?.chargeType.name} charge of {toDelete?.brokerageFirm.name} ({toDelete?.segment.name},{' '}
        {toDelete?.exchange}) effective {formatMarketDate(toDelete?.effectiveDate)}?
      </ConfirmDeleteModal>
    </>
  );
}

interface Option {
  value: string;
  label: string;
}

function ChargeForm({
  initial,
  options,
  onSave,
}: {
  initial: ChargeValues;
  options: { firms: Option[]; types: Option[]; segments: Option[]; sides: Option[] };
  onSave: (values: ChargeValues) => Promise<void>;
}) {
  const form = useZodForm<ChargeValues>(chargeFormSchema, initial);
  return (
    <SaveForm form={form} onSave={onSave} canSave={formIsValid(chargeFormSchema, form.values)}>
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
    </SaveForm>
  );
}
