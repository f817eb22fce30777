/**
 * Brokers (docs/product/portfolio.md#reference-data, route app-broker, staff): loader, table, add/edit modal with the
 * messages of docs/product/portfolio.md#validation ('Name is required!', 'Address is required!', 'Contact Number is
 * required!', 'Enter a valid Contact Number'), the success texts of docs/product/portfolio.md#messages; a failed delete
 * shows the server's message.
 */
import { SUCCESS_MESSAGES } from '@bazaar/shared';
import {
  BrokersPageDocument,
  CreateBrokerageFirmDocument,
  DeleteBrokerageFirmDocument,
  UpdateBrokerageFirmDocument,
} from '../../../__generated__/graphql';
import { crudTablePage, idColumn } from '../../../components/crud';

export default crudTablePage(BrokersPageDocument, 'brokerageFirms', {
  title: 'Brokers',
  columns: [
    idColumn(),
    { field: 'name', headerName: 'Name' },
    { field: 'address', headerName: 'Address', minWidth: 240, flex: 2, wrap: true },
    { field: 'contactNumber', headerName: 'Contact Number' },
  ],
  form: () => import('./brokers-form.deferred'),
  noun: 'Broker',
  mutations: {
    create: CreateBrokerageFirmDocument,
    update: UpdateBrokerageFirmDocument,
    remove: DeleteBrokerageFirmDocument,
  },
  messages: {
    added: SUCCESS_MESSAGES.brokerAdded,
    updated: SUCCESS_MESSAGES.brokerUpdated,
    deleted: SUCCESS_MESSAGES.brokerDeleted,
  },
  deleteWhat: (firm) => <b>{firm.name}</b>,
  deleteNote: 'A firm with holdings or charges cannot be deleted.',
});
