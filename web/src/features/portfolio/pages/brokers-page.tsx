/**
 * Brokers (docs/product/portfolio.md#reference-data, route app-broker, staff): loader, table, add/edit modal with the
 * messages of docs/product/portfolio.md#validation ('Name is required!', 'Address is required!', 'Contact Number is
 * required!', 'Enter a valid Contact Number'), the success texts of docs/product/portfolio.md#messages; a failed delete
 * shows the server's message.
 */
import { TextInput } from '@mantine/core';
import { brokerSchema, SUCCESS_MESSAGES } from '@bazaar/shared';
import {
  CreateBrokerageFirmDocument,
  DeleteBrokerageFirmDocument,
  UpdateBrokerageFirmDocument,
  useBrokersPageQuery,
  type BrokersPageQuery,
} from '../../../__generated__/graphql';
import { CrudTablePage } from '../../../components/crud';
import type { DataGridColumn } from '../../../components/data-grid';

type Broker = BrokersPageQuery['brokerageFirms'][number];

const COLUMNS: DataGridColumn<Broker>[] = [
  { field: 'id', headerName: 'Id', numeric: true, width: 90 },
  { field: 'name', headerName: 'Name' },
  { field: 'address', headerName: 'Address', minWidth: 240, flex: 2 },
  { field: 'contactNumber', headerName: 'Contact Number' },
];

export default function BrokersPage() {
  const query = useBrokersPageQuery({ fetchPolicy: 'cache-and-network' });
  return (
    <CrudTablePage
      title="Brokers"
      noun="Broker"
      testId="brokers"
      columns={COLUMNS}
      rows={query.data?.brokerageFirms}
      query={query}
      form={{
        schema: brokerSchema,
        initialValues: (broker) => ({
          name: broker?.name ?? '',
          address: broker?.address ?? '',
          contactNumber: broker?.contactNumber ?? '',
        }),
        fields: (form) => (
          <>
            <TextInput label="Name" required {...form.getInputProps('name')} />
            <TextInput label="Address" required {...form.getInputProps('address')} />
            <TextInput
              label="Contact Number"
              required
              inputMode="numeric"
              maxLength={10}
              {...form.getInputProps('contactNumber')}
            />
          </>
        ),
      }}
      toInput={(values) => ({
        name: values.name.trim(),
        address: values.address.trim(),
        contactNumber: values.contactNumber.trim(),
      })}
      mutations={{
        create: CreateBrokerageFirmDocument,
        update: UpdateBrokerageFirmDocument,
        remove: DeleteBrokerageFirmDocument,
      }}
      messages={{ added: SUCCESS_MESSAGES.brokerAdded, updated: SUCCESS_MESSAGES.brokerUpdated }}
      deletedMessage={() => SUCCESS_MESSAGES.brokerDeleted}
      deleteQuestion={(broker) => (
        <>
          Delete <b>{broker.name}</b>? A firm with holdings or charges cannot be deleted.
        </>
      )}
    />
  );
}
