/**
 * A modal that shows a stored text (a contact message, a mail body) with its line breaks; loaded when the browser is
 * idle after the table is drawn, or when a row is opened (docs/decisions.md#dialogs-on-demand).
 */
import type { ReactNode } from 'react';
import { Modal, ScrollArea, Stack, Text } from '@mantine/core';

export default function TextModal({
  title,
  details,
  text,
  onClose,
}: {
  title: string;
  details: ReactNode;
  text: string | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={text !== null} onClose={onClose} title={title} size="lg" centered>
      <Stack gap="sm">
        {details}
        <ScrollArea.Autosize mah={420}>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="text-modal-body">
            {text}
          </Text>
        </ScrollArea.Autosize>
      </Stack>
    </Modal>
  );
}
