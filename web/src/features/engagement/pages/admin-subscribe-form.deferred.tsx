/**
 * The add/edit form of the subscription plans (docs/product/engagement.md#validation), with the API quota a plan
 * gives its subscribers (docs/product/developer.md#quotas): loaded after the table (docs/decisions.md#dialogs-on-demand).
 */
import { subscriptionPlanSchema } from '@bazaar/shared';
import type { AdminSubscribePageQuery, SubscriptionPlanInput } from '../../../__generated__/graphql';
import type { CrudFormSpec } from '../../../components/crud';

type PlanFormValues = Record<
  'name' | 'description' | 'price' | 'durationInDays' | 'apiDailyRequests' | 'apiPointsPerMinute',
  string
>;

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
    {
      name: 'apiDailyRequests',
      label: 'API requests a day',
      description: 'All of a subscriber’s API keys together. Empty on a new plan: the free quota.',
      inputMode: 'numeric',
    },
    {
      name: 'apiPointsPerMinute',
      label: 'API points a minute',
      description: 'GraphQL cost points a minute. Empty on a new plan: the free quota.',
      inputMode: 'numeric',
    },
  ],
  /** The mutation input: the price stays an exact decimal string, the duration and the quota whole numbers. */
  toInput: (values) => {
    const { name, description, price, durationInDays, apiDailyRequests, apiPointsPerMinute } =
      subscriptionPlanSchema.parse(values);
    return { name, description, price, durationInDays, apiDailyRequests, apiPointsPerMinute };
  },
};
export default planForm;
