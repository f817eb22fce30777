/**
 * Columns of the alert settings' rules table (docs/product/alerts.md#rules): what the rule watches (a symbol, or
 * every held and watched symbol), the kind in words, the value as people read it (₹ for prices, % for
 * percentages, the trend list's name), when it was made (from a tablet up) and its Delete button. A plain table,
 * not the grid: an account keeps at most 200 rules, and AG Grid would take the page past its budget
 * (docs/decisions.md#bundle-size).
 */
import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatDateTime } from '@bazaar/shared';
import type { AlertRuleFieldsFragment } from '../../../__generated__/graphql';
import { ALERT_KIND_NAMES, alertRuleTarget, formatAlertValue } from '../../../components/alerts/alert-kinds';
import classes from '../../../components/alerts/alerts.module.css';
import { Hint } from '../../../components/popup';
import type { RowsTableColumn } from '../../../components/rows-table';

export function alertRuleColumns(
  onDelete: (rule: AlertRuleFieldsFragment) => void,
): RowsTableColumn<AlertRuleFieldsFragment>[] {
  return [
    { header: 'Symbol', cell: (rule) => alertRuleTarget(rule.symbol) },
    { header: 'Alert', cell: (rule) => ALERT_KIND_NAMES[rule.kind] },
    { header: 'Value', cell: (rule) => formatAlertValue(rule.kind, rule.value), numeric: true },
    { header: 'Added', cell: (rule) => formatDateTime(rule.createdAt), visibleFrom: 'sm' },
    {
      header: <span className={classes.visuallyHidden}>Delete</span>,
      width: 48,
      cell: (rule) => (
        <Hint label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete: ${rule.description}`}
            onClick={() => onDelete(rule)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Hint>
      ),
    },
  ];
}
