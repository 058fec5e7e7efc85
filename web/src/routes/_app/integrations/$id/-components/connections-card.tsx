import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AUTH_TYPE_LABELS,
  ZCallWarning,
  ZIntegration,
  urlPlaceholders,
  type TApiDescription,
  type TConnectionSide,
  type TIntegration,
} from '@patchbay/schema';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { apiPath } from '@patchbay/schema/api-routes';
import { errorMessage } from '../../../../../lib/api-client.ts';
import { apiJson } from '../../../../../lib/api-json.ts';
import {
  connectionFromIntegration,
  connectionProblems,
  lacksCredential,
  toConnectionUpdate,
  type ConnectionForm,
} from '../../../../../lib/integration-form.ts';
import { runsByItself } from '../../../../../lib/integration-status.ts';
import { integrationDescriptionsQuery } from '../../../../../lib/queries/catalog.ts';
import {
  integrationQueries,
  invalidateIntegration,
} from '../../../../../lib/queries/integrations.ts';
import { oauthQueries, startOAuthConnect } from '../../../../../lib/queries/oauth.ts';
import { toast } from '../../../../../lib/toast.ts';
import { ConnectionCard } from '../../-components/connection-card.tsx';

// ADR 031: the review page's connections. Each side says what it uses and what it still lacks,
// and its Edit connection panel changes the API name, description, base URL, auth type and
// settings, and replaces or removes the credential (write-only, shown by its last characters).

const SIDE_TITLES = { source: 'Source', destination: 'Destination' } as const;
const SaveAnswer = ZIntegration.extend({ codeWarnings: z.array(ZCallWarning) });

export function ConnectionsCard({
  integration,
  imported,
  editing,
  onEdit,
}: {
  integration: TIntegration;
  /** Imported descriptions, whole, so an unchanged choice keeps them. */
  imported: { source?: TApiDescription | null; destination?: TApiDescription | null };
  /** The side whose panel is open. */
  editing: TConnectionSide | null;
  onEdit: (side: TConnectionSide | null) => void;
}) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="connections-title">
      <Title order={2} size="h4" id="connections-title" mb="md">
        Connections
      </Title>
      <Stack gap="lg">
        {(['source', 'destination'] as const).map((side) =>
          editing === side ? (
            <EditConnectionPanel
              key={`${side}-${integration.updatedAt}`}
              integration={integration}
              side={side}
              importedDocument={imported[side]}
              onDone={() => onEdit(null)}
            />
          ) : (
            <ConnectionSummary
              key={side}
              integration={integration}
              side={side}
              onEdit={() => onEdit(side)}
            />
          ),
        )}
      </Stack>
    </Paper>
  );
}

function ConnectionSummary({
  integration,
  side,
  onEdit,
}: {
  integration: TIntegration;
  side: TConnectionSide;
  onEdit: () => void;
}) {
  const key = side === 'source' ? 'source' : 'dest';
  const hint = integration[`${key}ApiKeySet`] ? integration[`${key}ApiKeyHint`] : null;
  const url = integration[`${key}ApiUrl`];
  const gaps = [
    lacksCredential(integration, side) ? 'no credential yet' : null,
    ...urlPlaceholders(url).map((name) => `{${name}} is not filled in`),
  ].filter((gap): gap is string => gap !== null);
  return (
    <Group justify="space-between" align="flex-start" gap="sm" data-testid={`connection-${side}`}>
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
        <Text fw={600}>
          {SIDE_TITLES[side]}: {integration[`${key}ApiName`]}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {url}
        </Text>
        <Text size="sm" c="dimmed">
          {AUTH_TYPE_LABELS[integration[`${key}AuthType`]]}
          {hint ? ` · credential ${hint}` : ''}
        </Text>
        {gaps.length > 0 && (
          <Text size="sm" c="red" fw={500}>
            Runs cannot start: {gaps.join('; ')}.
          </Text>
        )}
      </Stack>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconPencil size={14} aria-hidden="true" />}
        onClick={onEdit}
      >
        Edit {side} connection
      </Button>
    </Group>
  );
}

function EditConnectionPanel({
  integration,
  side,
  importedDocument,
  onDone,
}: {
  integration: TIntegration;
  side: TConnectionSide;
  importedDocument: TApiDescription | null | undefined;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [initial] = useState(() => connectionFromIntegration(integration, side, importedDocument));
  const [form, setForm] = useState<ConnectionForm>(initial);
  const [clearSecret, setClearSecret] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const key = side === 'source' ? 'source' : 'dest';

  // Opened from a link or a refusal: the panel comes into view with focus on its heading.
  useEffect(() => {
    headingRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus();
  }, []);

  const save = useMutation({
    mutationFn: () =>
      apiJson(
        'PUT',
        apiPath('integration', { id: integration.id }),
        SaveAnswer,
        toConnectionUpdate(form, initial, side, clearSecret),
      ),
    onSuccess: async (updated) => {
      const warnings = updated.codeWarnings.length;
      toast({
        title: 'Connection saved',
        message: [
          runsByItself(integration.status) ? 'The next run uses it.' : null,
          warnings === 0
            ? 'The static check finds nothing to flag in the code.'
            : `The static check flags ${warnings} call${warnings === 1 ? '' : 's'} in the code.`,
        ]
          .filter(Boolean)
          .join(' '),
      });
      const { codeWarnings: _warnings, ...saved } = updated;
      queryClient.setQueryData(integrationQueries.detail(integration.id).queryKey, saved);
      await Promise.all([
        invalidateIntegration(queryClient, integration.id),
        // The static check and completion read the descriptions the side now uses.
        queryClient.invalidateQueries({
          queryKey: integrationDescriptionsQuery(integration.id).queryKey,
        }),
        queryClient.invalidateQueries({
          queryKey: oauthQueries.connections(integration.id).queryKey,
        }),
      ]);
      return saved;
    },
  });

  const submit = async (): Promise<boolean> => {
    const problems = connectionProblems(form, side);
    setErrors(
      Object.fromEntries(
        problems.flatMap((problem) => problem.fields.map((field) => [field, problem.message])),
      ),
    );
    if (problems.length > 0) return false;
    try {
      await save.mutateAsync();
      return true;
    } catch {
      return false;
    }
  };

  const originMoved = (() => {
    try {
      return (
        new URL(form.baseUrl.replace(/\{[^}]*\}/g, 'x')).origin !==
        new URL(integration[`${key}ApiUrl`].replace(/\{[^}]*\}/g, 'x')).origin
      );
    } catch {
      return false;
    }
  })();

  return (
    <Stack gap="sm" data-testid={`edit-connection-${side}`}>
      <Title
        order={3}
        size="h5"
        ref={headingRef}
        tabIndex={-1}
        id={`edit-${side}-title`}
        style={{ outline: 'none' }}
      >
        Edit connection: {SIDE_TITLES[side]}
      </Title>
      {runsByItself(integration.status) && (
        <Alert
          variant="light"
          color="blue"
          title={
            integration.status === 'failed'
              ? 'This integration is deployed, and its last run failed'
              : 'This integration is active'
          }
        >
          What you save here applies to its next run.
        </Alert>
      )}
      <ConnectionCard
        side={side}
        value={form}
        onChange={(patch) => setForm((current) => ({ ...current, ...patch }))}
        errors={errors}
        disabled={save.isPending}
        headingOrder={3}
        saved={{
          secretSet: integration[`${key}ApiKeySet`],
          secretHint: integration[`${key}ApiKeyHint`],
          clearSecret,
          onClearSecretChange: setClearSecret,
        }}
        onConnect={() => {
          void submit().then(async (saved) => {
            if (saved) await startOAuthConnect(integration.id, side);
          });
        }}
        connecting={save.isPending}
        connectHint="Saves these settings, then opens the provider's consent page."
      />
      {originMoved && form.secret === '' && integration[`${key}ApiKeySet`] && (
        <Text size="sm" c="orange">
          The base URL moves to another address: the saved credential is removed unless you enter it
          again, so it never goes where it was not meant for.
        </Text>
      )}
      {save.isError && (
        <Alert variant="light" color="red" title="The connection was not saved" role="alert">
          {errorMessage(save.error, 'Try again.')}
        </Alert>
      )}
      <Group gap="xs">
        <Button
          onClick={() => {
            void submit().then((saved) => saved && onDone());
          }}
          loading={save.isPending}
        >
          Save connection
        </Button>
        <Button variant="default" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
