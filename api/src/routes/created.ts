/**
 * The answer of a POST that creates a row: 201 Created with the row (the route's response schema
 * declares it under 201). The status is set only once the row exists, so a refused write keeps its
 * own error status. A POST that may find the same row there already answers 201 or 200 (answerMadeOrFound).
 */
import type { FastifyReply } from 'fastify';

export async function answerCreated<Row>(reply: FastifyReply, row: Promise<Row>): Promise<Row> {
  const stored = await row;
  reply.status(201);
  return stored;
}

/** The answer of a POST that makes a row unless the same one is there: 201 with the new row, 200 with the one found. */
export function answerMadeOrFound<Row>(reply: FastifyReply, row: Row, made: boolean): Row {
  reply.status(made ? 201 : 200);
  return row;
}
