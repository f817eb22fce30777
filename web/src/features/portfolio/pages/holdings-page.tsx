/**
 * Holdings (docs/product/portfolio.md#holdings): the table '{firm} {segment} Holdings' of the investor's holdings
 * with that firm in that segment (at /holdings/{firm}/{segment}, or from the navigation state the old app's
 * Investment page set), an Add Holding button, and Sell, Edit and Delete per row; at /holdings alone, All Holdings:
 * every firm and segment, each row linking to its own table. P&L columns: gross, charges (the breakdown per charge
 * type on hover), dividends (each payment on hover) and net (gross + dividends − charges); open
 * holdings are charged as if sold today. Quantities and prices are today's shares, after splits and
 * bonuses (a badge on the quantity, the trade as entered on hover).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { Anchor, Badge, Button, Text } from '@mantine/core';
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
import { useDialogFocusReturn } from '../../../components/data-grid/focus-return';
import { usePageTitle } from '../../../components/page-title';
import { Hint } from '../../../components/popup';
import { formatMarketDate } from '../../../lib/dates';
import { loadedModule, loadOnce, whenIdle } from '../../../lib/deferred';
import type { HoldingRow } from '../components/holding-form';
import { toneClass } from '../components/totals';
import { ImportTradebookButton } from '../import/import-tradebook';
import type { HoldingEditing } from './holding-dialogs.deferred';
import classes from './holdings-page.module.css';
import { holdingsAddress } from './holdings-address';
import { HoldingsViewSwitch, PositionsTables, type HoldingsView } from './positions-tables';
import { SYMBOL_MIN_WIDTH } from '../../../components/data-grid/columns';

// the add/edit/sell form and the delete confirmation load after the table (docs/decisions.md#dialogs-on-demand)
const loadDialogs = () => import('./holding-dialogs.deferred');

/** A firm's segment, from the address or from the navigation state the old app's Investment page passed. */
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

/** "Gross ₹384.00 + dividends ₹808.00 − charges ₹19.23 = ₹1,172.77": how the row's Net P&L adds up. */
function netTitle(holding: HoldingRow): string {
  const { gross, dividends, charges, net } = holding.profitLoss;
  return `Gross ${formatRupees(gross)} + dividends ${formatRupees(dividends)} − charges ${formatRupees(charges)} = ${formatRupees(net)}`;
}

/** A money column of the row's P&L figure `field` (exported as a number), drawn as `drawn` says. */
function profitLossColumn(
  field: 'gross' | 'charges' | 'dividends' | 'net',
  headerName: string,
  minWidth: number,
  drawn: Partial<DataGridColumn<HoldingRow>>,
): DataGridColumn<HoldingRow> {
  return {
    field,
    headerName,
    numeric: true,
    exportAs: 'money',
    minWidth,
    value: (row) => row.profitLoss[field],
    ...drawn,
  };
}

/**
 * The key columns (symbol, status, quantity, average price, last price, charges, dividends, net P&L) always show; the optional ones
 * when the table has room or under "Columns", and under "More" in the phone card list
 * (docs/product/portfolio.md#holdings).
 */
export const HOLDINGS_COLUMNS: DataGridColumn<HoldingRow>[] = [
  { field: 'symbol', headerName: 'Symbol', minWidth: SYMBOL_MIN_WIDTH },
  // the old app's text helper: REALIZED → Realized (docs/product/portfolio.md#holdings)
  { field: 'status', headerName: 'Status', width: 110, format: (value) => toDisplayWords(String(value)) },
  {
    field: 'quantity',
    headerName: 'Qty',
    numeric: true,
    exportAs: 'integer',
    minWidth: 110,
    wrap: true,
    render: (row) => <QuantityCell holding={row} />,
  },
  {
    field: 'price',
    headerName: 'Avg Price',
    numeric: true,
    exportAs: 'money',
    format: (value) => formatRupees(value as string),
  },
  {
    field: 'currentPrice',
    headerName: 'LTP',
    numeric: true,
    exportAs: 'money',
    format: (value) => formatRupees(value as string | null),
  },

  profitLossColumn('gross', 'Gross P&L', 120, {
    optional: true,
    format: (value) => formatRupees(value as string | null),
    cellClass: (row) => toneClass(row.profitLoss.gross),
  }),
  // Charges and Dividends always shown: with them Net P&L can be reconciled on the row (gross + dividends − charges)
  profitLossColumn('charges', 'Charges', 100, { render: (row) => <ChargesCell holding={row} /> }),
  profitLossColumn('dividends', 'Dividends', 110, { render: (row) => <DividendsCell holding={row} /> }),
  profitLossColumn('net', 'Net P&L', 120, {
    // the sum on hover: Gross P&L is optional at a laptop's width, Charges and Dividends are beside it
    render: (row) => (
      <span title={netTitle(row)} data-testid="net-cell">
        {formatRupees(row.profitLoss.net)}
      </span>
    ),
    cellClass: (row) => toneClass(row.profitLoss.net),
  }),
  {
    field: 'dayChange',
    headerName: 'Day Change',
    numeric: true,
    exportAs: 'percent',
    optional: true,
    value: (row) => row.quote?.changePercent ?? null,
    format: (value) => (value === null ? '' : `${value}%`),
    cellClass: (row) => toneClass(row.quote?.change),
  },
  {
    field: 'creationDate',
    headerName: 'Buying Date',
    optional: true,
    exportAs: 'date',
    minWidth: 120,
    format: (value) => formatMarketDate(value as string),
  },
  {
    field: 'sellPrice',
    headerName: 'Sell Price',
    numeric: true,
    exportAs: 'money',
    optional: true,
    format: (value) => formatRupees(value as string | null),
  },
  {
    field: 'sellingDate',
    headerName: 'Selling Date',
    optional: true,
    exportAs: 'date',
    minWidth: 120,
    format: (value) => formatMarketDate(value as string | null),
  },
  { field: 'exchange', headerName: 'Exchange', width: 100, optional: true },
];

/** All Holdings: each row's firm and segment first, linking to that segment's own table. */
const ALL_HOLDINGS_COLUMNS: DataGridColumn<HoldingRow>[] = [
  {
    field: 'firm',
    headerName: 'Brokerage Firm',
    minWidth: 150,
    value: (row) => row.brokerageFirm.name,
    render: (row) => (
      <Anchor component={Link} to={holdingsAddress(row.brokerageFirm.name, row.segmentName)} inherit>
        {row.brokerageFirm.name}
      </Anchor>
    ),
  },
  { field: 'segmentName', headerName: 'Segment', minWidth: 110, optional: true },
  ...HOLDINGS_COLUMNS,
];

export default function HoldingsPage() {
  const location = useLocation();
  const { firm, segment } = useParams();
  const state: HoldingsNavigationState | null =
    firm && segment
      ? { firmName: firm, segmentName: segment }
      : isNavigationState(location.state)
        ? location.state
        : null;
  const title = state ? `${state.firmName} ${state.segmentName} Holdings` : 'All Holdings';
  usePageTitle(title);
  // without a firm and a segment: every holding of the investor
  const { data, loading, error, refetch, fetchMore } = useHoldingsPageQuery({
    variables: { brokerName: state?.firmName, segmentName: state?.segmentName },
    fetchPolicy: 'cache-and-network',
  });
  const connection = data?.holdingConnection;
  const allRows = useMemo(() => connection?.edges.map((edge) => edge.node), [connection]);
  // the view in the address (?view=lots, ?symbol= for one stock's lots): positions unless asked otherwise
  const [search, setSearch] = useSearchParams();
  const view: HoldingsView = search.get('view') === 'lots' ? 'lots' : 'positions';
  const lotsOf = view === 'lots' ? search.get('symbol') : null;
  const rows = useMemo(
    () => (lotsOf && allRows ? allRows.filter((row) => row.symbol === lotsOf) : allRows),
    [allRows, lotsOf],
  );
  // switching the view replaces the address (Back leaves the page); opening a position's lots is a step of its own
  const showView = useCallback(
    (next: HoldingsView, symbol?: string) =>
      setSearch(next === 'lots' ? (symbol ? { view: 'lots', symbol } : { view: 'lots' }) : {}, { replace: !symbol }),
    [setSearch],
  );
  const openLots = useCallback((symbol: string) => showView('lots', symbol), [showView]);
  // the view chosen with the switch: the other view's switch takes the focus once drawn
  const switchFocus = useRef<HoldingsView | null>(null);
  const viewSwitch = (
    <HoldingsViewSwitch
      view={view}
      focusRequest={switchFocus}
      onChange={(next) => {
        switchFocus.current = next;
        showView(next);
      }}
    />
  );
  const lotsFilter = lotsOf && (
    <Button variant="light" color="gray" onClick={() => showView('lots')} data-testid="lots-of">
      Lots of {lotsOf} ✕
    </Button>
  );
  const pageError = error && !data ? error : null;
  const retry = () => void refetch();
  // the pages after the first, one after another, appended to the first page's answer
  const nextCursor = connection?.pageInfo.hasNextPage ? connection.pageInfo.endCursor : null;
  const stillLoading = loading || nextCursor !== null;
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
  // Mantine's Modal gives the focus back to its opener only when it was mounted closed: a dialog asked for before its
  // module had loaded mounts open (its opener disabled meanwhile, a button waiting), and the focus fell to the page's
  // body when it closed; a deleted lot's Delete goes with its row, and the focus goes to the next lot's
  // (docs/product/common.md#keyboard)
  const dialogOpen = editing !== null || toDelete !== null;
  const rememberOpener = useDialogFocusReturn(dialogOpen);
  const ask =
    <Args extends unknown[]>(open: (...args: Args) => void) =>
    (...args: Args) => {
      rememberOpener();
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

  // what each of the page's tables (the lots, or the positions and closed ones) shows alike
  const tableState = { title, loading: stillLoading, error: pageError, onRetry: retry };
  const holdingsGrid = { ...tableState, testId: 'holdings-grid', rows, getRowId: (holding: HoldingRow) => holding.id };

  if (!state) {
    const emptyText =
      "No holdings yet. Open Brokerage Accounts, choose a firm and a segment, and add a holding or import your broker's tradebook there.";
    const links = (
      <>
        <Button component={Link} to="/accounts" variant="light" data-testid="holdings-accounts-link">
          Brokerage Accounts
        </Button>
        <Button component={Link} to="/tax-pnl" variant="subtle" data-testid="holdings-tax-link">
          Tax P&amp;L
        </Button>
      </>
    );
    if (view === 'positions')
      return (
        <PositionsTables
          {...tableState}
          rows={allRows}
          exportFileName="all-holdings"
          emptyText={emptyText}
          onOpenLots={openLots}
          toolbar={
            <>
              {viewSwitch}
              {links}
            </>
          }
        />
      );
    return (
      <DataGrid
        {...holdingsGrid}
        columns={ALL_HOLDINGS_COLUMNS}
        exportFileName="all-holdings"
        emptyText={emptyText}
        toolbar={
          <>
            {viewSwitch}
            {lotsFilter}
            {links}
          </>
        }
      />
    );
  }
  const navigation = state;
  const firmId = firms.data?.brokerageFirms.find(
    (firm) => firm.name.toLowerCase() === navigation.firmName.toLowerCase(),
  )?.id;

  const segmentTools = (
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
  );
  const segmentEmptyText = "No holdings here yet. Add one with Add Holding, or import your broker's tradebook.";

  return (
    <>
      {view === 'positions' ? (
        <PositionsTables
          {...tableState}
          rows={allRows}
          exportFileName={`${navigation.firmName}-${navigation.segmentName}-holdings`}
          emptyText={segmentEmptyText}
          showBack
          addLabel="Add Holding"
          onAdd={ask(() => setEditing({ mode: 'add' }))}
          onOpenLots={openLots}
          toolbar={
            <>
              {viewSwitch}
              {segmentTools}
            </>
          }
        />
      ) : (
        <DataGrid
          {...holdingsGrid}
          columns={HOLDINGS_COLUMNS}
          addLabel="Add Holding"
          onAdd={ask(() => setEditing({ mode: 'add' }))}
          onAddIntent={Dialogs ? undefined : () => void loadDialogsNow()}
          addLoading={editing !== null && !Dialogs}
          exportFileName={`${navigation.firmName}-${navigation.segmentName}-holdings`}
          emptyText={segmentEmptyText}
          showBack
          toolbar={
            <>
              {viewSwitch}
              {lotsFilter}
              {segmentTools}
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
      )}
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
