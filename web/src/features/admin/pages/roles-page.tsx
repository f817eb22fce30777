/**
 * Roles (docs/product/admin.md#roles, administrators): table, add/edit modal ('Name is required!'), delete with the
 * server's reply.
 */
import { TextInput } from '@mantine/core';
import { roleSchema, SUCCESS_MESSAGES } from '@bazaar/shared';
import {
  CreateRoleDocument,
  DeleteRoleDocument,
  UpdateRoleDocument,
  useRolesPageQuery,
} from '../../../__generated__/graphql';
import { CrudTablePage } from '../../../components/crud';
import type { DataGridColumn } from '../../../components/data-grid';

interface RoleRow {
  id: string;
  name: string;
}

const COLUMNS: DataGridColumn<RoleRow>[] = [
  { field: 'id', headerName: 'Id', numeric: true, width: 100 },
  { field: 'name', headerName: 'Name' },
];

export default function RolesPage() {
  const query = useRolesPageQuery();
  return (
    <CrudTablePage
      title="Roles"
      noun="Role"
      testId="roles-grid"
      exportFileName="roles"
      columns={COLUMNS}
      rows={query.data?.roles}
      query={query}
      form={{
        schema: roleSchema,
        initialValues: (role) => ({ name: role?.name ?? '' }),
        fields: (form) => <TextInput label="Name" placeholder="ROLE_…" required {...form.getInputProps('name')} />,
      }}
      toInput={(values) => ({ name: values.name.trim() })}
      mutations={{ create: CreateRoleDocument, update: UpdateRoleDocument, remove: DeleteRoleDocument }}
      messages={{ added: SUCCESS_MESSAGES.roleAdded, updated: SUCCESS_MESSAGES.roleEdited }}
      deletedMessage={(reply) => reply?.deleteRole.message ?? 'Role deleted'}
      deleteQuestion={(role) => (
        <>
          Delete the role <b>{role.name}</b>? A role that users still hold cannot be deleted.
        </>
      )}
    />
  );
}
