import { Alert, Loader, Text, Timeline } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZRunTimeline, type TRunTimelineEntry } from '@patchbay/schema';
import { apiPath } from '@patchbay/schema/api-routes';
import { errorMessage, getQueryFn } from '../../../../../lib/api-client.ts';

// The run's history as Temporal recorded it, for its owner. Operators also have the
// Temporal Web UI link; everyone else reads the same steps here.

export function runTimelineQuery(integrationId: string, runId: string) {
  return queryOptions({
    queryKey: [apiPath('integrations'), integrationId, 'runs', runId, 'history'],
    queryFn: getQueryFn(apiPath('runHistory', { id: integrationId, runId }), {
      schema: ZRunTimeline,
    }),
    // A finished run's history does not change.
    staleTime: Infinity,
  });
}

function seconds(ms: number): string {
  return ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** One step in words. Exported for its unit test. */
export function describeStep(entry: TRunTimelineEntry): { title: string; detail?: string } {
  const attempt = entry.attempt ? `Attempt ${entry.attempt}` : 'The attempt';
  switch (entry.step) {
    case 'run-started':
      return { title: 'Run started' };
    case 'attempt-started':
      if (entry.attempt && entry.attempt > 1) {
        const failed = entry.attempt - 1;
        return {
          title: `${attempt} started`,
          detail:
            `after ${failed} failed attempt${failed === 1 ? '' : 's'} and ` +
            `${seconds(entry.waitedMs ?? 0)} of retries and backoff` +
            (entry.message ? `; the last error: ${entry.message}` : ''),
        };
      }
      return { title: `${attempt} started` };
    case 'attempt-succeeded':
      return { title: `${attempt} succeeded` };
    case 'attempt-failed':
      return { title: `${attempt} failed`, detail: entry.message };
    case 'attempt-timed-out':
      return { title: `${attempt} timed out`, detail: entry.message };
    case 'run-recorded-failed':
      return { title: 'Recorded as failed; the integration is marked failed' };
    case 'run-succeeded':
      return { title: 'Run succeeded' };
    case 'run-failed':
      return { title: 'Run failed', detail: entry.message };
    case 'run-ended':
      return { title: 'Run ended', detail: entry.message };
  }
}

const FAILED_STEPS = new Set(['attempt-failed', 'attempt-timed-out', 'run-failed', 'run-ended']);

export function RunTimeline({ integrationId, runId }: { integrationId: string; runId: string }) {
  const timeline = useQuery(runTimelineQuery(integrationId, runId));
  if (timeline.isPending) return <Loader size="sm" aria-label="Loading the run's history" />;
  if (timeline.isError)
    return (
      <Alert color="gray" title="History not available">
        {errorMessage(timeline.error, 'The run’s history could not be read')}
      </Alert>
    );
  return (
    <Timeline bulletSize={14} lineWidth={2} aria-label="Run history from Temporal">
      {timeline.data.entries.map((entry, index) => {
        const { title, detail } = describeStep(entry);
        return (
          <Timeline.Item
            key={index}
            color={FAILED_STEPS.has(entry.step) ? 'red' : undefined}
            title={title}
          >
            <Text size="xs" c="dimmed">
              {new Date(entry.at).toLocaleString()}
            </Text>
            {detail && <Text size="sm">{detail}</Text>}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
