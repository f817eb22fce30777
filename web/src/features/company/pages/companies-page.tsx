/**
 * Companies (spec section 2, staff and administrators): the table 'Companies' with the button
 * 'Add Companies', edit and delete per row, and a row click that opens the company's analysis
 * (symbol from the fourth column, the record passed along). The modal 'Add new Company' /
 * 'Edit Company' has the nine required fields with the spec's messages (shared companySchema,
 * the same rules the API applies); the date of listing starts at today in India (the old app built
 * the day from the weekday number, a defect not copied). Server refusals (409 for a symbol that
 * exists, 403…) are shown in the form or above the table. A delete asks for confirmation first and
 * shows the server's reply (the old app reused 'Broker deleted successfully!' here).
 */
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal, SimpleGrid, TextInput } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { companySchema, DEFAULT_TREND, formatRupees } from '@bazaar/shared';
import {
  useCompaniesPageQuery,
  useCreateCompanyMutation,
  useDeleteCompanyMutation,
  useUpdateCompanyMutation,
  type AnalysisCompanyFieldsFragment,
  type CompanyInput,
} from '../../../__generated__/graphql';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid';
import { ConfirmDeleteModal } from '../../../components/form/confirm-delete-modal';
import { SaveForm } from '../../../components/form/save-form';
import { formIsValid, useZodForm } from '../../../components/form/use-zod-form';
import { usePageTitle } from '../../../components/page-title';
import { formatMarketDate, todayInIndia } from '../../../lib/dates';
import { errorMessage } from '../../../lib/errors';
import type { CompanyAnalysisNavigationState } from '../components/not-found';

type Company = AnalysisCompanyFieldsFragment;
type Editing = { mode: 'add' } | { mode: 'edit'; company: Company } | null;
type Message = { kind: 'success' | 'error'; text: string } | null;

/** The form's values: everything as typed text until the schema turns it into the input. */
export interface CompanyFormValues extends Record<string, unknown> {
  companyName: string;
  industry: string;
  symbol: string;
  series: string;
  isinCode: string;
  paidUpValue: string;
  dateOfListing: string;
  marketLot: string;
  faceValue: string;
}

const money = (value: unknown) =>
  value === null || value === undefined || value === '' ? '' : formatRupees(String(value));

// the symbol is the fourth column and the id the first: the row click follows the spec
const COLUMNS: DataGridColumn<Company>[] = [
  { field: 'id', headerName: 'Id', numeric: true, width: 90 },
  { field: 'companyName', headerName: 'Company Name', minWidth: 200, flex: 2 },
  { field: 'industry', headerName: 'Industry', minWidth: 180, flex: 1 },
  { field: 'symbol', headerName: 'Symbol', minWidth: 120 },
  { field: 'series', headerName: 'Series', width: 90 },
  { field: 'isinCode', headerName: 'Isin Code', minWidth: 140 },
  { field: 'paidUpValue', headerName: 'Paid Up Value', numeric: true, minWidth: 130, format: money },
  {
    field: 'dateOfListing',
    headerName: 'Date Of Listing',
    minWidth: 130,
    format: (value) => formatMarketDate(value as string | null),
  },
  { field: 'marketLot', headerName: 'Market Lot', numeric: true, minWidth: 110 },
  { field: 'faceValue', headerName: 'Face Value', numeric: true, minWidth: 110, format: money },
];

const FIELDS: Array<{
  name: keyof CompanyFormValues & string;
  label: string;
  type?: string;
  inputMode?: 'decimal' | 'numeric';
}> = [
  { name: 'companyName', label: 'Company Name' },
  { name: 'industry', label: 'Industry' },
  { name: 'symbol', label: 'Symbol' },
  { name: 'series', label: 'Series' },
  { name: 'isinCode', label: 'Isin Code' },
  { name: 'paidUpValue', label: 'Paid Up Value', inputMode: 'decimal' },
  { name: 'dateOfListing', label: 'Date Of Listing', type: 'date' },
  { name: 'marketLot', label: 'Market Lot', inputMode: 'numeric' },
  { name: 'faceValue', label: 'Face Value', inputMode: 'decimal' },
];

function emptyValues(): CompanyFormValues {
  return {
    companyName: '',
    industry: '',
    symbol: '',
    series: '',
    isinCode: '',
    paidUpValue: '',
    dateOfListing: todayInIndia(),
    marketLot: '',
    faceValue: '',
  };
}

function valuesOf(company: Company): CompanyFormValues {
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  return {
    companyName: company.companyName,
    industry: text(company.industry),
    symbol: company.symbol,
    series: text(company.series),
    isinCode: text(company.isinCode),
    paidUpValue: text(company.paidUpValue),
    dateOfListing: text(company.dateOfListing),
    marketLot: text(company.marketLot),
    faceValue: text(company.faceValue),
  };
}

/** The mutation input from valid form values (decimals stay strings; the symbol as the exchange writes it). */
export function toCompanyInput(values: CompanyFormValues): CompanyInput {
  const parsed = companySchema.parse(values);
  return { ...parsed, symbol: parsed.symbol.toUpperCase() };
}

export default function CompaniesPage() {
  usePageTitle('Companies');
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useCompaniesPageQuery({ fetchPolicy: 'cache-and-network' });
  const [createCompany] = useCreateCompanyMutation();
  const [updateCompany] = useUpdateCompanyMutation();
  const [deleteCompany, { loading: deleting }] = useDeleteCompanyMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<Company | null>(null);
  const [message, setMessage] = useState<Message>(null);
  // An action button's click also reaches AG Grid's row-click listener (a native listener, so the
  // button's React stopPropagation does not stop it), in either order. The row click therefore waits
  // one tick and gives way to an action clicked in the same moment.
  const lastActionAt = useRef(0);
  const markAction = () => {
    lastActionAt.current = performance.now();
  };
  const openAnalysis = (company: Company) => {
    setTimeout(() => {
      if (performance.now() - lastActionAt.current < 500) return;
      const state: CompanyAnalysisNavigationState = { symbol: company.symbol, trend: DEFAULT_TREND, company };
      navigate(`/company-analysis/${encodeURIComponent(company.symbol)}`, { state });
    }, 0);
  };

  async function save(values: CompanyFormValues) {
    const input = toCompanyInput(values);
    if (editing?.mode === 'edit') {
      await updateCompany({ variables: { id: editing.company.id, input } });
      setMessage({ kind: 'success', text: 'Company updated successfully!' });
    } else {
      await createCompany({ variables: { input } });
      setMessage({ kind: 'success', text: 'Company added successfully!' });
    }
    setEditing(null);
    await refetch();
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      const result = await deleteCompany({ variables: { id: toDelete.id } });
      setMessage({
        kind: 'success',
        text: result.data?.deleteCompany.message ?? `Company ${toDelete.symbol} deleted successfully`,
      });
      await refetch();
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure) });
    }
    setToDelete(null);
  }

  return (
    <>
      <DataGrid
        title="Companies"
        testId="companies"
        rows={data?.companies}
        columns={COLUMNS}
        getRowId={(company) => company.id}
        loading={loading}
        error={error && !data ? errorMessage(error) : null}
        addLabel="Add Companies"
        onAdd={() => setEditing({ mode: 'add' })}
        exportFileName="companies"
        emptyText="No companies yet. Add one, or upload the equity list."
        message={message}
        onDismissMessage={() => setMessage(null)}
        onRowClick={openAnalysis}
        actions={[
          {
            label: 'Edit',
            icon: <IconEdit size={16} />,
            onClick: (company) => {
              markAction();
              setEditing({ mode: 'edit', company });
            },
          },
          {
            label: 'Delete',
            icon: <IconTrash size={16} />,
            color: 'red',
            onClick: (company) => {
              markAction();
              setToDelete(company);
            },
          },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? 'Edit Company' : 'Add new Company'}
        centered
        size="lg"
      >
        {editing && (
          <CompanyForm
            key={editing.mode === 'edit' ? editing.company.id : 'new'}
            initial={editing.mode === 'edit' ? valuesOf(editing.company) : emptyValues()}
            onSave={save}
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={toDelete !== null}
        title="Delete company"
        deleting={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        Delete <b>{toDelete?.companyName}</b> ({toDelete?.symbol})? Its prices and statements stay; only the company
        record goes.
      </ConfirmDeleteModal>
    </>
  );
}

function CompanyForm({
  initial,
  onSave,
}: {
  initial: CompanyFormValues;
  onSave: (values: CompanyFormValues) => Promise<void>;
}) {
  const form = useZodForm<CompanyFormValues>(companySchema, initial);
  return (
    <SaveForm form={form} onSave={onSave} canSave={formIsValid(companySchema, form.values)}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {FIELDS.map((field) => (
          <TextInput
            key={field.name}
            label={field.label}
            required
            type={field.type}
            inputMode={field.inputMode}
            {...form.getInputProps(field.name)}
          />
        ))}
      </SimpleGrid>
    </SaveForm>
  );
}
