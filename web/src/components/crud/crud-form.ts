/**
 * The types a table page that adds, edits and deletes rows shares with its deferred dialogs: the add/edit form as
 * data (fields, schema, first values), its loader, and what the dialogs are given. A module of its own so that the
 * page (crud-table-page.tsx) and the dialogs it loads on demand (crud-dialogs.deferred.tsx) both import it and
 * neither imports the other (docs/decisions.md#dialogs-on-demand).
 */
import type { ReactNode } from 'react';
import type { MantineSize } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import type { Editing } from './use-crud-table';

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
export interface CrudFormSpec<Row, Values, Data = unknown, Input = unknown> {
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
  /** The mutation input from valid values, where it needs the form's rules (a schema's parse); else the page's. */
  toInput?: (values: Values) => Input;
}

/**
 * The form of a page as a module of its own, `<page>-form.deferred.tsx` with the spec as its default export: its
 * schema (zod and the shared rules) and inputs load after the table (docs/decisions.md#dialogs-on-demand).
 */
export type CrudFormLoader<Row, Values, Data = unknown, Input = unknown> = () => Promise<{
  default: CrudFormSpec<Row, Values, Data, Input>;
}>;

/** What the page gives its deferred dialogs (crud-dialogs.deferred.tsx). */
export interface CrudDialogsProps<Row extends { id: string }, Values, Input, Data> {
  spec: CrudFormSpec<Row, Values, Data, Input>;
  noun: string;
  modalSize?: MantineSize;
  /** The row in the add/edit modal (null when adding), or null when the modal is closed. */
  editing: Editing<Row>;
  /** What the form's fields may draw from (the page query's answer, suggestions…). */
  data: Data | undefined;
  onCloseForm: () => void;
  /** Saves the form's values as the mutation input (the page's, the spec's, or the fields' trimmed texts). */
  onSave: (input: Input) => Promise<void>;
  /** The page's own input from the values, where the spec has none. */
  toInput?: (values: Values) => Input;
  deleteTitle: string;
  /** The question of the delete confirmation, or null when it is closed. */
  deleteQuestion: ReactNode | null;
  deleting: boolean;
  onCancelDelete: () => void;
  onConfirmDelete: () => void;
}
