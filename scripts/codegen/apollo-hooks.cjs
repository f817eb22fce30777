/**
 * A small graphql-codegen plugin: one typed hook per operation for Apollo Client 4
 * (`useLoginMutation`, `useMeQuery`, `useMeLazyQuery`…), built on the typed documents of the
 * typed-document-node plugin. The old typescript-react-apollo plugin does not fit Apollo Client 4.
 */
const { Kind } = require('graphql');

function pascal(name) {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

module.exports = {
  plugin(_schema, documents) {
    const lines = [];
    const seen = new Set();
    for (const { document } of documents) {
      if (!document) continue;
      for (const definition of document.definitions) {
        if (definition.kind !== Kind.OPERATION_DEFINITION || !definition.name) continue;
        const name = pascal(definition.name.value);
        if (seen.has(name)) continue;
        seen.add(name);
        const suffix = pascal(definition.operation);
        const data = `${name}${suffix}`;
        const variables = `${name}${suffix}Variables`;
        const doc = `${name}Document`;
        if (definition.operation === 'query') {
          lines.push(
            `export function use${name}Query(options?: useQuery.Options<${data}, ${variables}>) {`,
            `  return useQuery(${doc}, options as useQuery.Options<${data}, ${variables}>);`,
            `}`,
            `export function use${name}LazyQuery(options?: useLazyQuery.Options<${data}, ${variables}>) {`,
            `  return useLazyQuery(${doc}, options);`,
            `}`,
          );
        } else if (definition.operation === 'mutation') {
          lines.push(
            `export function use${name}Mutation(options?: useMutation.Options<${data}, ${variables}>) {`,
            `  return useMutation(${doc}, options);`,
            `}`,
          );
        }
      }
    }
    if (lines.length === 0) return '';
    return {
      prepend: [`import { useLazyQuery, useMutation, useQuery } from '@apollo/client/react';`],
      content: `\n// Per-operation hooks (scripts/codegen/apollo-hooks.cjs)\n${lines.join('\n')}\n`,
    };
  },
};
