/**
 * Profile (docs/product/auth.md#profile): picture, updated and created timestamps (medium format), full name,
 * e-mail, username, phone. Read from local storage first, then refreshed from the server. Editing
 * shows 'Profile updated successfully!'. A new e-mail address asks for the current password too
 * (docs/product/auth.md#profile).
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Avatar,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { MESSAGES, profileUpdateSchema } from '@bazaar/shared';
import { useMeQuery, useUpdateProfileMutation } from '../../../__generated__/graphql';
import { useSession } from '../../../lib/session';
import { errorMessage } from '../../../lib/errors';
import { formatMediumDateTime } from '../../../lib/dates';
import { formIsValid, useZodForm } from '../../../components/form/use-zod-form';
import { usePageTitle } from '../../../components/page-title';

export default function ProfilePage() {
  usePageTitle('Profile');
  const session = useSession();
  const { data, error } = useMeQuery({ fetchPolicy: 'network-only' });
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  // the stored user first, then the server's fresh copy
  useEffect(() => {
    if (data?.me) session.updateUser(data.me);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data?.me]);
  const user = data?.me ?? session.user;
  if (!user) return null;

  const rows: Array<[string, string]> = [
    ['Full name', `${user.firstName} ${user.lastName}`],
    ['Username', user.username],
    ['Email', user.email],
    ['Phone', user.mobileNo ?? '—'],
    ['Created', formatMediumDateTime(user.createdAt)],
    ['Updated', formatMediumDateTime(user.updatedAt)],
  ];

  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        Profile
      </Title>
      {error && <Alert color="orange">{errorMessage(error)}</Alert>}
      {saved && (
        <Alert color="green" withCloseButton onClose={() => setSaved(false)} data-testid="profile-saved">
          {MESSAGES.profileUpdated}
        </Alert>
      )}
      <Card withBorder padding="lg">
        <Group align="flex-start" wrap="wrap">
          <Avatar
            src={user.profilePictureUrl ?? undefined}
            size={96}
            radius={96}
            alt={`${user.firstName} ${user.lastName}`}
          >
            {user.firstName.charAt(0)}
            {user.lastName.charAt(0)}
          </Avatar>
          <Table withRowBorders={false} style={{ flex: 1, minWidth: 260 }} data-testid="profile-details">
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={140}>{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Group>
        <Group justify="flex-end" mt="md">
          <Button leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
            Edit profile
          </Button>
        </Group>
      </Card>
      <Modal opened={editing} onClose={() => setEditing(false)} title="Edit profile" centered>
        <ProfileForm
          initial={{
            firstName: user.firstName,
            lastName: user.lastName,
            email: user.email,
            mobileNo: user.mobileNo ?? '',
            profilePictureUrl: user.profilePictureUrl ?? '',
            currentPassword: '',
          }}
          onSaved={() => {
            setEditing(false);
            // confirmed once, in the page (a toast as well said it twice and covered the header)
            setSaved(true);
          }}
        />
      </Modal>
    </Stack>
  );
}

interface ProfileValues extends Record<string, unknown> {
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
