/**
 * A table page that adds, edits and deletes rows (brokers, charges, users, roles, plans,
 * companies…): the DataGrid with its add button and Edit/Delete actions, the add/edit modal whose
 * form is validated by a shared schema (the server's refusal above the fields), the delete
 * confirmation, and the success or error line above the table. The page gives its columns, its
 * fields, its texts and its generated GraphQL hooks; the behaviour is the same on every page.
 */
import { useMemo, type ReactNode } from 'react';
import { Modal, type MantineSize } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { z } from 'zod';
import { DataGrid, type DataGridAction, type DataGridColumn } from '../data-grid';
import { ConfirmDeleteModal } from '../form/confirm-delete-modal';
import { SaveForm } from '../form/save-form';
import { formIsValid, useZodForm } from '../form/use-zod-form';
import { usePageTitle } from '../page-title';
import { errorMessage } from '../../lib/errors';
import { useCrudTable, type CrudRow, type CrudTableOptions } from './use-crud-table';

/** The add/edit form; `row` is null when adding. */
export interface CrudFormSpec<Row, Values> {
  schema: z.ZodType;
  /** The schema when editing, where it differs (e.g. a password that may stay empty). */
  editSchema?: z.ZodType;
  initialValues: (row: Row | null) => Values;
  fields: (form: UseFormReturnType<Values>, row: Row | null) => ReactNode;
  /** The submit button's text when adding (Save otherwise). */
  addSaveLabel?: string;
}

export interface CrudTablePageProps<Row extends CrudRow, Values, Input, Deleted> extends CrudTableOptions<
  Row,
  Values,
  Input,
  Deleted
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
  testId: string;
  /** The CSV file name; the test id when absent. */
  exportFileName?: string;
  emptyText?: string;
  columns: DataGridColumn<Row>[];
  /** Rows as the page query answered (undefined until it has). */
  rows: readonly Row[] | undefined;
  query: CrudTableOptions<Row, Values, Input, Deleted>['query'] & { loading: boolean; error?: unknown };
  onRowClick?: (row: Row) => void;
  form: CrudFormSpec<Row, Values>;
  modalSize?: MantineSize;
  /** The confirmation question for a row. */
  deleteQuestion: (row: Row) => ReactNode;
}

export function CrudTablePage<Row extends CrudRow, Values extends Record<string, unknown>, Input, Deleted>(
  props: CrudTablePageProps<Row, Values, Input, Deleted>,
) {
  const { title, noun, rows, query } = props;
  usePageTitle(title);
  const crud = useCrudTable(props);
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
        testId={props.testId}
        rows={rows}
        columns={props.columns}
        getRowId={(row) => row.id}
        loading={query.loading}
        error={query.error && !rows ? errorMessage(query.error) : null}
        addLabel={props.addLabel ?? `Add ${noun}`}
        onAdd={crud.openAdd}
        exportFileName={props.exportFileName ?? props.testId}
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
          <CrudForm key={editing.row?.id ?? 'new'} spec={props.form} row={editing.row} onSave={crud.save} />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={crud.toDelete !== null}
        title={props.deleteTitle ?? `Delete ${noun.toLowerCase()}`}
        deleting={crud.deleting}
        onCancel={crud.cancelDelete}
        onConfirm={crud.confirmDelete}
      >
        {crud.toDelete && props.deleteQuestion(crud.toDelete)}
      </ConfirmDeleteModal>
    </>
  );
}

function CrudForm<Row, Values extends Record<string, unknown>>({
  spec,
  row,
  onSave,
}: {
  spec: CrudFormSpec<Row, Values>;
  row: Row | null;
  onSave: (values: Values) => Promise<void>;
}) {
  const schema = (row && spec.editSchema) || spec.schema;
  const form = useZodForm<Values>(schema, spec.initialValues(row));
  return (
    <SaveForm
      form={form}
      onSave={onSave}
      canSave={formIsValid(schema, form.values)}
      saveLabel={row ? undefined : spec.addSaveLabel}
    >
      {spec.fields(form, row)}
    </SaveForm>
  );
}
