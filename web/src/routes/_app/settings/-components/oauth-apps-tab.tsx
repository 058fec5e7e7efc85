import {
  Button,
  Code,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isAuthorizeUrlProvider,
  ZOAuthApp,
  ZOAuthAppRequest,
  type TOAuthApp,
  type TOAuthAppRequest,
} from '@patchbay/schema';
import { useState, type FormEvent } from 'react';
import { apiPath } from '@patchbay/schema/api-routes';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { apiRequest } from '../../../../lib/api-client.ts';
import { apiJson } from '../../../../lib/api-json.ts';
import { failureToast } from '../../../../lib/failure-toast.ts';
import { oauthQueries } from '../../../../lib/queries/oauth.ts';
import { toast } from '../../../../lib/toast.ts';

/**
 * The OAuth apps an operator registers (ADR 024), one per provider (a catalog id such as
 * `salesforce`, or an authorize URL). Users' 'Connect your account' uses the provider's app
 * unless they enter their own. Secrets are write-only: the list shows their last characters.
 */
export function OAuthAppsTab() {
  const queryClient = useQueryClient();
  const apps = useQuery(oauthQueries.apps());
  const [form, setForm] = useState({ provider: '', clientId: '', clientSecret: '', tokenUrl: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<TOAuthApp | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: oauthQueries.apps().queryKey });

  const save = useMutation({
    mutationFn: (body: TOAuthAppRequest) => apiJson('POST', apiPath('oauthApps'), ZOAuthApp, body),
    onSuccess: async (app) => {
      setForm({ provider: '', clientId: '', clientSecret: '', tokenUrl: '' });
      toast({
        title: 'OAuth app saved',
        message: `Connections to ${app.provider} can use it now.`,
      });
      await refresh();
    },
    onError: failureToast('Failed to save the OAuth app', 'Please check the fields.'),
  });
  const remove = useMutation({
    mutationFn: (app: TOAuthApp) => apiRequest('DELETE', apiPath('oauthApp', { appId: app.id })),
    onSuccess: async () => {
      setRemoving(null);
      await refresh();
    },
    onError: failureToast('Failed to remove the OAuth app', 'Please try again.'),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The API's own rules (ZOAuthAppRequest), checked before the round trip.
    // The token URL field only shows for an authorize URL; hidden, it sends nothing.
    const byUrl = isAuthorizeUrlProvider(form.provider.trim());
    const parsed = ZOAuthAppRequest.safeParse({
      ...form,
      tokenUrl: byUrl && form.tokenUrl.trim() !== '' ? form.tokenUrl : undefined,
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  const redirectUri = `${window.location.origin}/api/oauth/callback`;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="oauth-apps-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="oauth-apps-title">
            OAuth apps
          </Title>
          <Text size="sm" c="dimmed">
            Register an app at the provider with the redirect URI <Code>{redirectUri}</Code>, then
            enter its client id and secret here. Users then connect their accounts with it.
          </Text>
          {apps.data && apps.data.length > 0 ? (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Provider</Table.Th>
                  <Table.Th>Client ID</Table.Th>
                  <Table.Th>Secret</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {apps.data.map((app) => (
                  <Table.Tr key={app.id}>
                    <Table.Td>{app.provider}</Table.Td>
                    <Table.Td>{app.clientId}</Table.Td>
                    <Table.Td>{app.clientSecretHint}</Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="default" onClick={() => setRemoving(app)}>
                        Remove
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm">{apps.isPending ? 'Loading…' : 'No OAuth apps yet.'}</Text>
          )}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="oauth-app-add">
        <form onSubmit={onSubmit} noValidate aria-labelledby="oauth-app-add">
          <Stack gap="sm">
            <Title order={3} size="h5" id="oauth-app-add">
              Add or replace an app
            </Title>
            <TextInput
              label="Provider"
              name="provider"
              description="A catalog id (salesforce, hubspot…) or the provider's authorize URL"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={form.provider}
              onChange={(event) => setForm({ ...form, provider: event.currentTarget.value })}
              error={errors.provider}
            />
            {isAuthorizeUrlProvider(form.provider.trim()) && (
              <TextInput
                label="Token URL"
                name="tokenUrl"
                description="The provider's token URL: the app's secret is only ever sent to it"
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                value={form.tokenUrl}
                onChange={(event) => setForm({ ...form, tokenUrl: event.currentTarget.value })}
                error={errors.tokenUrl}
              />
            )}
            <TextInput
              label="Client ID"
              name="clientId"
              autoComplete="off"
              value={form.clientId}
              onChange={(event) => setForm({ ...form, clientId: event.currentTarget.value })}
              error={errors.clientId}
            />
            <PasswordInput
              label="Client secret"
              name="clientSecret"
              autoComplete="new-password"
              value={form.clientSecret}
              onChange={(event) => setForm({ ...form, clientSecret: event.currentTarget.value })}
              error={errors.clientSecret}
            />
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save OAuth app
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <ConfirmDialog
        opened={removing !== null}
        title={`Remove the ${removing?.provider ?? ''} app?`}
        confirmLabel="Remove app"
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      >
        <Text size="sm">
          Accounts connected with it stop refreshing their tokens until users enter their own app or
          you register one again.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
