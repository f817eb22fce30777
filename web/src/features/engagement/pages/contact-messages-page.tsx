/** Contact Us messages for staff and administrators, latest first; a row opens the whole message. */
import { Link } from 'react-router-dom';
import { Button, Text } from '@mantine/core';
import { ROLE_ADMIN } from '@bazaar/shared';
import { ContactMessagesPageDocument } from '../../../__generated__/graphql';
import { textRowsPage } from '../../../components/crud';
import { formatMediumDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';

/** The way to the mail outbox, for administrators. */
function MailOutboxButton() {
  const session = useSession();
  if (!session.hasAnyRole(ROLE_ADMIN)) return null;
  return (
    <Button component={Link} to="/mail-outbox" variant="default">
      Mail outbox
    </Button>
  );
}

export default textRowsPage(ContactMessagesPageDocument, 'contactMessages', {
  title: 'Contact Messages',
  columns: [
    {
      field: 'createdAt',
      headerName: 'Received',
      exportAs: 'datetime',
      format: (value) => formatMediumDateTime(String(value)),
      width: 200,
    },
    { field: 'name', headerName: 'Name', value: (row) => `${row.firstName} ${row.lastName}`, minWidth: 140 },
    { field: 'email', headerName: 'Email', minWidth: 180, wrap: true },
    { field: 'mobileNo', headerName: 'Mobile', value: (row) => row.mobileNo ?? '', width: 130 },
    { field: 'username', headerName: 'Account', value: (row) => row.username ?? '', width: 130 },
    {
      field: 'message',
      headerName: 'Message',
      value: (row) => row.message.replace(/\s+/g, ' '),
      flex: 2,
      minWidth: 220,
    },
  ],
  opened: (message) => ({
    title: `Message from ${message.firstName} ${message.lastName}`,
    details: (
      <Text size="sm" c="dimmed">
        {message.email}
        {message.mobileNo ? ` · ${message.mobileNo}` : ''} · {formatMediumDateTime(message.createdAt)}
      </Text>
    ),
    text: message.message,
  }),
  testId: 'contact-messages-grid',
  emptyText: 'No messages yet.',
  exportFileName: 'contact-messages',
  toolbar: <MailOutboxButton />,
});
