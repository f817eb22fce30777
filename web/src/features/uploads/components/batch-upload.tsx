/**
 * Bulk backfill of stock prices (docs/product/uploads.md#bulk-backfill): many bhavcopies, or .zip
 * archives of them, in one request. While the files are sent, the list shows which one is on its
 * way; once the server answers (it loads them in date order, each on its own, and refreshes the
 * trend lists once), every file with its date, rows and outcome: loaded, refused with its reason,
 * or already loaded. The upload history is refreshed once, at the end.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Button, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileZip, IconUpload } from '@tabler/icons-react';
import { formatDatesInText, formatCount, MESSAGES } from '@bazaar/shared';
import type { UploadStockPriceBatchMutation } from '../../../__generated__/graphql';
import { BATCH_FILE_ACCEPT, batchFileProblem } from '../lib/file-check';
import type { BatchOutcome, UploadRequest } from '../lib/upload-request.deferred';

// the request (its multipart code and mutation) and the progress bar come with the first upload
// (docs/decisions.md#dialogs-on-demand)
const loadRequest = () => import('../lib/upload-request.deferred');
const Progress = lazy(() => import('./upload-progress.deferred'));
// the list of the chosen files and of the batch's outcome, once there is one
const BatchFiles = lazy(() => import('./batch-files.deferred'));

type BatchResult = UploadStockPriceBatchMutation['uploadStockPriceBatch'];

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
    const answer = await loadRequest().then(
      ({ sendBatchUpload }) => {
        request.current = sendBatchUpload(files, setFraction);
        return request.current.promise;
      },
      (): BatchOutcome => ({ ok: false, message: MESSAGES.upload.failed, code: null, problems: [], problemCount: 0 }),
    );
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
            {Array.isArray(value) && value.length > 1
              ? `${formatCount(value.length)} files`
              : (value as File | null)?.name}
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
          {files.length > 1 ? `Upload ${formatCount(files.length)} Files` : 'Upload Files'}
        </Button>
      </Group>
      {sending && (
        <Stack gap={4} data-testid="batch-progress">
          <Suspense fallback={null}>
            <Progress
              value={Math.round(fraction * 100)}
              size="lg"
              animated={fraction >= 1}
              aria-label="Batch upload progress"
            />
          </Suspense>
          <Text size="sm" c="dimmed">
            {fraction < 1
              ? `Sending file ${Math.min(current + 1, files.length)} of ${formatCount(files.length)}… ${Math.round(fraction * 100)}%`
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
        <Suspense fallback={null}>
          <BatchFiles result={result} files={files} pendingState={pendingState} />
        </Suspense>
      )}
    </Stack>
  );
}
