/**
 * Reading one data row of a matched layout, the same way for every kind of upload: a cell by its
 * column key, the name a column is shown by in problems, and a required text of bounded length.
 */
import type { LayoutSpec } from './file/table.js';
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
