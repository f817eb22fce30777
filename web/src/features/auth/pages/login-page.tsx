/**
 * Login (docs/product/auth.md#login): Username and Password, Log In disabled while the form is invalid,
 * Forgot Password and 'Create account?' links, the server's message at the top on error, the root
 * path on success. A 403 answer ends any stored session (docs/product/auth.md#rules).
 */
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Anchor, Button, Group, PasswordInput, Text, TextInput } from '@mantine/core';
import { loginSchema } from '@bazaar/shared';
import { useLoginMutation } from '../../../__generated__/graphql';
import { useSession } from '../../../lib/session';
import { errorCode, errorMessage } from '../../../lib/errors';
import { clearSession } from '../../../lib/storage';
import { formIsValid, useZodForm } from '../../../components/form/use-zod-form';
import { usePageTitle } from '../../../components/page-title';
import type { LoginRedirectState } from '../../../app/guards';
import { AuthCard } from '../components/auth-card';

export default function LoginPage() {
  usePageTitle('Log in');
  const navigate = useNavigate();
  const location = useLocation();
  const redirect = (location.state ?? {}) as LoginRedirectState;
  const session = useSession();
  const [login, { loading }] = useLoginMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useZodForm(loginSchema, { username: '', password: '' });

  async function submit(values: typeof form.values) {
    setServerError(null);
    try {
      const { data } = await login({ variables: { username: values.username.trim(), password: values.password } });
      if (!data) throw new Error('No answer from the server');
      session.startSession(data.login.user, data.login.expiresAt);
      navigate(redirect.reason === 'login-required' && redirect.from ? redirect.from : '/', { replace: true });
    } catch (error) {
      if (errorCode(error) === 'FORBIDDEN') clearSession();
      setServerError(errorMessage(error));
    }
  }

  return (
    <AuthCard width={420} title="Log in" onSubmit={form.onSubmit(submit)}>
      {serverError && (
        <Alert color="red" role="alert" data-testid="login-error">
          {serverError}
        </Alert>
      )}
      {!serverError && redirect.signedUp && (
        <Alert color="green" data-testid="signed-up">
          {redirect.signedUp}
        </Alert>
      )}
      {!serverError && redirect.reason === 'login-required' && <Alert color="blue">Please log in to continue.</Alert>}
      {!serverError && redirect.reason === 'role-required' && (
        <Alert color="yellow">Your account cannot open that page. Log in with an account that has access.</Alert>
      )}
      <TextInput label="Username" autoComplete="username" required {...form.getInputProps('username')} />
      <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
      <Button type="submit" loading={loading} disabled={!formIsValid(loginSchema, form.values)}>
        Log In
      </Button>
      <Group justify="space-between">
        <Button variant="subtle" size="xs" component={Link} to="/forgot-password">
          Forgot Password
        </Button>
        <Anchor component={Link} to="/signup" size="sm">
          Create account?
        </Anchor>
      </Group>
      <Text size="xs" c="dimmed">
        Your session is kept in a secure cookie and ends after 8 hours.
      </Text>
    </AuthCard>
  );
}
