/**
 * A small read-only table drawn from its rows and its columns as data (an import preview, a file's problems, the
 * last uploads): each column's header and cells share its alignment and the breakpoint it shows from. Long lists
 * with search, sorting and paging use DataGrid instead.
 */
import type { Key, ReactNode } from 'react';
import { Table, type MantineBreakpoint, type TableProps, type TableTdProps } from '@mantine/core';

export interface RowsTableColumn<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Numbers align right. */
  numeric?: boolean;
  /** Shown from this width up (left out on a phone). */
  visibleFrom?: MantineBreakpoint;
  /** The header cell's width in pixels. */
  width?: number;
  /** Long unbroken text (a file name) may break anywhere. */
  breakAll?: boolean;
  /** More of a cell's own props, from its row: a gain's or a loss's class, a hint in `title`, a weight. */
  cellProps?: (row: Row) => TableTdProps;
}

export interface RowsTableProps<Row> extends Omit<TableProps, 'children'> {
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  columns: RowsTableColumn<Row>[];
}

export function RowsTable<Row>({ rows, rowKey, columns, ...table }: RowsTableProps<Row>) {
  const align = (column: RowsTableColumn<Row>) => ({
    ta: column.numeric ? ('right' as const) : undefined,
    visibleFrom: column.visibleFrom,
  });
  return (
    <Table {...table}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column, index) => (
            <Table.Th key={index} {...align(column)} w={column.width}>
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, rowIndex) => (
          <Table.Tr key={rowKey(row, rowIndex)}>
            {columns.map((column, index) => (
              <Table.Td
                key={index}
                {...align(column)}
                style={column.breakAll ? { wordBreak: 'break-all' } : undefined}
                {...column.cellProps?.(row)}
              >
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
