/**
 * The table's "Sort by" and "Columns" choices (docs/product/common.md#generic-tables) as pop-overs holding plain
 * buttons and checkboxes. Mantine's Popover is in the app shell already (the navbar uses it); its Menu and Checkbox
 * would add 6 KiB gzip to every table page (docs/decisions.md#bundle-size). The pop-over traps the focus while open,
 * Escape closes it and the focus returns to its button.
 */
import { useState } from 'react';
import { Button, Popover, Stack, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconColumns, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
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
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconArrowsSort size={16} />} onClick={() => setOpened((o) => !o)}>
          Sort by
        </Button>
      </Popover.Target>
      <Popover.Dropdown p={4}>
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
                    setOpened(false);
                  }}
                >
                  <span>{column.headerName}</span>
                  {direction === 'asc' && <IconSortAscending size={14} aria-hidden />}
                  {direction === 'desc' && <IconSortDescending size={14} aria-hidden />}
                </UnstyledButton>
              );
            })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
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
    <Popover position="bottom-end" shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown p={4} data-testid="data-grid-columns">
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
      </Popover.Dropdown>
    </Popover>
  );
}
