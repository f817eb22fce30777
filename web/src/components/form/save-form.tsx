/**
 * The form inside every add/edit modal: submits through the page's save function, shows the
 * server's refusal above the fields (the modal stays open, nothing typed is lost) and a Save
 * button that waits while saving and stays disabled while the form is invalid.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { errorMessage } from '../../lib/errors';

export interface SaveFormProps<Values> {
  form: UseFormReturnType<Values>;
  onSave: (values: Values) => Promise<void>;
  /** False while the values do not pass the form's schema. */
  canSave: boolean;
  saveLabel?: string;
  children: ReactNode;
}

/**
 * A save in progress and its refusal: `submit` runs `onSave`, and a throw becomes `failure` (the
 * server's words) instead of an unhandled rejection. For forms laid out differently from SaveForm.
 */
export function useSaveAction<Values>(onSave: (values: Values) => Promise<void>) {
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  async function submit(values: Values) {
    setFailure(null);
    setSaving(true);
    try {
      await onSave(values);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }
  return { failure, saving, submit };
}

export function SaveForm<Values>({ form, onSave, canSave, saveLabel = 'Save', children }: SaveFormProps<Values>) {
  const { failure, saving, submit } = useSaveAction(onSave);
  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {children}
        <Button type="submit" loading={saving} disabled={!canSave}>
          {saveLabel}
        </Button>
      </Stack>
    </form>
  );
}
