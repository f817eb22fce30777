/**
 * The callers of the two authorisation matrices (the REST routes' in api/test/routes/access-matrix.test.ts, the
 * GraphQL fields' in bff/test/security/authorization-matrix.test.ts) and the one ladder of access both expect.
 */

export type Persona = 'anonymous' | 'investor' | 'investor2' | 'staff' | 'admin';

/** docs/product's words: anyone; logged in (any role); staff (staff and administrators); admin. */
export type Who = 'anyone' | 'logged in' | 'staff' | 'admin';

/** Whether `persona` may call what `who` may call. */
export function allowed(who: Who, persona: Persona): boolean {
  if (who === 'anyone') return true;
  if (persona === 'anonymous') return false;
  if (who === 'logged in') return true;
  if (who === 'staff') return persona === 'staff' || persona === 'admin';
  return persona === 'admin';
}
