/**
 * The state of a table page that adds, edits and deletes rows: the page's create, update and
 * delete mutations, which row the add/edit modal holds, which row waits for delete confirmation,
 * and the success or error line above the table. A save that the server refuses throws, so the
 * form keeps the modal open and shows the refusal above its fields; a refused delete shows the
 * server's words above the table.
 */
import { useCallback, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { DataGridMessage } from '../data-grid';
import { errorMessage } from '../../lib/errors';

export interface CrudRow {
  id: string;
}

/** A table page's query: its generated document, without variables. */
export type PageQuery<Data> = TypedDocumentNode<Data, Record<string, never>>;

/** The rows of a page query's answer: the list in its field `Key`. */
export type RowOf<Data, Key extends keyof Data> = Data[Key] extends readonly (infer Row extends CrudRow)[]
  ? Row
  : never;

/**
 * A table page's query, asked cache-and-network (others edit the same rows, so a page shown again asks the
 * server while it shows what it had), and the rows in its answer's field `rows`.
 */
export function usePageRows<Data, Key extends keyof Data>(query: PageQuery<Data>, rows: Key) {
  const answer = useQuery(query, { fetchPolicy: 'cache-and-network' });
  return { answer, rows: answer.data?.[rows] as readonly RowOf<Data, Key>[] | undefined };
}

/** A delete's answer: its one field holds the server's message (every delete asks for DeleteResultFields). */
export type DeleteReply = Record<string, { message: string }>;

/** The page's generated mutation documents, in the schema's shape: create(input), update(id, input), delete(id). */
export interface CrudMutations<Input> {
  create: TypedDocumentNode<unknown, { input: Input }>;
  update: TypedDocumentNode<unknown, { id: string; input: Input }>;
  remove: TypedDocumentNode<DeleteReply, { id: string }>;
}

export interface CrudTableOptions<Input> {
  /** The page query: refetched after every save and delete. */
  query: { refetch: () => Promise<unknown> };
  mutations: CrudMutations<Input>;
  /**
   * The success texts: after a save, and after a delete: fixed, or the server's reply when absent, or made
   * from the reply by a function (which may throw to show the reply as a refusal instead).
   */
  messages: { added: string; updated: string; deleted?: string | ((reply: string) => string) };
  /**
   * A save's variables besides the row's id, from the form's input: `{ input }` when absent. For mutations that
   * take an argument beside `input` (a charge type's `stt`).
   */
  toVariables?: (input: Input) => { input: unknown } & Record<string, unknown>;
}

/** The add/edit modal's content: `row` is null when adding. */
export type Editing<Row> = { row: Row | null } | null;

export function useCrudTable<Row extends CrudRow, Input>(options: CrudTableOptions<Input>) {
  const [create] = useMutation(options.mutations.create);
  const [update] = useMutation(options.mutations.update);
  const [remove] = useMutation(options.mutations.remove);
  const [editing, setEditing] = useState<Editing<Row>>(null);
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [message, setMessage] = useState<DataGridMessage | null>(null);
  // stable, so the grid's action column is built once
  const openEdit = useCallback((row: Row) => setEditing({ row }), []);
  const askDelete = useCallback((row: Row) => setToDelete(row), []);
  const showError = useCallback((text: string) => setMessage({ kind: 'error', text }), []);

  /** Saves the add/edit form's input (the form turns its values into the mutation input). */
  async function save(input: Input) {
    const row = editing?.row;
    // the documents' variables are the schema's; toVariables only spreads the same input over its arguments
    const variables = (options.toVariables?.(input) ?? { input }) as { input: Input };
    if (row) {
      await update({ variables: { ...variables, id: row.id } });
      setMessage({ kind: 'success', text: options.messages.updated });
    } else {
      await create({ variables });
      setMessage({ kind: 'success', text: options.messages.added });
    }
    setEditing(null);
    await options.query.refetch();
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      const { data } = await remove({ variables: { id: toDelete.id } });
      const reply = Object.values(data ?? {}).find((field) => typeof field?.message === 'string')?.message ?? '';
      const { deleted = (text: string) => text } = options.messages;
      setMessage({ kind: 'success', text: typeof deleted === 'string' ? deleted : deleted(reply) });
      await options.query.refetch();
    } catch (failure) {
      // the server's refusal is the message
      setMessage({ kind: 'error', text: errorMessage(failure) });
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  }

  return {
    editing,
    openAdd: () => setEditing({ row: null }),
    openEdit,
    closeForm: () => setEditing(null),
    save,
    toDelete,
    askDelete,
    cancelDelete: () => setToDelete(null),
    deleting,
    confirmDelete,
    message,
    dismissMessage: () => setMessage(null),
    showError,
  };
}
