/**
 * A new key's secret, shown once (docs/product/developer.md#developer): the server keeps only a keyed hash, so this
 * is the owner's only chance to copy it. It stays on the page until the owner says it is kept.
 */
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

export interface NewApiKeySecretProps {
  name: string;
  secret: string;
  onDone: () => void;
}

export function NewApiKeySecret({ name, secret, onDone }: NewApiKeySecretProps) {
  return (
    <Alert color="green" title={`Your new API key "${name}"`} data-testid="api-key-secret" role="status">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Copy it now: it will not be shown again. Keep it in your program&apos;s secret store, never in its code.
        </Text>
        <Code block data-testid="api-key-secret-value" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <Text size="sm">
          Send it as <Code>Authorization: Bearer &lt;key&gt;</Code> to GraphQL (<Code>/graphql</Code>) or the REST API.
        </Text>
        <Group gap="xs">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button onClick={copy} color={copied ? 'teal' : undefined}>
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onDone}>
            I have stored it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
