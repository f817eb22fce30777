/**
 * Segments (docs/product/portfolio.md#reference-data, staff): loader, table, add/edit modal, delete by the reply text.
 * The name field offers the administrators' financial instrument types, since a holding's instrument
 * type is its segment's name.
 */
import { SUCCESS_MESSAGES } from '@bazaar/shared';
import {
  CreateSegmentDocument,
  DeleteSegmentDocument,
  UpdateSegmentDocument,
  useSegmentNameSuggestionsQuery,
  useSegmentsPageQuery,
} from '../../../__generated__/graphql';
import { NamedEntityPage } from '../components/named-entity-page';

export default function SegmentsPage() {
  const query = useSegmentsPageQuery({ fetchPolicy: 'cache-and-network' });
  const instruments = useSegmentNameSuggestionsQuery();
  return (
    <NamedEntityPage
      title="Segments"
      noun="Segment"
      rows={query.data?.segments}
      query={query}
      messages={{ added: SUCCESS_MESSAGES.segmentAdded, updated: SUCCESS_MESSAGES.segmentUpdated }}
      mutations={{ create: CreateSegmentDocument, update: UpdateSegmentDocument, remove: DeleteSegmentDocument }}
      suggestions={instruments.data?.financialInstruments.map((instrument) => instrument.type)}
      nameHint="Holdings in this segment show its name as their instrument type."
    />
  );
}
