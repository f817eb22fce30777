/**
 * The files of a stock-price batch (docs/product/uploads.md#bulk-backfill): each chosen file with what is happening to
 * it, then each file's outcome (loaded, refused and why, already loaded). Shown once files are chosen, so it loads
 * then (docs/decisions.md#dialogs-on-demand).
 */
import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDatesInText, formatCount } from '@bazaar/shared';
import type { UploadStockPriceBatchMutation } from '../../../__generated__/graphql';
import { formatMarketDate } from '../../../lib/dates';

type BatchResult = UploadStockPriceBatchMutation['uploadStockPriceBatch'];
type BatchFile = BatchResult['files'][number];

const STATUS = {
  OK: { label: 'Loaded', color: 'green' },
  REFUSED: { label: 'Refused', color: 'red' },
  SKIPPED: { label: 'Already loaded', color: 'gray' },
} as const;

function PendingRow({ file, state }: { file: File; state: string }) {
  return (
    <Paper component="li" withBorder p="xs" data-testid="batch-file" data-status="PENDING">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500} truncate>
          {file.name}
        </Text>
        <Badge variant="light" color="blue" style={{ flexShrink: 0 }}>
          {state}
        </Badge>
      </Group>
    </Paper>
  );
}

function ResultRow({ file }: { file: BatchFile }) {
  const status = STATUS[file.status];
  const dates =
    file.date && file.lastDate && file.lastDate !== file.date
      ? `${formatMarketDate(file.date)} – ${formatMarketDate(file.lastDate)}`
      : file.date
        ? formatMarketDate(file.date)
        : 'date unknown';
  const facts = [
    file.archive ? `from ${file.archive}` : null,
    dates,
    file.rows === null ? null : `${formatCount(file.rows)} rows`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Paper component="li" withBorder p="xs" data-testid="batch-file" data-status={file.status} data-file={file.file}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500} truncate>
          {file.file}
        </Text>
        <Badge variant="light" color={status.color} style={{ flexShrink: 0 }}>
          {status.label}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {facts}
      </Text>
      {file.status === 'REFUSED' && file.reason && (
        <Text size="sm" c="red" data-testid="batch-file-reason">
          {formatDatesInText(file.reason)}
        </Text>
      )}
      {file.status === 'SKIPPED' && file.reason && (
        <Text size="xs" c="dimmed">
          {formatDatesInText(file.reason)}
        </Text>
      )}
    </Paper>
  );
}

export interface BatchFilesProps {
  result: BatchResult | null;
  files: File[];
  /** What is happening to the chosen file at `index` (waiting, sending, sent). */
  pendingState: (index: number) => string;
}

export default function BatchFiles({ result, files, pendingState }: BatchFilesProps) {
  return (
    // the browser's own scrolling (Mantine's ScrollArea is 5 KiB on a page that loads the grid too)
    <Box mah={460} style={{ overflowY: 'auto' }}>
      <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Files of the batch">
        {result
          ? result.files.map((file, index) => <ResultRow key={`${index}-${file.file}`} file={file} />)
          : files.map((file, index) => (
              <PendingRow key={`${index}-${file.name}`} file={file} state={pendingState(index)} />
            ))}
      </Stack>
    </Box>
  );
}
