/**
 * The generic data table of docs/product/common.md#generic-tables: title, optional add button, search box with
 * magnifier and search button, a "Sort by" toggle listing the columns, back arrow and Back button at top and
 * bottom, 10 rows per page with the pager, CSV export (formula-safe), a loader until data arrives and
 * an empty state. The AG Grid part is loaded lazily.
 */
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ActionIcon, Alert, Button, Card, Center, Group, Menu, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowsSort,
  IconDownload,
  IconPlus,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { TABLE_PAGE_SIZE, toDisplayWords } from '@bazaar/shared';
import { Pager } from '../pager/pager';
import { CenteredLoader } from '../query-gate';
import { ResultAlert } from '../result-alert';
import { SearchForm } from '../search-form';
import type { DataGridColumn, DataGridProps } from './types';
import type { AgGridTableHandle, SortState } from './ag-grid-table';
import { filterRows } from './search';

import type { AgGridTableProps } from './ag-grid-table';

// the grid library loads with the first table shown, not with the app
const AgGridTable = lazy(() => import('./ag-grid-table')) as unknown as <Row>(
  props: AgGridTableProps<Row> & { ref?: React.Ref<AgGridTableHandle> },
) => React.ReactElement;

export type { DataGridColumn, DataGridAction, DataGridMessage, DataGridProps } from './types';

function BackControls() {
  const navigate = useNavigate();
  return (
    <Button variant="subtle" size="xs" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(-1)}>
      Back
    </Button>
  );
}

export function DataGrid<Row>(props: DataGridProps<Row>) {
  const {
    title,
    rows,
    columns,
    loading,
    error,
    addLabel,
    onAdd,
    pageSize = TABLE_PAGE_SIZE,
    exportFileName,
    emptyText,
    showBack,
    toolbar,
    message,
    onDismissMessage,
    testId,
  } = props;
  const [query, setQuery] = useState('');
  const [appliedQuery, setAppliedQuery] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState | null>(null);
  const gridRef = useRef<AgGridTableHandle>(null);

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

  const showLoader = loading && !rows;
  return (
    <Card withBorder padding="md" radius="md" data-testid={testId ?? 'data-grid'}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            {showBack && (
              <Tooltip label="Back">
                <ActionIcon variant="subtle" aria-label="Back" onClick={() => window.history.back()}>
                  <IconArrowLeft size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            <Title order={2} size="h3">
              {title}
            </Title>
          </Group>
          <Group gap="xs">
            {exportFileName && (
              <Button
                variant="default"
                size="xs"
                leftSection={<IconDownload size={16} />}
                disabled={filtered.length === 0}
                onClick={() => gridRef.current?.exportCsv(exportFileName)}
              >
                Export CSV
              </Button>
            )}
            {onAdd && (
              <Button size="xs" leftSection={<IconPlus size={16} />} onClick={onAdd}>
                {addLabel ?? 'Add'}
              </Button>
            )}
          </Group>
        </Group>
        {showBack && <BackControls />}

        {message && (
          <ResultAlert ok={message.kind === 'success'} onClose={onDismissMessage}>
            {message.text}
          </ResultAlert>
        )}

        <Group gap="xs" wrap="wrap">
          <SearchForm label={`Search ${title}`} value={query} onSearch={search} style={{ flex: '1 1 240px' }} />
          <Menu shadow="md" position="bottom-end" closeOnItemClick>
            <Menu.Target>
              <Button variant="default" leftSection={<IconArrowsSort size={16} />}>
                Sort by
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {namedColumns
                .filter((column) => column.sortable !== false)
                .map((column) => (
                  <Menu.Item
                    key={column.field}
                    onClick={() => chooseSort(column.field)}
                    rightSection={
                      sort?.colId === column.field ? (
                        sort.direction === 'asc' ? (
                          <IconSortAscending size={14} />
                        ) : (
                          <IconSortDescending size={14} />
                        )
                      ) : null
                    }
                  >
                    {column.headerName}
                  </Menu.Item>
                ))}
            </Menu.Dropdown>
          </Menu>
          {toolbar}
        </Group>

        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : showLoader ? (
          <CenteredLoader label={`Loading ${title}`} />
        ) : filtered.length === 0 ? (
          <Center py="xl">
            <Text c="dimmed" data-testid="data-grid-empty">
              {appliedQuery.trim() ? `Nothing matches "${appliedQuery.trim()}".` : (emptyText ?? 'Nothing here yet.')}
            </Text>
          </Center>
        ) : (
          <Suspense fallback={<CenteredLoader label={`Loading ${title}`} />}>
            <AgGridTable<Row>
              ref={gridRef}
              rows={filtered}
              columns={namedColumns}
              actions={props.actions}
              getRowId={props.getRowId}
              pageSize={pageSize}
              page={currentPage}
              sort={sort}
              onSortChange={(next) => {
                setSort(next);
                setPage(1);
              }}
              onRowClick={props.onRowClick}
            />
          </Suspense>
        )}

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
        {showBack && <BackControls />}
      </Stack>
    </Card>
  );
}
