/**
 * The mail outbox for administrators: mail kept because no SMTP server is configured (SMTP_URL),
 * such as password reset links, latest first; a row opens the whole mail.
 */
import { Alert, Text } from '@mantine/core';
import { toDisplayWords } from '@bazaar/shared';
import { MailOutboxPageDocument } from '../../../__generated__/graphql';
import { textRowsPage } from '../../../components/crud';
import { formatMediumDateTime } from '../../../lib/dates';

export default textRowsPage(MailOutboxPageDocument, 'mailOutbox', {
  title: 'Mail Outbox',
  intro: (
    <Alert color="blue" variant="light">
      When no SMTP server is configured (SMTP_URL unset), mail the app would send is kept here. Reset links stop working
      after 30 minutes or once used.
    </Alert>
  ),
  columns: [
    { field: 'createdAt', headerName: 'Created', format: (value) => formatMediumDateTime(String(value)), width: 200 },
    { field: 'kind', headerName: 'Kind', value: (row) => toDisplayWords(row.kind), width: 160 },
    { field: 'recipient', headerName: 'Recipient', minWidth: 200 },
    { field: 'subject', headerName: 'Subject', flex: 2, minWidth: 220 },
  ],
  opened: (mail) => ({
    title: mail.subject,
    details: (
      <Text size="sm" c="dimmed">
        To {mail.recipient} · {formatMediumDateTime(mail.createdAt)}
      </Text>
    ),
    text: mail.body,
  }),
  testId: 'mail-outbox-grid',
  emptyText: 'The outbox is empty.',
});
