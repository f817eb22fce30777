/**
 * Relay cursor connections over the REST API's pages (docs/integrators.md#paging): `first` is 1 to
 * MAX_PAGE_SIZE, `after` an opaque cursor the API gave; a REST page (items, total, next cursor)
 * becomes `edges { cursor node } pageInfo { hasNextPage endCursor } totalCount`. Each edge's cursor
 * is its item's sort key, encoded as the REST API encodes its own (shared/src/contract/paging.ts).
 */
import { INVALID_CURSOR_MESSAGE, MAX_PAGE_SIZE } from '@bazaar/shared/contract';
import { badUserInput } from '../graphql/errors.js';

/** `first` checked: a whole number from 1 to MAX_PAGE_SIZE, else a 400 naming the argument. */
export function pageSize(first: number): number {
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE)
    throw badUserInput(`first must be a whole number from 1 to ${MAX_PAGE_SIZE}`, 'first');
  return first;
}

/** `after` checked for its form (the REST API checks the rest): null when absent. */
export function pageCursor(after: string | null | undefined): string | null {
  if (after === null || after === undefined) return null;
  if (!/^[A-Za-z0-9_-]{1,300}$/.test(after)) throw badUserInput(INVALID_CURSOR_MESSAGE, 'after');
  return after;
}

export interface Connection<T> {
  edges: Array<{ cursor: string; node: T }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}

export function connectionOf<T>(
  page: { items: T[]; total: number; nextCursor: string | null },
  cursorOf: (item: T) => string,
): Connection<T> {
  const edges = page.items.map((node) => ({ cursor: cursorOf(node), node }));
  return {
    edges,
    pageInfo: { hasNextPage: page.nextCursor !== null, endCursor: edges[edges.length - 1]?.cursor ?? null },
    totalCount: page.total,
  };
}
