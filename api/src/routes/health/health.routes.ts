/**
 * GET /health (liveness: the database answers) and GET /ready (readiness: started and migrated, the
 * database answers, and the API is not shedding load: a balancer sends traffic elsewhere meanwhile).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const statusSchema = z.object({
    status: z.enum(['ok', 'unavailable']),
    database: z.string().optional(),
    /** Why /ready is 503: starting, stopping, database, or the load-shedding reason (e.g. in-flight, database-queue). */
    reason: z.string().optional(),
  });

  async function databaseAnswers(): Promise<boolean> {
    try {
      await Promise.race([
        app.db.execute(sql`select 1`),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2_000).unref()),
      ]);
      return true;
    } catch {
      return false;
    }
  }

  for (const url of ['/health', '/ready']) {
    app.get(
      url,
      {
        schema: {
          tags: ['operations'],
          summary:
            url === '/health' ? 'Liveness: the database answers' : 'Readiness: migrated and the database answers',
          response: { 200: statusSchema, 503: statusSchema },
        },
      },
      async (_request, reply) => {
        const database = app.dbHandle.kind;
        if (url === '/ready') {
          const reason = !app.acceptingTraffic ? 'not accepting traffic' : app.saturation();
          if (reason) return reply.status(503).send({ status: 'unavailable' as const, database, reason });
        }
        const ok = await databaseAnswers();
        if (!ok) return reply.status(503).send({ status: 'unavailable' as const, database, reason: 'database' });
        return { status: 'ok' as const, database };
      },
    );
  }
};
