/**
 * Reading one data row of a matched layout, the same way for every upload type: a cell by its
 * column key, the name a column is shown by in problems, and a required text of bounded length.
 */
import { matchHeader, type ForeignLayout, type LayoutSpec, type TableSource } from '../files/table.js';
import type { ProblemList } from './problems.js';

/** The row's cell under a column key; '' when the file has no such column or the row stops short. */
export function cellReader<K extends string>(
  cells: readonly string[],
  index: Partial<Record<K, number>>,
): (key: K) => string {
  return (key) => {
    const position = index[key];
    return position === undefined ? '' : (cells[position] ?? '');
  };
}

/** The name a column is shown by in problems: the first of its names. */
export function columnName<K extends string>(layout: LayoutSpec<K>, key: K): string {
  return layout.columns.find((column) => column.key === key)!.names[0]!;
}

/** A text the row must have, of at most `max` characters. */
export function checkRequiredText(problems: ProblemList, line: number, column: string, text: string, max: number) {
  if (text === '') problems.add(line, column, 'is required');
  else if (text.length > max) problems.add(line, column, `is longer than ${max} characters`);
}

/** One data row of a matched layout: its line, the layout, its cells by column key and the columns' shown names. */
export interface LayoutRow<K extends string> {
  line: number;
  layout: LayoutSpec<K>;
  cell: (key: K) => string;
  name: (key: K) => string;
}

/**
 * The records of an upload as rows of the layout its first record (the header) matches, each handed
 * to `onRow`. A file without a header, or with a header and no rows, is a problem; `rowNoun` names
 * the rows it should have had ("company rows"). Returns the matched layout and the number of rows.
 */
export function forEachLayoutRow<K extends string>(
  source: { table: TableSource; layouts: Array<LayoutSpec<K>>; uploadLabel: string; others: ForeignLayout[] },
  problems: ProblemList,
  rowNoun: string,
  onRow: (row: LayoutRow<K>) => void,
): { layout: LayoutSpec<K> | undefined; rowsInFile: number } {
  let layout: LayoutSpec<K> | undefined;
  let index: Partial<Record<K, number>> = {};
  let rowsInFile = 0;
  source.table.forEachRecord((cells, line) => {
    if (!layout) {
      ({ layout, index } = matchHeader(cells, source.layouts, source.uploadLabel, source.others));
      return;
    }
    rowsInFile++;
    const matched = layout;
    onRow({ line, layout: matched, cell: cellReader(cells, index), name: (key) => columnName(matched, key) });
  });
  if (!layout) problems.add(1, '', 'the file has no header line and no rows');
  else if (rowsInFile === 0) problems.add(2, '', `the file has a header but no ${rowNoun}`);
  return { layout, rowsInFile };
}
