/**
 * The generic data table of docs/product/common.md#generic-tables: title, optional add button, search box with
 * magnifier and search button, a "Sort by" toggle listing the columns, one Back button, 10 rows per page with the
 * pager, CSV export (formula-safe), a loader until data arrives and an empty state. The key columns always show;
 * the optional ones when they fit the width or the user picks them under "Columns". At 576 px and below the rows
 * are cards (CardList) instead of a grid. The AG Grid part is loaded lazily (not at all on a phone).
 */
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconArrowLeft, IconDownload, IconPlus } from '@tabler/icons-react';
import { TABLE_PAGE_SIZE, toDisplayWords } from '@bazaar/shared';
import { Pager } from '../pager/pager';
import { CenteredLoader } from '../query-gate';
import { ResultAlert } from '../result-alert';
import { RetryAlert } from '../retry-alert';
import { SearchForm } from '../search-form';
import { useIsCardList } from '../../lib/use-is-mobile';
import type { DataGridColumn, DataGridProps } from './types';
import type { AgGridTableProps, SortState } from './ag-grid-table';
import { filterRows } from './search';
import { tableCsv } from './csv';
import { actionsWidth, overflows, sortRows, visibleFields } from './columns';
import { CardList } from './card-list';
import { ColumnsButton, SortByButton } from './grid-options';
import classes from './data-grid.module.css';

// the grid library loads with the first table shown, not with the app
const AgGridTable = lazy(() => import('./ag-grid-table')) as unknown as <Row>(
  props: AgGridTableProps<Row>,
) => React.ReactElement;

export type { DataGridColumn, DataGridAction, DataGridMessage, DataGridProps } from './types';

/** Downloads the table's CSV (tableCsv) as `fileName`.csv. */
function downloadCsv<Row>(fileName: string, rows: readonly Row[], columns: DataGridColumn<Row>[]): void {
  const url = URL.createObjectURL(new Blob([tableCsv(rows, columns)], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: `${fileName}.csv` });
  link.click();
  URL.revokeObjectURL(url);
}

/** One Back control (a table page had three: an arrow and two buttons). */
function BackControls() {
  const navigate = useNavigate();
  return (
    // above the title, at its start (in the Stack, stretched, it was a full-width button with its label centred)
    <Button
      variant="subtle"
      size="xs"
      leftSection={<IconArrowLeft size={16} />}
      onClick={() => navigate(-1)}
      style={{ alignSelf: 'flex-start' }}
    >
      Back
    </Button>
  );
}

export function DataGrid<Row>(props: DataGridProps<Row>) {
  const {
    title,
    rows: answeredRows,
    columns,
    loading,
    error,
    onRetry,
    addLabel,
    onAdd,
    onAddIntent,
    addLoading,
    pageSize = TABLE_PAGE_SIZE,
    exportFileName,
    emptyText,
    showBack,
    toolbar,
    message,
    onDismissMessage,
    testId,
    headingOrder = 1,
  } = props;
  // the rows are drawn as a deferred value: when they arrive (an Apollo answer renders at once, in one task) React
  // draws the table in slices instead, the loader staying until then (a phone's main thread stays free;
  // docs/benchmarks.md#page-weight-and-speed)
  const rows = useDeferredValue(answeredRows);
  // read at the first render (the app is drawn only in the browser): a first render as a desktop would start
  // loading AG Grid (150 KiB gzip) on a phone that then shows cards
  const phone = useIsCardList();
  const { ref: widthRef, width } = useElementSize();
  const [chosenColumns, setChosenColumns] = useState<Set<string> | null>(null);
  const [query, setQuery] = useState('');
  const [appliedQuery, setAppliedQuery] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState | null>(null);

  const namedColumns = useMemo<DataGridColumn<Row>[]>(
    () => columns.map((column) => ({ ...column, headerName: column.headerName ?? toDisplayWords(column.field) })),
    [columns],
  );
  const filtered = useMemo(
    () => (rows ? filterRows(rows, namedColumns, appliedQuery) : []),
    [rows, namedColumns, appliedQuery],
  );
  const totalPages = Math.max(1, Math.ceil(filtered.length / pageSize));
  const currentPage = Math.min(page, totalPages);
  const optionalColumns = namedColumns.filter((column) => column.optional);
  const reserved = actionsWidth(props.actions?.length ?? 0) + 4;
  const shownFields = visibleFields(namedColumns, width, reserved, chosenColumns);
  const scrolls = overflows(namedColumns, shownFields, width, reserved);
  const shownKey = shownFields.join(',');
  const hiddenFields = useMemo(
    () => namedColumns.filter((column) => !shownKey.split(',').includes(column.field)).map((column) => column.field),
    [namedColumns, shownKey],
  );
  // sorted and paged here for both forms: the grid draws one page (docs/decisions.md#bundle-size)
  const sorted = useMemo(() => sortRows(filtered, namedColumns, sort), [filtered, namedColumns, sort]);
  const pageRows = useMemo(
    () => sorted.slice((currentPage - 1) * pageSize, currentPage * pageSize),
    [sorted, currentPage, pageSize],
  );

  function toggleColumn(field: string) {
    setChosenColumns((current) => {
      const next = new Set(current ?? shownFields);
      if (next.has(field)) next.delete(field);
      else next.add(field);
      return next;
    });
  }

  function search(text: string) {
    setQuery(text);
    setAppliedQuery(text);
    setPage(1);
  }

  function chooseSort(colId: string) {
    setSort((current) =>
      current?.colId === colId
        ? current.direction === 'asc'
          ? { colId, direction: 'desc' }
          : null
        : { colId, direction: 'asc' },
    );
    setPage(1);
  }

  const showLoader = (loading || answeredRows !== undefined) && !rows;
  return (
    <Card withBorder padding="md" radius="md" data-testid={testId ?? 'data-grid'} data-grid-root="">
      <Stack gap="sm">
        {showBack && <BackControls />}
        <Group justify="space-between" wrap="wrap" gap="xs">
          {/* the focus lands here after the last row is deleted from a table without an add button */}
          <Title order={headingOrder} size="h3" tabIndex={-1} data-grid-focus="">
            {title}
          </Title>
          <Group gap="xs">
            {exportFileName && (
              <Button
                variant="default"
                size="xs"
                leftSection={<IconDownload size={16} />}
                disabled={filtered.length === 0}
                onClick={() => downloadCsv(exportFileName, sorted, namedColumns)}
              >
                Export CSV
              </Button>
            )}
            {onAdd && (
              <Button
                size="xs"
                leftSection={<IconPlus size={16} />}
                data-grid-focus=""
                onClick={onAdd}
                onPointerEnter={onAddIntent}
                onFocus={onAddIntent}
                loading={addLoading}
              >
                {addLabel ?? 'Add'}
              </Button>
            )}
          </Group>
        </Group>

        {message && (
          <ResultAlert ok={message.kind === 'success'} onClose={onDismissMessage}>
            {message.text}
          </ResultAlert>
        )}

        <Group gap="xs" wrap="wrap">
          <SearchForm label={`Search ${title}`} value={query} onSearch={search} style={{ flex: '1 1 240px' }} />
          <SortByButton columns={namedColumns} sort={sort} onChoose={chooseSort} />
          {optionalColumns.length > 0 && !phone && (
            <ColumnsButton columns={optionalColumns} shown={shownFields} onToggle={toggleColumn} />
          )}
          {toolbar}
        </Group>

        <div ref={widthRef} className={classes.grid}>
          {error ? (
            <RetryAlert
              title={`${title} could not be loaded`}
              error={error}
              message={typeof error === 'string' ? error : undefined}
              onRetry={onRetry}
              testId={testId ? `${testId}-error` : undefined}
            />
          ) : showLoader ? (
            <CenteredLoader label={`Loading ${title}`} />
          ) : filtered.length === 0 ? (
            <Center py="xl">
              <Text c="dimmed" data-testid="data-grid-empty">
                {appliedQuery.trim() ? `Nothing matches "${appliedQuery.trim()}".` : (emptyText ?? 'Nothing here yet.')}
              </Text>
            </Center>
          ) : phone ? (
            <CardList
              rows={pageRows}
              columns={namedColumns}
              actions={props.actions}
              getRowId={props.getRowId}
              onRowClick={props.onRowClick}
            />
          ) : (
            <Suspense fallback={<CenteredLoader label={`Loading ${title}`} />}>
              <AgGridTable<Row>
                rows={pageRows}
                columns={namedColumns}
                hiddenFields={hiddenFields}
                pinEnds={scrolls}
                actions={props.actions}
                getRowId={props.getRowId}
                sort={sort}
                onSortChange={(next) => {
                  setSort(next);
                  setPage(1);
                }}
                onRowClick={props.onRowClick}
              />
            </Suspense>
          )}
        </div>

        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="xs" c="dimmed">
            {rows ? `${filtered.length} ${filtered.length === 1 ? 'row' : 'rows'}` : ''}
          </Text>
          <Pager
            totalItems={filtered.length}
            itemsPerPage={pageSize}
            currentPage={currentPage}
            onChange={setPage}
            label={`${title} pages`}
          />
        </Group>
      </Stack>
    </Card>
  );
}
