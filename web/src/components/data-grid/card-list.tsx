/**
 * The phone form of a table (docs/product/common.md#generic-tables): at 576 px and below each row is a card with
 * its first column as the title, the key columns as label/value pairs, the optional ones under "More" and the
 * actions as labelled buttons, so nothing is clipped and nothing scrolls sideways. A row click opens the row as
 * in the grid (the title is then a button, reachable with the keyboard).
 */
import type { ReactNode } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
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
      <Text size="xs" c="dimmed" component="dt">
        {column.headerName}
      </Text>
      <Text size="sm" component="dd" className={column.cellClass?.(row)} fw={500} data-field={column.field}>
        {cellContent(row, column)}
      </Text>
    </div>
  );
}

export function CardList<Row>({ rows, columns, actions, getRowId, onRowClick }: CardListProps<Row>) {
  const [first, ...rest] = columns;
  if (!first) return null;
  const key = rest.filter((column) => !column.optional);
  const more = rest.filter((column) => column.optional);
  return (
    <Stack gap="xs" component="ul" className={classes.cardList} data-testid="data-grid-cards">
      {rows.map((row) => {
        const shownActions = (actions ?? []).filter((action) => !action.hidden?.(row));
        const title = (
          <Text fw={700} size="sm" className={first.cellClass?.(row)}>
            {cellContent(row, first)}
          </Text>
        );
        return (
          <Card component="li" key={getRowId(row)} withBorder padding="sm" radius="sm" data-testid="data-grid-card">
            {onRowClick ? (
              <UnstyledButton onClick={() => onRowClick(row)} className={classes.cardTitle}>
                {title}
              </UnstyledButton>
            ) : (
              title
            )}
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} mt={4} component="dl" className={classes.fields}>
              {key.map((column) => (
                <Field key={column.field} row={row} column={column} />
              ))}
            </SimpleGrid>
            {more.length > 0 && (
              <details className={classes.more}>
                <summary>More</summary>
                <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} mt={4} component="dl" className={classes.fields}>
                  {more.map((column) => (
                    <Field key={column.field} row={row} column={column} />
                  ))}
                </SimpleGrid>
              </details>
            )}
            {shownActions.length > 0 && (
              <Group gap="xs" mt="xs" wrap="wrap">
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
              </Group>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}

export default CardList;
