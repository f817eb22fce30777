/**
 * Holdings (docs/product/portfolio.md#holdings): the table '{firm} {segment} Holdings' of the investor's holdings
 * with that firm in that segment (from the navigation state the Investment page sets), an Add Holding
 * button, and Sell, Edit and Delete per row. P&L columns: gross, charges (the breakdown per charge
 * type on hover), dividends (each payment on hover) and net (gross + dividends − charges); open
 * holdings are charged as if sold today. Quantities and prices are today's shares, after splits and
 * bonuses (a badge on the quantity, the trade as entered on hover).
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Alert, Badge, Button, Stack, Text, Title } from '@mantine/core';
import { IconCash, IconEdit, IconTrash } from '@tabler/icons-react';
import {
  adjustmentBadge,
  formatMarketDate as formatDate,
  formatRupees,
  toDisplayWords,
  tradeAsEntered,
} from '@bazaar/shared';
import { useHoldingsBrokerageFirmsQuery, useHoldingsPageQuery } from '../../../__generated__/graphql';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid';
import { usePageTitle } from '../../../components/page-title';
import { Hint } from '../../../components/popup';
import { formatMarketDate } from '../../../lib/dates';
import { loadedModule, loadOnce, whenIdle } from '../../../lib/deferred';
import type { HoldingRow } from '../components/holding-form';
import { toneClass } from '../components/totals';
import { ImportTradebookButton } from '../import/import-tradebook';
import type { HoldingEditing } from './holding-dialogs.deferred';
import classes from './holdings-page.module.css';
import { SYMBOL_MIN_WIDTH } from '../../../components/data-grid/columns';

// the add/edit/sell form and the delete confirmation load after the table (docs/decisions.md#dialogs-on-demand)
const loadDialogs = () => import('./holding-dialogs.deferred');

/** What the Investment page passes when a segment is clicked. */
export interface HoldingsNavigationState {
  segmentName: string;
  firmName: string;
}

function isNavigationState(value: unknown): value is HoldingsNavigationState {
  const candidate = value as Partial<HoldingsNavigationState> | null;
  return typeof candidate?.segmentName === 'string' && typeof candidate.firmName === 'string';
}

function ChargesCell({ holding }: { holding: HoldingRow }) {
  const { profitLoss } = holding;
  const label =
    profitLoss.breakdown.length === 0 ? (
      <Text size="xs">No charges apply</Text>
    ) : (
      // a plain table: Mantine's Table brings its scroll container to every load of the page
      <table className={classes.breakdown} data-testid="charges-breakdown">
        <thead>
          <tr>
            <th>Charge</th>
            <th className={classes.amount}>Buy</th>
            <th className={classes.amount}>{profitLoss.sellChargesEstimated ? 'Sell (if sold today)' : 'Sell'}</th>
          </tr>
        </thead>
        <tbody>
          {profitLoss.breakdown.map((line) => (
            <tr key={line.chargeTypeName}>
              <td>{line.chargeTypeName}</td>
              <td className={classes.amount}>{formatRupees(line.buy)}</td>
              <td className={classes.amount}>{formatRupees(line.sell)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  return (
    <Hint label={label} multiline side="left" tone="panel">
      <span data-testid="charges-cell" style={{ textDecoration: 'underline dotted', cursor: 'help' }}>
        {formatRupees(profitLoss.charges)}
      </span>
    </Hint>
  );
}

/**
 * The quantity held today; after a split or bonus a badge "adjusted ×2 on 19-Sep-2019" whose hover
 * tells the trade as entered (docs/product/portfolio.md#corporate-actions).
 */
function QuantityCell({ holding }: { holding: HoldingRow }) {
  const badge = adjustmentBadge(holding.adjustments);
  if (!badge) return <>{holding.quantity}</>;
  const entered = tradeAsEntered(holding);
  // the badge goes under the number (the row grows) and wraps on a narrow column or a phone's card
  return (
    <div>
      <div>{holding.quantity}</div>
      <Hint label={entered} multiline maxWidth={280} side="top">
        <Badge
          size="xs"
          variant="light"
          color="grape"
          title={entered}
          data-testid="adjusted-badge"
          styles={{ root: { height: 'auto', maxWidth: '100%', cursor: 'help' }, label: { whiteSpace: 'normal' } }}
          style={{ textTransform: 'none', lineHeight: 1.3 }}
        >
          {badge}
        </Badge>
      </Hint>
    </div>
  );
}

/** The dividends credited; each payment on hover. */
function dividendsTitle(holding: HoldingRow): string {
  return holding.profitLoss.dividendPayments
    .map((d) => `${formatDate(d.exDate)}: ${formatRupees(d.perShare)} × ${d.shares} = ${formatRupees(d.amount)}`)
    .join('\n');
}

function DividendsCell({ holding }: { holding: HoldingRow }) {
  const { dividends, dividendPayments } = holding.profitLoss;
  if (dividendPayments.length === 0) return <>{formatRupees(dividends)}</>;
  return (
    <span
      title={dividendsTitle(holding)}
      data-testid="dividends-cell"
      style={{ textDecoration: 'underline dotted', cursor: 'help' }}
    >
      {formatRupees(dividends)}
    </span>
  );
}

/**
 * The key columns (symbol, status, quantity, average price, last price, net P&L) always show; the optional ones
 * when the table has room or under "Columns", and under "More" in the phone card list
 * (docs/product/portfolio.md#holdings).
 */
const COLUMNS: DataGridColumn<HoldingRow>[] = [
  { field: 'symbol', headerName: 'Symbol', minWidth: SYMBOL_MIN_WIDTH },
  // the old app's text helper: REALIZED → Realized (docs/product/portfolio.md#holdings)
  { field: 'status', headerName: 'Status', width: 110, format: (value) => toDisplayWords(String(value)) },
  {
    field: 'quantity',
    headerName: 'Qty',
    numeric: true,
    minWidth: 110,
    wrap: true,
    render: (row) => <QuantityCell holding={row} />,
  },
  { field: 'price', headerName: 'Avg Price', numeric: true, format: (value) => formatRupees(value as string) },
  {
    field: 'currentPrice',
    headerName: 'LTP',
    numeric: true,
    format: (value) => formatRupees(value as string | null),
  },

  {
    field: 'gross',
    headerName: 'Gross P&L',
    numeric: true,
    optional: true,
    minWidth: 120,
    value: (row) => row.profitLoss.gross,
    format: (value) => formatRupees(value as string | null),
    cellClass: (row) => toneClass(row.profitLoss.gross),
  },
  {
    field: 'charges',
    headerName: 'Charges',
    numeric: true,
    optional: true,
    minWidth: 100,
    value: (row) => row.profitLoss.charges,
    render: (row) => <ChargesCell holding={row} />,
  },
  {
    field: 'dividends',
    headerName: 'Dividends',
    numeric: true,
    optional: true,
    minWidth: 110,
    value: (row) => row.profitLoss.dividends,
    render: (row) => <DividendsCell holding={row} />,
  },
  {
    field: 'net',
    headerName: 'Net P&L',
    numeric: true,
    minWidth: 120,
    value: (row) => row.profitLoss.net,
    format: (value) => formatRupees(value as string | null),
    cellClass: (row) => toneClass(row.profitLoss.net),
  },
  {
    field: 'dayChange',
    headerName: 'Day Change',
    numeric: true,
    optional: true,
    value: (row) => row.quote?.changePercent ?? null,
    format: (value) => (value === null ? '' : `${value}%`),
    cellClass: (row) => toneClass(row.quote?.change),
  },
  {
    field: 'creationDate',
    headerName: 'Buying Date',
    optional: true,
    minWidth: 120,
    format: (value) => formatMarketDate(value as string),
  },
  {
    field: 'sellPrice',
    headerName: 'Sell Price',
    numeric: true,
    optional: true,
    format: (value) => formatRupees(value as string | null),
  },
  {
    field: 'sellingDate',
    headerName: 'Selling Date',
    optional: true,
    minWidth: 120,
    format: (value) => formatMarketDate(value as string | null),
  },
  { field: 'exchange', headerName: 'Exchange', width: 100, optional: true },
];

export default function HoldingsPage() {
  const location = useLocation();
  const state = isNavigationState(location.state) ? location.state : null;
  const title = state ? `${state.firmName} ${state.segmentName} Holdings` : 'Holdings';
  usePageTitle(title);
  const { data, loading, error, refetch, fetchMore } = useHoldingsPageQuery({
    variables: { brokerName: state?.firmName, segmentName: state?.segmentName },
    skip: !state,
    fetchPolicy: 'cache-and-network',
  });
  const connection = data?.holdingConnection;
  const rows = useMemo(() => connection?.edges.map((edge) => edge.node), [connection]);
  // the pages after the first, one after another, appended to the first page's answer
  const nextCursor = connection?.pageInfo.hasNextPage ? connection.pageInfo.endCursor : null;
  useEffect(() => {
    if (!nextCursor) return;
    void fetchMore({
      variables: { after: nextCursor },
      updateQuery: (previous, { fetchMoreResult }) => ({
        holdingConnection: {
          ...fetchMoreResult.holdingConnection,
          edges: [...previous.holdingConnection.edges, ...fetchMoreResult.holdingConnection.edges],
        },
      }),
    });
  }, [nextCursor, fetchMore]);
  const firms = useHoldingsBrokerageFirmsQuery({ skip: !state });
  const [editing, setEditing] = useState<HoldingEditing>(null);
  const [toDelete, setToDelete] = useState<HoldingRow | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [, setLoads] = useState(0);
  const Dialogs = loadedModule(loadDialogs)?.default;
  // a dialog asked for before its module is there opens once it has loaded; a failed load says so above the table
  const loadDialogsNow = () =>
    loadOnce(loadDialogs).then(
      () => setLoads((count) => count + 1),
      () => {
        setEditing(null);
        setToDelete(null);
        setMessage({ kind: 'error', text: 'The form could not be loaded. Please try again.' });
      },
    );
  const ask =
    <Args extends unknown[]>(open: (...args: Args) => void) =>
    (...args: Args) => {
      open(...args);
      void loadDialogsNow();
    };
  useEffect(
    () =>
      whenIdle(() => {
        loadOnce(loadDialogs).then(
          () => setLoads((count) => count + 1),
          () => undefined,
        );
      }),
    [],
  );

  if (!state) {
    return (
      <Stack>
        <Title order={1} size="h2">
          Holdings
        </Title>
        <Alert color="yellow" data-testid="holdings-no-segment">
          Choose a brokerage account and a segment first: <Link to="/accounts">Brokerage Accounts</Link>.
        </Alert>
      </Stack>
    );
  }
  const navigation = state;
  const firmId = firms.data?.brokerageFirms.find(
    (firm) => firm.name.toLowerCase() === navigation.firmName.toLowerCase(),
  )?.id;

  return (
    <>
      <DataGrid
        title={title}
        testId="holdings-grid"
        rows={rows}
        columns={COLUMNS}
        getRowId={(holding) => holding.id}
        loading={loading || nextCursor !== null}
        error={error && !data ? error : null}
        onRetry={() => void refetch()}
        addLabel="Add Holding"
        onAdd={ask(() => setEditing({ mode: 'add' }))}
        onAddIntent={Dialogs ? undefined : () => void loadDialogsNow()}
        addLoading={editing !== null && !Dialogs}
        exportFileName={`${navigation.firmName}-${navigation.segmentName}-holdings`}
        emptyText="No holdings here yet. Add one with Add Holding, or import your broker's tradebook."
        showBack
        toolbar={
          <>
            <ImportTradebookButton
              firmName={navigation.firmName}
              segmentName={navigation.segmentName}
              onImported={() => void refetch()}
            />
            <Button component={Link} to="/tax-pnl" variant="subtle" data-testid="holdings-tax-link">
              Tax P&amp;L
            </Button>
          </>
        }
        message={message}
        onDismissMessage={() => setMessage(null)}
        actions={[
          {
            label: 'Sell',
            icon: <IconCash size={16} />,
            color: 'green',
            onClick: ask((holding: HoldingRow) => setEditing({ mode: 'sell', holding })),
            hidden: (holding) => holding.status === 'REALIZED',
          },
          {
            label: 'Edit',
            icon: <IconEdit size={16} />,
            onClick: ask((holding: HoldingRow) => setEditing({ mode: 'edit', holding })),
          },
          { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', onClick: ask(setToDelete) },
        ]}
      />
      {Dialogs && (
        <Dialogs
          editing={editing}
          navigation={navigation}
          firmId={firmId}
          onCloseForm={() => setEditing(null)}
          toDelete={toDelete}
          onCloseDelete={() => setToDelete(null)}
          onMessage={setMessage}
          refetch={refetch}
        />
      )}
    </>
  );
}
