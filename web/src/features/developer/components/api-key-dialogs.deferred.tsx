/**
 * The Developer page's dialogs, loaded when the user reaches for them (docs/decisions.md#charts-after-the-figures:
 * modules named *.deferred load after the page is interactive; the form, its validation and the modals are more
 * than the list itself needs):
 * - a new API key (docs/product/developer.md#validation): a name, the scopes with what each allows, and the
 *   lifetime in days, validated by the shared rules the API applies; the page makes the key and shows its secret;
 * - the confirmation of a revoke.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Checkbox, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { API_KEY_NAME_MAX_LENGTH, createApiKeySchema } from '@bazaar/shared';
import { ConfirmDeleteModal } from '../../../components/form/confirm-delete-modal';
import { formIsValid, useZodForm } from '../../../components/form/use-zod-form';
import { DEFAULT_EXPIRY_DAYS, EXPIRY_DAYS, SCOPE_CHOICES } from './api-key-view';

export interface CreateApiKeyValues extends Record<string, unknown> {
  name: string;
  /** REST names (market:read …), as the shared schema checks them. */
  scopes: string[];
  expiresInDays: number | string;
}

interface CreateApiKeyFormProps {
  creating: boolean;
  onSubmit: (values: CreateApiKeyValues) => void;
  onCancel: () => void;
}

function CreateApiKeyForm({ creating, onSubmit, onCancel }: CreateApiKeyFormProps) {
  // market:read alone: the least a new key can do and what most programs ask for
  const form = useZodForm<CreateApiKeyValues>(createApiKeySchema, {
    name: '',
    scopes: ['market:read'],
    expiresInDays: DEFAULT_EXPIRY_DAYS,
  });
  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(values))} noValidate data-testid="api-key-form">
      <Stack>
        <TextInput
          label="Name"
          description="What the key is for, e.g. nightly price sync"
          required
          maxLength={API_KEY_NAME_MAX_LENGTH}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Checkbox.Group label="Scopes" description="What the key may do" required {...form.getInputProps('scopes')}>
          <Stack gap="xs" mt="xs">
            {SCOPE_CHOICES.map((choice) => (
              <Checkbox key={choice.scope} value={choice.scope} label={choice.scope} description={choice.explanation} />
            ))}
          </Stack>
        </Checkbox.Group>
        <NumberInput
          label="Expires in days"
          description={`${EXPIRY_DAYS.min} to ${EXPIRY_DAYS.max} days from now`}
          required
          min={EXPIRY_DAYS.min}
          max={EXPIRY_DAYS.max}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('expiresInDays')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={creating} disabled={!formIsValid(createApiKeySchema, form.values)}>
            Create key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface CreateApiKeyDialogProps extends CreateApiKeyFormProps {
  opened: boolean;
  /** The server's refusal of the last try, shown above the fields (the form keeps what was typed). */
  failure: string | null;
}

export function CreateApiKeyDialog({ opened, failure, creating, onSubmit, onCancel }: CreateApiKeyDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Create an API key" centered>
      <Stack>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <CreateApiKeyForm creating={creating} onSubmit={onSubmit} onCancel={onCancel} />
      </Stack>
    </Modal>
  );
}

export interface RevokeApiKeyDialogProps {
  opened: boolean;
  revoking: boolean;
  children: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
}

export function RevokeApiKeyDialog({ opened, revoking, children, onCancel, onConfirm }: RevokeApiKeyDialogProps) {
  return (
    <ConfirmDeleteModal
      opened={opened}
      title="Revoke API key"
      confirmLabel="Revoke"
      deleting={revoking}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {children}
    </ConfirmDeleteModal>
  );
}
