/** Roles (spec section 2, administrators): table, add/edit modal ('Name is required!'), delete with the server's reply. */
import { useState } from 'react';
import { Modal, TextInput } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { roleSchema, SUCCESS_MESSAGES } from '@bazaar/shared';
import {
  useCreateRoleMutation,
  useDeleteRoleMutation,
  useRolesPageQuery,
  useUpdateRoleMutation,
} from '../../../__generated__/graphql';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid';
import { formIsValid, useZodForm } from '../../../components/form/use-zod-form';
import { ConfirmDeleteModal } from '../../../components/form/confirm-delete-modal';
import { SaveForm } from '../../../components/form/save-form';
import { errorMessage } from '../../../lib/errors';
import { usePageTitle } from '../../../components/page-title';

interface RoleRow {
  id: string;
  name: string;
}

const COLUMNS: DataGridColumn<RoleRow>[] = [
  { field: 'id', headerName: 'Id', numeric: true, width: 100 },
  { field: 'name', headerName: 'Name' },
];

type Editing = { mode: 'add' } | { mode: 'edit'; role: RoleRow } | null;

export default function RolesPage() {
  usePageTitle('Roles');
  const { data, loading, error, refetch } = useRolesPageQuery();
  const [createRole] = useCreateRoleMutation();
  const [updateRole] = useUpdateRoleMutation();
  const [deleteRole, { loading: deleting }] = useDeleteRoleMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<RoleRow | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function save(name: string) {
    if (editing?.mode === 'edit') {
      await updateRole({ variables: { id: editing.role.id, input: { name } } });
      setMessage({ kind: 'success', text: SUCCESS_MESSAGES.roleEdited });
    } else {
      await createRole({ variables: { input: { name } } });
      setMessage({ kind: 'success', text: SUCCESS_MESSAGES.roleAdded });
    }
    setEditing(null);
    await refetch();
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      const result = await deleteRole({ variables: { id: toDelete.id } });
      setMessage({ kind: 'success', text: result.data?.deleteRole.message ?? 'Role deleted' });
      await refetch();
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure) });
    }
    setToDelete(null);
  }

  return (
    <>
      <DataGrid
        title="Roles"
        testId="roles-grid"
        rows={data?.roles}
        columns={COLUMNS}
        getRowId={(role) => role.id}
        loading={loading}
        error={error && !data ? errorMessage(error) : null}
        addLabel="Add Role"
        onAdd={() => setEditing({ mode: 'add' })}
        exportFileName="roles"
        message={message}
        onDismissMessage={() => setMessage(null)}
        actions={[
          { label: 'Edit', icon: <IconEdit size={16} />, onClick: (role) => setEditing({ mode: 'edit', role }) },
          { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', onClick: (role) => setToDelete(role) },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? 'Edit Role' : 'Add new Role'}
        centered
      >
        {editing && (
          <RoleForm
            key={editing.mode === 'edit' ? editing.role.id : 'new'}
            initialName={editing.mode === 'edit' ? editing.role.name : ''}
            onSave={save}
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={toDelete !== null}
        title="Delete role"
        deleting={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        Delete the role <b>{toDelete?.name}</b>? A role that users still hold cannot be deleted.
      </ConfirmDeleteModal>
    </>
  );
}

function RoleForm({ initialName, onSave }: { initialName: string; onSave: (name: string) => Promise<void> }) {
  const form = useZodForm(roleSchema, { name: initialName });
  return (
    <SaveForm
      form={form}
      onSave={(values) => onSave(values.name.trim())}
      canSave={formIsValid(roleSchema, form.values)}
    >
      <TextInput label="Name" placeholder="ROLE_…" required {...form.getInputProps('name')} />
    </SaveForm>
  );
}
