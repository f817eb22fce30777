/**
 * Referral (docs/product/engagement.md#referral): heading Referral, the QR code image, read-only Referral Link and
 * Referral Code with copy buttons, and an error area showing the server's message (e.g. for a
 * visitor who is not logged in). Below, the people the user referred and whether each referral is
 * claimed, with a Claim button (a referral is claimed once).
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ActionIcon,
  Button,
  Card,
  CopyButton,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconGift } from '@tabler/icons-react';
import { useClaimReferralMutation, useReferralPageQuery, type ReferralPageQuery } from '../../../__generated__/graphql';
import { RetryAlert } from '../../../components/retry-alert';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid';
import { usePageTitle } from '../../../components/page-title';
import { Hint } from '../../../components/popup';
import { errorMessage } from '../../../lib/errors';
import { formatMediumDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';

type ReferralRow = ReferralPageQuery['referrals'][number];

const COLUMNS: DataGridColumn<ReferralRow>[] = [
  { field: 'referredUsername', headerName: 'Username' },
  { field: 'createdAt', headerName: 'Joined', format: (value) => formatMediumDateTime(String(value)) },
  {
    field: 'claimed',
    headerName: 'Status',
    value: (row) => (row.claimed ? `Claimed ${formatMediumDateTime(row.claimedAt)}` : 'Not claimed'),
  },
];

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      data-testid={testId}
      onFocus={(event) => event.currentTarget.select()}
      rightSection={
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Hint label={copied ? 'Copied' : `Copy ${label}`}>
              <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={`Copy ${label}`}>
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Hint>
          )}
        </CopyButton>
      }
    />
  );
}

export default function ReferralPage() {
  usePageTitle('Referral');
  const { isLoggedIn } = useSession();
  const { data, loading, error, refetch } = useReferralPageQuery({ fetchPolicy: 'network-only' });
  const [claim] = useClaimReferralMutation();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function claimReferral(row: ReferralRow) {
    try {
      await claim({ variables: { id: row.id } });
      setMessage({ kind: 'success', text: `Referral of ${row.referredUsername} claimed.` });
      await refetch();
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure) });
    }
  }

  const referral = data?.referralLink;
  return (
    <Stack maw={960}>
      <Title order={1} size="h2">
        Referral
      </Title>
      <Text c="dimmed">Invite friends with your link or QR code: when they sign up with it, they appear below.</Text>
      {error && (
        <RetryAlert
          title="Your referrals could not be loaded"
          error={error}
          // a visitor is refused for want of a session: logging in helps, asking again does not
          onRetry={isLoggedIn ? () => void refetch() : undefined}
          action={
            !isLoggedIn && (
              <Button
                component={Link}
                to="/login"
                state={{ from: '/referral', reason: 'login-required' }}
                size="xs"
                variant="default"
              >
                Log in
              </Button>
            )
          }
          testId="referral-error"
        />
      )}
      {loading && !data && <Loader />}
      {referral && (
        <Card withBorder padding="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
            <Image
              src={referral.qrCodeDataUrl}
              alt="QR Code of your referral link"
              w={240}
              h={240}
              fit="contain"
              data-testid="referral-qr"
            />
            <Stack justify="center">
              <CopyField label="Referral Link" value={referral.link} testId="referral-link" />
              <CopyField label="Referral Code" value={referral.referralCode} testId="referral-code" />
            </Stack>
          </SimpleGrid>
        </Card>
      )}
      {data && (
        <DataGrid
          headingOrder={2}
          title="People you referred"
          testId="referrals-grid"
          rows={data.referrals}
          columns={COLUMNS}
          getRowId={(row) => row.id}
          loading={loading}
          emptyText="Nobody has signed up with your link yet."
          message={message}
          onDismissMessage={() => setMessage(null)}
          actions={[
            {
              label: 'Claim',
              icon: <IconGift size={16} />,
              onClick: (row) => void claimReferral(row),
              hidden: (row) => row.claimed,
            },
          ]}
        />
      )}
      <Group>
        <Button component={Link} to="/subscribe" variant="default">
          Subscription plans
        </Button>
      </Group>
    </Stack>
  );
}
