/**
 * The REST paging convention (docs/integrators.md#paging, shared/src/contract/paging.ts) at the HTTP
 * edge: a page request's cursor checked and decoded, and a page's headers: X-Total-Count, while
 * more follow X-Next-Cursor and `Link: <…>; rel="next"`, and on a page with items X-End-Cursor.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CURSOR_NEEDS_LIMIT_MESSAGE,
  decodeCursor,
  encodeCursor,
  INVALID_CURSOR_MESSAGE,
  PAGE_HEADERS,
  type CursorValue,
} from '@bazaar/shared/contract';
import { BadRequestError } from '../errors.js';

type CursorKind = 'string' | 'date' | 'int';

/**
 * The page asked for: null without `limit` (the whole list); the sort key after which it starts
 * (null for the first page), checked against `kinds` (a cursor of another shape is a 400).
 */
export function pageAsked<K extends CursorValue[]>(
  query: { limit?: number | undefined; cursor?: string | undefined },
  kinds: readonly CursorKind[],
): { limit: number; after: K | null } | null {
  if (query.limit === undefined) {
    if (query.cursor !== undefined) throw new BadRequestError(CURSOR_NEEDS_LIMIT_MESSAGE);
    return null;
  }
  if (query.cursor === undefined) return { limit: query.limit, after: null };
  const after = decodeCursor(query.cursor, kinds);
  if (after === null) throw new BadRequestError(INVALID_CURSOR_MESSAGE);
  return { limit: query.limit, after: after as K };
}

/** A page's headers: its total, and the cursors after its last item (`next` only while more follow). */
export function sendPageHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { total: number; end: readonly CursorValue[] | null; more: boolean },
): void {
  reply.header(PAGE_HEADERS.total, String(page.total));
  if (!page.end) return;
  const cursor = encodeCursor(page.end);
  reply.header(PAGE_HEADERS.end, cursor);
  if (!page.more) return;
  const url = new URL(request.url, 'http://local');
  url.searchParams.set('cursor', cursor);
  reply.header(PAGE_HEADERS.next, cursor).header('link', `<${url.pathname}${url.search}>; rel="next"`);
}
