/** Contact Us messages for staff and administrators, latest first; a row opens the whole message. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Text } from '@mantine/core';
import { ROLE_ADMIN } from '@bazaar/shared';
import { useContactMessagesPageQuery, type ContactMessagesPageQuery } from '../../../__generated__/graphql';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid';
import { usePageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/errors';
import { formatMediumDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { TextModal } from '../../../components/text-modal';

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
  usePageTitle('Contact Messages');
  const { data, loading, error } = useContactMessagesPageQuery({ fetchPolicy: 'cache-and-network' });
  const [open, setOpen] = useState<MessageRow | null>(null);
  const session = useSession();
  return (
    <>
      <DataGrid
        title="Contact Messages"
        testId="contact-messages-grid"
        rows={data?.contactMessages}
        columns={COLUMNS}
        getRowId={(row) => row.id}
        loading={loading}
        error={error && !data ? errorMessage(error) : null}
        emptyText="No messages yet."
        exportFileName="contact-messages"
        onRowClick={setOpen}
        toolbar={
          session.hasAnyRole(ROLE_ADMIN) && (
            <Button component={Link} to="/mail-outbox" variant="default">
              Mail outbox
            </Button>
          )
        }
      />
      <TextModal
        title={open ? `Message from ${open.firstName} ${open.lastName}` : ''}
        details={
          open && (
            <Text size="sm" c="dimmed">
              {open.email}
              {open.mobileNo ? ` · ${open.mobileNo}` : ''} · {formatMediumDateTime(open.createdAt)}
            </Text>
          )
        }
        text={open?.message ?? null}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
