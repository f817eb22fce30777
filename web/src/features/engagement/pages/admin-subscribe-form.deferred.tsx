/**
 * The add/edit form of the subscription plans (docs/product/engagement.md#validation): loaded after the table
 * (docs/decisions.md#dialogs-on-demand).
 */
import { subscriptionPlanSchema } from '@bazaar/shared';
import type { AdminSubscribePageQuery, SubscriptionPlanInput } from '../../../__generated__/graphql';
import type { CrudFormSpec } from '../../../components/crud';

type PlanFormValues = Record<'name' | 'description' | 'price' | 'durationInDays', string>;

const planForm: CrudFormSpec<
  AdminSubscribePageQuery['adminSubscriptionPlans'][number],
  PlanFormValues,
  AdminSubscribePageQuery,
  SubscriptionPlanInput
> = {
  schema: subscriptionPlanSchema,
  fields: [
    { name: 'name', label: 'Name', required: true },
    { name: 'description', label: 'Description', required: true, multiline: true },
    { name: 'price', label: 'Price', description: 'In rupees (₹)', inputMode: 'decimal', required: true },
    { name: 'durationInDays', label: 'Duration In Days', inputMode: 'numeric', required: true },
  ],
  /** The mutation input: the price stays an exact decimal string, the duration a whole number. */
  toInput: (values) => {
    const { name, description, price, durationInDays } = subscriptionPlanSchema.parse(values);
    return { name, description, price, durationInDays };
  },
};
export default planForm;
