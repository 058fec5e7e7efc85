import { Button, Group, NumberInput, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZIntegration, type TIntegration } from '@patchbay/schema';
import { useState } from 'react';
import { errorMessage } from '../../../../../lib/api-client.ts';
import { apiJson } from '../../../../../lib/api-json.ts';
import {
  integrationQueries,
  invalidateIntegration,
} from '../../../../../lib/queries/integrations.ts';
import { toast } from '../../../../../lib/toast.ts';

/** ZSchedule: every 1 minute to once a day. */
const MIN_MINUTES = 1;
const MAX_MINUTES = 24 * 60;

/** How often a deployed integration runs (DESIGN §5: a Temporal Schedule per integration). */
export function ScheduleEditor({ integration }: { integration: TIntegration }) {
  const queryClient = useQueryClient();
  const saved = integration.schedule.everyMinutes;
  const [minutes, setMinutes] = useState<number | string>(saved);
  const value = typeof minutes === 'number' ? minutes : Number.parseInt(minutes, 10);
  const valid = Number.isInteger(value) && value >= MIN_MINUTES && value <= MAX_MINUTES;

  const save = useMutation({
    mutationFn: (everyMinutes: number) =>
      apiJson('PUT', `/api/integrations/${encodeURIComponent(integration.id)}`, ZIntegration, {
        schedule: { everyMinutes },
      }),
    onSuccess: async (updated) => {
      toast({
        title: 'Schedule saved',
        message: `${updated.name} runs every ${updated.schedule.everyMinutes} ${plural(updated.schedule.everyMinutes)} while active.`,
      });
      queryClient.setQueryData(integrationQueries.detail(updated.id).queryKey, updated);
      setMinutes(updated.schedule.everyMinutes);
      await invalidateIntegration(queryClient, updated.id);
    },
    onError: (err) => {
      toast({
        title: 'Failed to save schedule',
        message: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && value !== saved) save.mutate(value);
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <NumberInput
          label="Run every (minutes)"
          size="xs"
          w={140}
          min={MIN_MINUTES}
          max={MAX_MINUTES}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={minutes}
          onChange={setMinutes}
          error={valid ? undefined : `${MIN_MINUTES} to ${MAX_MINUTES}`}
        />
        <Button
          type="submit"
          size="xs"
          variant="default"
          disabled={!valid || value === saved}
          loading={save.isPending}
        >
          Save schedule
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {integration.status === 'active'
          ? `Runs every ${saved} ${plural(saved)}.`
          : `Runs every ${saved} ${plural(saved)} once deployed.`}
      </Text>
    </form>
  );
}

function plural(minutes: number): string {
  return minutes === 1 ? 'minute' : 'minutes';
}
