/**
 * Bulk backfill of stock prices (docs/product/uploads.md#bulk-backfill): many bhavcopies, or .zip
 * archives of them, in one request. While the files are sent, the list shows which one is on its
 * way; once the server answers (it loads them in date order, each on its own, and refreshes the
 * trend lists once), every file with its date, rows and outcome: loaded, refused with its reason,
 * or already loaded. The upload history is refreshed once, at the end.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, Paper, Progress, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconFileZip, IconUpload } from '@tabler/icons-react';
import { formatDatesInText, formatIndianNumber, MESSAGES } from '@bazaar/shared';
import type { UploadStockPriceBatchMutation } from '../../../__generated__/graphql';
import { formatMarketDate } from '../../../lib/dates';
import { BATCH_FILE_ACCEPT, batchFileProblem } from '../lib/file-check';
import { sendBatchUpload, type BatchOutcome, type UploadRequest } from '../lib/upload-request';

type BatchResult = UploadStockPriceBatchMutation['uploadStockPriceBatch'];
type BatchFile = BatchResult['files'][number];

const STATUS = {
  OK: { label: 'Loaded', color: 'green' },
  REFUSED: { label: 'Refused', color: 'red' },
  SKIPPED: { label: 'Already loaded', color: 'gray' },
} as const;

const count = (value: number) => formatIndianNumber(value, 0);

export interface BatchUploadProps {
  /** Called once after a batch that loaded something (to refresh the history). */
  onUploaded: () => void;
}

/** Which chosen file the bytes sent so far have reached (files go in the order chosen). */
function fileBeingSent(files: File[], fraction: number): number {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  let reached = fraction * total;
  for (const [index, file] of files.entries()) {
    if (reached < file.size) return index;
    reached -= file.size;
  }
  return files.length;
}

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
    file.rows === null ? null : `${count(file.rows)} rows`,
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

export function BatchUpload({ onUploaded }: BatchUploadProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [fraction, setFraction] = useState(0);
  const [result, setResult] = useState<BatchResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const request = useRef<UploadRequest<BatchOutcome> | null>(null);
  useEffect(() => () => request.current?.abort(), []);

  const problems = files
    .map((file) => ({ file, problem: batchFileProblem(file) }))
    .filter((entry) => entry.problem !== null);
  const canUpload = !sending && files.length > 0 && problems.length === 0;

  async function upload() {
    setSending(true);
    setFraction(0);
    setResult(null);
    setFailure(null);
    request.current = sendBatchUpload(files, setFraction);
    const answer = await request.current.promise;
    request.current = null;
    setSending(false);
    if (answer.ok) {
      setResult(answer.result);
      setFiles([]);
      if (answer.result.loaded > 0) onUploaded();
    } else {
      setFailure(answer.message || MESSAGES.upload.failed);
    }
  }

  const current = fileBeingSent(files, fraction);
  const pendingState = (index: number) =>
    !sending
      ? failure
        ? 'Not loaded'
        : 'Chosen'
      : fraction >= 1
        ? 'Loading…'
        : index < current
          ? 'Sent'
          : index === current
            ? 'Sending'
            : 'Waiting';

  return (
    <Stack gap="md" data-testid="batch-upload">
      <div>
        <Title order={2} size="h3">
          Stock Price Backfill
        </Title>
        <Text size="sm" c="dimmed">
          Many NSE bhavcopies at once: pick several files, or .zip archives of them as NSE distributes them. They are
          loaded in date order, each on its own: a bad file is refused with its reason and the others are loaded; files
          loaded before are skipped. The trend lists are refreshed once, at the end.
        </Text>
      </div>
      <FileInput
        label="Select Bhavcopies"
        placeholder="Bhavcopies or .zip archives"
        multiple
        clearable
        accept={BATCH_FILE_ACCEPT}
        leftSection={<IconFileZip size={16} />}
        disabled={sending}
        value={files}
        onChange={(chosen) => {
          setFiles(chosen);
          setFailure(null);
        }}
        valueComponent={({ value }) => (
          <Text size="sm" truncate>
            {Array.isArray(value) && value.length > 1 ? `${count(value.length)} files` : (value as File | null)?.name}
          </Text>
        )}
        error={problems.length > 0 ? `${problems[0]!.file.name}: ${problems[0]!.problem}` : undefined}
      />
      <Group>
        <Button
          onClick={() => void upload()}
          disabled={!canUpload}
          loading={sending}
          leftSection={<IconUpload size={16} />}
        >
          {files.length > 1 ? `Upload ${count(files.length)} Files` : 'Upload Files'}
        </Button>
      </Group>
      {sending && (
        <Stack gap={4} data-testid="batch-progress">
          <Progress
            value={Math.round(fraction * 100)}
            size="lg"
            animated={fraction >= 1}
            aria-label="Batch upload progress"
          />
          <Text size="sm" c="dimmed">
            {fraction < 1
              ? `Sending file ${Math.min(current + 1, files.length)} of ${count(files.length)}… ${Math.round(fraction * 100)}%`
              : 'All sent — the server is loading the files in date order…'}
          </Text>
        </Stack>
      )}
      {failure && (
        <Alert color="red" role="alert" data-testid="batch-message">
          {formatDatesInText(failure)}
        </Alert>
      )}
      {result && (
        <Alert
          color={result.refused > 0 ? 'orange' : 'green'}
          role="status"
          data-testid="batch-message"
          withCloseButton
          onClose={() => setResult(null)}
        >
          {formatDatesInText(result.message)}
        </Alert>
      )}
      {(result || files.length > 0) && (
        <ScrollArea.Autosize mah={460} type="auto" offsetScrollbars>
          <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Files of the batch">
            {result
              ? result.files.map((file, index) => <ResultRow key={`${index}-${file.file}`} file={file} />)
              : files.map((file, index) => (
                  <PendingRow key={`${index}-${file.name}`} file={file} state={pendingState(index)} />
                ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
