/**
 * The mail outbox for administrators: mail kept because no SMTP server is configured (SMTP_URL),
 * such as password reset links, latest first; a row opens the whole mail.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { toDisplayWords } from '@bazaar/shared';
import { useMailOutboxPageQuery, type MailOutboxPageQuery } from '../../../__generated__/graphql';
import { TextRowsTable } from '../../../components/crud';
import type { DataGridColumn } from '../../../components/data-grid';
import { formatMediumDateTime } from '../../../lib/dates';

type MailRow = MailOutboxPageQuery['mailOutbox'][number];

const COLUMNS: DataGridColumn<MailRow>[] = [
  { field: 'createdAt', headerName: 'Created', format: (value) => formatMediumDateTime(String(value)), width: 200 },
  { field: 'kind', headerName: 'Kind', value: (row) => toDisplayWords(row.kind), width: 160 },
  { field: 'recipient', headerName: 'Recipient', minWidth: 200 },
  { field: 'subject', headerName: 'Subject', flex: 2, minWidth: 220 },
];

export default function MailOutboxPage() {
  const query = useMailOutboxPageQuery({ fetchPolicy: 'cache-and-network' });
  return (
    <Stack>
      <Alert color="blue" variant="light">
        When no SMTP server is configured (SMTP_URL unset), mail the app would send is kept here. Reset links stop
        working after 30 minutes or once used.
      </Alert>
      <TextRowsTable
        title="Mail Outbox"
        testId="mail-outbox-grid"
        rows={query.data?.mailOutbox}
        query={query}
        columns={COLUMNS}
        emptyText="The outbox is empty."
        opened={(mail) => ({
          title: mail.subject,
          details: (
            <Text size="sm" c="dimmed">
              To {mail.recipient} · {formatMediumDateTime(mail.createdAt)}
            </Text>
          ),
          text: mail.body,
        })}
      />
    </Stack>
  );
}
