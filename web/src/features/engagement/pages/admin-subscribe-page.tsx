/**
 * Subscriptions admin (docs/product/engagement.md#subscriptions-admin): table 'Subscriptions', button Add Subscription,
 * modal 'Add new Subscription' or 'Edit Subscription' (Name, Description, Price, Duration In Days with the messages of
 * docs/product/engagement.md#validation), and delete. Administrators only (the route's guard and the REST API).
 */
import { SUCCESS_MESSAGES, formatCount, formatRupees } from '@bazaar/shared';
import {
  AdminSubscribePageDocument,
  CreateSubscriptionPlanDocument,
  DeleteSubscriptionPlanDocument,
  UpdateSubscriptionPlanDocument,
} from '../../../__generated__/graphql';
import { crudTablePage, idColumn } from '../../../components/crud';

export default crudTablePage(AdminSubscribePageDocument, 'adminSubscriptionPlans', {
  title: 'Subscriptions',
  columns: [
    idColumn(),
    { field: 'name', headerName: 'Name', minWidth: 140 },
    { field: 'description', headerName: 'Description', flex: 2, minWidth: 200 },
    {
      field: 'price',
      headerName: 'Price',
      numeric: true,
      exportAs: 'money',
      format: (_value, row) => formatRupees(row.price),
      width: 130,
    },
    {
      field: 'durationInDays',
      headerName: 'Duration In Days',
      numeric: true,
      exportAs: 'integer',
      format: (value) => formatCount(value as number),
      width: 160,
    },
    {
      field: 'activeSubscribers',
      headerName: 'Active Subscribers',
      numeric: true,
      exportAs: 'integer',
      format: (value) => formatCount(value as number),
      width: 170,
    },
  ],
  form: () => import('./admin-subscribe-form.deferred'),
  noun: 'Subscription',
  deleteTitle: 'Delete subscription plan',
  testId: 'subscriptions-grid',
  exportFileName: 'subscription-plans',
  emptyText: 'No subscription plans yet.',
  mutations: {
    create: CreateSubscriptionPlanDocument,
    update: UpdateSubscriptionPlanDocument,
    remove: DeleteSubscriptionPlanDocument,
  },
  messages: { added: SUCCESS_MESSAGES.subscriptionAdded, updated: SUCCESS_MESSAGES.subscriptionUpdated },
  deleteWhat: (plan) => (
    <>
      the plan <b>{plan.name}</b>
    </>
  ),
  deleteNote: 'A plan with active subscribers cannot be deleted.',
});
