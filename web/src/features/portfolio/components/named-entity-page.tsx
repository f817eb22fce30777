/**
 * The staff table of a one-field reference list (segments, charge types): loader, table, add/edit
 * modal ('Name is required!'), the success messages of docs/product/portfolio.md#messages, and a delete that follows
 * the old app: the server's reply text is shown, and the row goes only when that text says 'successfully'.
 */
import type { ReactNode } from 'react';
import {
  CrudTablePage,
  type CrudTablePageProps,
  idColumn,
  type PageQuery,
  usePageRows,
} from '../../../components/crud';
import type { DataGridColumn } from '../../../components/data-grid';
import type { NamedEntityFormData } from './named-entity-form.deferred';

export interface NamedRow {
  id: string;
  name: string;
}

type Props = CrudTablePageProps<NamedRow, { name: string }, { name: string }, NamedEntityFormData>;

export interface NamedEntityTable extends Pick<Props, 'title' | 'noun' | 'mutations'> {
  /** The success texts after a save. */
  messages: { added: string; updated: string };
  /** A hook giving the names to offer while typing (free text stays allowed), undefined while unknown. */
  useSuggestions?: () => string[] | undefined;
  /** A note under the name field. */
  nameHint?: ReactNode;
}

const COLUMNS: DataGridColumn<NamedRow>[] = [idColumn(100), { field: 'name', headerName: 'Name' }];

const useNoSuggestions = (): string[] | undefined => undefined;

// the form (and its rules) loads after the table (docs/decisions.md#dialogs-on-demand)
const loadNamedEntityForm = () => import('./named-entity-form.deferred');

/** A page that is only such a table: its page query, the answer's field that holds the rows, and the table. */
export function namedEntityPage<Data, Key extends keyof Data>(
  query: PageQuery<Data>,
  rows: Key & (Data[Key] extends readonly NamedRow[] ? unknown : never),
  { messages, useSuggestions = useNoSuggestions, nameHint, ...table }: NamedEntityTable,
) {
  return function NamedEntityPage() {
    const page = usePageRows(query, rows);
    const suggestions = useSuggestions();
    return (
      <CrudTablePage<NamedRow, { name: string }, { name: string }, NamedEntityFormData>
        {...table}
        rows={page.rows as readonly NamedRow[] | undefined}
        query={page.answer}
        columns={COLUMNS}
        form={loadNamedEntityForm}
        formData={{ suggestions, nameHint }}
        messages={{
          ...messages,
          deleted: (reply) => {
            // the reply text decides whether the row went (docs/product/README.md)
            if (!reply.includes('successfully')) throw new Error(reply);
            return reply;
          },
        }}
        deleteWhat={(row) => <b>{row.name}</b>}
        deleteNote="Something still in use cannot be deleted."
      />
    );
  };
}
