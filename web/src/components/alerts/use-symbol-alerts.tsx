/**
 * A bell on each row of a table of symbols (the watch list, Holdings' positions; docs/product/alerts.md#screens)
 * that opens the symbol's alert dialog: a row action (a table with an Actions column: the watch list), or a bell to
 * draw in a cell (a table without one: Holdings' positions, where an Actions column of its own took the table past
 * 1366 px; the bell beside the symbol needs 28 px more in that column, not 92). The dialog's code loads when a bell is first pressed (or the
 * pointer reaches one); the focus goes back to the bell when it closes (the dialog is mounted open the first time,
 * when Mantine's Modal does not do it itself: docs/product/common.md#keyboard). Logged-in pages only.
 */
import { lazy, Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { DataGridAction } from '../data-grid';
import { Hint } from '../popup';

const loadDialog = () => import('./symbol-alerts-dialog.deferred');
const SymbolAlertsDialog = lazy(loadDialog);

export interface SymbolAlerts<Row> {
  /** The row action: "Alerts" with a bell. */
  action: DataGridAction<Row>;
  /** A bell for a cell: "Alerts for TCS". */
  bell: (symbol: string) => ReactNode;
  /** The dialog, to draw anywhere in the page. */
  dialog: ReactNode;
}

/** The width a bell takes beside a cell's text (an ActionIcon and the gap before it). */
export const BELL_CELL_WIDTH = 32;

/** `held`: the rows are holdings (the stop-loss and the target are offered). */
export function useSymbolAlerts<Row extends { symbol: string }>({ held }: { held: boolean }): SymbolAlerts<Row> {
  const [symbol, setSymbol] = useState<string | null>(null);
  const [wanted, setWanted] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const { action, bell } = useMemo(() => {
    const open = (target: string) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setWanted(true);
      setSymbol(target);
    };
    return {
      action: {
        label: 'Alerts',
        icon: <IconBell size={16} />,
        onClick: (row) => open(row.symbol),
      } as DataGridAction<Row>,
      bell: (target: string) => (
        <Hint label={`Alerts for ${target}`}>
          <ActionIcon
            variant="subtle"
            aria-label={`Alerts for ${target}`}
            onClick={(event) => {
              event.stopPropagation();
              open(target);
            }}
            data-testid={`alerts-${target}`}
          >
            <IconBell size={16} />
          </ActionIcon>
        </Hint>
      ),
    };
  }, []);
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
  return { action, bell, dialog };
}
