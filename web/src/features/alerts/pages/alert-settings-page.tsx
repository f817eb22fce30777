/**
 * Alert settings (/alert-settings, logged in; docs/product/alerts.md#screens): the e-mail digest and the two default
 * alerts as switches (each change saved at once), the investor's own alert rules in a table (deleted after a
 * confirmation) and the form adding one. The server's limit (200 rules) and its refusals are shown as it words them.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Anchor, Card, Stack, Switch, Text, Title } from '@mantine/core';
import { MAX_ALERT_RULES_PER_USER } from '@bazaar/shared';
import {
  AlertSettingsPageDocument,
  useAlertSettingsPageQuery,
  useDeleteAlertRuleMutation,
  useUpdateAlertSettingsMutation,
  type AlertRuleFieldsFragment,
  type AlertSettingsFieldsFragment,
} from '../../../__generated__/graphql';
import { AlertRuleForm } from '../../../components/alerts/alert-rule-form';
import { ConfirmDeleteModal } from '../../../components/form/confirm-delete-modal';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/page-title';
import { QueryGate } from '../../../components/query-gate';
import { errorMessage } from '../../../lib/errors';
import { RowsTable } from '../../../components/rows-table';
import { alertRuleColumns } from '../components/alert-rule-columns';

type SettingName = keyof Omit<AlertSettingsFieldsFragment, '__typename'>;

const SWITCHES: Array<{ name: SettingName; label: string; description: string }> = [
  {
    name: 'emailDigest',
    label: 'E-mail digest',
    description: 'One e-mail per trading day listing that day’s alerts, with a link to stop them.',
  },
  {
    name: 'newYearHighLow',
    label: 'New 52-week high or low',
    description: 'On every symbol you hold or watch.',
  },
  {
    name: 'upcomingCorporateActions',
    label: 'Upcoming corporate actions',
    description: 'Dividends, splits and bonuses with an ex-date within 7 days, on every symbol you hold or watch.',
  },
];

export default function AlertSettingsPage() {
  usePageTitle('Alert settings');
  const { data, loading, error, refetch } = useAlertSettingsPageQuery({ fetchPolicy: 'cache-and-network' });
  const [update] = useUpdateAlertSettingsMutation();
  const [remove, removing] = useDeleteAlertRuleMutation({
    refetchQueries: ['AlertSettingsPage', 'AlertRules'],
    awaitRefetchQueries: true,
  });
  const [settingProblem, setSettingProblem] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<AlertRuleFieldsFragment | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const columns = useMemo(() => alertRuleColumns(setToDelete), []);

  const change = async (name: SettingName, on: boolean) => {
    const settings = data?.alertSettings;
    if (!settings) return;
    setSettingProblem(null);
    try {
      await update({
        variables: { input: { [name]: on } },
        optimisticResponse: { updateAlertSettings: { ...settings, [name]: on } },
        // the settings have no id: the answer (the optimistic one first) replaces what the page read
        update: (cache, { data: answer }) => {
          const saved = answer?.updateAlertSettings;
          if (saved)
            cache.updateQuery(
              { query: AlertSettingsPageDocument },
              (page) => page && { ...page, alertSettings: saved },
            );
        },
      });
    } catch (failure) {
      setSettingProblem(errorMessage(failure));
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove({ variables: { id: toDelete.id } });
      setMessage({ kind: 'success', text: `Alert deleted: ${toDelete.description}` });
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure) });
    }
    setToDelete(null);
  };

  return (
    <Stack gap="lg">
      <PageHeader title="Alert settings">
        What you hear about after each day&apos;s prices: in the app (the bell,{' '}
        <Anchor component={Link} to="/notifications" size="sm">
          Notifications
        </Anchor>
        ) and by e-mail.
      </PageHeader>
      <QueryGate
        query={{ data, loading, error, refetch }}
        loadingLabel="Loading your alert settings"
        errorTitle="Your alert settings could not be loaded"
        errorTestId="alert-settings-error"
      >
        {() => (
          <>
            <Card withBorder component="section" aria-labelledby="alert-defaults" maw={720}>
              <Title order={2} size="h4" id="alert-defaults" mb="sm">
                E-mail and default alerts
              </Title>
              <Stack gap="sm">
                {SWITCHES.map((setting) => (
                  <Switch
                    key={setting.name}
                    label={setting.label}
                    description={setting.description}
                    checked={data!.alertSettings[setting.name]}
                    onChange={(event) => void change(setting.name, event.currentTarget.checked)}
                    data-testid={`alert-setting-${setting.name}`}
                  />
                ))}
                {settingProblem && (
                  <Text size="sm" c="red" role="alert">
                    {settingProblem}
                  </Text>
                )}
              </Stack>
            </Card>
            <section aria-labelledby="alert-rules">
              <Title order={2} size="h4" id="alert-rules" mb="xs">
                Your alert rules
              </Title>
              {message && (
                <Alert
                  color={message.kind === 'error' ? 'red' : 'teal'}
                  role={message.kind === 'error' ? 'alert' : 'status'}
                  withCloseButton
                  closeButtonLabel="Dismiss"
                  onClose={() => setMessage(null)}
                  mb="xs"
                  data-testid="alert-rules-message"
                >
                  {message.text}
                </Alert>
              )}
              {data!.alertRules.length === 0 ? (
                <Text size="sm" data-testid="alert-rules-empty">
                  You have no alert rules of your own yet: add one below, or with the bell of a row on your watch list
                  or Holdings.
                </Text>
              ) : (
                <RowsTable
                  rows={data!.alertRules}
                  rowKey={(rule) => rule.id}
                  columns={columns}
                  striped
                  data-testid="alert-rules"
                />
              )}
            </section>
            <Text size="sm" c="dimmed" data-testid="alert-rules-count">
              {data!.alertRules.length} of the {MAX_ALERT_RULES_PER_USER} alert rules an account keeps (the default
              alerts not counted).
            </Text>
            <Card withBorder component="section" aria-labelledby="alert-add" maw={720}>
              <Title order={2} size="h4" id="alert-add" mb="sm">
                Add an alert
              </Title>
              <AlertRuleForm held />
            </Card>
          </>
        )}
      </QueryGate>
      <ConfirmDeleteModal
        opened={toDelete !== null}
        title="Delete alert"
        deleting={removing.loading}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      >
        Delete the alert <b>{toDelete?.description}</b>? Its notifications stay.
      </ConfirmDeleteModal>
    </Stack>
  );
}
