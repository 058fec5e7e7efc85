import { Alert, Button, Group, Modal, Skeleton, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { IconPlayerPlay, IconRepeat } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEPLOYED_RUN_KINDS,
  ZReplayResponse,
  ZRunStarted,
  type TRerunRequest,
  type TRunAttempt,
  type TRunSummary,
} from '@patchbay/schema';
import { useState } from 'react';
import { apiPath } from '@patchbay/schema/api-routes';
import { errorMessage } from '../../../../../lib/api-client.ts';
import { apiJson } from '../../../../../lib/api-json.ts';
import { failureSides } from '../../../../../lib/failure-sentence.ts';
import { failureToast } from '../../../../../lib/failure-toast.ts';
import { integrationQueries } from '../../../../../lib/queries/integrations.ts';
import { formatDateTime, formatDuration } from '../../../../../lib/relative-time.ts';
import { toast } from '../../../../../lib/toast.ts';
import { ReplayDialog } from './replay-dialog.tsx';
import { RunTimeline } from './run-timeline.tsx';
import { LogsView, RequestList, ResponseList, RunErrorAlert } from './run-transcript.tsx';

// The detail view of one run in the Runs panel — its attempts, logs, data and
// redacted transcript, loaded when opened (the list carries no transcripts) — and what can be
// done from it: re-run a deployed run (as it ran, or with the current code) and replay the
// editor's code against its recording (ADR 023).

interface RunDetailProps {
  integrationId: string;
  run: TRunSummary;
  /** The editor's contents, saved or not: what 'Replay with current code' runs. */
  draftCode: string;
  /** A re-run started from here: the panel waits for its row as for Run now. */
  onStarted: (started: { startedAt: string; workflowId: string; temporalUrl?: string }) => void;
  /** Opens a side's Edit connection panel, for a failure whose fix is there. */
  onEditConnection?: ((side: 'source' | 'destination') => void) | undefined;
}

export function RunDetail({
  integrationId,
  run,
  draftCode,
  onStarted,
  onEditConnection,
}: RunDetailProps) {
  const detail = useQuery(integrationQueries.run(integrationId, run.id));
  // Cached by the review page: the sides a failure may name.
  const { data: integration } = useQuery(integrationQueries.detail(integrationId));
  const queryClient = useQueryClient();
  const [rerun, setRerun] = useState<TRerunRequest['code'] | null>(null);
  const [replayOpen, setReplayOpen] = useState(false);
  const deployed = (DEPLOYED_RUN_KINDS as readonly string[]).includes(run.kind);
  const runParams = { id: integrationId, runId: run.id };

  const startRerun = useMutation({
    mutationFn: (code: TRerunRequest['code']) =>
      apiJson('POST', apiPath('rerun', runParams), ZRunStarted, { code }),
    onSuccess: async (started) => {
      setRerun(null);
      toast({
        title: 'Re-run started',
        message: 'A deployed run: its state changes are saved when it succeeds.',
      });
      onStarted({ startedAt: new Date().toISOString(), ...started });
      await queryClient.invalidateQueries({ queryKey: integrationQueries.all() });
    },
    onError: failureToast('Re-run failed', 'The re-run could not start'),
  });

  const replay = useMutation({
    mutationFn: () =>
      apiJson('POST', apiPath('replay', runParams), ZReplayResponse, { code: draftCode }),
    onSettled: async () => {
      // The replay is recorded as a run of its own.
      await queryClient.invalidateQueries({
        queryKey: [...integrationQueries.all(), integrationId, 'runs', 'pages'],
      });
    },
  });

  const runLabel = `the ${run.status} run of ${formatDateTime(run.startedAt)}`;
  return (
    <Stack p="md" gap="sm">
      <Group gap="xs">
        {deployed && (
          <>
            <Tooltip
              label="This run was recorded before runs kept their code version"
              disabled={run.codeVersion !== null}
            >
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRepeat size={14} aria-hidden="true" />}
                disabled={run.codeVersion === null}
                onClick={() => setRerun('as-ran')}
              >
                Re-run as it ran
              </Button>
            </Tooltip>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRepeat size={14} aria-hidden="true" />}
              onClick={() => setRerun('current')}
            >
              Re-run with current code
            </Button>
          </>
        )}
        <Tooltip label="The editor is empty" disabled={draftCode.trim() !== ''}>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlayerPlay size={14} aria-hidden="true" />}
            disabled={draftCode.trim() === ''}
            onClick={() => {
              setReplayOpen(true);
              replay.mutate();
            }}
          >
            Replay with current code
          </Button>
        </Tooltip>
      </Group>

      {detail.isPending ? (
        <Stack gap="xs">
          <Skeleton height={24} />
          <Skeleton height={96} />
        </Stack>
      ) : detail.isError ? (
        <Alert color="red" variant="light" title="The run could not be loaded">
          {errorMessage(detail.error, 'Please try again.')}
        </Alert>
      ) : (
        <>
          {detail.data.error && (
            <RunErrorAlert
              error={detail.data.error}
              sides={integration ? failureSides(integration) : undefined}
              onEditConnection={onEditConnection}
              details={<Text size="sm">Workflow {run.workflowId}</Text>}
            />
          )}
          {detail.data.attempts.length > 1 && <AttemptList attempts={detail.data.attempts} />}
          <Tabs defaultValue="logs" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="logs">Logs</Tabs.Tab>
              <Tabs.Tab value="request">Requests ({detail.data.requests.length})</Tabs.Tab>
              <Tabs.Tab value="response">Responses</Tabs.Tab>
              <Tabs.Tab value="history">History</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="logs" pt="md">
              <LogsView
                logs={detail.data.logs}
                data={detail.data.data}
                stateChanges={detail.data.stateChanges}
                error={detail.data.error}
                mode={deployed ? 'deployed' : 'test'}
              />
            </Tabs.Panel>
            <Tabs.Panel value="request" pt="md">
              <RequestList requests={detail.data.requests} />
            </Tabs.Panel>
            <Tabs.Panel value="response" pt="md">
              <ResponseList requests={detail.data.requests} />
            </Tabs.Panel>
            {/* Temporal's own record of the run, for users without the Web UI (operators only). */}
            <Tabs.Panel value="history" pt="md">
              <RunTimeline integrationId={integrationId} runId={run.id} />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
      {/* A failed run's workflow id is in its failure's details. */}
      <Text size="xs" c="dimmed" ff="monospace">
        {run.status === 'success' && run.workflowId}
        {run.status === 'success' && run.codeVersion !== null && ' · '}
        {run.codeVersion !== null && `code version ${run.codeVersion}`}
      </Text>

      <Modal
        opened={rerun !== null}
        onClose={() => setRerun(null)}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title={
          <Text fw={600} component="span">
            {rerun === 'as-ran' ? 'Re-run as it ran?' : 'Re-run with the current code?'}
          </Text>
        }
      >
        <Stack gap="md">
          <Text size="sm">
            {rerun === 'as-ran'
              ? `This runs code version ${run.codeVersion ?? ''} again${run.kind === 'webhook' ? ', with the same webhook event' : ''}.`
              : "This runs the integration's current deployed code."}{' '}
            It is a deployed run: it sends its writes to the real APIs and{' '}
            <strong>commits the saved state</strong> when it succeeds.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRerun(null)}>
              Cancel
            </Button>
            <Button
              loading={startRerun.isPending}
              onClick={() => rerun && startRerun.mutate(rerun)}
            >
              Re-run
            </Button>
          </Group>
        </Stack>
      </Modal>

      <ReplayDialog
        runLabel={replayOpen ? runLabel : null}
        pending={replay.isPending}
        error={replay.error}
        result={replay.data}
        onClose={() => setReplayOpen(false)}
      />
    </Stack>
  );
}

const WAIT_REASONS: Record<NonNullable<TRunAttempt['waitReason']>, string> = {
  'retry-after': "the API's Retry-After",
  backoff: 'backoff',
};

/**
 * Every attempt of a retried run, with its error and the wait before the next,
 * so a run that succeeded on its third attempt does not hide the two failures before it.
 * The logs and transcript below are the last attempt's.
 */
function AttemptList({ attempts }: { attempts: TRunAttempt[] }) {
  return (
    <Stack gap={4} component="section" aria-label="Attempts">
      <Text size="sm" fw={600}>
        {attempts.length} attempts (the logs and requests below are the last one&apos;s)
      </Text>
      <Stack gap={4} component="ol" m={0} pl="md">
        {attempts.map((attempt) => (
          <Text
            key={attempt.attempt}
            component="li"
            size="sm"
            data-attempt={attempt.attempt}
            data-attempt-status={attempt.status}
          >
            <Text
              span
              fw={500}
              inherit
              // The theme's error colour meets 4.5:1 in both schemes; success reads as plain text.
              c={attempt.status === 'success' ? undefined : 'var(--mantine-color-error)'}
            >
              Attempt {attempt.attempt}: {attempt.status === 'success' ? 'succeeded' : 'failed'}
            </Text>{' '}
            after {formatDuration(attempt.durationMs)}
            {attempt.error && (
              <>
                {' — '}
                <Text span ff="monospace" inherit>
                  {attempt.error.name}: {attempt.error.message}
                </Text>
              </>
            )}
            {attempt.waitMs !== undefined && (
              <Text span c="dimmed" inherit>
                {' '}
                · then waited {formatDuration(attempt.waitMs)}
                {attempt.waitReason ? ` (${WAIT_REASONS[attempt.waitReason]})` : ''}
              </Text>
            )}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}
