/**
 * Developer (/developer, any logged-in user; docs/product/developer.md#developer): the user's API keys for their own
 * programs. Create one (name, scopes, lifetime) and see its secret once; list them (phones: cards) with the
 * expiring ones flagged, so none stops working unannounced; revoke one after a confirmation. Managing keys takes a
 * session: the server refuses a key here.
 */
import { lazy, Suspense, useState } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { IconKeyOff } from '@tabler/icons-react';
import {
  DeveloperPageDocument,
  useCreateApiKeyMutation,
  useDeveloperPageQuery,
  useRevokeApiKeyMutation,
} from '../../../__generated__/graphql';
import { DataGrid, type DataGridMessage } from '../../../components/data-grid';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/errors';
import { API_KEY_COLUMNS } from '../components/api-key-columns';
import { keysNeedingAttention, scopeEnums, type ApiKeyRow } from '../components/api-key-view';
import type { CreateApiKeyValues } from '../components/api-key-dialogs.deferred';
import { NewApiKeySecret } from '../components/new-api-key-secret';

// the form and the confirmation load when the user reaches for them, not with the list
const loadDialogs = () => import('../components/api-key-dialogs.deferred');
const CreateApiKeyDialog = lazy(() => loadDialogs().then((module) => ({ default: module.CreateApiKeyDialog })));
const RevokeApiKeyDialog = lazy(() => loadDialogs().then((module) => ({ default: module.RevokeApiKeyDialog })));

export default function DeveloperPage() {
  usePageTitle('Developer');
  const { data, loading, error, refetch } = useDeveloperPageQuery({ fetchPolicy: 'cache-and-network' });
  const refetchQueries = [{ query: DeveloperPageDocument }];
  // the secret never enters Apollo's cache: it lives in this page's state until the owner dismisses it
  // (docs/decisions.md#a-new-keys-secret-shown-once-kept-nowhere)
  const [create, creating] = useCreateApiKeyMutation({
    fetchPolicy: 'no-cache',
    refetchQueries,
    awaitRefetchQueries: true,
  });
  const [revoke, revoking] = useRevokeApiKeyMutation({ refetchQueries, awaitRefetchQueries: true });
  const [formOpen, setFormOpen] = useState(false);
  // a dialog stays mounted once asked for, so it can animate its closing
  const [dialogsWanted, setDialogsWanted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [toRevoke, setToRevoke] = useState<ApiKeyRow | null>(null);
  const [message, setMessage] = useState<DataGridMessage | null>(null);

  const keys = data?.apiKeys;
  const attention = keysNeedingAttention(keys ?? []);

  const submit = async (values: CreateApiKeyValues) => {
    setFormError(null);
    try {
      const answer = await create({
        variables: {
          input: {
            name: values.name.trim(),
            scopes: scopeEnums(values.scopes),
            expiresInDays: Number(values.expiresInDays),
          },
        },
      });
      const key = answer.data?.createApiKey;
      if (key) setCreated({ name: key.name, secret: key.key });
      setMessage(null);
      setFormOpen(false);
    } catch (failure) {
      setFormError(errorMessage(failure));
    }
  };

  const confirmRevoke = async () => {
    if (!toRevoke) return;
    try {
      await revoke({ variables: { id: toRevoke.id } });
      setMessage({ kind: 'success', text: `The key "${toRevoke.name}" was revoked: it no longer works anywhere` });
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure) });
    }
    setToRevoke(null);
  };

  return (
    <Stack gap="sm">
      <PageHeader title="Developer">
        API keys let your own programs read market data and your portfolio through GraphQL (/graphql) and the REST API,
        each within its scopes, until it expires or you revoke it. Your daily quota is shared by all your keys.
      </PageHeader>
      {created && <NewApiKeySecret name={created.name} secret={created.secret} onDone={() => setCreated(null)} />}
      {(attention.expiringSoon > 0 || attention.expired > 0) && (
        <Alert color="orange" title="Keys that need you" data-testid="api-keys-attention">
          {attention.expiringSoon > 0 && (
            <Text size="sm">
              {attention.expiringSoon === 1 ? '1 key expires' : `${attention.expiringSoon} keys expire`} within 7 days:
              create a replacement, move your programs to it, then revoke the old key.
            </Text>
          )}
          {attention.expired > 0 && (
            <Text size="sm">
              {attention.expired === 1
                ? '1 key has expired and is refused: revoke it to tidy the list.'
                : `${attention.expired} keys have expired and are refused: revoke them to tidy the list.`}
            </Text>
          )}
        </Alert>
      )}
      <DataGrid<ApiKeyRow>
        title="API keys"
        headingOrder={2}
        rows={keys}
        columns={API_KEY_COLUMNS}
        getRowId={(row) => row.id}
        loading={loading && !data}
        error={error && !data ? error : null}
        onRetry={() => void refetch()}
        addLabel="Create API key"
        onAddIntent={() => void loadDialogs()}
        onAdd={() => {
          setFormError(null);
          setDialogsWanted(true);
          setFormOpen(true);
        }}
        actions={[
          {
            label: 'Revoke',
            icon: <IconKeyOff size={16} />,
            color: 'red',
            onClick: (row) => {
              setDialogsWanted(true);
              setToRevoke(row);
            },
          },
        ]}
        emptyText="You have no API keys. Create one to call Bazaar Insight from your own programs."
        message={message}
        onDismissMessage={() => setMessage(null)}
        testId="api-keys"
      />
      <Suspense fallback={null}>
        {dialogsWanted && (
          <>
            <CreateApiKeyDialog
              opened={formOpen}
              failure={formError}
              creating={creating.loading}
              onSubmit={(values) => void submit(values)}
              onCancel={() => setFormOpen(false)}
            />
            <RevokeApiKeyDialog
              opened={toRevoke !== null}
              revoking={revoking.loading}
              onCancel={() => setToRevoke(null)}
              onConfirm={() => void confirmRevoke()}
            >
              Revoke the key <b>{toRevoke?.name}</b> ({toRevoke?.prefix})? Programs using it are refused from then on,
              on every server; this cannot be undone.
            </RevokeApiKeyDialog>
          </>
        )}
      </Suspense>
    </Stack>
  );
}
