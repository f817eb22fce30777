/**
 * A request's signal that fires when its caller has gone (the connection closed before the answer
 * was sent: a client timeout, the BFF's 10 s, a closed tab), so long work for it — the slices of
 * a long holdings list — stops instead of finishing for no one (docs/decisions.md#holdings-bounded-per-account).
 */
import type { FastifyReply } from 'fastify';

export function callerGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('The caller closed the connection'));
  });
  return controller.signal;
}
