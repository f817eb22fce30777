/**
 * The table's "Sort by" and "Columns" choices (docs/product/common.md#generic-tables) as panels holding plain
 * buttons and checkboxes under their button (Disclosure: Escape closes one and the focus returns to its button).
 * Not Mantine's Popover, Menu or Checkbox: they would bring floating-ui and 6 KiB more into every table page
 * (docs/decisions.md#pop-overs-and-hints-without-floating-ui).
 */
import { Button, Stack, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconColumns, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { Disclosure } from '../popup';
import type { DataGridColumn } from './types';
import type { SortState } from './ag-grid-table';
import classes from './data-grid.module.css';

export function SortByButton<Row>({
  columns,
  sort,
  onChoose,
}: {
  columns: readonly DataGridColumn<Row>[];
  sort: SortState | null;
  /** A column was picked: ascending, then descending, then unsorted. */
  onChoose: (colId: string) => void;
}) {
  return (
    <Disclosure
      button={(props) => (
        <Button {...props} variant="default" leftSection={<IconArrowsSort size={16} />}>
          Sort by
        </Button>
      )}
    >
      {(close) => (
        <Stack gap={0} role="group" aria-label="Sort by">
          {columns
            .filter((column) => column.sortable !== false)
            .map((column) => {
              const direction = sort?.colId === column.field ? sort.direction : null;
              return (
                <UnstyledButton
                  key={column.field}
                  className={classes.option}
                  aria-pressed={direction !== null}
                  aria-label={
                    direction ? `${column.headerName} (${direction === 'asc' ? 'ascending' : 'descending'})` : undefined
                  }
                  onClick={() => {
                    onChoose(column.field);
                    close();
                  }}
                >
                  <span>{column.headerName}</span>
                  {direction === 'asc' && <IconSortAscending size={14} aria-hidden />}
                  {direction === 'desc' && <IconSortDescending size={14} aria-hidden />}
                </UnstyledButton>
              );
            })}
        </Stack>
      )}
    </Disclosure>
  );
}

export function ColumnsButton<Row>({
  columns,
  shown,
  onToggle,
}: {
  /** The optional columns. */
  columns: readonly DataGridColumn<Row>[];
  shown: readonly string[];
  onToggle: (field: string) => void;
}) {
  return (
    <Disclosure
      button={(props) => (
        <Button {...props} variant="default" leftSection={<IconColumns size={16} />}>
          Columns
        </Button>
      )}
      panelProps={{ 'data-testid': 'data-grid-columns' }}
    >
      {() => (
        <Stack gap={0} role="group" aria-label="Columns shown">
          {columns.map((column) => (
            <label key={column.field} className={classes.option}>
              <input
                type="checkbox"
                className={classes.checkbox}
                checked={shown.includes(column.field)}
                onChange={() => onToggle(column.field)}
              />
              <span>{column.headerName}</span>
            </label>
          ))}
        </Stack>
      )}
    </Disclosure>
  );
}
