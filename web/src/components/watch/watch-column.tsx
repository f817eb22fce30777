/** A table's columns with a "Watch" star column added for logged-in users (docs/product/portfolio.md#stock-watch-list). */
import { useMemo } from 'react';
import type { DataGridColumn } from '../data-grid';
import { useOptionalSession } from '../../lib/session';
import { WatchButton } from './watch-button';

export function useWithWatchColumn<Row extends { symbol: string }>(
  columns: DataGridColumn<Row>[],
): DataGridColumn<Row>[] {
  const isLoggedIn = useOptionalSession()?.isLoggedIn ?? false;
  return useMemo(
    () =>
      isLoggedIn
        ? [
            ...columns,
            {
              field: 'watch',
              headerName: 'Watch',
              // the star button and the header "Watch" whole; counted at this width, not the default 110, so the
              // column takes no room from Stock Prices' open, high and low at 1366 px
              width: 72,
              minWidth: 72,
              sortable: false,
              noExport: true,
              value: () => '',
              render: (row: Row) => <WatchButton symbol={row.symbol} compact />,
            },
          ]
        : columns,
    [columns, isLoggedIn],
  );
}
