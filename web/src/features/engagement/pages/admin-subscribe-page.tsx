/**
 * Subscriptions admin (spec section 2): table 'Subscriptions', button Add Subscription, modal
 * 'Add new Subscription' or 'Edit Subscription' (Name, Description, Price, Duration In Days with the
 * spec's messages), and delete. Administrators only (the route's guard and the REST API).
 */
import { useState } from 'react';
import { Modal, Textarea, TextInput } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { SUCCESS_MESSAGES, formatRupees, subscriptionPlanSchema } from '@bazaar/shared';
import {
  useAdminSubscribePageQuery,
  useCreateSubscriptionPlanMutation,
  useDeleteSubscriptionPlanMutation,
  useUpdateSubscriptionPlanMutation,
} from '../../../__generated__/graphql';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid';
import { formIsValid, useZodForm } from '../../../components/form/use-zod-form';
import { ConfirmDeleteModal } from '../../../components/form/confirm-delete-modal';
import { SaveForm } from '../../../components/form/save-form';
import { usePageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/errors';

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

type Editing = { mode: 'add' } | { mode: 'edit'; plan: PlanRow } | null;

export default function AdminSubscribePage() {
  usePageTitle('Subscriptions');
  const { data, loading, error, refetch } = useAdminSubscribePageQuery({ fetchPolicy: 'cache-and-network' });
  const [createPlan] = useCreateSubscriptionPlanMutation();
  const [updatePlan] = useUpdateSubscriptionPlanMutation();
  const [deletePlan, { loading: deleting }] = useDeleteSubscriptionPlanMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<PlanRow | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function save(values: PlanFormValues) {
    const parsed = subscriptionPlanSchema.parse(values);
    const input = {
      name: parsed.name,
      description: parsed.description,
      price: parsed.price,
      durationInDays: parsed.durationInDays,
    };
    if (editing?.mode === 'edit') {
      await updatePlan({ variables: { id: editing.plan.id, input } });
      setMessage({ kind: 'success', text: SUCCESS_MESSAGES.subscriptionUpdated });
    } else {
      await createPlan({ variables: { input } });
      setMessage({ kind: 'success', text: SUCCESS_MESSAGES.subscriptionAdded });
    }
    setEditing(null);
    await refetch();
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      const result = await deletePlan({ variables: { id: toDelete.id } });
      setMessage({
        kind: 'success',
        text: result.data?.deleteSubscriptionPlan.message ?? SUCCESS_MESSAGES.subscriptionDeleted,
      });
      await refetch();
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure) });
    }
    setToDelete(null);
  }

  return (
    <>
      <DataGrid
        title="Subscriptions"
        testId="subscriptions-grid"
        rows={data?.adminSubscriptionPlans}
        columns={COLUMNS}
        getRowId={(plan) => plan.id}
        loading={loading}
        error={error && !data ? errorMessage(error) : null}
        addLabel="Add Subscription"
        onAdd={() => setEditing({ mode: 'add' })}
        exportFileName="subscription-plans"
        emptyText="No subscription plans yet."
        message={message}
        onDismissMessage={() => setMessage(null)}
        actions={[
          { label: 'Edit', icon: <IconEdit size={16} />, onClick: (plan) => setEditing({ mode: 'edit', plan }) },
          { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', onClick: (plan) => setToDelete(plan) },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? 'Edit Subscription' : 'Add new Subscription'}
        centered
      >
        {editing && (
          <PlanForm
            key={editing.mode === 'edit' ? editing.plan.id : 'new'}
            initial={
              editing.mode === 'edit'
                ? {
                    name: editing.plan.name,
                    description: editing.plan.description,
                    price: editing.plan.price,
                    durationInDays: String(editing.plan.durationInDays),
                  }
                : { name: '', description: '', price: '', durationInDays: '' }
            }
            onSave={save}
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={toDelete !== null}
        title="Delete subscription plan"
        deleting={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        Delete the plan <b>{toDelete?.name}</b>? A plan with active subscribers cannot be deleted.
      </ConfirmDeleteModal>
    </>
  );
}

function PlanForm({ initial, onSave }: { initial: PlanFormValues; onSave: (values: PlanFormValues) => Promise<void> }) {
  const form = useZodForm<PlanFormValues>(subscriptionPlanSchema, initial);
  return (
    <SaveForm form={form} onSave={onSave} canSave={formIsValid(subscriptionPlanSchema, form.values)}>
      <TextInput label="Name" required {...form.getInputProps('name')} />
      <Textarea label="Description" required autosize minRows={2} {...form.getInputProps('description')} />
      <TextInput
        label="Price"
        description="In rupees (₹)"
        inputMode="decimal"
        required
        {...form.getInputProps('price')}
      />
      <TextInput label="Duration In Days" inputMode="numeric" required {...form.getInputProps('durationInDays')} />
    </SaveForm>
  );
}
