/**
 * The password-reset calls of the Forgot and Reset screens. The reset feature (mail, tokens) is
 * being built in the accounts area; until its mutations exist these answer a clear message.
 */
export interface ResetResult {
  ok: boolean;
  message: string;
}

export async function requestPasswordReset(_usernameOrEmail: string): Promise<ResetResult> {
  return { ok: false, message: 'Password reset e-mails are not available yet. Please contact support.' };
}

export async function changePassword(_token: string, _password: string): Promise<ResetResult> {
  return { ok: false, message: 'Password reset is not available yet. Please contact support.' };
}
