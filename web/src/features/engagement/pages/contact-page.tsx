/**
 * Contact Us (docs/product/engagement.md#contact-us): first name, last name, email, optional mobile, message. The old
 * app's message field was a masked password-type input (a defect); here it is a multi-line text area, the
 * message is stored for staff to read, and the server's confirmation is shown.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { ROLE_ADMIN, ROLE_STAFF, contactSchema } from '@bazaar/shared';
import { useSendContactMessageMutation } from '../../../__generated__/graphql';
import { formIsValid, useZodForm } from '../../../components/form/use-zod-form';
import { usePageTitle } from '../../../components/page-title';
import { ResultAlert } from '../../../components/result-alert';
import { errorMessage } from '../../../lib/errors';
import { useSession } from '../../../lib/session';

const EMPTY = { firstName: '', lastName: '', email: '', mobileNo: '', message: '' };

export default function ContactPage() {
  usePageTitle('Contact Us');
  const session = useSession();
  const form = useZodForm(contactSchema, EMPTY);
  const [send, { loading }] = useSendContactMessageMutation();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(values: typeof form.values) {
    setResult(null);
    const parsed = contactSchema.parse(values);
    try {
      const { data } = await send({
        variables: {
          input: {
            firstName: parsed.firstName,
            lastName: parsed.lastName,
            email: parsed.email,
            mobileNo: parsed.mobileNo ?? null,
            message: parsed.message,
          },
        },
      });
      setResult({ ok: true, text: data?.sendContactMessage.message ?? '' });
      form.reset();
    } catch (error) {
      setResult({ ok: false, text: errorMessage(error) });
    }
  }

  return (
    <Stack maw={720}>
      <div>
        <Title order={1} size="h2">
          Contact Us
        </Title>
        <Text c="dimmed">
          Questions about your account, the data or a subscription? Write to us and we will answer by e-mail.
        </Text>
      </div>
      {session.hasAnyRole(ROLE_STAFF, ROLE_ADMIN) && (
        <Anchor component={Link} to="/contact-messages" size="sm">
          Read the messages sent through this form
        </Anchor>
      )}
      {result && (
        <ResultAlert ok={result.ok} onClose={() => setResult(null)} testId="contact-result">
          {result.text}
        </ResultAlert>
      )}
      <Card withBorder padding="lg">
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="First Name" autoComplete="given-name" required {...form.getInputProps('firstName')} />
              <TextInput label="Last Name" autoComplete="family-name" required {...form.getInputProps('lastName')} />
              <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
              <TextInput
                label="Mobile Number"
                description="Optional, 10 digits"
                inputMode="numeric"
                autoComplete="tel-national"
                {...form.getInputProps('mobileNo')}
              />
            </SimpleGrid>
            <Textarea label="Message" required autosize minRows={5} maxRows={14} {...form.getInputProps('message')} />
            <Group justify="flex-end">
              <Button type="submit" loading={loading} disabled={!formIsValid(contactSchema, form.values)}>
                Send
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
