/**
 * Automatic persisted queries (docs/integrators.md#caching, docs/decisions.md#persisted-queries-over-get):
 * Apollo Server 5's own protocol (`extensions.persistedQuery {version: 1, sha256Hash}`; a hash it does
 * not know answers PersistedQueryNotFound, then the client sends the text once with its hash), with
 * the texts kept here, so the request limits can measure a batch of hashes (graphql-limits.ts).
 * Apollo keeps a text only after it parsed, validated and resolved its operation (our limits
 * included), so a hash never stands for a query that could not run.
 *
 * Checked here before Apollo sees the request, with messages that say what to fix (Apollo's own for a
 * wrong hash has no code, and would reach the client as "Internal server error"): the extension's
 * form, its version, a hash of 64 hexadecimal digits, and a text sent with a hash that is not its SHA-256.
 */
import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/**
 * What Apollo Server puts before a hash in the cache it is given (APQ_CACHE_PREFIX in
 * @apollo/server's request pipeline); bff/test/persisted-queries.test.ts registers a query through
 * Apollo and reads it back here, so a change of it fails there.
 */
const APOLLO_APQ_PREFIX = 'apq:';

/** The texts kept: far more than any client's queries, small against the process (texts are ≤ 1 MB each, most ≤ 2 kB). */
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

/** Persisted query texts by hash, least recently used dropped first once `maxBytes` of text are kept. */
export class PersistedQueryStore {
  private readonly entries = new Map<string, string>();
  private bytes = 0;

  constructor(private readonly maxBytes = DEFAULT_MAX_BYTES) {}

  // Apollo's KeyValueCache: get, set, delete

  async get(key: string): Promise<string | undefined> {
    const text = this.entries.get(key);
    if (text !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, text);
    }
    return text;
  }

  async set(key: string, text: string): Promise<void> {
    await this.delete(key);
    if (text.length > this.maxBytes) return;
    this.entries.set(key, text);
    this.bytes += text.length;
    for (const [oldest, kept] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= kept.length;
    }
  }

  async delete(key: string): Promise<boolean> {
    const text = this.entries.get(key);
    if (text === undefined) return false;
    this.entries.delete(key);
    this.bytes -= text.length;
    return true;
  }

  /** The query text registered under a SHA-256 hash (lower-case hex), if this instance keeps it. */
  textOf(sha256Hash: string): string | undefined {
    return this.entries.get(APOLLO_APQ_PREFIX + sha256Hash);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The hash an operation asks for (`extensions.persistedQuery.sha256Hash`), or undefined; for operations already checked. */
export function persistedHashOf(operation: unknown): string | undefined {
  const extensions = extensionsOf(operation);
  const persisted = extensions?.persistedQuery as { sha256Hash?: unknown } | undefined;
  return typeof persisted?.sha256Hash === 'string' ? persisted.sha256Hash : undefined;
}

/** An operation's extensions: an object, or for GET its JSON text parsed (undefined when absent or not JSON). */
function extensionsOf(operation: unknown): Record<string, unknown> | undefined {
  if (!operation || typeof operation !== 'object') return undefined;
  let extensions: unknown = (operation as { extensions?: unknown }).extensions;
  if (typeof extensions === 'string') {
    try {
      extensions = JSON.parse(extensions);
    } catch {
      return undefined;
    }
  }
  return extensions && typeof extensions === 'object' && !Array.isArray(extensions)
    ? (extensions as Record<string, unknown>)
    : undefined;
}

/** What is wrong with an operation's persisted-query extension, or undefined (none, or a sound one). */
export function persistedQueryProblem(operation: unknown): string | undefined {
  if (!operation || typeof operation !== 'object') return undefined;
  const raw = (operation as { extensions?: unknown }).extensions;
  if (raw === undefined) return undefined;
  const extensions = extensionsOf(operation);
  if (!extensions) return 'extensions must be a JSON object';
  const persisted = extensions.persistedQuery;
  if (persisted === undefined) return undefined;
  if (!persisted || typeof persisted !== 'object' || Array.isArray(persisted))
    return 'extensions.persistedQuery must be an object {version: 1, sha256Hash}';
  const { version, sha256Hash } = persisted as { version?: unknown; sha256Hash?: unknown };
  if (version !== 1) return 'extensions.persistedQuery.version must be 1';
  if (typeof sha256Hash !== 'string' || !/^[0-9a-f]{64}$/.test(sha256Hash))
    return 'extensions.persistedQuery.sha256Hash must be the SHA-256 of the query text, 64 lower-case hexadecimal digits';
  const query = (operation as { query?: unknown }).query;
  if (typeof query === 'string' && createHash('sha256').update(query).digest('hex') !== sha256Hash)
    return 'extensions.persistedQuery.sha256Hash is not the SHA-256 of the query sent with it: hash exactly the text sent (UTF-8), or send the hash alone';
  return undefined;
}

/** Refuses (400, with the problem) a request any of whose operations carries an unsound persisted-query extension. */
export function persistedQueryChecks() {
  return (request: Request, response: Response, next: NextFunction) => {
    const body: unknown = request.method === 'GET' ? request.query : request.body;
    for (const operation of Array.isArray(body) ? (body as unknown[]) : [body]) {
      const problem = persistedQueryProblem(operation);
      if (problem) {
        response.status(400).json({ errors: [{ message: problem, extensions: { code: 'BAD_REQUEST' } }] });
        return;
      }
    }
    next();
  };
}
