/**
 * The Import tradebook dialog (docs/product/portfolio.md#tradebook-import): the flow pick a file, firm and segment →
 * preview (buys and sells per symbol, the holdings that will result, every problem by line) → confirm → the holdings
 * are written. Nothing is written before the confirmation, and a file with any problem cannot be confirmed. Loaded
 * when its button is pointed at, focused or clicked (docs/decisions.md#dialogs-on-demand); mounted afresh for every
 * opening, so each starts at the first step. Each step's buttons replace the last one's: the focus moves to the new
 * step's next control (Confirm, else Back; Close; Preview) instead of falling to the page behind the dialog
 * (docs/product/common.md#keyboard).
 */
import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Modal,
  NativeSelect,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { formatCount, formatRupees, GENERIC_TRADES_TEMPLATE, GENERIC_TRADES_TEMPLATE_FILE_NAME } from '@bazaar/shared';
import { useTradebookImportChoicesQuery } from '../../../__generated__/graphql';
import { ResultAlert } from '../../../components/result-alert';
import { RowsTable } from '../../../components/rows-table';
import { formatMarketDate } from '../../../lib/dates';
import { useIsCardList } from '../../../lib/use-is-mobile';
import { sendTradebookImport, type TradebookImportResult } from './import-request';

const FILE_ACCEPT =
  '.csv,.xls,.xlsx,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const LAYOUT_NAMES: Record<string, string> = {
  ZERODHA_TRADEBOOK: 'Zerodha Console equity tradebook',
  GENERIC_TRADES: 'trades CSV',
  HOLDINGS_EXPORT: 'holdings export',
};

export interface ImportTradebookDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The firm and segment chosen at first (the page's own, when it has them). */
  firmName?: string | undefined;
  segmentName?: string | undefined;
  /** Called after a commit, to refresh what the page shows. */
  onImported?: () => void;
}

type Step =
  | { kind: 'pick' }
  | { kind: 'preview'; result: TradebookImportResult }
  | { kind: 'done'; result: TradebookImportResult };

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([GENERIC_TRADES_TEMPLATE], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = GENERIC_TRADES_TEMPLATE_FILE_NAME;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const plural = (value: number, word: string) => `${formatCount(value)} ${word}${value === 1 ? '' : 's'}`;

function Counts({ result }: { result: TradebookImportResult }) {
  return (
    <Text fw={500} data-testid="import-counts">
      {plural(result.buys, 'buy')} · {plural(result.sells, 'sell')} · {formatCount(result.skipped)} already imported
      (skipped)
      {result.layout ? (
        <Text span c="dimmed" size="sm" fw={400}>
          {' '}
          — read as a {LAYOUT_NAMES[result.layout] ?? result.layout}
        </Text>
      ) : null}
    </Text>
  );
}

function Problems({ result }: { result: TradebookImportResult }) {
  if (result.problems.length === 0) return null;
  return (
    <Alert
      color="red"
      role="alert"
      title={`${plural(result.problemsTotal, 'problem')}: nothing can be imported until the file is fixed${
        result.problemsTotal > result.problems.length ? ` (the first ${formatCount(result.problems.length)} below)` : ''
      }`}
    >
      <ScrollArea.Autosize mah={180}>
        <RowsTable
          fz="sm"
          verticalSpacing={2}
          data-testid="import-problems"
          rows={result.problems}
          rowKey={(problem, index) => `${problem.line}-${index}`}
          columns={[
            { header: 'Line', width: 60, cell: (problem) => problem.line },
            {
              header: 'Problem',
              cell: (problem) =>
                problem.column ? `${problem.column} '${problem.value ?? ''}': ${problem.message}` : problem.message,
            },
          ]}
        />
      </ScrollArea.Autosize>
    </Alert>
  );
}

function SymbolCounts({ result }: { result: TradebookImportResult }) {
  if (result.symbols.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        Trades per symbol
      </Title>
      <ScrollArea.Autosize mah={160}>
        <RowsTable
          fz="sm"
          verticalSpacing={2}
          striped
          data-testid="import-symbols"
          rows={result.symbols}
          rowKey={(row) => row.symbol}
          columns={[
            { header: 'Symbol', cell: (row) => row.symbol },
            { header: 'Buys', numeric: true, cell: (row) => formatCount(row.buys) },
            { header: 'Sells', numeric: true, cell: (row) => formatCount(row.sells) },
            { header: 'Bought', numeric: true, cell: (row) => formatCount(row.boughtQuantity) },
            { header: 'Sold', numeric: true, cell: (row) => formatCount(row.soldQuantity) },
          ]}
        />
      </ScrollArea.Autosize>
    </Stack>
  );
}

function ResultingHoldings({ result, title }: { result: TradebookImportResult; title: string }) {
  if (!result.accepted) return null;
  const more = result.holdingsTotal - result.holdings.length;
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        {title}
      </Title>
      {more > 0 && (
        <Text size="sm" c="dimmed" data-testid="import-holdings-more">
          The first {formatCount(result.holdings.length)} of {formatCount(result.holdingsTotal)}; every one is in
          Holdings after the import.
        </Text>
      )}
      {result.holdings.length === 0 ? (
        <Text size="sm" c="dimmed">
          No holdings.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={220} type="auto">
          <RowsTable
            fz="sm"
            verticalSpacing={2}
            striped
            miw={560}
            data-testid="import-holdings"
            rows={result.holdings}
            rowKey={(_row, index) => index}
            columns={[
              { header: 'Symbol', cell: (row) => row.symbol },
              { header: 'Quantity', numeric: true, cell: (row) => formatCount(row.quantity) },
              { header: 'Price', numeric: true, cell: (row) => formatRupees(row.price) },
              { header: 'Buying Date', cell: (row) => formatMarketDate(row.creationDate) },
              { header: 'Status', cell: (row) => (row.status === 'REALIZED' ? 'Sold' : 'Open') },
              { header: 'Sell Price', numeric: true, cell: (row) => formatRupees(row.sellPrice) },
              { header: 'Selling Date', cell: (row) => formatMarketDate(row.sellingDate) },
            ]}
          />
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

export default function ImportTradebookDialog({
  opened,
  onClose,
  firmName,
  segmentName,
  onImported,
}: ImportTradebookDialogProps) {
  const phone = useIsCardList();
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const [file, setFile] = useState<File | null>(null);
  const [firm, setFirm] = useState<string | null>(firmName ?? null);
  const [segment, setSegment] = useState<string | null>(segmentName ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choices = useTradebookImportChoicesQuery({ skip: !opened });
  // the button pressed (Preview, Confirm, Back) is disabled while it works, then leaves with its step: without a
  // new place the focus fell to the page's body, and Tab left the dialog (its trap keeps only a focus inside it)
  const moved = useRef(false);
  const stepControls = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (busy || !moved.current) return;
    moved.current = false;
    // the step's way forward when it is open (Confirm with nothing to confirm is not), else its way back
    const find = (selector: string) => stepControls.current?.querySelector<HTMLButtonElement>(selector) ?? undefined;
    (find('[data-step-focus]:not(:disabled)') ?? find('[data-step-focus-else]:not(:disabled)'))?.focus();
  }, [step, busy]);

  async function run(commit: boolean) {
    if (!file || !firm || !segment) return;
    moved.current = true;
    setBusy(true);
    setError(null);
    try {
      const result = await sendTradebookImport({ file, firmName: firm, segmentName: segment }, commit);
      if (commit && result.accepted) {
        setStep({ kind: 'done', result });
        onImported?.();
      } else setStep({ kind: 'preview', result });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The import failed; please try again.');
    } finally {
      setBusy(false);
    }
  }

  const where = `${firm ?? ''} ${segment ?? ''}`.trim();
  return (
    <Modal opened={opened} onClose={onClose} title="Import tradebook" size="xl" fullScreen={Boolean(phone)} centered>
      <Stack gap="sm" data-testid="import-tradebook" ref={stepControls}>
        {error && (
          <ResultAlert ok={false} onClose={() => setError(null)} testId="import-error">
            {error}
          </ResultAlert>
        )}
        {step.kind === 'pick' && (
          <>
            <Text size="sm">
              Your broker’s tradebook becomes your holdings: buys are added, and each sell closes your oldest shares of
              that stock first. Accepted: the Zerodha Console equity tradebook (CSV or Excel), our trades CSV (
              <Anchor component="button" type="button" size="sm" onClick={downloadTemplate}>
                download the template
              </Anchor>
              ), or a holdings export from this app. Trades imported before are skipped.
            </Text>
            <FileInput
              label="Tradebook file"
              placeholder="Choose a .csv, .xls or .xlsx file"
              accept={FILE_ACCEPT}
              value={file}
              onChange={setFile}
              clearable
              required
              leftSection={<IconFileSpreadsheet size={16} />}
              // the dialog opens on its first question, not on its close button (Mantine's trap takes data-autofocus)
              data-autofocus
              data-testid="import-file"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect
                label="Brokerage Firm"
                data={[
                  { value: '', label: choices.loading ? 'Loading…' : 'Choose a firm' },
                  ...(choices.data?.brokerageFirms.map((row) => row.name) ?? []),
                ]}
                value={firm ?? ''}
                onChange={(event) => setFirm(event.currentTarget.value || null)}
                required
                error={choices.error ? 'The firms could not be loaded' : undefined}
                data-testid="import-firm"
              />
              <NativeSelect
                label="Segment"
                data={[
                  { value: '', label: choices.loading ? 'Loading…' : 'Choose a segment' },
                  ...(choices.data?.segments.map((row) => row.name) ?? []),
                ]}
                value={segment ?? ''}
                onChange={(event) => setSegment(event.currentTarget.value || null)}
                required
                data-testid="import-segment"
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button
                onClick={() => void run(false)}
                loading={busy}
                disabled={!file || !firm || !segment}
                data-step-focus
                data-testid="import-preview"
              >
                Preview
              </Button>
            </Group>
          </>
        )}
        {step.kind === 'preview' && (
          <>
            <Counts result={step.result} />
            <Problems result={step.result} />
            {step.result.accepted && step.result.buys + step.result.sells === 0 && (
              <Text size="sm" data-testid="import-nothing">
                Every trade of this file was imported before: importing it again changes nothing.
              </Text>
            )}
            <SymbolCounts result={step.result} />
            <ResultingHoldings result={step.result} title={`The ${where} holdings this import adds or changes`} />
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  moved.current = true;
                  setStep({ kind: 'pick' });
                }}
                disabled={busy}
                data-step-focus-else
              >
                Back
              </Button>
              <Button
                onClick={() => void run(true)}
                loading={busy}
                disabled={!step.result.accepted || step.result.buys + step.result.sells === 0}
                data-step-focus
                data-testid="import-confirm"
              >
                Confirm import
              </Button>
            </Group>
          </>
        )}
        {step.kind === 'done' && (
          <>
            <ResultAlert ok testId="import-done">
              Imported {plural(step.result.buys, 'buy')} and {plural(step.result.sells, 'sell')}
              {step.result.skipped > 0 ? `; ${formatCount(step.result.skipped)} imported before were skipped` : ''}.
            </ResultAlert>
            <ResultingHoldings result={step.result} title={`The ${where} holdings it added or changed`} />
            <Group justify="flex-end">
              <Button onClick={onClose} data-step-focus data-testid="import-close">
                Close
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
