/** Contact Us messages for staff and administrators, latest first; a row opens the whole message. */
import { Link } from 'react-router-dom';
import { Button, Text } from '@mantine/core';
import { ROLE_ADMIN } from '@bazaar/shared';
import { useContactMessagesPageQuery, type ContactMessagesPageQuery } from '../../../__generated__/graphql';
import { TextRowsTable } from '../../../components/crud';
import type { DataGridColumn } from '../../../components/data-grid';
import { formatMediumDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';

type MessageRow = ContactMessagesPageQuery['contactMessages'][number];

const COLUMNS: DataGridColumn<MessageRow>[] = [
  { field: 'createdAt', headerName: 'Received', format: (value) => formatMediumDateTime(String(value)), width: 200 },
  { field: 'name', headerName: 'Name', value: (row) => `${row.firstName} ${row.lastName}`, minWidth: 140 },
  { field: 'email', headerName: 'Email', minWidth: 180 },
  { field: 'mobileNo', headerName: 'Mobile', value: (row) => row.mobileNo ?? '', width: 130 },
  { field: 'username', headerName: 'Account', value: (row) => row.username ?? '', width: 130 },
  { field: 'message', headerName: 'Message', value: (row) => row.message.replace(/\s+/g, ' '), flex: 2, minWidth: 220 },
];

export default function ContactMessagesPage() {
  const query = useContactMessagesPageQuery({ fetchPolicy: 'cache-and-network' });
  const session = useSession();
  return (
    <TextRowsTable
      title="Contact Messages"
      testId="contact-messages-grid"
      rows={query.data?.contactMessages}
      query={query}
      columns={COLUMNS}
      emptyText="No messages yet."
      exportFileName="contact-messages"
      toolbar={
        session.hasAnyRole(ROLE_ADMIN) && (
          <Button component={Link} to="/mail-outbox" variant="default">
            Mail outbox
          </Button>
        )
      }
      opened={(message) => ({
        title: `Message from ${message.firstName} ${message.lastName}`,
        details: (
          <Text size="sm" c="dimmed">
            {message.email}
            {message.mobileNo ? ` · ${message.mobileNo}` : ''} · {formatMediumDateTime(message.createdAt)}
          </Text>
        ),
        text: message.message,
      })}
    />
  );
}
