/**
 * Financial instruments (route financial, administrators). The old app's page was an unfinished
 * stub with no server call; this is the finished list of instrument types with add, edit and
 * delete ('Type is required!'). Staff see the types as name suggestions on the Segments form.
 */
import { TextInput } from '@mantine/core';
import { financialInstrumentSchema } from '@bazaar/shared';
import {
  CreateFinancialInstrumentDocument,
  DeleteFinancialInstrumentDocument,
  UpdateFinancialInstrumentDocument,
  useFinancialInstrumentsPageQuery,
  type FinancialInstrumentsPageQuery,
} from '../../../__generated__/graphql';
import { CrudTablePage } from '../../../components/crud';
import type { DataGridColumn } from '../../../components/data-grid';

type Instrument = FinancialInstrumentsPageQuery['financialInstruments'][number];

const COLUMNS: DataGridColumn<Instrument>[] = [
  { field: 'id', headerName: 'Id', numeric: true, width: 90 },
  { field: 'type', headerName: 'Type' },
  { field: 'description', headerName: 'Description', flex: 2 },
];

export default function FinancialInstrumentsPage() {
  const query = useFinancialInstrumentsPageQuery({ fetchPolicy: 'cache-and-network' });
  return (
    <CrudTablePage
      title="Financial Instruments"
      noun="Financial Instrument"
      testId="financial-instruments"
      columns={COLUMNS}
      rows={query.data?.financialInstruments}
      query={query}
      form={{
        schema: financialInstrumentSchema,
        initialValues: (instrument) => ({ type: instrument?.type ?? '', description: instrument?.description ?? '' }),
        fields: (form) => (
          <>
            <TextInput label="Type" required {...form.getInputProps('type')} />
            <TextInput label="Description" {...form.getInputProps('description')} />
          </>
        ),
      }}
      toInput={(values) => ({ type: values.type.trim(), description: values.description.trim() || null })}
      mutations={{
        create: CreateFinancialInstrumentDocument,
        update: UpdateFinancialInstrumentDocument,
        remove: DeleteFinancialInstrumentDocument,
      }}
      messages={{
        added: 'Financial instrument added successfully!',
        updated: 'Financial instrument updated successfully!',
      }}
      deletedMessage={(reply) => reply?.deleteFinancialInstrument.message ?? 'Financial instrument deleted'}
      deleteQuestion={(instrument) => (
        <>
          Delete <b>{instrument.type}</b>?
        </>
      )}
    />
  );
}
