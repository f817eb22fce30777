/**
 * The delete confirmation of every table page: a question, Cancel and a red Delete that shows
 * progress. The page keeps the row to delete and the server's answer.
 */
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmDeleteModalProps {
  opened: boolean;
  title: string;
  /** The question, e.g. "Delete the role <b>ROLE_X</b>? …". */
  children: ReactNode;
  deleting: boolean;
  /** The red button's word where the action is not a deletion (e.g. "Revoke"). */
  confirmLabel?: string;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ConfirmDeleteModal({
  opened,
  title,
  children,
  deleting,
  confirmLabel = 'Delete',
  onCancel,
  onConfirm,
}: ConfirmDeleteModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack>
        <Text>{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button color="red" loading={deleting} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
