import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OAUTH_MESSAGE_PARAM,
  OAUTH_RESULT_PARAM,
  ZOAuthDisconnectResponse,
  type TConnectionSide,
  type TIntegration,
  type TOAuthConnection,
} from '@patchbay/schema';
import { useState } from 'react';
import { apiPath } from '@patchbay/schema/api-routes';
import { ConfirmDialog } from '../../../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../../../lib/api-client.ts';
import { apiJson } from '../../../../../lib/api-json.ts';
import { oauthQueries, startOAuthConnect } from '../../../../../lib/queries/oauth.ts';
import { toast } from '../../../../../lib/toast.ts';

// The review page's connected accounts (ADR 024). For each side that connects an account with
// the authorization-code grant: who is connected, 'Connect your account', 'Reconnect' when the
// provider refused a refresh, and 'Disconnect' (which revokes at the provider when it can).

const SIDE_TITLES = { source: 'Source', destination: 'Destination' } as const;

/** The sides of the integration that connect an account. */
export function accountSides(integration: TIntegration): TConnectionSide[] {
  return (['source', 'destination'] as const).filter((side) => {
    const config = side === 'source' ? integration.sourceAuthConfig : integration.destAuthConfig;
    const type = side === 'source' ? integration.sourceAuthType : integration.destAuthType;
    return type === 'oauth' && config.grant === 'authorization_code';
  });
}

/** What the provider's callback said, from the URL it sent the browser back to. */
function callbackResult(): { ok: boolean; side: string | null; message: string | null } | null {
  const search = new URLSearchParams(window.location.search);
  const result = search.get(OAUTH_RESULT_PARAM);
  if (result !== 'connected' && result !== 'error') return null;
  return {
    ok: result === 'connected',
    side: search.get('side'),
    message: search.get(OAUTH_MESSAGE_PARAM),
  };
}

export function OAuthAccountsCard({ integration }: { integration: TIntegration }) {
  const sides = accountSides(integration);
  const [result] = useState(callbackResult);
  const connections = useQuery({
    ...oauthQueries.connections(integration.id),
    enabled: sides.length > 0,
  });
  if (sides.length === 0) return null;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="oauth-accounts-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="oauth-accounts-title">
          Connected accounts
        </Title>
        {result && (
          <Alert
            color={result.ok ? 'green' : 'red'}
            variant="light"
            title={result.ok ? 'Account connected' : 'The account was not connected'}
            data-testid="oauth-result"
          >
            {result.ok
              ? `The ${result.side ?? ''} account is connected. Runs use it from now on.`
              : (result.message ?? 'Connect again.')}
          </Alert>
        )}
        {sides.map((side) => (
          <AccountRow
            key={side}
            integration={integration}
            side={side}
            connection={connections.data?.[side] ?? null}
            loading={connections.isPending}
          />
        ))}
      </Stack>
    </Paper>
  );
}

function AccountRow({
  integration,
  side,
  connection,
  loading,
}: {
  integration: TIntegration;
  side: TConnectionSide;
  connection: TOAuthConnection | null;
  loading: boolean;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const apiName = side === 'source' ? integration.sourceApiName : integration.destApiName;
  const connect = useMutation({
    mutationFn: () => startOAuthConnect(integration.id, side),
    onError: (err) =>
      toast({
        title: 'Could not connect',
        message: errorMessage(err, 'The connection could not start'),
        variant: 'destructive',
      }),
  });
  const disconnect = useMutation({
    mutationFn: () =>
      apiJson(
        'POST',
        apiPath('oauthDisconnect', { id: integration.id, side }),
        ZOAuthDisconnectResponse,
      ),
    onSuccess: (answer) => {
      setConfirming(false);
      toast({
        title: 'Account disconnected',
        message: answer.message ?? `${apiName} revoked Patchbay's access.`,
        variant: answer.revocation === 'failed' ? 'warning' : 'default',
      });
      void queryClient.invalidateQueries({
        queryKey: oauthQueries.connections(integration.id).queryKey,
      });
    },
    onError: (err) =>
      toast({
        title: 'Could not disconnect',
        message: errorMessage(err, 'Try again'),
        variant: 'destructive',
      }),
  });
  const needsReconnect = connection?.status === 'needs-reconnect';

  return (
    <Stack gap={6} data-testid={`oauth-account-${side}`}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Text fw={500}>
            {SIDE_TITLES[side]}: {apiName}
          </Text>
          <Text size="sm" c="dimmed">
            {loading
              ? 'Checking…'
              : connection
                ? `Connected as ${connection.accountLabel ?? 'an account (the provider does not say which)'}`
                : 'No account connected yet: tests and runs need one.'}
          </Text>
        </div>
        <Group gap="xs">
          {connection && (
            <Badge color={needsReconnect ? 'red' : 'green'} variant="light">
              {needsReconnect ? 'Needs reconnect' : 'Connected'}
            </Badge>
          )}
          {(!connection || needsReconnect) && (
            <Button size="xs" loading={connect.isPending} onClick={() => connect.mutate()}>
              {needsReconnect ? 'Reconnect' : 'Connect your account'}
            </Button>
          )}
          {connection && (
            <Button size="xs" variant="default" onClick={() => setConfirming(true)}>
              Disconnect
            </Button>
          )}
        </Group>
      </Group>
      {needsReconnect && (
        <Alert color="red" variant="light" title={`${apiName} needs you to connect again`}>
          Runs fail until you reconnect. {connection?.lastError ?? ''}
        </Alert>
      )}
      <ConfirmDialog
        opened={confirming}
        title={`Disconnect ${apiName}?`}
        confirmLabel="Disconnect"
        loading={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
        onClose={() => setConfirming(false)}
      >
        <Text size="sm">
          Patchbay revokes its access at {apiName} when {apiName} allows it, and forgets the tokens.
          Runs fail until you connect an account again.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
