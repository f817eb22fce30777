/**
 * Roles (docs/product/admin.md#roles, administrators): table, add/edit modal ('Name is required!'), delete with the
 * server's reply.
 */
import { roleSchema, SUCCESS_MESSAGES } from '@bazaar/shared';
import {
  CreateRoleDocument,
  DeleteRoleDocument,
  UpdateRoleDocument,
  useRolesPageQuery,
  type RoleFieldsFragment,
} from '../../../__generated__/graphql';
import { CrudTablePage, type CrudField, idColumn } from '../../../components/crud';
import type { DataGridColumn } from '../../../components/data-grid';

const COLUMNS: DataGridColumn<RoleFieldsFragment>[] = [idColumn(100), { field: 'name', headerName: 'Name' }];

const FIELDS: CrudField<{ name: string }>[] = [{ name: 'name', label: 'Name', placeholder: 'ROLE_…', required: true }];

export default function RolesPage() {
  const query = useRolesPageQuery();
  return (
    <CrudTablePage
      title="Roles"
      noun="Role"
      testId="roles-grid"
      columns={COLUMNS}
      rows={query.data?.roles}
      query={query}
      form={{ schema: roleSchema, fields: FIELDS }}
      mutations={{ create: CreateRoleDocument, update: UpdateRoleDocument, remove: DeleteRoleDocument }}
      messages={{ added: SUCCESS_MESSAGES.roleAdded, updated: SUCCESS_MESSAGES.roleEdited }}
      deleteWhat={(role) => (
        <>
          the role <b>{role.name}</b>
        </>
      )}
      deleteNote="A role that users still hold cannot be deleted."
    />
  );
}
