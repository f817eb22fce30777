/**
 * The answer of a POST that creates a row: 201 Created with the row (the route's response schema
 * declares it under 201). The status is set only once the row exists, so a refused write keeps its
 * own error status.
 */
import type { FastifyReply } from 'fastify';

export async function answerCreated<Row>(reply: FastifyReply, row: Promise<Row>): Promise<Row> {
  const stored = await row;
  reply.status(201);
  return stored;
}
