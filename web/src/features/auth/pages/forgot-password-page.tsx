/** Forgot password: 'Find your account', one input for e-mail or username, Send Link. */
import { Link } from 'react-router-dom';
import { Button, Anchor, Text, TextInput } from '@mantine/core';
import { forgotPasswordSchema } from '@bazaar/shared';
import { formIsValid, useZodForm } from '../../../components/form/use-zod-form';
import { usePageTitle } from '../../../components/page-title';
import { ResultAlert } from '../../../components/result-alert';
import { usePasswordReset } from '../api/password-reset';
import { AuthCard } from '../components/auth-card';

export default function ForgotPasswordPage() {
  usePageTitle('Find your account');
  const form = useZodForm(forgotPasswordSchema, { UsernameOrEmail: '' });
  const { result, sending, requestPasswordReset } = usePasswordReset();
  const submit = (values: typeof form.values) => requestPasswordReset(values.UsernameOrEmail.trim());

  return (
    <AuthCard width={440} title="Find your account" onSubmit={form.onSubmit(submit)}>
      <Text size="sm" c="dimmed">
        Enter your e-mail address or username and we will send you a link to set a new password.
      </Text>
      {result && (
        <ResultAlert ok={result.ok} testId="forgot-password-message">
          {result.message}
        </ResultAlert>
      )}
      <TextInput
        label="Email or username"
        autoComplete="username"
        required
        {...form.getInputProps('UsernameOrEmail')}
      />
      <Button type="submit" loading={sending} disabled={!formIsValid(forgotPasswordSchema, form.values)}>
        Send Link
      </Button>
      <Anchor component={Link} to="/login" size="sm">
        Back to login
      </Anchor>
    </AuthCard>
  );
}
