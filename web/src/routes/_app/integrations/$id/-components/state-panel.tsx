import { Alert, Button, Group, JsonInput, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZIntegrationState, type TIntegrationState } from '@patchbay/schema';
import { useState } from 'react';
import { apiPath } from '@patchbay/schema/api-routes';
import { errorMessage } from '../../../../../lib/api-client.ts';
import { apiJson } from '../../../../../lib/api-json.ts';
import { integrationQueries } from '../../../../../lib/queries/integrations.ts';
import { toast } from '../../../../../lib/toast.ts';

/**
 * The saved state `ctx.state` reads at the start of a deployed run (ADR 011), viewable
 * and editable — to reset a cursor, say. The edit carries the version it was made from, so it
 * cannot overwrite a run's commit made in the meantime (409).
 */
export function StatePanel({ integrationId }: { integrationId: string }) {
  const state = useQuery(integrationQueries.state(integrationId));

  if (state.isPending) return <Skeleton height={120} />;
  if (state.isError) {
    return (
      <Alert color="red" variant="light" title="Saved state could not be loaded">
        {errorMessage(state.error, 'Please try again.')}
      </Alert>
    );
  }
  // Remount the editor when a newer state arrives, so it starts from that state.
  return <StateEditor key={state.data.version} integrationId={integrationId} state={state.data} />;
}

function StateEditor({
  integrationId,
  state,
}: {
  integrationId: string;
  state: TIntegrationState;
}) {
  const queryClient = useQueryClient();
  const initial = JSON.stringify(state.values, null, 2);
  const [text, setText] = useState(initial);
  const parsed = parseObject(text);

  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      apiJson('PUT', apiPath('integrationState', { id: integrationId }), ZIntegrationState, {
        version: state.version,
        values,
      }),
    onSuccess: (next) => {
      toast({ title: 'State saved', message: 'The next run starts from this state.' });
      queryClient.setQueryData(integrationQueries.state(integrationId).queryKey, next);
    },
    onError: (err) => {
      toast({
        title: 'Failed to save state',
        message: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({
        queryKey: integrationQueries.state(integrationId).queryKey,
      });
    },
  });

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Values kept between runs with <code>ctx.state</code>; a run saves its changes only when it
        succeeds, and tests never do.
      </Text>
      <JsonInput
        label="Saved state (JSON object)"
        value={text}
        onChange={setText}
        autosize
        minRows={4}
        maxRows={16}
        formatOnBlur
        validationError="Enter a JSON object"
        error={parsed === null ? 'Enter a JSON object, such as {"cursor": 0}' : undefined}
      />
      <Group gap="xs">
        <Button
          size="xs"
          onClick={() => parsed && save.mutate(parsed)}
          disabled={parsed === null || text === initial}
          loading={save.isPending}
        >
          Save state
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => setText(initial)}
          disabled={text === initial}
        >
          Discard changes
        </Button>
      </Group>
    </Stack>
  );
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
