/**
 * Charge types (docs/product/portfolio.md#reference-data, staff): loader, table, add/edit modal, delete by the reply
 * text.
 */
import { SUCCESS_MESSAGES } from '@bazaar/shared';
import {
  CreateChargeTypeDocument,
  DeleteChargeTypeDocument,
  UpdateChargeTypeDocument,
  useChargeTypesPageQuery,
} from '../../../__generated__/graphql';
import { NamedEntityPage } from '../components/named-entity-page';

export default function ChargeTypesPage() {
  const query = useChargeTypesPageQuery({ fetchPolicy: 'cache-and-network' });
  return (
    <NamedEntityPage
      title="Charge Types"
      noun="Charge Type"
      rows={query.data?.chargeTypes}
      query={query}
      messages={{ added: SUCCESS_MESSAGES.chargeTypeAdded, updated: SUCCESS_MESSAGES.chargeTypeUpdated }}
      mutations={{
        create: CreateChargeTypeDocument,
        update: UpdateChargeTypeDocument,
        remove: DeleteChargeTypeDocument,
      }}
    />
  );
}
