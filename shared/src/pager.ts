/**
 * The pager model of the old app's generic tables: current page kept within 1..last page, at most
 * 7 page links with an ellipsis where pages are skipped, Previous/Next labels.
 */
import { PAGER_MAX_LINKS } from './constants.js';

export type PagerItem = { kind: 'page'; page: number; current: boolean } | { kind: 'ellipsis'; key: string };

export interface PagerModel {
  currentPage: number;
  totalPages: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** Index of the first item on the current page (0-based) and one past the last. */
  startIndex: number;
  endIndex: number;
  items: PagerItem[];
}

export interface PagerInput {
  totalItems: number;
  itemsPerPage: number;
  currentPage: number;
  maxLinks?: number;
}

/** Corrects an out-of-range page to the nearest valid one (1 when there are no items). */
export function clampPage(page: number, totalPages: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, totalPages));
}

export function buildPager({
  totalItems,
  itemsPerPage,
  currentPage,
  maxLinks = PAGER_MAX_LINKS,
}: PagerInput): PagerModel {
  if (!Number.isInteger(itemsPerPage) || itemsPerPage < 1) {
    throw new RangeError('itemsPerPage must be a positive whole number');
  }
  const links = Math.max(5, maxLinks);
  const totalPages = Math.max(1, Math.ceil(Math.max(0, totalItems) / itemsPerPage));
  const page = clampPage(currentPage, totalPages);
  const items: PagerItem[] = [];
  const pushPage = (p: number) => items.push({ kind: 'page', page: p, current: p === page });

  if (totalPages <= links) {
    for (let p = 1; p <= totalPages; p++) pushPage(p);
  } else {
    // first and last page always shown; the window in between moves with the current page
    const inner = links - 2;
    let start = Math.max(2, page - Math.floor((inner - 1) / 2));
    let end = start + inner - 1;
    if (end > totalPages - 1) {
      end = totalPages - 1;
      start = end - inner + 1;
    }
    // make room for an ellipsis on each side that skips pages
    if (start > 2) start += 1;
    if (end < totalPages - 1) end -= 1;
    pushPage(1);
    if (start > 2) items.push({ kind: 'ellipsis', key: 'start' });
    for (let p = start; p <= end; p++) pushPage(p);
    if (end < totalPages - 1) items.push({ kind: 'ellipsis', key: 'end' });
    pushPage(totalPages);
  }

  const startIndex = Math.min((page - 1) * itemsPerPage, Math.max(0, totalItems));
  return {
    currentPage: page,
    totalPages,
    hasPrevious: page > 1,
    hasNext: page < totalPages,
    startIndex,
    endIndex: Math.min(startIndex + itemsPerPage, Math.max(0, totalItems)),
    items,
  };
}

/** The items shown on the current page. */
export function pageOf<T>(rows: readonly T[], model: Pick<PagerModel, 'startIndex' | 'endIndex'>): T[] {
  return rows.slice(model.startIndex, model.endIndex);
}
