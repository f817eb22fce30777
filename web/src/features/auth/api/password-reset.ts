/**
 * The two password reset steps of the Forgot and Reset password screens (requestPasswordReset,
 * resetPassword). Each keeps the server's answer to show as it is: success, a refused link (used,
 * expired, not valid), a password rule, or a rate limit.
 */
import { useState } from 'react';
import { useRequestPasswordResetMutation, useResetPasswordMutation } from '../../../__generated__/graphql';
import { errorMessage } from '../../../lib/errors';

export interface ResetResult {
  ok: boolean;
  message: string;
}

export function usePasswordReset() {
  const [requestReset] = useRequestPasswordResetMutation();
  const [reset] = useResetPasswordMutation();
  const [result, setResult] = useState<ResetResult | null>(null);
  const [sending, setSending] = useState(false);

  async function send(step: () => Promise<string | undefined>): Promise<void> {
    setSending(true);
    try {
      setResult({ ok: true, message: (await step()) ?? '' });
    } catch (error) {
      setResult({ ok: false, message: errorMessage(error) });
    } finally {
      setSending(false);
    }
  }

  return {
    result,
    sending,
    requestPasswordReset: (usernameOrEmail: string) =>
      send(
        async () =>
          (await requestReset({ variables: { input: { usernameOrEmail } } })).data?.requestPasswordReset.message,
      ),
    resetPassword: (token: string, password: string) =>
      send(async () => (await reset({ variables: { input: { token, password } } })).data?.resetPassword.message),
  };
}
