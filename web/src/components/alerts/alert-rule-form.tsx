/**
 * The "Add alert" form (docs/product/alerts.md#rules): a symbol (or none: every held and watched symbol), the kind
 * and its value: a price, a percentage, a trend list, or nothing for corporate actions. The value is checked as
 * the server checks it (shared/src/alerts/rules.ts, the same words) and the server's refusal (an unknown symbol, a
 * stop-loss on a symbol not held, the 200 rules an account keeps) is shown above the button, the form keeping what
 * was typed. Used by the alert settings and by a row's bell (the symbol fixed there).
 */
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { ALERT_KIND_RULES, alertRuleValueProblem, type AlertRuleKind } from '@bazaar/shared';
import { useCreateAlertRuleMutation, type AlertRuleFieldsFragment } from '../../__generated__/graphql';
import { errorMessage } from '../../lib/errors';
import {
  ALERT_KIND_NAMES,
  alertValueHint,
  alertValueLabel,
  offeredAlertKinds,
  TREND_LIST_CHOICES,
} from './alert-kinds';

export interface AlertRuleFormProps {
  /** The symbol of a row's bell; absent: the form asks for one (empty: every held and watched symbol). */
  symbol?: string;
  /** Offer the stop-loss and the target (a holding's row, or the settings where any symbol may be held). */
  held: boolean;
  /** The rule was made (or was there already: `created` false). */
  onSaved?: (rule: AlertRuleFieldsFragment, created: boolean) => void;
  /** Focus the first field when drawn (a dialog's form). */
  autoFocus?: boolean;
}

/** The value a kind starts with: the 52-week list for a trend, empty otherwise. */
function initialValue(kind: AlertRuleKind): string {
  return ALERT_KIND_RULES[kind].valueType === 'period' ? 'YEARLY' : '';
}

export function AlertRuleForm({ symbol, held, onSaved, autoFocus = false }: AlertRuleFormProps) {
  const kinds = offeredAlertKinds(held);
  const [kind, setKind] = useState<AlertRuleKind>(kinds[0]!);
  const [symbolText, setSymbolText] = useState('');
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [create, creating] = useCreateAlertRuleMutation({
    refetchQueries: ['AlertRules', 'AlertSettingsPage'],
    awaitRefetchQueries: true,
  });
  const failureId = useId();
  const valueType = ALERT_KIND_RULES[kind].valueType;
  const problem = alertRuleValueProblem(kind, valueType === 'none' ? null : value);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setSaved(null);
    if (problem) return;
    setFailure(null);
    const target = symbol ?? (symbolText.trim() === '' ? null : symbolText.trim().toUpperCase());
    try {
      const answer = await create({
        variables: { input: { symbol: target, kind, value: valueType === 'none' ? null : value.trim() } },
      });
      const result = answer.data?.createAlertRule;
      if (!result) return;
      setSaved(
        result.created
          ? `Alert added: ${result.rule.description}`
          : `You have this alert already: ${result.rule.description}`,
      );
      setValue(initialValue(kind));
      setTouched(false);
      onSaved?.(result.rule, result.created);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="alert-rule-form">
      <Stack gap="sm">
        {symbol === undefined && (
          <TextInput
            label="Symbol"
            description="Leave empty for every symbol you hold or watch"
            placeholder="All held and watched"
            value={symbolText}
            onChange={(event) => setSymbolText(event.currentTarget.value)}
            maxLength={20}
            autoCapitalize="characters"
            data-autofocus={autoFocus || undefined}
          />
        )}
        <NativeSelect
          label="Alert when"
          value={kind}
          onChange={(event) => {
            const next = event.currentTarget.value as AlertRuleKind;
            setKind(next);
            setValue(initialValue(next));
            setTouched(false);
          }}
          data={kinds.map((option) => ({ value: option, label: ALERT_KIND_NAMES[option] }))}
          data-autofocus={(autoFocus && symbol !== undefined) || undefined}
        />
        {valueType === 'period' && (
          <NativeSelect
            label={alertValueLabel(kind)}
            description={alertValueHint(kind)}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            data={TREND_LIST_CHOICES}
          />
        )}
        {(valueType === 'price' || valueType === 'percent') && (
          <TextInput
            label={alertValueLabel(kind)}
            description={alertValueHint(kind)}
            required
            inputMode="decimal"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched ? problem : null}
            leftSection={valueType === 'price' ? '₹' : undefined}
            rightSection={valueType === 'percent' ? '%' : undefined}
          />
        )}
        {valueType === 'none' && (
          <Text size="sm" c="dimmed">
            Fires once for each dividend, split or bonus with an ex-date within 7 days after the latest trading day.
          </Text>
        )}
        {failure && (
          <Alert color="red" role="alert" id={failureId} title="The alert was not added">
            {failure}
          </Alert>
        )}
        {saved && (
          <Text size="sm" className="gain" role="status" data-testid="alert-rule-saved">
            {saved}
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={creating.loading}
            disabled={problem !== null}
            aria-describedby={failure ? failureId : undefined}
          >
            Add alert
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
