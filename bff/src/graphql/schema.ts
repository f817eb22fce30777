/** The executable schema: every SDL file of schema/ with the resolvers of every area. */
import fs from 'node:fs';
import path from 'node:path';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { resolvers } from '../resolvers/index.js';
import { applyAccessDeclarations } from '../auth/access.js';

export function loadTypeDefs(schemaDir: string): string[] {
  const files = fs
    .readdirSync(schemaDir)
    .filter((name) => name.endsWith('.graphql'))
    .sort();
  if (files.length === 0) throw new Error(`No .graphql files in ${schemaDir}`);
  // common.graphql declares the root types; the others extend them
  files.sort((a, b) => (a === 'common.graphql' ? -1 : b === 'common.graphql' ? 1 : a.localeCompare(b)));
  return files.map((name) => fs.readFileSync(path.join(schemaDir, name), 'utf8'));
}

export function buildSchema(schemaDir: string): GraphQLSchema {
  return applyAccessDeclarations(makeExecutableSchema({ typeDefs: loadTypeDefs(schemaDir), resolvers }));
}
