import { ActionIcon, Group, Paper, Progress, Skeleton, Text, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { TIntegrationListItem } from '@patchbay/schema';
import { integrationQueries, RUNS_PAGE_SIZE } from '../../../lib/queries/integrations.ts';
import { deployedRuns, successRate, successRateColor } from '../../../lib/success-rate.ts';

/**
 * Integrations whose runs are read. Free accounts have at most 5; beyond this many the rate
 * covers the most recently changed ones, to keep the dashboard to a handful of requests.
 */
const MAX_INTEGRATIONS = 20;

/**
 * The success-rate bar (0-100) from real runs — the share of
 * successful deployed runs among the latest runs of each integration. Green at 80 or above,
 * yellow at 50 or above, red below.
 */
export function SuccessRateCard({
  integrations,
}: {
  integrations: readonly TIntegrationListItem[];
}) {
  const sampled = [...integrations]
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .slice(0, MAX_INTEGRATIONS);
  const queryClient = useQueryClient();
  const results = useQueries({
    queries: sampled.map((integration) => integrationQueries.recentRuns(integration.id)),
  });
  const pending = results.some((result) => result.isPending);
  const failed = results.some((result) => result.isError);
  const runs = results.flatMap((result) => result.data?.runs ?? []);
  const rate = successRate(runs);
  // The same runs the rate and Settings → Usage count: replays and tests are not runs.
  const counted = deployedRuns(runs).length;

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="success-rate-title">
      <Group justify="space-between" align="baseline">
        <Group gap={4}>
          <Text size="sm" fw={500} c="dimmed" id="success-rate-title">
            Success rate
          </Text>
          {/* No polling; runs that finished since the page loaded arrive on request. */}
          <Tooltip label="Refresh">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label="Refresh success rate"
              loading={results.some((result) => result.isFetching)}
              onClick={() =>
                void Promise.all(
                  sampled.map((integration) =>
                    queryClient.invalidateQueries({
                      queryKey: integrationQueries.recentRuns(integration.id).queryKey,
                    }),
                  ),
                )
              }
            >
              <IconRefresh size={14} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </Group>
        {pending ? (
          <Skeleton height={28} width={64} />
        ) : (
          <Text fz={28} fw={700} lh={1.1} data-testid="success-rate-value">
            {rate === null ? '—' : `${rate}%`}
          </Text>
        )}
      </Group>
      <Progress
        mt="md"
        size="lg"
        value={rate ?? 0}
        color={rate === null ? 'gray' : successRateColor(rate)}
        aria-label="Success rate"
        data-color={rate === null ? undefined : successRateColor(rate)}
      />
      <Text size="sm" c="dimmed" mt="sm">
        {failed
          ? 'Run history could not be loaded.'
          : pending
            ? 'Reading run history…'
            : rate === null
              ? 'No deployed runs yet. Deploy an integration or use Run to see how its runs go.'
              : `Successful deployed runs, over the last ${counted} ${counted === 1 ? 'run' : 'runs'} (up to ${RUNS_PAGE_SIZE} per integration; tests and replays not counted).`}
      </Text>
    </Paper>
  );
}
