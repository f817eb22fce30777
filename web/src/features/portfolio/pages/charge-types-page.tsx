/**
 * Charge types (docs/product/portfolio.md#reference-data, staff): loader, table, add/edit modal, delete by the reply
 * text.
 */
import { SUCCESS_MESSAGES } from '@bazaar/shared';
import {
  ChargeTypesPageDocument,
  CreateChargeTypeDocument,
  DeleteChargeTypeDocument,
  UpdateChargeTypeDocument,
} from '../../../__generated__/graphql';
import { namedEntityPage } from '../components/named-entity-page';

export default namedEntityPage(ChargeTypesPageDocument, 'chargeTypes', {
  title: 'Charge Types',
  mutations: { create: CreateChargeTypeDocument, update: UpdateChargeTypeDocument, remove: DeleteChargeTypeDocument },
  noun: 'Charge Type',
  messages: { added: SUCCESS_MESSAGES.chargeTypeAdded, updated: SUCCESS_MESSAGES.chargeTypeUpdated },
});
