/**
 * Where the focus goes when a table's dialog closes (docs/product/common.md#keyboard): back to the control that
 * opened it; and when that control went with its row (a Delete confirmed), to the same action of the row that took
 * the deleted row's place, else of the row before it (the last row went), else to the table's add button or, with
 * none, its heading (the table is empty). Without this the focus fell to the page's body: Mantine's Modal gives the
 * focus back to its opener only while it is in the page. A table's rows may be drawn a moment after the dialog
 * closes (AG Grid updates its rows on its own schedule), so the opener is watched until it goes or the focus moves on.
 */
import { useCallback, useEffect, useRef } from 'react';

/** The attribute on a DataGrid's card: the box a row action is looked for in. */
export const GRID_ROOT_ATTRIBUTE = 'data-grid-root';
/** The attribute on a DataGrid's own controls that take the focus when the table is empty (add button, heading). */
export const GRID_FOCUS_ATTRIBUTE = 'data-grid-focus';

/** A row action's place: its table, its name, and which of the table's buttons of that name it is (row order). */
export interface RowActionPlace {
  root: HTMLElement;
  label: string;
  index: number;
}

function actionLabel(element: Element): string {
  return element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
}

/** The row's position: AG Grid keeps rows out of document order (row-index says where each is drawn). */
function rowPosition(element: Element): number | null {
  const row = element.closest('[row-index]');
  const index = row ? Number(row.getAttribute('row-index')) : NaN;
  return Number.isFinite(index) ? index : null;
}

/** The buttons named `label` of the table's rows, in row order. */
function rowActions(root: HTMLElement, label: string): HTMLElement[] {
  const buttons = [...root.querySelectorAll<HTMLElement>('button')].filter(
    (button) => !button.hasAttribute(GRID_FOCUS_ATTRIBUTE) && actionLabel(button) === label,
  );
  return buttons
    .map((button, order) => ({ button, position: rowPosition(button) ?? order }))
    .sort((a, b) => a.position - b.position)
    .map((entry) => entry.button);
}

/** Where a row's action button is, or null when the element is not one (the add button, a control outside tables). */
export function rowActionPlace(element: Element | null): RowActionPlace | null {
  const root = element?.closest<HTMLElement>(`[${GRID_ROOT_ATTRIBUTE}]`);
  if (!element || !root || element.hasAttribute(GRID_FOCUS_ATTRIBUTE)) return null;
  const label = actionLabel(element);
  const index = rowActions(root, label).indexOf(element as HTMLElement);
  return label && index >= 0 ? { root, label, index } : null;
}

/** Focuses the action that took the removed one's place, the one before it, or the empty table's own control. */
export function focusAfterRemoval(place: RowActionPlace): void {
  const actions = rowActions(place.root, place.label);
  const target =
    actions[Math.min(place.index, actions.length - 1)] ??
    place.root.querySelector<HTMLElement>(`button[${GRID_FOCUS_ATTRIBUTE}]`) ??
    place.root.querySelector<HTMLElement>(`[${GRID_FOCUS_ATTRIBUTE}]`);
  if (!target) return;
  target.focus({ preventScroll: false });
  keepFocusOn(target);
}

/**
 * AG Grid remembers which cell had the focus and, drawing its rows again after the removal, focuses that cell, the
 * box around the button just focused. Until the user acts (a key or a pointer), a focus moving to a box around the
 * button goes back to the button.
 */
function keepFocusOn(target: HTMLElement): void {
  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof Element && event.target !== target && event.target.contains(target))
      target.focus({ preventScroll: true });
  };
  const stop = () => {
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('keydown', stop, true);
    document.removeEventListener('pointerdown', stop, true);
  };
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('keydown', stop, true);
  document.addEventListener('pointerdown', stop, true);
}

/**
 * Whether nobody has the focus, or only a cell or row of the table: AG Grid focuses the cell it remembers when it
 * removes the row whose button had the focus, before the removal is seen here.
 */
function focusIsLost(root: HTMLElement): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) return true;
  return isGridCell(root, active);
}

function isGridCell(root: HTMLElement, element: Element | null): boolean {
  const role = element?.getAttribute('role');
  return element !== null && root.contains(element) && (role === 'gridcell' || role === 'row');
}

/**
 * Gives the focus back to `opener`; if it is gone, or goes while the focus is still on it (its row deleted and drawn
 * again a moment later), to its neighbour. Answers a function that stops watching.
 */
export function returnFocus(opener: HTMLElement, place: RowActionPlace | null): () => void {
  if (opener.isConnected) opener.focus({ preventScroll: true });
  else if (place && place.root.isConnected) {
    focusAfterRemoval(place);
    return () => undefined;
  }
  if (!place) return () => undefined;
  const observer = new MutationObserver(() => {
    if (opener.isConnected) return;
    stop();
    if (focusIsLost(place.root)) focusAfterRemoval(place);
  });
  // the user moved on: nothing to put right any more (a closing dialog taking the focus a last time, or the grid
  // focusing its cell, is not the user)
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target !== opener && !target?.closest('[role="dialog"]') && !isGridCell(place.root, target)) stop();
  };
  function stop() {
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
  }
  observer.observe(place.root, { childList: true, subtree: true });
  document.addEventListener('focusin', onFocusIn);
  return stop;
}

/**
 * For a page with a table and dialogs: `remember()` when a dialog is asked for (it notes the focused control and its
 * row action's place); when `dialogOpen` turns false the focus goes back as `returnFocus` says.
 */
export function useDialogFocusReturn(dialogOpen: boolean): () => void {
  const opener = useRef<{ element: HTMLElement; place: RowActionPlace | null } | null>(null);
  const remember = useCallback(() => {
    const element = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    opener.current = element && element !== document.body ? { element, place: rowActionPlace(element) } : null;
  }, []);
  useEffect(() => {
    if (dialogOpen || !opener.current) return;
    const { element, place } = opener.current;
    opener.current = null;
    return returnFocus(element, place);
  }, [dialogOpen]);
  return remember;
}
