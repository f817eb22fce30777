/**
 * A row's bell dialog (docs/product/alerts.md#screens), loaded when a bell is first pressed: the alerts the
 * investor has on that symbol, each deletable after a confirmation in place, and the form adding one for it (on a
 * holding's row the stop-loss and the target too). A reminder says which alerts every held and watched symbol has
 * already (the defaults and the rules for all symbols), with the way to the settings.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useAlertRulesQuery, useDeleteAlertRuleMutation } from '../../__generated__/graphql';
import { errorMessage } from '../../lib/errors';
import { AlertRuleForm } from './alert-rule-form';
import classes from './alerts.module.css';

export interface SymbolAlertsDialogProps {
  symbol: string | null;
  held: boolean;
  onClose: () => void;
}

export default function SymbolAlertsDialog({ symbol, held, onClose }: SymbolAlertsDialogProps) {
  const rules = useAlertRulesQuery({ skip: symbol === null, fetchPolicy: 'cache-and-network' });
  const [remove, removing] = useDeleteAlertRuleMutation({
    refetchQueries: ['AlertRules', 'AlertSettingsPage'],
    awaitRefetchQueries: true,
  });
  const [confirming, setConfirming] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const own = rules.data?.alertRules.filter((rule) => rule.symbol === symbol) ?? [];
  const forAll = rules.data?.alertRules.filter((rule) => rule.symbol === null).length ?? 0;

  const confirmDelete = async (id: string) => {
    setProblem(null);
    try {
      await remove({ variables: { id } });
    } catch (error) {
      setProblem(errorMessage(error));
    }
    setConfirming(null);
  };

  return (
    <Modal opened={symbol !== null} onClose={onClose} title={`Alerts for ${symbol ?? ''}`} centered>
      {symbol !== null && (
        <Stack gap="md" data-testid="symbol-alerts">
          <section aria-labelledby="symbol-alerts-current">
            <Title order={2} size="h5" id="symbol-alerts-current">
              Your alerts on {symbol}
            </Title>
            {rules.loading && !rules.data ? (
              <Loader size="sm" aria-label="Loading the alerts" />
            ) : rules.error && !rules.data ? (
              <Text size="sm" c="red" role="alert">
                {errorMessage(rules.error)}
              </Text>
            ) : own.length === 0 ? (
              <Text size="sm" c="dimmed">
                None yet.
              </Text>
            ) : (
              <ul className={classes.list}>
                {own.map((rule) => (
                  <li key={rule.id} className={classes.item}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="sm">{rule.description}</Text>
                      {confirming === rule.id ? (
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-sm"
                            color="red"
                            loading={removing.loading}
                            onClick={() => void confirmDelete(rule.id)}
                            aria-label={`Confirm: delete ${rule.description}`}
                          >
                            Delete
                          </Button>
                          <Button size="compact-sm" variant="default" onClick={() => setConfirming(null)}>
                            Keep
                          </Button>
                        </Group>
                      ) : (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          onClick={() => setConfirming(rule.id)}
                          aria-label={`Delete ${rule.description}`}
                        >
                          Delete
                        </Button>
                      )}
                    </Group>
                  </li>
                ))}
              </ul>
            )}
            {problem && (
              <Text size="sm" c="red" role="alert">
                {problem}
              </Text>
            )}
            <Text size="xs" c="dimmed" mt={4}>
              Besides these, {symbol} has the default alerts on (a new 52-week high or low, upcoming corporate actions)
              {forAll > 0
                ? ` and your ${forAll === 1 ? 'alert' : `${forAll} alerts`} for every held and watched symbol`
                : ''}
              , unless you turned them off in the{' '}
              <Anchor component={Link} to="/alert-settings" onClick={onClose} size="xs">
                alert settings
              </Anchor>
              .
            </Text>
          </section>
          <section aria-labelledby="symbol-alerts-add">
            <Title order={2} size="h5" id="symbol-alerts-add" mb={4}>
              Add an alert on {symbol}
            </Title>
            <AlertRuleForm symbol={symbol} held={held} autoFocus />
          </section>
        </Stack>
      )}
    </Modal>
  );
}
