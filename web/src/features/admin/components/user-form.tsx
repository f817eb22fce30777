/** The admin user form's fields: names, username, e-mail, password (blank keeps it on edit), mobile, exactly one role. */
import { PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { z } from 'zod';
import { MESSAGES, userCreateSchema, userUpdateSchema } from '@bazaar/shared';

const roleId = z.string({ error: MESSAGES.user.roleRequired }).min(1, MESSAGES.user.roleRequired);
export const userAddFormSchema = userCreateSchema.omit({ roles: true }).extend({ roleId });
export const userEditFormSchema = userUpdateSchema.omit({ roles: true }).extend({ roleId });

export interface UserFormValues extends Record<string, unknown> {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  mobileNo: string;
  roleId: string;
}

export interface UserFieldsProps {
  form: UseFormReturnType<UserFormValues>;
  mode: 'add' | 'edit';
  roles: ReadonlyArray<{ id: string; name: string }>;
}

export function UserFields({ form, mode, roles }: UserFieldsProps) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First Name" required {...form.getInputProps('firstName')} />
        <TextInput label="Last Name" required {...form.getInputProps('lastName')} />
      </SimpleGrid>
      <TextInput label="Username" required {...form.getInputProps('username')} />
      <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
      <PasswordInput
        label="Password"
        required={mode === 'add'}
        description={mode === 'edit' ? 'Leave empty to keep the current password' : '8 to 32 characters'}
        autoComplete="new-password"
        {...form.getInputProps('password')}
      />
      <TextInput label="Mobile Number" inputMode="numeric" {...form.getInputProps('mobileNo')} />
      <Select
        label="Role"
        required
        placeholder="Choose a role"
        data={roles.map((role) => ({ value: role.id, label: role.name }))}
        allowDeselect={false}
        {...form.getInputProps('roleId')}
      />
    </>
  );
}
