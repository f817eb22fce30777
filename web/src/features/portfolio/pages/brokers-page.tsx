/**
 * Brokers (spec section 2, route app-broker, staff): loader, table, add/edit modal with the spec's
 * messages ('Name is required!', 'Address is required!', 'Contact Number is required!', 'Enter a
 * valid Contact Number'), the spec's success texts; a failed delete shows the server's message.
 */
import { useState } from 'react';
import { Modal, TextInput } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { brokerSchema, SUCCESS_MESSAGES } from '@bazaar/shared';
import {
  useBrokersPageQuery,
  useCreateBrokerageFirmMutation,
  useDeleteBrokerageFirmMutation,
  useUpdateBrokerageFirmMutation,
  type BrokersPageQuery,
} from '../../../__generated__/graphql';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid';
import { ConfirmDeleteModal } from '../../../components/form/confirm-delete-modal';
import { SaveForm } from '../../../components/form/save-form';
import { formIsValid, useZodForm } from '../../../components/form/use-zod-form';
import { usePageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/errors';

type Broker = BrokersPageQuery['brokerageFirms'][number];
type Editing = { mode: 'add' } | { mode: 'edit'; broker: Broker } | null;
interface BrokerValues extends Record<string, unknown> {
  name: string;
  address: string;
  contactNumber: string;
}

const COLUMNS: DataGridColumn<Broker>[] = [
  { field: 'id', headerName: 'Id', numeric: true, width: 90 },
  { field: 'name', headerName: 'Name' },
  { field: 'address', headerName: 'Address', minWidth: 240, flex: 2 },
  { field: 'contactNumber', headerName: 'Contact Number' },
];

export default function BrokersPage() {
  usePageTitle('Brokers');
  const { data, loading, error, refetch } = useBrokersPageQuery({ fetchPolicy: 'cache-and-network' });
  const [createBroker] = useCreateBrokerageFirmMutation();
  const [updateBroker] = useUpdateBrokerageFirmMutation();
  const [deleteBroker, { loading: deleting }] = useDeleteBrokerageFirmMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<Broker | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function save(values: BrokerValues) {
    const input = {
      name: values.name.trim(),
      address: values.address.trim(),
      contactNumber: values.contactNumber.trim(),
    };
    if (editing?.mode === 'edit') {
      await updateBroker({ variables: { id: editing.broker.id, input } });
      setMessage({ kind: 'success', text: SUCCESS_MESSAGES.brokerUpdated });
    } else {
      await createBroker({ variables: { input } });
      setMessage({ kind: 'success', text: SUCCESS_MESSAGES.brokerAdded });
    }
    setEditing(null);
    await refetch();
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteBroker({ variables: { id: toDelete.id } });
      setMessage({ kind: 'success', text: SUCCESS_MESSAGES.brokerDeleted });
      await refetch();
    } catch (failure) {
      // spec section 8: the error itself is the message
      setMessage({ kind: 'error', text: errorMessage(failure) });
    }
    setToDelete(null);
  }

  return (
    <>
      <DataGrid
        title="Brokers"
        testId="brokers"
        rows={data?.brokerageFirms}
        columns={COLUMNS}
        getRowId={(broker) => broker.id}
        loading={loading}
        error={error && !data ? errorMessage(error) : null}
        addLabel="Add Broker"
        onAdd={() => setEditing({ mode: 'add' })}
        exportFileName="brokers"
        message={message}
        onDismissMessage={() => setMessage(null)}
        actions={[
          { label: 'Edit', icon: <IconEdit size={16} />, onClick: (broker) => setEditing({ mode: 'edit', broker }) },
          { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', onClick: (broker) => setToDelete(broker) },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? 'Edit Broker' : 'Add new Broker'}
        centered
      >
        {editing && (
          <BrokerForm
            key={editing.mode === 'edit' ? editing.broker.id : 'new'}
            initial={
              editing.mode === 'edit'
                ? {
                    name: editing.broker.name,
                    address: editing.broker.address,
                    contactNumber: editing.broker.contactNumber,
                  }
                : { name: '', address: '', contactNumber: '' }
            }
            onSave={save}
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={toDelete !== null}
        title="Delete broker"
        deleting={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        Delete <b>{toDelete?.name}</b>? A firm with holdings or charges cannot be deleted.
      </ConfirmDeleteModal>
    </>
  );
}

function BrokerForm({ initial, onSave }: { initial: BrokerValues; onSave: (values: BrokerValues) => Promise<void> }) {
  const form = useZodForm<BrokerValues>(brokerSchema, initial);
  return (
    <SaveForm form={form} onSave={onSave} canSave={formIsValid(brokerSchema, form.values)}>
      <TextInput label="Name" required {...form.getInputProps('name')} />
      <TextInput label="Address" required {...form.getInputProps('address')} />
      <TextInput
        label="Contact Number"
        required
        inputMode="numeric"
        maxLength={10}
        {...form.getInputProps('contactNumber')}
      />
    </SaveForm>
  );
}
