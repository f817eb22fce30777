/**
 * Users (spec section 2, administration): a table with roles as comma-joined names, an add/edit
 * modal taking exactly one role, delete with confirmation, the spec's success messages. Staff see
 * the entry in the sidebar; the server lets only administrators manage users, and the page says so.
 */
import { useState } from 'react';
import { Alert, Modal } from '@mantine/core';
import { ConfirmDeleteModal } from '../../../components/form/confirm-delete-modal';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { SUCCESS_MESSAGES } from '@bazaar/shared';
import {
  useCreateUserMutation,
  useDeleteUserMutation,
  useUpdateUserMutation,
  useUsersPageQuery,
  type UserFieldsFragment,
} from '../../../__generated__/graphql';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid';
import { errorCode, errorMessage } from '../../../lib/errors';
import { usePageTitle } from '../../../components/page-title';
import { UserForm, type UserFormValues } from '../components/user-form';

type Editing = { mode: 'add' } | { mode: 'edit'; user: UserFieldsFragment } | null;

const COLUMNS: DataGridColumn<UserFieldsFragment>[] = [
  { field: 'id', headerName: 'Id', numeric: true, width: 90 },
  { field: 'firstName', headerName: 'First Name' },
  { field: 'lastName', headerName: 'Last Name' },
  { field: 'username', headerName: 'Username' },
  { field: 'email', headerName: 'Email', minWidth: 200 },
  { field: 'mobileNo', headerName: 'Mobile Number' },
  { field: 'roles', headerName: 'Roles', value: (user) => user.roles.map((role) => role.name).join(', ') },
];

export default function UsersPage() {
  usePageTitle('Users');
  const { data, loading, error, refetch } = useUsersPageQuery();
  const [createUser] = useCreateUserMutation();
  const [updateUser] = useUpdateUserMutation();
  const [deleteUser, { loading: deleting }] = useDeleteUserMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<UserFieldsFragment | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  if (error && errorCode(error) === 'FORBIDDEN') {
    return (
      <Alert color="yellow" title="Users" data-testid="users-forbidden">
        Only administrators manage users. Ask an administrator if someone needs an account or a different role.
      </Alert>
    );
  }

  const roles = data?.roles ?? [];

  async function save(values: UserFormValues) {
    const input = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      username: values.username.trim(),
      email: values.email.trim(),
      password: values.password || null,
      mobileNo: values.mobileNo.trim() || null,
      roleId: values.roleId,
    };
    try {
      if (editing?.mode === 'edit') {
        await updateUser({ variables: { id: editing.user.id, input } });
        setMessage({ kind: 'success', text: SUCCESS_MESSAGES.userUpdated });
      } else {
        await createUser({ variables: { input } });
        setMessage({ kind: 'success', text: SUCCESS_MESSAGES.userAdded });
      }
    } catch (failure) {
      throw new Error(errorMessage(failure), { cause: failure });
    }
    setEditing(null);
    await refetch();
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteUser({ variables: { id: toDelete.id } });
      setMessage({ kind: 'success', text: SUCCESS_MESSAGES.userDeleted });
      await refetch();
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure) });
    }
    setToDelete(null);
  }

  return (
    <>
      <DataGrid
        title="Users"
        testId="users-grid"
        rows={data?.users}
        columns={COLUMNS}
        getRowId={(user) => user.id}
        loading={loading}
        error={error && !data ? errorMessage(error) : null}
        addLabel="Add User"
        onAdd={() => setEditing({ mode: 'add' })}
        exportFileName="users"
        message={message}
        onDismissMessage={() => setMessage(null)}
        actions={[
          { label: 'Edit', icon: <IconEdit size={16} />, onClick: (user) => setEditing({ mode: 'edit', user }) },
          { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', onClick: (user) => setToDelete(user) },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? 'Edit User' : 'Add new User'}
        centered
        size="lg"
      >
        {editing && (
          <UserForm
            key={editing.mode === 'edit' ? editing.user.id : 'new'}
            mode={editing.mode}
            roles={roles}
            onSubmit={save}
            initial={
              editing.mode === 'edit'
                ? {
                    firstName: editing.user.firstName,
                    lastName: editing.user.lastName,
                    username: editing.user.username,
                    email: editing.user.email,
                    password: '',
                    mobileNo: editing.user.mobileNo ?? '',
                    roleId: editing.user.roles[0]?.id ?? '',
                  }
                : { firstName: '', lastName: '', username: '', email: '', password: '', mobileNo: '', roleId: '' }
            }
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={toDelete !== null}
        title="Delete user"
        deleting={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        Delete the account of <b>{toDelete?.username}</b>? Their holdings and subscriptions go with it.
      </ConfirmDeleteModal>
    </>
  );
}
