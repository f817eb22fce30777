/**
 * Segments (spec section 2, staff): loader, table, add/edit modal, delete by the reply text. The
 * name field offers the administrators' financial instrument types, since a holding's instrument
 * type is its segment's name.
 */
import { SUCCESS_MESSAGES } from '@bazaar/shared';
import {
  useCreateSegmentMutation,
  useDeleteSegmentMutation,
  useSegmentNameSuggestionsQuery,
  useSegmentsPageQuery,
  useUpdateSegmentMutation,
} from '../../../__generated__/graphql';
import { usePageTitle } from '../../../components/page-title';
import { NamedEntityPage } from '../components/named-entity-page';

export default function SegmentsPage() {
  usePageTitle('Segments');
  const { data, loading, error, refetch } = useSegmentsPageQuery({ fetchPolicy: 'cache-and-network' });
  const instruments = useSegmentNameSuggestionsQuery();
  const [createSegment] = useCreateSegmentMutation();
  const [updateSegment] = useUpdateSegmentMutation();
  const [deleteSegment] = useDeleteSegmentMutation();
  return (
    <NamedEntityPage
      title="Segments"
      noun="Segment"
      testId="segments"
      rows={data?.segments}
      loading={loading}
      error={error}
      messages={{ added: SUCCESS_MESSAGES.segmentAdded, updated: SUCCESS_MESSAGES.segmentUpdated }}
      create={(name) => createSegment({ variables: { input: { name } } })}
      update={(id, name) => updateSegment({ variables: { id, input: { name } } })}
      remove={async (id) => (await deleteSegment({ variables: { id } })).data?.deleteSegment.message ?? ''}
      refetch={refetch}
      suggestions={instruments.data?.financialInstruments.map((instrument) => instrument.type)}
      nameHint="Holdings in this segment show its name as their instrument type."
    />
  );
}
