/**
 * Profile (docs/product/auth.md#profile): picture, updated and created timestamps (medium format), full name,
 * e-mail, username, phone. Read from local storage first, then refreshed from the server. Editing
 * shows 'Profile updated successfully!'. A new e-mail address asks for the current password too
 * (docs/product/auth.md#profile).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Avatar, Button, Card, Group, Loader, Stack, Table, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { MESSAGES } from '@bazaar/shared';
import { useMeQuery } from '../../../__generated__/graphql';
import { useSession } from '../../../lib/session';
import { formatMediumDateTime } from '../../../lib/dates';
import { RetryAlert } from '../../../components/retry-alert';
import { usePageTitle } from '../../../components/page-title';

// The dialog and its form (zod, Mantine form and modal) load when asked for, or when the pointer or focus reaches
// the button; the profile itself is shown without them (docs/decisions.md#charts-after-the-figures)
const loadDialog = () => import('./profile-form.deferred');
const ProfileEditDialog = lazy(loadDialog);

export default function ProfilePage() {
  usePageTitle('Profile');
  const session = useSession();
  const { data, error, refetch } = useMeQuery({ fetchPolicy: 'network-only' });
  const [editing, setEditing] = useState(false);
  // the dialog stays mounted once opened, so it can animate its closing
  const [dialogWanted, setDialogWanted] = useState(false);
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
      {/* the stored copy stays shown below: only its refresh failed */}
      {error && (
        <RetryAlert
          title="Your profile could not be refreshed"
          error={error}
          onRetry={() => void refetch()}
          testId="profile-error"
        />
      )}
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
          <Button
            leftSection={<IconEdit size={16} />}
            onPointerEnter={() => void loadDialog()}
            onFocus={() => void loadDialog()}
            onClick={() => {
              setDialogWanted(true);
              setEditing(true);
            }}
          >
            Edit profile
          </Button>
        </Group>
      </Card>
      <Suspense fallback={<Loader size="sm" aria-label="Loading the profile form" />}>
        {dialogWanted && (
          <ProfileEditDialog
            opened={editing}
            onClose={() => setEditing(false)}
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
        )}
      </Suspense>
    </Stack>
  );
}
