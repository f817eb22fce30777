/**
 * The JSON body parser of every route: Fastify's own (secure-json-parse, refusing __proto__ and
 * constructor.prototype keys outright), with messages that say what is wrong. Fastify would call
 * a prototype-pollution attempt "not valid JSON", which sends integrators looking for a syntax
 * error that is not there.
 */
import type { FastifyInstance } from 'fastify';

export interface JsonBodyOptions {
  /** Accept an empty body as "no body" (the old app's SMA call posts nothing). */
  allowEmpty?: boolean;
}

const FORBIDDEN_KEY = /"(?:__proto__|constructor|prototype)"\s*:/;

function badRequest(message: string): Error {
  return Object.assign(new Error(message), { statusCode: 400 });
}

/** Replaces the application/json parser in this app's scope. */
export function useJsonBodyParser(app: FastifyInstance, options: JsonBodyOptions = {}): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (options.allowEmpty && text.trim() === '') return done(null, undefined);
    parse(request, text, (error, value) => {
      if (!error) return done(null, value);
      if (FORBIDDEN_KEY.test(text))
        return done(
          badRequest('The request body contains a forbidden key (__proto__, constructor or prototype)'),
          undefined,
        );
      done(
        badRequest(
          text.trim() === '' ? 'The request body is empty: send a JSON object' : 'The request body is not valid JSON',
        ),
        undefined,
      );
    });
  });
  // plain text is not a format of this API: without a parser, text/plain answers 415
  if (app.hasContentTypeParser('text/plain')) app.removeContentTypeParser('text/plain');
}
