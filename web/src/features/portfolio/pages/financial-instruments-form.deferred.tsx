/**
 * The add/edit form of Financial Instruments ('Type is required!'; an empty description is sent as null): loaded
 * after the table (docs/decisions.md#dialogs-on-demand).
 */
import { financialInstrumentSchema } from '@bazaar/shared';
import type { FinancialInstrumentInput, FinancialInstrumentsPageQuery } from '../../../__generated__/graphql';
import type { CrudFormSpec } from '../../../components/crud';

const instrumentForm: CrudFormSpec<
  FinancialInstrumentsPageQuery['financialInstruments'][number],
  Record<'type' | 'description', string>,
  FinancialInstrumentsPageQuery,
  FinancialInstrumentInput
> = {
  schema: financialInstrumentSchema,
  fields: [
    { name: 'type', label: 'Type', required: true },
    { name: 'description', label: 'Description' },
  ],
};
export default instrumentForm;
