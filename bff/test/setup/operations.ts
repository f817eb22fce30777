/**
 * The web app's GraphQL operations as a client sends them: one operation with exactly the fragments
 * it uses. For the BFF's tests (every web operation within the limits) and bench/load (the mixed
 * load sends the web pages' own documents); it imports nothing of the BFF.
 */
import {
  Kind,
  print,
  visit,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
} from 'graphql';

/** One operation with the fragments it uses (transitively), as the text a client sends. */
export function operationText(document: DocumentNode, operation: OperationDefinitionNode): string {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const used = new Map<string, FragmentDefinitionNode>();
  const collect = (node: OperationDefinitionNode | FragmentDefinitionNode) =>
    visit(node, {
      FragmentSpread(spread) {
        const fragment = fragments.get(spread.name.value);
        if (fragment && !used.has(fragment.name.value)) {
          used.set(fragment.name.value, fragment);
          collect(fragment);
        }
      },
    });
  collect(operation);
  return [operation, ...used.values()].map((definition) => print(definition)).join('\n');
}

/** The operation of a document with this name, as operationText gives it. */
export function namedOperationText(document: DocumentNode, name: string): string {
  const chosen = document.definitions.find(
    (definition): definition is OperationDefinitionNode =>
      definition.kind === Kind.OPERATION_DEFINITION && definition.name?.value === name,
  );
  if (!chosen) throw new Error(`no operation ${name}`);
  return operationText(document, chosen);
}
