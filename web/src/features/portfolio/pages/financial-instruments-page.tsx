/**
 * Financial instruments (route financial, administrators). The old app's page was an unfinished
 * stub with no server call; this is the finished list of instrument types with add, edit and
 * delete ('Type is required!'). Staff see the types as name suggestions on the Segments form.
 */
import {
  CreateFinancialInstrumentDocument,
  DeleteFinancialInstrumentDocument,
  FinancialInstrumentsPageDocument,
  UpdateFinancialInstrumentDocument,
} from '../../../__generated__/graphql';
import { crudTablePage, idColumn } from '../../../components/crud';

export default crudTablePage(FinancialInstrumentsPageDocument, 'financialInstruments', {
  title: 'Financial Instruments',
  columns: [
    idColumn(),
    { field: 'type', headerName: 'Type' },
    { field: 'description', headerName: 'Description', flex: 2 },
  ],
  form: () => import('./financial-instruments-form.deferred'),
  noun: 'Financial Instrument',
  mutations: {
    create: CreateFinancialInstrumentDocument,
    update: UpdateFinancialInstrumentDocument,
    remove: DeleteFinancialInstrumentDocument,
  },
  messages: {
    added: 'Financial instrument added successfully!',
    updated: 'Financial instrument updated successfully!',
  },
  deleteWhat: (instrument) => <b>{instrument.type}</b>,
});
