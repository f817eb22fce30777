/** The add/edit form of Roles ('Name is required!'): loaded after the table (docs/decisions.md#dialogs-on-demand). */
import { roleSchema } from '@bazaar/shared';
import type { RoleInput, RolesPageQuery } from '../../../__generated__/graphql';
import type { CrudFormSpec } from '../../../components/crud';

const roleForm: CrudFormSpec<RolesPageQuery['roles'][number], { name: string }, RolesPageQuery, RoleInput> = {
  schema: roleSchema,
  fields: [{ name: 'name', label: 'Name', placeholder: 'ROLE_…', required: true }],
};
export default roleForm;
