/**
 * Unsubscribe (/unsubscribe?token=…, anyone; docs/product/alerts.md#the-e-mail-digest): the page the alert e-mail's
 * one-click link opens. It turns the e-mails off for the investor the signed token names, without logging in
 * (`unsubscribeFromAlertEmails`), and shows the server's answer: done, or why the link does not work (forged,
 * expired), with the way to the alert settings. A mail client's one-click POST to the same address is the BFF's
 * (bff/src/http/one-click-unsubscribe.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Anchor, Loader, Stack } from '@mantine/core';
import { useUnsubscribeFromAlertEmailsMutation } from '../../../__generated__/graphql';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/page-title';
import { RetryAlert } from '../../../components/retry-alert';
import { errorCode } from '../../../lib/errors';

type Outcome =
  { kind: 'done'; message: string } | { kind: 'refused'; error: unknown } | { kind: 'failed'; error: unknown };

export default function UnsubscribePage() {
  usePageTitle('Stop alert e-mails');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [unsubscribe] = useUnsubscribeFromAlertEmailsMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const asked = useRef<string | null>(null);

  const ask = async () => {
    setOutcome(null);
    try {
      const answer = await unsubscribe({ variables: { token } });
      setOutcome({ kind: 'done', message: answer.data?.unsubscribeFromAlertEmails ?? '' });
    } catch (error) {
      // a forged or expired link is refused for good; anything else (offline, the server busy) may be tried again
      setOutcome({ kind: errorCode(error) === 'BAD_USER_INPUT' ? 'refused' : 'failed', error });
    }
  };

  useEffect(() => {
    // once per token (React's development mode runs effects twice)
    if (token === '' || asked.current === token) return;
    asked.current = token;
    void ask();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked once per token, not per render of `ask`
  }, [token]);

  const settings = (
    // the alert's own text colour, underlined: the theme's link colour fell under 4.5:1 on the orange alert
    <Anchor component={Link} to="/alert-settings" c="inherit" fw={600} underline="always">
      Open your alert settings
    </Anchor>
  );

  return (
    <Stack gap="md" maw={640}>
      <PageHeader title="Stop alert e-mails" />
      {token === '' ? (
        <Alert color="orange" title="This link has no token" data-testid="unsubscribe-answer">
          Use the unsubscribe link of an alert e-mail, or turn the e-mails off in your alert settings. {settings}
        </Alert>
      ) : outcome === null ? (
        <Loader aria-label="Turning the alert e-mails off" />
      ) : outcome.kind === 'done' ? (
        <Alert color="teal" title="Alert e-mails off" role="status" data-testid="unsubscribe-answer">
          <Stack gap="xs" align="flex-start">
            <span>{outcome.message}</span>
            {settings}
          </Stack>
        </Alert>
      ) : (
        <RetryAlert
          title="The alert e-mails were not turned off"
          error={outcome.error}
          onRetry={outcome.kind === 'failed' ? () => void ask() : undefined}
          action={settings}
          testId="unsubscribe-answer"
        />
      )}
    </Stack>
  );
}
