/** The admin user form: names, username, e-mail, password (blank keeps it on edit), mobile, exactly one role. */
import { useState } from 'react';
import { Alert, Button, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { z } from 'zod';
import { MESSAGES, userCreateSchema, userUpdateSchema } from '@bazaar/shared';
import { formIsValid, useZodForm } from '../../../components/form/use-zod-form';

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

export interface UserFormProps {
  mode: 'add' | 'edit';
  initial: UserFormValues;
  roles: ReadonlyArray<{ id: string; name: string }>;
  onSubmit: (values: UserFormValues) => Promise<void>;
}

export function UserForm({ mode, initial, roles, onSubmit }: UserFormProps) {
  const schema = mode === 'add' ? userAddFormSchema : userEditFormSchema;
  const form = useZodForm(schema, initial);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(values: UserFormValues) {
    setFailure(null);
    setSaving(true);
    try {
      await onSubmit(values);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
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
        <Button type="submit" loading={saving} disabled={!formIsValid(schema, form.values)}>
          {mode === 'add' ? 'Add User' : 'Save'}
        </Button>
      </Stack>
    </form>
  );
}
