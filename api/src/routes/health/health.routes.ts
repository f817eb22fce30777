/** GET /health (the database answers) and GET /ready (started and migrated). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const statusSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.string().optional() });

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
        const ok = (url === '/health' || app.acceptingTraffic) && (await databaseAnswers());
        if (!ok) reply.status(503);
        return { status: ok ? ('ok' as const) : ('unavailable' as const), database: app.dbHandle.kind };
      },
    );
  }
};
