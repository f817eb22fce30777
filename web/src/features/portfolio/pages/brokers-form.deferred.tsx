/**
 * The add/edit form of Brokers (docs/product/portfolio.md#validation): loaded after the table
 * (docs/decisions.md#dialogs-on-demand).
 */
import { brokerSchema } from '@bazaar/shared';
import type { BrokerageFirmInput, BrokersPageQuery } from '../../../__generated__/graphql';
import type { CrudFormSpec } from '../../../components/crud';

type Firm = BrokersPageQuery['brokerageFirms'][number];

const firmForm: CrudFormSpec<
  Firm,
  Record<'name' | 'address' | 'contactNumber', string>,
  BrokersPageQuery,
  BrokerageFirmInput
> = {
  schema: brokerSchema,
  fields: [
    { name: 'name', label: 'Name', required: true },
    { name: 'address', label: 'Address', required: true },
    { name: 'contactNumber', label: 'Contact Number', required: true, inputMode: 'numeric', maxLength: 10 },
  ],
};
export default firmForm;
