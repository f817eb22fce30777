/**
 * The add/edit form of Users (docs/product/admin.md#users): names, username, e-mail, password (blank keeps it on
 * edit), mobile, exactly one role from the page query's roles. Loaded after the table
 * (docs/decisions.md#dialogs-on-demand).
 */
import type { UserFieldsFragment, UserInput, UsersPageQuery } from '../../../__generated__/graphql';
import type { CrudFormSpec } from '../../../components/crud';
import { UserFields, userAddFormSchema, userEditFormSchema, type UserFormValues } from '../components/user-form';

function valuesOf(user: UserFieldsFragment | null): UserFormValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    username: user?.username ?? '',
    email: user?.email ?? '',
    password: '',
    mobileNo: user?.mobileNo ?? '',
    roleId: user?.roles[0]?.id ?? '',
  };
}

function toUserInput(values: UserFormValues): UserInput {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    username: values.username.trim(),
    email: values.email.trim(),
    password: values.password || null,
    mobileNo: values.mobileNo.trim() || null,
    roleId: values.roleId,
  };
}

const userForm: CrudFormSpec<UserFieldsFragment, UserFormValues, UsersPageQuery, UserInput> = {
  schema: userAddFormSchema,
  editSchema: userEditFormSchema,
  initialValues: valuesOf,
  fields: (form, user, data) => <UserFields form={form} mode={user ? 'edit' : 'add'} roles={data?.roles ?? []} />,
  toInput: toUserInput,
  addSaveLabel: 'Add User',
};
export default userForm;
