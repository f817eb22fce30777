/**
 * Financial instruments (route financial, administrators). The old app's page was an unfinished
 * stub with no server call; this is the finished list of instrument types with add, edit and
 * delete ('Type is required!'). Staff see the types as name suggestions on the Segments form.
 */
import { financialInstrumentSchema } from '@bazaar/shared';
import {
  CreateFinancialInstrumentDocument,
  DeleteFinancialInstrumentDocument,
  UpdateFinancialInstrumentDocument,
  useFinancialInstrumentsPageQuery,
  type FinancialInstrumentFieldsFragment,
} from '../../../__generated__/graphql';
import { CrudTablePage, type CrudField, idColumn } from '../../../components/crud';
import type { DataGridColumn } from '../../../components/data-grid';

const COLUMNS: DataGridColumn<FinancialInstrumentFieldsFragment>[] = [
  idColumn(),
  { field: 'type', headerName: 'Type' },
  { field: 'description', headerName: 'Description', flex: 2 },
];

// an empty description is sent as null
const FIELDS: CrudField<{ type: string; description: string }>[] = [
  { name: 'type', label: 'Type', required: true },
  { name: 'description', label: 'Description' },
];

export default function FinancialInstrumentsPage() {
  const query = useFinancialInstrumentsPageQuery({ fetchPolicy: 'cache-and-network' });
  return (
    <CrudTablePage
      title="Financial Instruments"
      noun="Financial Instrument"
      columns={COLUMNS}
      rows={query.data?.financialInstruments}
      query={query}
      form={{ schema: financialInstrumentSchema, fields: FIELDS }}
      mutations={{
        create: CreateFinancialInstrumentDocument,
        update: UpdateFinancialInstrumentDocument,
        remove: DeleteFinancialInstrumentDocument,
      }}
      messages={{
        added: 'Financial instrument added successfully!',
        updated: 'Financial instrument updated successfully!',
      }}
      deleteWhat={(instrument) => <b>{instrument.type}</b>}
    />
  );
}
