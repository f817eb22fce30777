/**
 * The phone form of a table (docs/product/common.md#generic-tables): at 576 px and below each row is a card with
 * its first column as the title, the key columns as label/value pairs, the optional ones under "More" and the
 * actions as labelled buttons, so nothing is clipped and nothing scrolls sideways. A row click opens the row as
 * in the grid (the title is then a button, reachable with the keyboard). Plain elements styled by the CSS module,
 * not Mantine's Card, SimpleGrid and Text: a page of cards was a few hundred Mantine components (each computing
 * its styles, each SimpleGrid writing its own style element), the longest task when a table's rows arrived on a
 * phone (docs/benchmarks.md#page-weight-and-speed).
 */
import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import type { DataGridAction, DataGridColumn } from './types';
import { cellText } from './columns';
import classes from './data-grid.module.css';

export interface CardListProps<Row> {
  rows: readonly Row[];
  columns: DataGridColumn<Row>[];
  actions?: DataGridAction<Row>[];
  getRowId: (row: Row) => string;
  onRowClick?: (row: Row) => void;
}

function cellContent<Row>(row: Row, column: DataGridColumn<Row>): ReactNode {
  if (column.render) return column.render(row);
  const text = cellText(row, column);
  return text === '' ? '—' : text;
}

function Field<Row>({ row, column }: { row: Row; column: DataGridColumn<Row> }) {
  return (
    <div className={classes.field}>
      <dt>{column.headerName}</dt>
      <dd className={column.cellClass?.(row)} data-field={column.field}>
        {cellContent(row, column)}
      </dd>
    </div>
  );
}

export function CardList<Row>({ rows, columns, actions, getRowId, onRowClick }: CardListProps<Row>) {
  const [first, ...rest] = columns;
  if (!first) return null;
  const key = rest.filter((column) => !column.optional);
  const more = rest.filter((column) => column.optional);
  return (
    <ul className={classes.cardList} data-testid="data-grid-cards">
      {rows.map((row) => {
        const shownActions = (actions ?? []).filter((action) => !action.hidden?.(row));
        const title = (
          <span className={`${classes.title} ${first.cellClass?.(row) ?? ''}`}>{cellContent(row, first)}</span>
        );
        return (
          <li key={getRowId(row)} className={classes.card} data-testid="data-grid-card">
            {onRowClick ? (
              <button type="button" onClick={() => onRowClick(row)} className={classes.cardTitle}>
                {title}
              </button>
            ) : (
              title
            )}
            <dl className={classes.fields}>
              {key.map((column) => (
                <Field key={column.field} row={row} column={column} />
              ))}
            </dl>
            {more.length > 0 && (
              <details className={classes.more}>
                <summary>More</summary>
                <dl className={classes.fields}>
                  {more.map((column) => (
                    <Field key={column.field} row={row} column={column} />
                  ))}
                </dl>
              </details>
            )}
            {shownActions.length > 0 && (
              <div className={classes.actions}>
                {shownActions.map((action) => (
                  <Button
                    key={action.label}
                    size="compact-sm"
                    variant="light"
                    color={action.color}
                    leftSection={action.icon}
                    onClick={() => action.onClick(row)}
                  >
                    {action.label}
                  </Button>
                ))}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export default CardList;
