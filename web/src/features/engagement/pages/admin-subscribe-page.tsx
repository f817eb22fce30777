/**
 * Subscriptions admin (docs/product/engagement.md#subscriptions-admin): table 'Subscriptions', button Add Subscription,
 * modal 'Add new Subscription' or 'Edit Subscription' (Name, Description, Price, Duration In Days with the messages of
 * docs/product/engagement.md#validation), and delete. Administrators only (the route's guard and the REST API).
 */
import { Textarea, TextInput } from '@mantine/core';
import { SUCCESS_MESSAGES, formatRupees, subscriptionPlanSchema } from '@bazaar/shared';
import {
  CreateSubscriptionPlanDocument,
  DeleteSubscriptionPlanDocument,
  UpdateSubscriptionPlanDocument,
  useAdminSubscribePageQuery,
} from '../../../__generated__/graphql';
import { CrudTablePage } from '../../../components/crud';
import type { DataGridColumn } from '../../../components/data-grid';

interface PlanRow {
  id: string;
  name: string;
  description: string;
  price: string;
  durationInDays: number;
  activeSubscribers: number | null;
}

interface PlanFormValues extends Record<string, unknown> {
  name: string;
  description: string;
  price: string;
  durationInDays: string;
}

const COLUMNS: DataGridColumn<PlanRow>[] = [
  { field: 'id', headerName: 'Id', numeric: true, width: 90 },
  { field: 'name', headerName: 'Name', minWidth: 140 },
  { field: 'description', headerName: 'Description', flex: 2, minWidth: 200 },
  { field: 'price', headerName: 'Price', numeric: true, format: (_value, row) => formatRupees(row.price), width: 130 },
  { field: 'durationInDays', headerName: 'Duration In Days', numeric: true, width: 160 },
  { field: 'activeSubscribers', headerName: 'Active Subscribers', numeric: true, width: 170 },
];

export default function AdminSubscribePage() {
  const query = useAdminSubscribePageQuery({ fetchPolicy: 'cache-and-network' });
  return (
    <CrudTablePage
      title="Subscriptions"
      noun="Subscription"
      deleteTitle="Delete subscription plan"
      testId="subscriptions-grid"
      exportFileName="subscription-plans"
      emptyText="No subscription plans yet."
      columns={COLUMNS}
      rows={query.data?.adminSubscriptionPlans}
      query={query}
      form={{
        schema: subscriptionPlanSchema,
        initialValues: (plan): PlanFormValues => ({
          name: plan?.name ?? '',
          description: plan?.description ?? '',
          price: plan?.price ?? '',
          durationInDays: plan ? String(plan.durationInDays) : '',
        }),
        fields: (form) => (
          <>
            <TextInput label="Name" required {...form.getInputProps('name')} />
            <Textarea label="Description" required autosize minRows={2} {...form.getInputProps('description')} />
            <TextInput
              label="Price"
              description="In rupees (₹)"
              inputMode="decimal"
              required
              {...form.getInputProps('price')}
            />
            <TextInput
              label="Duration In Days"
              inputMode="numeric"
              required
              {...form.getInputProps('durationInDays')}
            />
          </>
        ),
      }}
      toInput={(values) => {
        const { name, description, price, durationInDays } = subscriptionPlanSchema.parse(values);
        return { name, description, price, durationInDays };
      }}
      mutations={{
        create: CreateSubscriptionPlanDocument,
        update: UpdateSubscriptionPlanDocument,
        remove: DeleteSubscriptionPlanDocument,
      }}
      messages={{ added: SUCCESS_MESSAGES.subscriptionAdded, updated: SUCCESS_MESSAGES.subscriptionUpdated }}
      deletedMessage={(reply) => reply?.deleteSubscriptionPlan.message ?? SUCCESS_MESSAGES.subscriptionDeleted}
      deleteQuestion={(plan) => (
        <>
          Delete the plan <b>{plan.name}</b>? A plan with active subscribers cannot be deleted.
        </>
      )}
    />
  );
}
