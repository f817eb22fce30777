/** What a start-up seeder is: a step of seeding, given the app and whether this is the first start. */
import type { FastifyInstance } from 'fastify';

export type Seeder = (app: FastifyInstance, context: { firstStart: boolean }) => Promise<void>;
