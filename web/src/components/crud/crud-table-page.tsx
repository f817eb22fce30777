/**
 * A table page that adds, edits and deletes rows (brokers, charges, users, roles, plans,
 * companies…): the DataGrid with its add button and Edit/Delete actions, the add/edit modal whose
 * form is validated by a shared schema (the server's refusal above the fields), the delete
 * confirmation, and the success or error line above the table. The page gives its columns, its
 * fields, its texts and its generated GraphQL documents; the behaviour is the same on every page.
 * A page that is only the table is its definition: `export default crudTablePage(PageDocument, 'rowsField', {...})`.
 */
import { useMemo, type ReactNode } from 'react';
import { Modal, SimpleGrid, Textarea, TextInput, type MantineSize } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { z } from 'zod';
import { DataGrid, type DataGridAction, type DataGridColumn } from '../data-grid';
import { ConfirmDeleteModal } from '../form/confirm-delete-modal';
import { SaveForm } from '../form/save-form';
import { formIsValid, useZodForm } from '../form/use-zod-form';
import { usePageTitle } from '../page-title';
import { errorMessage } from '../../lib/errors';
import {
  useCrudTable,
  usePageRows,
  type CrudRow,
  type CrudTableOptions,
  type PageQuery,
  type RowOf,
} from './use-crud-table';

/** One field of a form given as data: a text input (or a text area) editing the row's value `name`. */
export interface CrudField<Row> {
  name: keyof Row & string;
  label: string;
  required?: boolean;
  /** A text area that grows with its text. */
  multiline?: boolean;
  type?: string;
  inputMode?: 'decimal' | 'numeric';
  maxLength?: number;
  placeholder?: string;
  description?: ReactNode;
  /** A new row's value ('' otherwise). */
  initial?: () => string;
}

/** The add/edit form; `row` is null when adding. */
export interface CrudFormSpec<Row, Values, Data = unknown> {
  schema: z.ZodType;
  /** The schema when editing, where it differs (e.g. a password that may stay empty). */
  editSchema?: z.ZodType;
  /** The fields as data, or drawn by the page (with the page query's answer, e.g. for the choices of a select). */
  fields: CrudField<Row>[] | ((form: UseFormReturnType<Values>, row: Row | null, data: Data | undefined) => ReactNode);
  /** Fields given as data in two columns (one on a phone). */
  twoColumns?: boolean;
  /** The form's first values; with fields given as data, the row's values as text when absent. */
  initialValues?: (row: Row | null) => Values;
  /** The submit button's text when adding (Save otherwise). */
  addSaveLabel?: string;
}

export interface CrudTablePageProps<Row extends CrudRow, Values, Input, Data = unknown> extends Omit<
  CrudTableOptions<Values, Input>,
  'toInput'
> {
  /** The heading, the browser tab title and the search box's label ("Brokers"). */
  title: string;
  /**
   * One row in words ("Broker"): the button "Add Broker", the modal titles "Add new Broker" and
   * "Edit Broker", the confirmation "Delete broker".
   */
  noun: string;
  /** The add button's text where it is not "Add {noun}". */
  addLabel?: string;
  /** The confirmation's title where it is not "Delete {noun}". */
  deleteTitle?: string;
  /** The grid's test id; the title in kebab case when absent ("Charge Types": charge-types). */
  testId?: string;
  /** The CSV file name; the test id without its "-grid" when absent (roles-grid: roles). */
  exportFileName?: string;
  emptyText?: string;
  columns: DataGridColumn<Row>[];
  /** Rows as the page query answered (undefined until it has). */
  rows: readonly Row[] | undefined;
  query: CrudTableOptions<Values, Input>['query'] & { loading: boolean; error?: unknown; data?: Data };
  onRowClick?: (row: Row) => void;
  form: CrudFormSpec<Row, Values, Data>;
  /** The mutation input from valid form values; with fields given as data, the trimmed texts (an optional one left empty is null) when absent. */
  toInput?: CrudTableOptions<Values, Input>['toInput'];
  modalSize?: MantineSize;
  /** What the confirmation names, in "Delete {what}?" (<b>ROLE_X</b>, "the role <b>ROLE_X</b>"). */
  deleteWhat: (row: Row) => ReactNode;
  /** A sentence after the question (what cannot be deleted, what goes with the row). */
  deleteNote?: string;
}

/** The table of a page that is only the table: all but its query and rows. */
export interface CrudTableSpec<Row extends CrudRow, Values, Input, Data> extends Omit<
  CrudTablePageProps<Row, Values, Input, Data>,
  'query' | 'rows' | 'onRowClick'
> {
  /** What a click on a row opens (another page). */
  openRow?: (row: Row, navigate: NavigateFunction) => void;
}

/**
 * A page that is only the table: its page query, the answer's field that holds the rows, and the table.
 */
export function crudTablePage<Data, Key extends keyof Data, Values extends Record<string, unknown>, Input>(
  query: PageQuery<Data>,
  rows: Key,
  table: CrudTableSpec<RowOf<Data, Key>, Values, Input, Data>,
) {
  return function CrudTable() {
    const page = usePageRows(query, rows);
    const navigate = useNavigate();
    const { openRow } = table;
    return (
      <CrudTablePage<RowOf<Data, Key>, Values, Input, Data>
        {...table}
        query={page.answer}
        rows={page.rows}
        onRowClick={openRow && ((row) => openRow(row, navigate))}
      />
    );
  };
}

export function CrudTablePage<Row extends CrudRow, Values extends Record<string, unknown>, Input, Data = unknown>(
  props: CrudTablePageProps<Row, Values, Input, Data>,
) {
  const { title, noun, rows, query, form } = props;
  usePageTitle(title);
  const testId = props.testId ?? title.toLowerCase().replaceAll(' ', '-');
  const crud = useCrudTable<Row, Values, Input>({
    ...props,
    toInput: props.toInput ?? ((values) => inputOf(form, values) as Input),
  });
  const { openEdit, askDelete } = crud;
  const actions = useMemo<DataGridAction<Row>[]>(
    () => [
      { label: 'Edit', icon: <IconEdit size={16} />, onClick: openEdit },
      { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', onClick: askDelete },
    ],
    [openEdit, askDelete],
  );
  const editing = crud.editing;

  return (
    <>
      <DataGrid
        title={title}
        testId={testId}
        rows={rows}
        columns={props.columns}
        getRowId={(row) => row.id}
        loading={query.loading}
        error={query.error && !rows ? errorMessage(query.error) : null}
        addLabel={props.addLabel ?? `Add ${noun}`}
        onAdd={crud.openAdd}
        exportFileName={props.exportFileName ?? testId.replace(/-grid$/, '')}
        emptyText={props.emptyText}
        message={crud.message}
        onDismissMessage={crud.dismissMessage}
        onRowClick={props.onRowClick}
        actions={actions}
      />
      <Modal
        opened={editing !== null}
        onClose={crud.closeForm}
        title={editing?.row ? `Edit ${noun}` : `Add new ${noun}`}
        centered
        size={props.modalSize}
      >
        {editing && (
          // a fresh form for every row opened
          <CrudForm
            key={editing.row?.id ?? 'new'}
            spec={props.form}
            row={editing.row}
            data={query.data}
            onSave={crud.save}
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={crud.toDelete !== null}
        title={props.deleteTitle ?? `Delete ${noun.toLowerCase()}`}
        deleting={crud.deleting}
        onCancel={crud.cancelDelete}
        onConfirm={crud.confirmDelete}
      >
        {crud.toDelete && (
          <>
            Delete {props.deleteWhat(crud.toDelete)}?{props.deleteNote && ` ${props.deleteNote}`}
          </>
        )}
      </ConfirmDeleteModal>
    </>
  );
}

function CrudForm<Row, Values extends Record<string, unknown>, Data>({
  spec,
  row,
  data,
  onSave,
}: {
  spec: CrudFormSpec<Row, Values, Data>;
  row: Row | null;
  data: Data | undefined;
  onSave: (values: Values) => Promise<void>;
}) {
  const schema = (row && spec.editSchema) || spec.schema;
  const form = useZodForm<Values>(schema, spec.initialValues ? spec.initialValues(row) : valuesOf(spec, row));
  return (
    <SaveForm
      form={form}
      onSave={onSave}
      canSave={formIsValid(schema, form.values)}
      saveLabel={row ? undefined : spec.addSaveLabel}
    >
      {typeof spec.fields === 'function' ? (
        spec.fields(form, row, data)
      ) : (
        <DataFields fields={spec.fields} form={form} twoColumns={spec.twoColumns} />
      )}
    </SaveForm>
  );
}

function DataFields<Row, Values>({
  fields,
  form,
  twoColumns,
}: {
  fields: CrudField<Row>[];
  form: UseFormReturnType<Values>;
  twoColumns?: boolean;
}) {
  const inputs = fields.map((field) => {
    const shown = { label: field.label, required: field.required, description: field.description };
    return field.multiline ? (
      <Textarea key={field.name} {...shown} autosize minRows={2} {...form.getInputProps(field.name)} />
    ) : (
      <TextInput
        key={field.name}
        {...shown}
        type={field.type}
        inputMode={field.inputMode}
        maxLength={field.maxLength}
        placeholder={field.placeholder}
        {...form.getInputProps(field.name)}
      />
    );
  });
  return twoColumns ? <SimpleGrid cols={{ base: 1, sm: 2 }}>{inputs}</SimpleGrid> : <>{inputs}</>;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The form's first values from fields given as data: the row's values as text, or a new row's. */
function valuesOf<Row, Values, Data>(spec: CrudFormSpec<Row, Values, Data>, row: Row | null): Values {
  const fields = typeof spec.fields === 'function' ? [] : spec.fields;
  const values = fields.map((field) => [
    field.name,
    row ? text((row as Record<string, unknown>)[field.name]) : (field.initial?.() ?? ''),
  ]);
  return Object.fromEntries(values) as Values;
}

/** The mutation input from fields given as data: trimmed texts, an optional one left empty as null. */
function inputOf<Row, Values, Data>(
  spec: CrudFormSpec<Row, Values, Data>,
  values: Values,
): Record<string, string | null> {
  const fields = typeof spec.fields === 'function' ? [] : spec.fields;
  return Object.fromEntries(
    fields.map((field) => {
      const value = text((values as Record<string, unknown>)[field.name]).trim();
      return [field.name, value === '' && !field.required ? null : value];
    }),
  );
}
