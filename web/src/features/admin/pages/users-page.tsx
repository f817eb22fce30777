/**
 * Users (docs/product/admin.md#users, administration): a table with roles as comma-joined names, an add/edit
 * modal taking exactly one role, delete with confirmation, the success messages of docs/product/admin.md#messages.
 * Staff see the entry in the sidebar; the server lets only administrators manage users, and the page says so.
 */
import { Alert, Stack } from '@mantine/core';
import { SUCCESS_MESSAGES } from '@bazaar/shared';
import {
  CreateUserDocument,
  DeleteUserDocument,
  UpdateUserDocument,
  useUsersPageQuery,
  type UserFieldsFragment,
} from '../../../__generated__/graphql';
import { CrudTablePage, idColumn } from '../../../components/crud';
import type { DataGridColumn } from '../../../components/data-grid';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/page-title';
import { errorCode } from '../../../lib/errors';

const COLUMNS: DataGridColumn<UserFieldsFragment>[] = [
  idColumn(),
  { field: 'firstName', headerName: 'First Name' },
  { field: 'lastName', headerName: 'Last Name' },
  { field: 'username', headerName: 'Username' },
  { field: 'email', headerName: 'Email', minWidth: 200, wrap: true },
  { field: 'mobileNo', headerName: 'Mobile Number', minWidth: 150 },
  { field: 'roles', headerName: 'Roles', value: (user) => user.roles.map((role) => role.name).join(', ') },
];

// the form (names, one role, the password rules) loads after the table (docs/decisions.md#dialogs-on-demand)
const loadUserForm = () => import('./users-form.deferred');

export default function UsersPage() {
  usePageTitle('Users');
  const query = useUsersPageQuery();

  if (query.error && errorCode(query.error) === 'FORBIDDEN') {
    return (
      <Stack>
        <PageHeader title="Users" />
        <Alert color="yellow" data-testid="users-forbidden">
          Only administrators manage users. Ask an administrator if someone needs an account or a different role.
        </Alert>
      </Stack>
    );
  }

  return (
    <CrudTablePage
      title="Users"
      noun="User"
      testId="users-grid"
      columns={COLUMNS}
      rows={query.data?.users}
      query={query}
      modalSize="lg"
      form={loadUserForm}
      mutations={{ create: CreateUserDocument, update: UpdateUserDocument, remove: DeleteUserDocument }}
      messages={{
        added: SUCCESS_MESSAGES.userAdded,
        updated: SUCCESS_MESSAGES.userUpdated,
        deleted: SUCCESS_MESSAGES.userDeleted,
      }}
      deleteWhat={(user) => (
        <>
          the account of <b>{user.username}</b>
        </>
      )}
      deleteNote="Their holdings and subscriptions go with it."
    />
  );
}
