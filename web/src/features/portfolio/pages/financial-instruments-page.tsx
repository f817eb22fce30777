/**
 * Financial instruments (route financial, administrators). The old app's page was an unfinished
 * stub with no server call; this is the finished list of instrument types with add, edit and
 * delete ('Type is required!'). Staff see the types as name suggestions on the Segments form.
 */
import { useState } from 'react';
import { Modal, TextInput } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { financialInstrumentSchema } from '@bazaar/shared';
import {
  useCreateFinancialInstrumentMutation,
  useDeleteFinancialInstrumentMutation,
  useFinancialInstrumentsPageQuery,
  useUpdateFinancialInstrumentMutation,
  type FinancialInstrumentsPageQuery,
} from '../../../__generated__/graphql';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid';
import { ConfirmDeleteModal } from '../../../components/form/confirm-delete-modal';
import { SaveForm } from '../../../components/form/save-form';
import { formIsValid, useZodForm } from '../../../components/form/use-zod-form';
import { usePageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/errors';

type Instrument = FinancialInstrumentsPageQuery['financialInstruments'][number];
type Editing = { mode: 'add' } | { mode: 'edit'; instrument: Instrument } | null;
interface InstrumentValues extends Record<string, unknown> {
  type: string;
  description: string;
}

const COLUMNS: DataGridColumn<Instrument>[] = [
  { field: 'id', headerName: 'Id', numeric: true, width: 90 },
  { field: 'type', headerName: 'Type' },
  { field: 'description', headerName: 'Description', flex: 2 },
];

export default function FinancialInstrumentsPage() {
  usePageTitle('Financial Instruments');
  const { data, loading, error, refetch } = useFinancialInstrumentsPageQuery({ fetchPolicy: 'cache-and-network' });
  const [createInstrument] = useCreateFinancialInstrumentMutation();
  const [updateInstrument] = useUpdateFinancialInstrumentMutation();
  const [deleteInstrument, { loading: deleting }] = useDeleteFinancialInstrumentMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<Instrument | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function save(values: InstrumentValues) {
    const input = { type: values.type.trim(), description: values.description.trim() || null };
    if (editing?.mode === 'edit') {
      await updateInstrument({ variables: { id: editing.instrument.id, input } });
      setMessage({ kind: 'success', text: 'Financial instrument updated successfully!' });
    } else {
      await createInstrument({ variables: { input } });
      setMessage({ kind: 'success', text: 'Financial instrument added successfully!' });
    }
    setEditing(null);
    await refetch();
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      const result = await deleteInstrument({ variables: { id: toDelete.id } });
      setMessage({
        kind: 'success',
        text: result.data?.deleteFinancialInstrument.message ?? 'Financial instrument deleted',
      });
      await refetch();
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure) });
    }
    setToDelete(null);
  }

  return (
    <>
      <DataGrid
        title="Financial Instruments"
        testId="financial-instruments"
        rows={data?.financialInstruments}
        columns={COLUMNS}
        getRowId={(instrument) => instrument.id}
        loading={loading}
        error={error && !data ? errorMessage(error) : null}
        addLabel="Add Financial Instrument"
        onAdd={() => setEditing({ mode: 'add' })}
        exportFileName="financial-instruments"
        message={message}
        onDismissMessage={() => setMessage(null)}
        actions={[
          {
            label: 'Edit',
            icon: <IconEdit size={16} />,
            onClick: (instrument) => setEditing({ mode: 'edit', instrument }),
          },
          {
            label: 'Delete',
            icon: <IconTrash size={16} />,
            color: 'red',
            onClick: (instrument) => setToDelete(instrument),
          },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? 'Edit Financial Instrument' : 'Add new Financial Instrument'}
        centered
      >
        {editing && (
          <InstrumentForm
            key={editing.mode === 'edit' ? editing.instrument.id : 'new'}
            initial={
              editing.mode === 'edit'
                ? { type: editing.instrument.type, description: editing.instrument.description ?? '' }
                : { type: '', description: '' }
            }
            onSave={save}
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={toDelete !== null}
        title="Delete financial instrument"
        deleting={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        Delete <b>{toDelete?.type}</b>?
      </ConfirmDeleteModal>
    </>
  );
}

function InstrumentForm({
  initial,
  onSave,
}: {
  initial: InstrumentValues;
  onSave: (values: InstrumentValues) => Promise<void>;
}) {
  const form = useZodForm<InstrumentValues>(financialInstrumentSchema, initial);
  return (
    <SaveForm form={form} onSave={onSave} canSave={formIsValid(financialInstrumentSchema, form.values)}>
      <TextInput label="Type" required {...form.getInputProps('type')} />
      <TextInput label="Description" {...form.getInputProps('description')} />
    </SaveForm>
  );
}
