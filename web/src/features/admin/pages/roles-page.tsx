/**
 * Roles (docs/product/admin.md#roles, administrators): table, add/edit modal ('Name is required!'), delete with the
 * server's reply.
 */
import { SUCCESS_MESSAGES } from '@bazaar/shared';
import {
  CreateRoleDocument,
  DeleteRoleDocument,
  RolesPageDocument,
  UpdateRoleDocument,
} from '../../../__generated__/graphql';
import { crudTablePage, idColumn } from '../../../components/crud';

export default crudTablePage(RolesPageDocument, 'roles', {
  title: 'Roles',
  columns: [idColumn(100), { field: 'name', headerName: 'Name' }],
  form: () => import('./roles-form.deferred'),
  noun: 'Role',
  testId: 'roles-grid',
  mutations: { create: CreateRoleDocument, update: UpdateRoleDocument, remove: DeleteRoleDocument },
  messages: { added: SUCCESS_MESSAGES.roleAdded, updated: SUCCESS_MESSAGES.roleEdited },
  deleteWhat: (role) => (
    <>
      the role <b>{role.name}</b>
    </>
  ),
  deleteNote: 'A role that users still hold cannot be deleted.',
});
