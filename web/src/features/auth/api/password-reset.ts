/**
 * The calls of the Forgot and Reset password screens, through the accounts area's mutations
 * (requestPasswordReset, resetPassword). Each answers the server's message, to show as it is:
 * success, a refused link (used, expired, not valid), a password rule, or a rate limit.
 */
import { useRequestPasswordResetMutation, useResetPasswordMutation } from '../../../__generated__/graphql';
import { errorMessage } from '../../../lib/errors';

export interface ResetResult {
  ok: boolean;
  message: string;
}

export function usePasswordResetCalls(): {
  requestPasswordReset: (usernameOrEmail: string) => Promise<ResetResult>;
  changePassword: (token: string, password: string) => Promise<ResetResult>;
} {
  const [requestReset] = useRequestPasswordResetMutation();
  const [reset] = useResetPasswordMutation();
  return {
    async requestPasswordReset(usernameOrEmail) {
      try {
        const { data } = await requestReset({ variables: { input: { usernameOrEmail } } });
        return { ok: true, message: data?.requestPasswordReset.message ?? '' };
      } catch (error) {
        return { ok: false, message: errorMessage(error) };
      }
    },
    async changePassword(token, password) {
      try {
        const { data } = await reset({ variables: { input: { token, password } } });
        return { ok: true, message: data?.resetPassword.message ?? '' };
      } catch (error) {
        return { ok: false, message: errorMessage(error) };
      }
    },
  };
}
