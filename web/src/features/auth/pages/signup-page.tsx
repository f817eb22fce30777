/**
 * Sign-up (docs/product/auth.md#sign-up): First Name*, Last Name*, Username*, Email address*, Password*, Mobile
 * Number, Referral (pre-filled from ?referralCode=). Submit disabled while invalid; once accepted, the
 * login page with the server's answer (the same whether or not the name was taken: it says to log in or
 * reset the password); on failure 'Something went wrong. Please try again.' with the server's reason below it.
 */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Alert, Anchor, PasswordInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { MESSAGES, signupFormSchema } from '@bazaar/shared';
import { useSignupMutation } from '../../../__generated__/graphql';
import { errorMessage } from '../../../lib/errors';
import { formIsValid, useZodForm } from '../../../components/form/use-zod-form';
import { usePageTitle } from '../../../components/page-title';
import { LegalLinks } from '../../../components/legal-links';
import type { LoginRedirectState } from '../../../app/guards';
import { AuthCard } from '../components/auth-card';

export default function SignupPage() {
  usePageTitle('Sign up');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [signup, { loading }] = useSignupMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(signupFormSchema, {
    firstName: '',
    lastName: '',
    username: '',
    email: '',
    password: '',
    mobileNo: '',
    referralCode: params.get('referralCode') ?? '',
  });

  async function submit(values: typeof form.values) {
    setFailure(null);
    try {
      const { data } = await signup({
        variables: {
          input: {
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            username: values.username.trim(),
            email: values.email.trim(),
            password: values.password,
            mobileNo: values.mobileNo.trim() || null,
            referralCode: values.referralCode.trim() || null,
          },
        },
      });
      navigate('/login', {
        replace: true,
        state: { signedUp: data?.signup.message ?? MESSAGES.signupAnswer } satisfies LoginRedirectState,
      });
    } catch (error) {
      setFailure(errorMessage(error, ''));
    }
  }

  return (
    <AuthCard
      width={560}
      title="Sign up"
      titleAside={
        <Anchor component={Link} to="/login" size="sm">
          Already account exists?
        </Anchor>
      }
      onSubmit={form.onSubmit(submit)}
    >
      {failure !== null && (
        <Alert color="red" role="alert" data-testid="signup-error" title={MESSAGES.signupFailed}>
          {failure && failure !== MESSAGES.signupFailed ? failure : null}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First Name" required autoComplete="given-name" {...form.getInputProps('firstName')} />
        <TextInput label="Last Name" required autoComplete="family-name" {...form.getInputProps('lastName')} />
      </SimpleGrid>
      <TextInput label="Username" required autoComplete="username" {...form.getInputProps('username')} />
      <TextInput label="Email address" type="email" required autoComplete="email" {...form.getInputProps('email')} />
      <PasswordInput
        label="Password"
        required
        autoComplete="new-password"
        description="8 to 32 characters"
        {...form.getInputProps('password')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Mobile Number"
          inputMode="numeric"
          autoComplete="tel-national"
          {...form.getInputProps('mobileNo')}
        />
        <TextInput label="Referral" {...form.getInputProps('referralCode')} />
      </SimpleGrid>
      <Button type="submit" loading={loading} disabled={!formIsValid(signupFormSchema, form.values)}>
        Submit
      </Button>
      <Text size="xs" c="dimmed">
        By signing up you accept <LegalLinks />.
      </Text>
    </AuthCard>
  );
}
