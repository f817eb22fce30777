/**
 * A stand-in for the DataGrid in jsdom tests of the pages built on it (AG Grid is tested in the browser: web/e2e):
 * a plain list of the rows, each with its cells' texts (the column's value, formatted, or its render) and its action
 * buttons ("Edit 7"); above them the grid's message, its error, the add button and the empty text. Tests mock
 * the data-grid module with it: vi.mock(…, async () => ({ DataGrid: (await import(…)).PlainDataGrid })).
 */
import type { DataGridColumn, DataGridProps } from '../components/data-grid';
import { errorMessage } from '../lib/errors';

/** A cell's text as the grid shows it: the column's value (the row's field by default), formatted. */
function cellText<Row>(row: Row, column: DataGridColumn<Row>): string {
  const value = column.value ? column.value(row) : (row as Record<string, unknown>)[column.field];
  return column.format ? column.format(value, row) : String(value ?? '');
}

export function PlainDataGrid<Row>(props: DataGridProps<Row>) {
  return (
    <div data-testid={props.testId} data-export-file-name={props.exportFileName}>
      {props.message && <p role={props.message.kind === 'error' ? 'alert' : 'status'}>{props.message.text}</p>}
      {props.error ? <p role="alert">{errorMessage(props.error)}</p> : null}
      <button onClick={props.onAdd} data-loading={props.addLoading || undefined}>
        {props.addLabel}
      </button>
      {props.rows?.length === 0 && <p>{props.emptyText}</p>}
      {props.rows?.map((row) => (
        <div key={props.getRowId(row)} data-testid="row" onClick={() => props.onRowClick?.(row)}>
          {props.columns.map((column) => (
            <span key={column.field} data-field={column.field}>
              {column.render ? column.render(row) : cellText(row, column)}
            </span>
          ))}
          {props.actions?.map((action) => (
            <button key={action.label} onClick={() => action.onClick(row)}>
              {action.label} {props.getRowId(row)}
            </button>
          ))}
        </div>
      ))}
    </div>
  );
}
