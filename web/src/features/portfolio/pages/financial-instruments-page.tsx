/**
 * Financial instruments (route financial, administrators). The old app's page was an unfinished
 * stub with no server call; this is the finished list of instrument types with add, edit and
 * delete ('Type is required!'). Staff see the types as name suggestions on the Segments form.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
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
      setMessage({ kind: 'success', text: result.data?.deleteFinancialInstrument.message ?? 'Financial instrument deleted' });
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
          { label: 'Edit', icon: <IconEdit size={16} />, onClick: (instrument) => setEditing({ mode: 'edit', instrument }) },
          { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', onClick: (instrument) => setToDelete(instrument) },
        ]}
      />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.mode === 'edit' ? 'Edit Financial Instrument' : 'Add new Financial Instrument'} centered>
        {editing && (
          <InstrumentForm
            key={editing.mode === 'edit' ? editing.instrument.id : 'new'}
            initial={editing.mode === 'edit' ? { type: editing.instrument.type, description: editing.instrument.description ?? '' } : { type: '', description: '' }}
            onSave={save}
          />
        )}
      </Modal>
      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title="Delete financial instrument" centered>
        <Stack>
          <Text>
            Delete <b>{toDelete?.type}</b>?
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)}>
              Cancel
            </Button>
            <Button color="red" loading={deleting} onClick={confirmDelete}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function InstrumentForm({ initial, onSave }: { initial: InstrumentValues; onSave: (values: InstrumentValues) => Promise<void> }) {
  const form = useZodForm<InstrumentValues>(financialInstrumentSchema, initial);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        setFailure(null);
        setSaving(true);
        try {
          await onSave(values);
        } catch (error) {
          setFailure(errorMessage(error));
        } finally {
          setSaving(false);
        }
      })}
    >
      <Stack>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput label="Type" required {...form.getInputProps('type')} />
        <TextInput label="Description" {...form.getInputProps('description')} />
        <Button type="submit" loading={saving} disabled={!formIsValid(financialInstrumentSchema, form.values)}>
          Save
        </Button>
      </Stack>
    </form>
  );
}
