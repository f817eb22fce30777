/** Market indices (docs/product/market.md#indices), as the REST API answers them. */
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { badUserInput } from '../graphql/errors.js';

export const indicesResolvers: Resolvers = {
  Query: {
    indices: (_parent, _args, { dataSources }) => dataSources.indices.indices(),
    indexCloses: (_parent, { name, from, to }, { dataSources }) => {
      if (name.trim() === '' || name.length > 100) throw badUserInput('name must be an index’s name', 'name');
      return dataSources.indices.indexCloses(name, from, to);
    },
    indexComparison: (_parent, { symbol, index }, { dataSources }) =>
      dataSources.indices.indexComparison(index ?? 'NIFTY 50', symbol),
  },
};
