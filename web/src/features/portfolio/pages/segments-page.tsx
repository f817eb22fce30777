/**
 * Segments (docs/product/portfolio.md#reference-data, staff): loader, table, add/edit modal, delete by the reply text.
 * The name field offers the administrators' financial instrument types, since a holding's instrument
 * type is its segment's name.
 */
import { SUCCESS_MESSAGES } from '@bazaar/shared';
import {
  CreateSegmentDocument,
  DeleteSegmentDocument,
  SegmentsPageDocument,
  UpdateSegmentDocument,
  useSegmentNameSuggestionsQuery,
} from '../../../__generated__/graphql';
import { namedEntityPage } from '../components/named-entity-page';

function useInstrumentTypes() {
  const instruments = useSegmentNameSuggestionsQuery();
  return instruments.data?.financialInstruments.map((instrument) => instrument.type);
}

export default namedEntityPage(SegmentsPageDocument, 'segments', {
  title: 'Segments',
  useSuggestions: useInstrumentTypes,
  nameHint: 'Holdings in this segment show its name as their instrument type.',
  noun: 'Segment',
  messages: { added: SUCCESS_MESSAGES.segmentAdded, updated: SUCCESS_MESSAGES.segmentUpdated },
  mutations: { create: CreateSegmentDocument, update: UpdateSegmentDocument, remove: DeleteSegmentDocument },
});
