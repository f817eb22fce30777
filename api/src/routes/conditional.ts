/**
 * Conditional GETs (RFC 9110 section 13.1.2): whether a request's If-None-Match names the
 * current entity tag, in which case the route answers 304 Not Modified without a body.
 */

/** `W/"x"` and `"x"` name the same entity for If-None-Match (weak comparison). */
function opaqueTag(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

export function ifNoneMatchHolds(header: string | string[] | undefined, currentTag: string): boolean {
  if (header === undefined) return false;
  const wanted = opaqueTag(currentTag);
  const listed = (Array.isArray(header) ? header.join(',') : header).split(',').map((tag) => tag.trim());
  return listed.some((tag) => tag === '*' || opaqueTag(tag) === wanted);
}
