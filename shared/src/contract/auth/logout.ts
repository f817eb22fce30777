/** POST /auth/logout: ends the caller's session on the server (docs/product/auth.md#rules). */
import { z } from 'zod';

/** No body: 204 whether a session was open or not, so logging out twice is harmless. */
export const logoutResponseSchema = z.null().describe('No content: the session of the token sent (if any) has ended');
