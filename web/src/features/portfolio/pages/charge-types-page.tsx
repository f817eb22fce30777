/** Charge types (spec section 2, staff): loader, table, add/edit modal, delete by the reply text. */
import { SUCCESS_MESSAGES } from '@bazaar/shared';
import {
  useChargeTypesPageQuery,
  useCreateChargeTypeMutation,
  useDeleteChargeTypeMutation,
  useUpdateChargeTypeMutation,
} from '../../../__generated__/graphql';
import { usePageTitle } from '../../../components/page-title';
import { NamedEntityPage } from '../components/named-entity-page';

export default function ChargeTypesPage() {
  usePageTitle('Charge Types');
  const { data, loading, error, refetch } = useChargeTypesPageQuery({ fetchPolicy: 'cache-and-network' });
  const [createChargeType] = useCreateChargeTypeMutation();
  const [updateChargeType] = useUpdateChargeTypeMutation();
  const [deleteChargeType] = useDeleteChargeTypeMutation();
  return (
    <NamedEntityPage
      title="Charge Types"
      noun="Charge Type"
      testId="charge-types"
      rows={data?.chargeTypes}
      loading={loading}
      error={error}
      messages={{ added: SUCCESS_MESSAGES.chargeTypeAdded, updated: SUCCESS_MESSAGES.chargeTypeUpdated }}
      create={(name) => createChargeType({ variables: { input: { name } } })}
      update={(id, name) => updateChargeType({ variables: { id, input: { name } } })}
      remove={async (id) => (await deleteChargeType({ variables: { id } })).data?.deleteChargeType.message ?? ''}
      refetch={refetch}
    />
  );
}
