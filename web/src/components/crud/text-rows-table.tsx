/**
 * A read-only table of stored texts whose row opens the whole text (Contact Messages, Mail Outbox): the page
 * title, the page query's rows, loader and error, and the text modal of the opened row. A page that is only
 * this table is its definition: `export default textRowsPage(...)`.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { DataGrid, type DataGridProps } from '../data-grid';
import { usePageTitle } from '../page-title';
import { preload, whenIdle } from '../../lib/deferred';
import { usePageRows, type PageQuery, type RowOf } from './use-crud-table';

export interface TextRowsTableProps<Row extends { id: string }> extends Pick<
  DataGridProps<Row>,
  'title' | 'testId' | 'columns' | 'emptyText' | 'exportFileName' | 'toolbar'
> {
  /** Rows as the page query answered (undefined until it has). */
  rows: readonly Row[] | undefined;
  query: { loading: boolean; error?: unknown; refetch: () => Promise<unknown> };
  /** What an opened row shows: the modal's title, the line under it and the whole text. */
  opened: (row: Row) => { title: string; details: ReactNode; text: string };
}

const loadTextModal = () => import('../text-modal.deferred');
const TextModal = lazy(loadTextModal);

/** A page that is only such a table: its page query, the answer's field that holds the rows, and the table. */
export function textRowsPage<Data, Key extends keyof Data>(
  query: PageQuery<Data>,
  rows: Key,
  { intro, ...table }: Omit<TextRowsTableProps<RowOf<Data, Key>>, 'rows' | 'query'> & { intro?: ReactNode },
) {
  return function TextRowsPage() {
    const page = usePageRows(query, rows);
    const shown = <TextRowsTable {...table} rows={page.rows} query={page.answer} />;
    // a note above the table (what the rows are, where they come from)
    return intro ? (
      <Stack>
        {intro}
        {shown}
      </Stack>
    ) : (
      shown
    );
  };
}

export function TextRowsTable<Row extends { id: string }>({ rows, query, opened, ...grid }: TextRowsTableProps<Row>) {
  usePageTitle(grid.title);
  const [open, setOpen] = useState<Row | null>(null);
  // mounted from the first opened row on (lazy: mounting loads it), so it can animate its closing
  const [wanted, setWanted] = useState(false);
  const shown = open && opened(open);
  // the modal loads once the table is drawn; a row opened sooner opens it when it is there
  useEffect(() => whenIdle(() => preload(loadTextModal)), []);
  return (
    <>
      <DataGrid
        {...grid}
        rows={rows}
        getRowId={(row) => row.id}
        loading={query.loading}
        error={query.error && !rows ? query.error : null}
        onRetry={() => void query.refetch()}
        onRowClick={(row) => {
          setWanted(true);
          setOpen(row);
        }}
      />
      {wanted && (
        <Suspense fallback={null}>
          <TextModal
            title={shown?.title ?? ''}
            details={shown?.details}
            text={shown?.text ?? null}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </>
  );
}
