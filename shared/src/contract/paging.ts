/**
 * Pages of the REST lists that can grow (docs/integrators.md#paging): `?limit=` (1 to MAX_PAGE_SIZE)
 * and `?cursor=` (the `X-Next-Cursor` of the page before). A paged answer is the same array as the
 * unpaged one, cut; its headers say what is left: `X-Total-Count`, and while there is more,
 * `X-Next-Cursor` and `Link: <…>; rel="next"`; `X-End-Cursor` is the cursor after the page's last
 * item on every page that has one (the last too: kept, it asks later for what was added after
 * it, e.g. the candles of later uploads). A cursor is opaque to clients: base64url of the
 * sort key of the last row given, so a page continues after that row whatever was added or removed
 * before it (keyset paging: no row is skipped or repeated because others moved).
 */
import { z } from 'zod';

/** The largest page any list answers. */
export const MAX_PAGE_SIZE = 500;
/** Longest cursor accepted: a sort key of a few short values. */
const MAX_CURSOR_LENGTH = 300;

export const PAGE_HEADERS = {
  total: 'x-total-count',
  next: 'x-next-cursor',
  end: 'x-end-cursor',
} as const;

/** What every paged REST list says of its pages in its OpenAPI description. */
export const PAGING_DESCRIPTION =
  `Paged with \`?limit=\` (1 to ${MAX_PAGE_SIZE}) and \`?cursor=\` (the X-Next-Cursor of the page before): a page carries X-Total-Count, ` +
  'X-End-Cursor (after its last row), and while more follow X-Next-Cursor and a Link header with rel="next"; without limit the whole list. ';

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`;

export const pageQueryShape = {
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(MAX_PAGE_SIZE, LIMIT_MESSAGE)
    .optional()
    .describe(`Page size, 1 to ${MAX_PAGE_SIZE}; without it the whole list`),
  cursor: z
    .string()
    .max(MAX_CURSOR_LENGTH, 'cursor is not one this API gave: start again without it')
    .regex(/^[A-Za-z0-9_-]+$/, 'cursor is not one this API gave: start again without it')
    .optional()
    .describe('The X-Next-Cursor of the previous page (opaque); needs limit'),
};

export type CursorValue = string | number;

/** A sort key → cursor text. */
export function encodeCursor(key: readonly CursorValue[]): string {
  const json = JSON.stringify(key);
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Cursor text → its sort key, checked against `kinds` (one 'string', 'date' or 'int' per value);
 * null when it is not a cursor of that shape (forged, damaged or of another list).
 */
export function decodeCursor(text: string, kinds: ReadonlyArray<'string' | 'date' | 'int'>): CursorValue[] | null {
  let parsed: unknown;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    parsed = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== kinds.length) return null;
  for (const [index, kind] of kinds.entries()) {
    const value: unknown = parsed[index];
    if (kind === 'int' && !(Number.isSafeInteger(value) && (value as number) >= 0)) return null;
    if (kind === 'string' && !(typeof value === 'string' && value.length <= 100)) return null;
    if (kind === 'date' && !(typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))) return null;
  }
  return parsed as CursorValue[];
}

export const INVALID_CURSOR_MESSAGE = 'cursor is not one this API gave: start again without it';
export const CURSOR_NEEDS_LIMIT_MESSAGE = 'cursor needs limit';
/** A cursor of another list than the one asked for (another day, symbol or kind of prices). */
export function cursorOfAnotherListMessage(which: string): string {
  return `cursor belongs to ${which}: start again without it, or ask for that list`;
}
