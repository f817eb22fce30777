/** Reset password: New Password, Confirm Password, Submit (disabled while invalid). */
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Alert, Anchor, PasswordInput, Text } from '@mantine/core';
import { resetPasswordFormSchema } from '@bazaar/shared';
import { formIsValid, useZodForm } from '../../../components/form/use-zod-form';
import { usePageTitle } from '../../../components/page-title';
import { ResultAlert } from '../../../components/result-alert';
import { usePasswordReset } from '../api/password-reset';
import { AuthCard } from '../components/auth-card';

export default function ResetPasswordPage() {
  usePageTitle('New password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const form = useZodForm(resetPasswordFormSchema, { newPassword: '', confirmPassword: '' });
  const { result, sending, resetPassword } = usePasswordReset();
  const submit = (values: typeof form.values) => resetPassword(token, values.newPassword);

  return (
    <AuthCard width={440} title="Set a new password" onSubmit={form.onSubmit(submit)}>
      {email && (
        <Text size="sm" c="dimmed">
          For {email}
        </Text>
      )}
      {!token && <Alert color="yellow">This page opens from the link in the password reset e-mail.</Alert>}
      {result && (
        <ResultAlert ok={result.ok} testId="reset-password-message">
          {result.message}{' '}
          {result.ok && (
            <Anchor component={Link} to="/login">
              Log in
            </Anchor>
          )}
        </ResultAlert>
      )}
      <PasswordInput label="New Password" autoComplete="new-password" required {...form.getInputProps('newPassword')} />
      <PasswordInput
        label="Confirm Password"
        autoComplete="new-password"
        required
        {...form.getInputProps('confirmPassword')}
      />
      <Button type="submit" loading={sending} disabled={!token || !formIsValid(resetPasswordFormSchema, form.values)}>
        Submit
      </Button>
    </AuthCard>
  );
}
