/**
 * A bell on each row of a table of symbols (the watch list, Holdings' positions; docs/product/alerts.md#screens):
 * a row action that opens the symbol's alert dialog. The dialog's code loads when a bell is first pressed (or the
 * pointer reaches one); the focus goes back to the bell when it closes (the dialog is mounted open the first time,
 * when Mantine's Modal does not do it itself: docs/product/common.md#keyboard). Logged-in pages only.
 */
import { lazy, Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import { IconBell } from '@tabler/icons-react';
import type { DataGridAction } from '../data-grid';

const loadDialog = () => import('./symbol-alerts-dialog.deferred');
const SymbolAlertsDialog = lazy(loadDialog);

export interface SymbolAlerts<Row> {
  /** The row action: "Alerts" with a bell. */
  action: DataGridAction<Row>;
  /** The dialog, to draw anywhere in the page. */
  dialog: ReactNode;
}

/** `held`: the rows are holdings (the stop-loss and the target are offered). */
export function useSymbolAlerts<Row extends { symbol: string }>({ held }: { held: boolean }): SymbolAlerts<Row> {
  const [symbol, setSymbol] = useState<string | null>(null);
  const [wanted, setWanted] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const action = useMemo<DataGridAction<Row>>(
    () => ({
      label: 'Alerts',
      icon: <IconBell size={16} />,
      onClick: (row) => {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setWanted(true);
        setSymbol(row.symbol);
      },
    }),
    [],
  );
  const dialog = wanted ? (
    <Suspense fallback={null}>
      <SymbolAlertsDialog
        symbol={symbol}
        held={held}
        onClose={() => {
          setSymbol(null);
          opener.current?.focus();
        }}
      />
    </Suspense>
  ) : null;
  return { action, dialog };
}
