/**
 * Charge types (docs/product/portfolio.md#reference-data, staff): loader, table, add/edit modal, delete by the reply
 * text. A type may be marked as the securities transaction tax (`stt`, docs/product/tax.md#rules): the table shows
 * the mark, the form has its box.
 */
import { Badge } from '@mantine/core';
import { SUCCESS_MESSAGES } from '@bazaar/shared';
import {
  ChargeTypesPageDocument,
  CreateChargeTypeDocument,
  DeleteChargeTypeDocument,
  UpdateChargeTypeDocument,
} from '../../../__generated__/graphql';
import { crudTablePage, idColumn } from '../../../components/crud';

export default crudTablePage(ChargeTypesPageDocument, 'chargeTypes', {
  title: 'Charge Types',
  noun: 'Charge Type',
  columns: [
    idColumn(100),
    { field: 'name', headerName: 'Name' },
    {
      field: 'stt',
      headerName: 'STT',
      width: 110,
      value: (row) => (row.stt ? 'STT' : ''),
      render: (row) =>
        row.stt ? (
          <Badge size="sm" variant="light" title="Securities transaction tax" data-testid="charge-type-stt-mark">
            STT
          </Badge>
        ) : null,
    },
  ],
  form: () => import('./charge-types-form.deferred'),
  mutations: { create: CreateChargeTypeDocument, update: UpdateChargeTypeDocument, remove: DeleteChargeTypeDocument },
  // `stt` is an argument beside the name's input (schema/portfolio.graphql)
  toVariables: ({ name, stt }) => ({ input: { name }, stt }),
  messages: {
    added: SUCCESS_MESSAGES.chargeTypeAdded,
    updated: SUCCESS_MESSAGES.chargeTypeUpdated,
    deleted: (reply) => {
      // the reply text decides whether the row went (docs/product/README.md)
      if (!reply.includes('successfully')) throw new Error(reply);
      return reply;
    },
  },
  deleteWhat: (row) => <b>{row.name}</b>,
  deleteNote: 'Something still in use cannot be deleted.',
});
