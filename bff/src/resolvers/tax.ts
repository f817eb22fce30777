/** The tax area (docs/product/tax.md): the capital-gains report, as the REST API computes it. */
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { numericId } from '../graphql/errors.js';

export const taxResolvers: Resolvers = {
  Query: {
    capitalGains: (_parent, { financialYear, brokerageFirmId }, { dataSources }) =>
      dataSources.tax.capitalGains(
        financialYear,
        brokerageFirmId === null || brokerageFirmId === undefined
          ? null
          : String(numericId(brokerageFirmId, 'brokerageFirmId')),
      ),
  },
};
