/**
 * The Edit profile dialog of Profile (docs/product/auth.md#profile), loaded when the user asks for it: its form
 * validates with the shared rules (zod) and Mantine's form and modal, which the profile itself does not need
 * (docs/decisions.md#charts-after-the-figures: modules named *.deferred load after the page is interactive).
 */
import { useState } from 'react';
import { Alert, Button, Modal, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { profileUpdateSchema } from '@bazaar/shared';
import { useUpdateProfileMutation } from '../../../__generated__/graphql';
import { useSession } from '../../../lib/session';
import { errorMessage } from '../../../lib/errors';
import { formIsValid, useZodForm } from '../../../components/form/use-zod-form';

export interface ProfileValues extends Record<string, unknown> {
  firstName: string;
  lastName: string;
  email: string;
  mobileNo: string;
  profilePictureUrl: string;
  /** Asked for only when the e-mail address changes. */
  currentPassword: string;
}

function ProfileForm({ initial, onSaved }: { initial: ProfileValues; onSaved: () => void }) {
  const session = useSession();
  const form = useZodForm(profileUpdateSchema, initial);
  const [update, { loading }] = useUpdateProfileMutation();
  const [failure, setFailure] = useState<string | null>(null);
  // addresses are compared regardless of case, as the server does
  const emailChanged = form.values.email.trim().toLowerCase() !== initial.email.trim().toLowerCase();

  async function submit(values: ProfileValues) {
    setFailure(null);
    try {
      const { data } = await update({
        variables: {
          input: {
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            email: values.email.trim(),
            mobileNo: values.mobileNo.trim() || null,
            profilePictureUrl: values.profilePictureUrl.trim() || null,
            currentPassword: emailChanged ? values.currentPassword : null,
          },
        },
      });
      if (data) session.updateUser(data.updateProfile);
      onSaved();
    } catch (error) {
      setFailure(errorMessage(error));
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
        <TextInput label="Email address" type="email" required {...form.getInputProps('email')} />
        {emailChanged && (
          <PasswordInput
            label="Current password"
            description="Needed to change your e-mail address"
            required
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
        )}
        <TextInput label="Mobile Number" inputMode="numeric" {...form.getInputProps('mobileNo')} />
        <TextInput label="Profile picture URL" placeholder="https://…" {...form.getInputProps('profilePictureUrl')} />
        <Text size="xs" c="dimmed">
          Your username and role are managed by an administrator.
        </Text>
        <Button
          type="submit"
          loading={loading}
          disabled={
            !formIsValid(profileUpdateSchema, form.values) || (emailChanged && form.values.currentPassword === '')
          }
        >
          Save
        </Button>
      </Stack>
    </form>
  );
}

export default function ProfileEditDialog({
  opened,
  onClose,
  initial,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  initial: ProfileValues;
  onSaved: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit profile" centered>
      <ProfileForm initial={initial} onSaved={onSaved} />
    </Modal>
  );
}
