/**
 * Upload screen (route `upload`, staff and administrators): 'Upload Files' with the upload form,
 * the stock-price backfill (many files and zip archives at once), and the history of accepted
 * uploads below them (who, when, what, and what each did).
 */
import { Card, Stack, Title } from '@mantine/core';
import { formatCount, toDisplayWords } from '@bazaar/shared';
import {
  useUploadHistoryQuery,
  useUploadPageTypesQuery,
  type UploadHistoryQuery,
} from '../../../__generated__/graphql';
import { RetryAlert } from '../../../components/retry-alert';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid';
import { usePageTitle } from '../../../components/page-title';
import { formatMarketDate, formatMediumDateTime } from '../../../lib/dates';
import { UploadForm } from '../components/upload-form';
import { BatchUpload } from '../components/batch-upload';

type UploadRow = UploadHistoryQuery['uploadHistory']['items'][number];

const HISTORY_SIZE = 200;

// the key columns (when, what, which file, which days, the outcome) fit a 1366 px screen beside the sidebar; the
// counts, the uploader and the digest are optional: shown as room allows or picked under "Columns"
// (docs/product/common.md#generic-tables)
/** A count cell: the grid hands the value over untyped. */
const countCell = (value: unknown) => formatCount(value as number | null);

const COLUMNS: DataGridColumn<UploadRow>[] = [
  {
    field: 'uploadedAt',
    exportAs: 'datetime',
    headerName: 'Uploaded At',
    format: (value) => formatMediumDateTime(value as string),
    minWidth: 180,
  },
  { field: 'type', headerName: 'Type', format: (value) => toDisplayWords(String(value)), minWidth: 170, wrap: true },
  { field: 'fileName', headerName: 'File Name', minWidth: 190, wrap: true },
  {
    field: 'dates',
    headerName: 'Dates',
    value: (row) => (row.firstDate ? `${row.firstDate} ${row.lastDate}` : ''),
    format: (_value, row) =>
      row.firstDate
        ? row.firstDate === row.lastDate
          ? formatMarketDate(row.firstDate)
          : `${formatMarketDate(row.firstDate)} – ${formatMarketDate(row.lastDate)}`
        : '',
    minWidth: 130,
    wrap: true,
  },
  { field: 'message', headerName: 'Message', minWidth: 260, flex: 1, wrap: true },
  {
    field: 'rowsInFile',
    headerName: 'Rows',
    numeric: true,
    exportAs: 'integer',
    format: countCell,
    width: 100,
    optional: true,
  },
  {
    field: 'rowsInserted',
    headerName: 'New',
    numeric: true,
    exportAs: 'integer',
    format: countCell,
    width: 100,
    optional: true,
  },
  {
    field: 'rowsUpdated',
    headerName: 'Replaced',
    numeric: true,
    exportAs: 'integer',
    format: countCell,
    width: 110,
    optional: true,
  },
  {
    field: 'rowsUnchanged',
    headerName: 'Unchanged',
    numeric: true,
    exportAs: 'integer',
    format: countCell,
    width: 120,
    optional: true,
  },
  { field: 'uploadedBy', headerName: 'Uploaded By', width: 140, optional: true },
  {
    field: 'fileSha256',
    headerName: 'SHA-256',
    minWidth: 200,
    format: (value) => `${String(value).slice(0, 16)}…`,
    optional: true,
  },
];

export default function UploadPage() {
  usePageTitle('Upload Files');
  const types = useUploadPageTypesQuery();
  const history = useUploadHistoryQuery({ variables: { limit: HISTORY_SIZE, offset: 0 } });

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" radius="md" maw={760}>
        <Stack gap="md">
          <Title order={1} size="h2">
            Upload Files
          </Title>
          {types.error && !types.data && (
            <RetryAlert
              title="The upload types could not be loaded"
              error={types.error}
              onRetry={() => void types.refetch()}
              testId="upload-types-error"
            />
          )}
          <UploadForm
            types={types.data?.uploadTypes}
            loadingTypes={types.loading && !types.data}
            onUploaded={() => void history.refetch()}
          />
        </Stack>
      </Card>
      <Card withBorder padding="lg" radius="md" maw={760}>
        <BatchUpload onUploaded={() => void history.refetch()} />
      </Card>
      <DataGrid
        headingOrder={2}
        title="Upload History"
        testId="upload-history"
        rows={history.data?.uploadHistory.items}
        columns={COLUMNS}
        getRowId={(row) => row.id}
        loading={history.loading}
        error={history.error && !history.data ? history.error : null}
        onRetry={() => void history.refetch()}
        exportFileName="upload-history"
        emptyText="No uploads yet."
      />
    </Stack>
  );
}
