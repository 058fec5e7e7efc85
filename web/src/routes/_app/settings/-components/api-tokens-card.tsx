import {
  Alert,
  Button,
  Code,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import {
  ZCreateApiTokenRequest,
  ZCreatedApiToken,
  type TApiToken,
  type TCreatedApiToken,
} from '@patchbay/schema';
import { apiPath } from '@patchbay/schema/api-routes';
import { apiRequest } from '../../../../lib/api-client.ts';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { useState, type FormEvent } from 'react';
import { apiJson } from '../../../../lib/api-json.ts';
import { failureToast } from '../../../../lib/failure-toast.ts';
import { apiTokensQuery } from '../../../../lib/queries/account.ts';
import { formatRelativeTime } from '../../../../lib/relative-time.ts';
import { RelativeTimeText } from '../../../../components/relative-time-text.tsx';
import { toast } from '../../../../lib/toast.ts';
import { CopyTextButton } from '../../../../components/copy-text-button.tsx';

/**
 * Personal API tokens (sent as a Bearer header): create one with a name, see its secret once
 * with a copy button, list and revoke.
 */
export function ApiTokensCard() {
  const queryClient = useQueryClient();
  const { data: tokens } = useSuspenseQuery(apiTokensQuery);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [created, setCreated] = useState<TCreatedApiToken | null>(null);
  // Revoking asks first: a script using the token stops working.
  const [revoking, setRevoking] = useState<TApiToken | null>(null);

  const create = useMutation({
    mutationFn: (body: { name: string }) =>
      apiJson('POST', apiPath('apiTokens'), ZCreatedApiToken, body),
    onSuccess: async (token) => {
      setCreated(token);
      setName('');
      toast({ title: 'Token created', message: 'Copy it now: it will not be shown again.' });
      await queryClient.invalidateQueries({ queryKey: apiTokensQuery.queryKey });
    },
    onError: failureToast('Failed to create token', 'Please try again.'),
  });

  const revoke = useMutation({
    mutationFn: (token: TApiToken) => apiRequest('DELETE', apiPath('apiToken', { id: token.id })),
    onSuccess: async (_data, token) => {
      if (created?.id === token.id) setCreated(null);
      toast({ title: 'Token revoked', message: `${token.name} no longer works.` });
      await queryClient.invalidateQueries({ queryKey: apiTokensQuery.queryKey });
    },
    onError: failureToast('Failed to revoke token', 'Please try again.'),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZCreateApiTokenRequest.safeParse({ name });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    create.mutate(parsed.data);
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="tokens-title">
      <Title order={2} size="h4" id="tokens-title" mb={4}>
        API Tokens
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        For scripts and tools that call the Patchbay API: send a token as{' '}
        <Code>Authorization: Bearer &lt;token&gt;</Code>. It acts as you, so keep it secret.
      </Text>

      <form onSubmit={onSubmit} noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Token name"
            placeholder="CI deploy script"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(undefined);
            }}
            error={nameError}
            maxLength={100}
            w={280}
          />
          <Button type="submit" mt={25} loading={create.isPending}>
            Create token
          </Button>
        </Group>
      </form>

      {created && (
        <Alert color="green" variant="light" mt="md" title={`New token: ${created.name}`}>
          <Stack gap="xs">
            <Text size="sm">Copy it now. For your security it will not be shown again.</Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Code
                data-testid="new-token"
                style={{ wordBreak: 'break-all', flex: 1 }}
                aria-label="New token"
              >
                {created.token}
              </Code>
              <CopyTextButton value={created.token} label="Copy token" />
            </Group>
          </Stack>
        </Alert>
      )}

      {tokens.length === 0 ? (
        <Text size="sm" c="dimmed" mt="md">
          No tokens yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520} mt="md">
          <Table verticalSpacing="xs" aria-label="API tokens">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>
                  <Text size="sm" fw={700} span>
                    Actions
                  </Text>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tokens.map((token) => (
                <Table.Tr key={token.id}>
                  <Table.Td>{token.name}</Table.Td>
                  <Table.Td>
                    <RelativeTimeText value={token.createdAt} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {token.lastUsedAt ? formatRelativeTime(token.lastUsedAt) : 'Never'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setRevoking(token)}
                      loading={revoke.isPending && revoke.variables.id === token.id}
                      aria-label={`Revoke ${token.name}`}
                    >
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <ConfirmDialog
        opened={revoking !== null}
        title={`Revoke ${revoking?.name ?? 'token'}?`}
        confirmLabel="Revoke token"
        loading={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking, { onSettled: () => setRevoking(null) });
        }}
      >
        <Text>
          Scripts and tools that send <strong>{revoking?.name}</strong> stop working at once. This
          cannot be undone: a new token has a new secret.
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}
