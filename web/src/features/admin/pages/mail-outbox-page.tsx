/**
 * The mail outbox for administrators: mail kept because no SMTP server is configured (SMTP_URL),
 * such as password reset links, latest first; a row opens the whole mail.
 */
import { useState } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { toDisplayWords } from '@bazaar/shared';
import { useMailOutboxPageQuery, type MailOutboxPageQuery } from '../../../__generated__/graphql';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid';
import { usePageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/errors';
import { formatMediumDateTime } from '../../../lib/dates';
import { TextModal } from '../../../components/text-modal';

type MailRow = MailOutboxPageQuery['mailOutbox'][number];

const COLUMNS: DataGridColumn<MailRow>[] = [
  { field: 'createdAt', headerName: 'Created', format: (value) => formatMediumDateTime(String(value)), width: 200 },
  { field: 'kind', headerName: 'Kind', value: (row) => toDisplayWords(row.kind), width: 160 },
  { field: 'recipient', headerName: 'Recipient', minWidth: 200 },
  { field: 'subject', headerName: 'Subject', flex: 2, minWidth: 220 },
];

export default function MailOutboxPage() {
  usePageTitle('Mail Outbox');
  const { data, loading, error } = useMailOutboxPageQuery({ fetchPolicy: 'cache-and-network' });
  const [open, setOpen] = useState<MailRow | null>(null);
  return (
    <Stack>
      <Alert color="blue" variant="light">
        When no SMTP server is configured (SMTP_URL unset), mail the app would send is kept here. Reset links stop
        working after 30 minutes or once used.
      </Alert>
      <DataGrid
        title="Mail Outbox"
        testId="mail-outbox-grid"
        rows={data?.mailOutbox}
        columns={COLUMNS}
        getRowId={(row) => row.id}
        loading={loading}
        error={error && !data ? errorMessage(error) : null}
        emptyText="The outbox is empty."
        onRowClick={setOpen}
      />
      <TextModal
        title={open?.subject ?? ''}
        details={
          open && (
            <Text size="sm" c="dimmed">
              To {open.recipient} · {formatMediumDateTime(open.createdAt)}
            </Text>
          )
        }
        text={open?.body ?? null}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}
