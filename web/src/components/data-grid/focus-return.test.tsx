/**
 * Where the focus goes after a table's dialog closes (docs/product/common.md#keyboard), on a table drawn as AG Grid
 * draws it: rows out of document order, placed by their row-index. Deleting a row's action moves the focus to the
 * same action of the row that took its place, the row before it when the last went, the add button when the table is
 * empty, the heading without one; a row removed a moment after the dialog closed (the grid's own schedule) is
 * followed; a cancelled dialog gives the focus back to its opener.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { focusAfterRemoval, returnFocus, rowActionPlace } from './focus-return';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A table of lots 1..n with Edit and Delete each, drawn in reverse document order (row-index says the order). */
function table(count: number, withAdd = true): HTMLElement {
  const root = document.createElement('div');
  root.setAttribute('data-grid-root', '');
  root.innerHTML =
    `<h2 tabindex="-1" data-grid-focus="">Holdings</h2>` +
    (withAdd ? '<button data-grid-focus="">Add Holding</button>' : '') +
    Array.from({ length: count }, (_, index) => count - 1 - index)
      .map(
        (index) =>
          `<div class="ag-row" row-index="${index}" data-lot="${index + 1}">` +
          `<button aria-label="Edit">e</button><button aria-label="Delete">d</button></div>`,
      )
      .join('');
  document.body.append(root);
  return root;
}

const deleteOf = (root: HTMLElement, lot: number) =>
  root.querySelector<HTMLElement>(`[data-lot="${lot}"] button[aria-label="Delete"]`)!;

/** Deletes lot `lot`'s row as the grid does once its Delete's dialog is done, and moves the focus after it. */
function deleteRow(root: HTMLElement, lot: number): void {
  const opener = deleteOf(root, lot);
  const place = rowActionPlace(opener)!;
  opener.closest('[data-lot]')!.remove();
  focusAfterRemoval(place);
}
const focusedLot = () => document.activeElement?.closest('[data-lot]')?.getAttribute('data-lot');

describe('the focus after a row is deleted', () => {
  it('goes to the next row’s Delete, in row order not document order', () => {
    const root = table(3);
    const opener = deleteOf(root, 2);
    const place = rowActionPlace(opener);
    expect(place).toMatchObject({ label: 'Delete', index: 1 });
    opener.closest('[data-lot]')!.remove();
    returnFocus(opener, place);
    expect(focusedLot()).toBe('3');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Delete');
  });

  it('goes to the previous row’s Delete when the last row went', () => {
    const root = table(3);
    deleteRow(root, 3);
    expect(focusedLot()).toBe('2');
  });

  it('goes to Add Holding when the table is empty, to the heading without an add button', () => {
    const root = table(1);
    deleteRow(root, 1);
    expect(document.activeElement?.textContent).toBe('Add Holding');

    document.body.innerHTML = '';
    const bare = table(1, false);
    deleteRow(bare, 1);
    expect(document.activeElement?.tagName).toBe('H2');
  });

  it('follows a row removed after the dialog closed', async () => {
    const root = table(2);
    const opener = deleteOf(root, 1);
    const place = rowActionPlace(opener);
    // the dialog closes while the row is still drawn: the focus goes back to its Delete first
    returnFocus(opener, place);
    expect(document.activeElement).toBe(opener);
    opener.closest('[data-lot]')!.remove();
    // the grid then draws the table without it: the next lot, now first, takes the focus
    await waitFor(() => expect(focusedLot()).toBe('2'));
  });

  it('gives the focus back to the opener of a cancelled dialog, and leaves a focus the user moved', async () => {
    const root = table(2);
    const opener = deleteOf(root, 1);
    const stop = returnFocus(opener, rowActionPlace(opener));
    expect(document.activeElement).toBe(opener);
    const add = root.querySelector<HTMLElement>('button[data-grid-focus]')!;
    add.focus();
    opener.closest('[data-lot]')!.remove();
    // nothing moves the focus away from where the user put it
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    expect(document.activeElement).toBe(add);
    stop();
  });

  it('knows no place for a control outside a table’s rows', () => {
    const root = table(1);
    expect(rowActionPlace(root.querySelector('button[data-grid-focus]'))).toBeNull();
    const outside = document.createElement('button');
    document.body.append(outside);
    expect(rowActionPlace(outside)).toBeNull();
  });

  it('keeps the focus on the button when the grid then focuses the cell around it, until the user acts', () => {
    const root = table(2);
    deleteRow(root, 1);
    const next = deleteOf(root, 2);
    expect(document.activeElement).toBe(next);
    // AG Grid focuses the cell it remembers, the row around the button here
    const cell = next.closest<HTMLElement>('[data-lot]')!;
    cell.tabIndex = -1;
    cell.focus();
    expect(document.activeElement).toBe(next);
    // once the user presses a key, the focus is theirs to move
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp' }));
    cell.focus();
    expect(document.activeElement).toBe(cell);
  });

  it('moves on from the cell the grid focused when it removed the row', async () => {
    const root = table(2);
    const opener = deleteOf(root, 1);
    returnFocus(opener, rowActionPlace(opener));
    // the grid focuses the cell it remembers, then removes the row: the focus is on a cell, not a control
    const cell = deleteOf(root, 2).closest<HTMLElement>('[data-lot]')!;
    cell.setAttribute('role', 'gridcell');
    cell.tabIndex = -1;
    cell.focus();
    opener.closest('[data-lot]')!.remove();
    await waitFor(() => expect(document.activeElement).toBe(deleteOf(root, 2)));
  });
});
