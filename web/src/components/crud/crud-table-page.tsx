/**
 * A table page that adds, edits and deletes rows (brokers, charges, users, roles, plans,
 * companies…): the DataGrid with its add button and Edit/Delete actions, the add/edit modal whose
 * form is validated by a shared schema (the server's refusal above the fields), the delete
 * confirmation, and the success or error line above the table. The page gives its columns, its
 * fields, its texts and its generated GraphQL documents; the behaviour is the same on every page.
 * A page that is only the table is its definition: `export default crudTablePage(PageDocument, 'rowsField', {...})`.
 */
import { useCallback, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { MantineSize } from '@mantine/core';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { DataGrid, type DataGridAction, type DataGridColumn } from '../data-grid';
import { useDialogFocusReturn } from '../data-grid/focus-return';
import { usePageTitle } from '../page-title';
import { loadedModule, loadOnce, whenIdle } from '../../lib/deferred';
import type { CrudDialogsProps, CrudFormLoader, CrudFormSpec } from './crud-form';
import {
  useCrudTable,
  usePageRows,
  type CrudRow,
  type CrudTableOptions,
  type PageQuery,
  type RowOf,
} from './use-crud-table';

export interface CrudTablePageProps<
  Row extends CrudRow,
  Values,
  Input,
  Data = unknown,
> extends CrudTableOptions<Input> {
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
  query: CrudTableOptions<Input>['query'] & { loading: boolean; error?: unknown; data?: unknown };
  onRowClick?: (row: Row) => void;
  /** The add/edit form: its module's loader (what pages give), or the spec itself. */
  form: CrudFormLoader<Row, Values, Data, Input> | CrudFormSpec<Row, Values, Data, Input>;
  /** What the form's fields draw from; the page query's answer when absent. */
  formData?: Data;
  /**
   * The mutation input from valid form values, where the form's module has none; with fields given as data, the
   * trimmed texts (an optional one left empty is null) when absent.
   */
  toInput?: (values: Values) => Input;
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

const loadDialogs = () => import('./crud-dialogs.deferred');

type Dialogs = ComponentType<CrudDialogsProps<CrudRow, Record<string, unknown>, unknown, unknown>>;

/**
 * The dialogs and the page's form, loaded when the browser is idle after the table is drawn, or at once when a
 * dialog is asked for (docs/decisions.md#dialogs-on-demand): `loaded` once both are there.
 */
function useDeferredDialogs<Row, Values, Data, Input>(
  form: CrudFormLoader<Row, Values, Data, Input> | CrudFormSpec<Row, Values, Data, Input>,
) {
  const formLoader = typeof form === 'function' ? form : undefined;
  const current = useCallback(() => {
    const dialogs = loadedModule(loadDialogs)?.default as Dialogs | undefined;
    const spec = formLoader ? loadedModule(formLoader)?.default : (form as CrudFormSpec<Row, Values, Data, Input>);
    return dialogs && spec ? { Dialogs: dialogs, spec } : undefined;
  }, [form, formLoader]);
  // re-rendered when a load ends, whoever started it
  const [, setLoads] = useState(0);
  const load = useCallback(
    () => Promise.all([loadOnce(loadDialogs), formLoader && loadOnce(formLoader)]).then(() => setLoads((n) => n + 1)),
    [formLoader],
  );
  useEffect(() => whenIdle(() => void load().catch(() => undefined)), [load]);
  return { loaded: current(), load };
}

export function CrudTablePage<Row extends CrudRow, Values extends Record<string, unknown>, Input, Data = unknown>(
  props: CrudTablePageProps<Row, Values, Input, Data>,
) {
  const { title, noun, rows, query } = props;
  usePageTitle(title);
  const testId = props.testId ?? title.toLowerCase().replaceAll(' ', '-');
  const crud = useCrudTable<Row, Input>(props);
  const dialogs = useDeferredDialogs(props.form);
  const { openEdit, askDelete, showError, closeForm, cancelDelete } = crud;
  const { load } = dialogs;
  // the focus goes back to the control that opened a dialog, or to the next row's when a Delete took its row away
  // (docs/product/common.md#keyboard)
  const rememberOpener = useDialogFocusReturn(crud.editing !== null || crud.toDelete !== null);
  // a dialog asked for before its module is there opens once it has loaded; a failed load says so above the table
  const withDialogs = useCallback(
    <Args extends unknown[]>(open: (...args: Args) => void) =>
      (...args: Args) => {
        rememberOpener();
        open(...args);
        load().catch(() => {
          // the closers only set state: the ones of any render will do
          closeForm();
          cancelDelete();
          showError('The form could not be loaded. Please try again.');
        });
      },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [load, showError, rememberOpener],
  );
  const actions = useMemo<DataGridAction<Row>[]>(
    () => [
      { label: 'Edit', icon: <IconEdit size={16} />, onClick: withDialogs(openEdit) },
      { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', onClick: withDialogs(askDelete) },
    ],
    [openEdit, askDelete, withDialogs],
  );
  const Dialogs = dialogs.loaded?.Dialogs as ComponentType<CrudDialogsProps<Row, Values, Input, Data>> | undefined;

  return (
    <>
      <DataGrid
        title={title}
        testId={testId}
        rows={rows}
        columns={props.columns}
        getRowId={(row) => row.id}
        loading={query.loading}
        error={query.error && !rows ? query.error : null}
        onRetry={() => void query.refetch()}
        addLabel={props.addLabel ?? `Add ${noun}`}
        onAdd={withDialogs(crud.openAdd)}
        onAddIntent={dialogs.loaded ? undefined : () => void load().catch(() => undefined)}
        addLoading={crud.editing !== null && !dialogs.loaded}
        exportFileName={props.exportFileName ?? testId.replace(/-grid$/, '')}
        emptyText={props.emptyText}
        message={crud.message}
        onDismissMessage={crud.dismissMessage}
        onRowClick={props.onRowClick}
        actions={actions}
      />
      {Dialogs && dialogs.loaded && (
        <Dialogs
          spec={dialogs.loaded.spec}
          noun={noun}
          modalSize={props.modalSize}
          editing={crud.editing}
          data={props.formData ?? (query.data as Data | undefined)}
          onCloseForm={crud.closeForm}
          onSave={crud.save}
          toInput={props.toInput}
          deleteTitle={props.deleteTitle ?? `Delete ${noun.toLowerCase()}`}
          deleteQuestion={
            crud.toDelete && (
              <>
                Delete {props.deleteWhat(crud.toDelete)}?{props.deleteNote && ` ${props.deleteNote}`}
              </>
            )
          }
          deleting={crud.deleting}
          onCancelDelete={crud.cancelDelete}
          onConfirmDelete={crud.confirmDelete}
        />
      )}
    </>
  );
}
