/**
 * A read-only table of stored texts whose row opens the whole text (Contact Messages, Mail Outbox): the page
 * title, the page query's rows, loader and error, and the text modal of the opened row.
 */
import { useState, type ReactNode } from 'react';
import { DataGrid, type DataGridProps } from '../data-grid';
import { usePageTitle } from '../page-title';
import { TextModal } from '../text-modal';
import { errorMessage } from '../../lib/errors';

export interface TextRowsTableProps<Row extends { id: string }> extends Pick<
  DataGridProps<Row>,
  'title' | 'testId' | 'columns' | 'emptyText' | 'exportFileName' | 'toolbar'
> {
  /** Rows as the page query answered (undefined until it has). */
  rows: readonly Row[] | undefined;
  query: { loading: boolean; error?: unknown };
  /** What an opened row shows: the modal's title, the line under it and the whole text. */
  opened: (row: Row) => { title: string; details: ReactNode; text: string };
}

export function TextRowsTable<Row extends { id: string }>({ rows, query, opened, ...grid }: TextRowsTableProps<Row>) {
  usePageTitle(grid.title);
  const [open, setOpen] = useState<Row | null>(null);
  const shown = open && opened(open);
  return (
    <>
      <DataGrid
        {...grid}
        rows={rows}
        getRowId={(row) => row.id}
        loading={query.loading}
        error={query.error && !rows ? errorMessage(query.error) : null}
        onRowClick={setOpen}
      />
      <TextModal
        title={shown?.title ?? ''}
        details={shown?.details}
        text={shown?.text ?? null}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
