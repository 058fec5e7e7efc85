import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Skeleton,
  Stack,
  Select,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconExternalLink,
  IconRefresh,
} from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { formatDays, RETENTION_DAYS, RUN_KINDS, type TRunSummary } from '@patchbay/schema';
import { Fragment, useEffect, useState } from 'react';
import { errorMessage } from '../../../../../lib/api-client.ts';
import {
  detailRefreshInterval,
  isRunInFlight,
  LIVE_REFRESH_MS,
} from '../../../../../lib/live-status.ts';
import { integrationQueries, type RunsFilter } from '../../../../../lib/queries/integrations.ts';
import { formatDateTime, formatRelativeTime } from '../../../../../lib/relative-time.ts';
import { durationLine } from '../../../../../lib/run-progress.ts';
import { usePhoneLayout } from '../../../../../lib/use-phone-layout.ts';
import { RunDetail } from './run-detail.tsx';
import { RunInFlightRow } from './run-in-flight-row.tsx';
import { TintedBadge } from '../../../../../components/integrations/tinted-badge.tsx';

const KIND_LABELS: Record<TRunSummary['kind'], string> = {
  test: 'Test',
  scheduled: 'Scheduled',
  manual: 'Run now',
  webhook: 'Webhook',
  rerun: 'Re-run',
  replay: 'Replay',
};

export interface StartedRun {
  startedAt: string;
  /** The run's workflow: its row replaces the 'Waiting for the run' banner. */
  workflowId: string;
  /** Only operators get Temporal links. */
  temporalUrl?: string | undefined;
}

interface RunsPanelProps {
  integrationId: string;
  /** The last 'Run now' from this page, until a run as recent as it shows up. */
  started: StartedRun | null;
  /** The run an event started (its workflow id), opened and scrolled to. */
  shownRun?: string | null;
  /** The editor's contents, saved or not, which 'Replay with current code' runs. */
  draftCode?: string;
  /** Opens a side's Edit connection panel, for a failed run whose fix is there. */
  onEditConnection?: ((side: 'source' | 'destination') => void) | undefined;
}

/**
 * The run history — tests, scheduled and manual runs — newest first, each with its
 * logs, transcript and a link to its workflow in the Temporal Web UI. New runs appear by
 * themselves while a run is in flight or the integration is active (ADR 019: bounded polling
 * that stops when idle); Refresh stays for the impatient.
 */
export function RunsPanel({
  integrationId,
  started: startedHere,
  shownRun = null,
  draftCode = '',
  onEditConnection,
}: RunsPanelProps) {
  // The record is in the cache already (the review page's loader); only its status is read.
  const { data: integration } = useQuery(integrationQueries.detail(integrationId));
  const [open, setOpen] = useState<string | null>(null);
  // The history filtered by trigger and by outcome.
  const [filter, setFilter] = useState<RunsFilter>({});
  // A re-run started from a run's details is waited for like Run now.
  const [rerun, setRerun] = useState<StartedRun | null>(null);
  const started =
    rerun && (!startedHere || rerun.startedAt > startedHere.startedAt) ? rerun : startedHere;
  const phone = usePhoneLayout();
  const runs = useInfiniteQuery({
    ...integrationQueries.runs(integrationId, filter),
    refetchInterval: (query) => {
      const loaded = query.state.data?.pages.flatMap((page) => page.runs) ?? [];
      const underWay = (query.state.data?.pages[0]?.inFlight.length ?? 0) > 0;
      return isRunInFlight(started, loaded) || underWay || integration?.status === 'active'
        ? LIVE_REFRESH_MS
        : false;
    },
  });
  const filtered = filter.kind !== undefined || filter.status !== undefined;
  const all = runs.data?.pages.flatMap((page) => page.runs) ?? [];
  // Runs under way head the table (ADR 037) from their first attempt.
  const inFlight = runs.data?.pages[0]?.inFlight ?? [];
  const shown = shownRun ? all.find((run) => run.workflowId === shownRun) : undefined;
  useEffect(() => {
    if (!shown) return;
    setOpen(shown.id);
    document.getElementById(`run-${shown.id}`)?.scrollIntoView({ block: 'center' });
    // Once per run shown: a refetch of the same run must not reopen a row the user closed.
  }, [shown?.id]);
  // Runs carry Temporal links for operators only: no column for anyone else.
  const temporalLinks = all.some((run) => run.temporalUrl);
  const waiting = started !== null && isRunInFlight(started, all);
  // Until its row appears, a run just started here is announced by the banner.
  const announced = waiting && !inFlight.some((run) => run.workflowId === started.workflowId);
  const columns = temporalLinks ? 7 : 6;
  // The status badge follows the run too: a failed run turns an active integration failed.
  useQuery({
    ...integrationQueries.detail(integrationId),
    refetchInterval: (query) =>
      detailRefreshInterval(query.state.data?.status, waiting || inFlight.length > 0),
  });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Tests, scheduled runs and Run now, newest first. Run logs are kept for{' '}
          {formatDays(RETENTION_DAYS.runLogs)}.
        </Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden="true" />}
          loading={runs.isFetching && !runs.isFetchingNextPage}
          onClick={() => void runs.refetch()}
        >
          Refresh
        </Button>
      </Group>

      {announced && (
        <Alert variant="light" color="blue" title="Waiting for the run…" role="status">
          A run started {formatRelativeTime(started.startedAt)}. Its result appears here when it
          finishes
          {started.temporalUrl && (
            <>
              ; or{' '}
              <Anchor
                href={started.temporalUrl}
                target="_blank"
                rel="noreferrer"
                inherit
                underline="always"
              >
                follow it in Temporal
              </Anchor>
            </>
          )}
          .
        </Alert>
      )}

      <Group gap="sm" align="flex-end">
        <Select
          // "Trigger" alone would share its name with the trigger editor's form.
          label="Started by"
          size="xs"
          w={160}
          data={[
            { value: 'all', label: 'All triggers' },
            ...RUN_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] })),
          ]}
          value={filter.kind ?? 'all'}
          allowDeselect={false}
          onChange={(value) =>
            setFilter((current) => ({
              ...current,
              kind: RUN_KINDS.find((kind) => kind === value),
            }))
          }
        />
        <Select
          label="Status"
          size="xs"
          w={140}
          data={[
            { value: 'all', label: 'Any status' },
            { value: 'success', label: 'Success' },
            { value: 'failed', label: 'Failed' },
          ]}
          value={filter.status ?? 'all'}
          allowDeselect={false}
          onChange={(value) =>
            setFilter((current) => ({
              ...current,
              status: value === 'success' || value === 'failed' ? value : undefined,
            }))
          }
        />
      </Group>

      {runs.isPending ? (
        <Stack gap="xs">
          <Skeleton height={32} />
          <Skeleton height={32} />
        </Stack>
      ) : runs.isError ? (
        <Alert color="red" variant="light" title="Runs could not be loaded">
          {errorMessage(runs.error, 'Please try again.')}
        </Alert>
      ) : all.length === 0 && inFlight.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" ta="center">
          {filtered
            ? 'No runs match these filters.'
            : 'No runs yet. Test the integration, or deploy it and use Run now.'}
        </Text>
      ) : (
        // On a phone Kind, Duration, Attempts and the Temporal link move under
        // Started instead of off-screen.
        <Table verticalSpacing="xs" aria-label="Runs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <VisuallyHidden>Details</VisuallyHidden>
              </Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th visibleFrom="sm">Kind</Table.Th>
              <Table.Th>Started</Table.Th>
              <Table.Th visibleFrom="sm">Duration</Table.Th>
              <Table.Th visibleFrom="sm">Attempts</Table.Th>
              {temporalLinks && <Table.Th visibleFrom="sm">Temporal</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inFlight.map((run) => (
              <RunInFlightRow
                key={run.workflowId + run.runId}
                run={run}
                kindLabel={KIND_LABELS[run.kind]}
                phone={phone}
                columns={columns}
              />
            ))}
            {all.map((run) => {
              const duration = durationLine(run);
              const expanded = open === run.id;
              return (
                <Fragment key={run.id}>
                  <Table.Tr
                    id={`run-${run.id}`}
                    data-run-status={run.status}
                    data-run-kind={run.kind}
                    data-workflow-id={run.workflowId}
                  >
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-expanded={expanded}
                        aria-label={`${expanded ? 'Hide' : 'Show'} details of the ${KIND_LABELS[run.kind].toLowerCase()} run ${formatRelativeTime(run.startedAt)}`}
                        onClick={() => setOpen(expanded ? null : run.id)}
                      >
                        {expanded ? (
                          <IconChevronDown size={16} aria-hidden="true" />
                        ) : (
                          <IconChevronRight size={16} aria-hidden="true" />
                        )}
                      </ActionIcon>
                    </Table.Td>
                    <Table.Td>
                      <TintedBadge color={run.status === 'success' ? 'green' : 'red'}>
                        {run.status === 'success' ? 'Success' : 'Failed'}
                      </TintedBadge>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm">{KIND_LABELS[run.kind]}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label={formatDateTime(run.startedAt)}>
                        <Text size="sm" component="time" dateTime={run.startedAt}>
                          {formatRelativeTime(run.startedAt)}
                        </Text>
                      </Tooltip>
                      {phone && (
                        <Text size="xs" c="dimmed" data-testid="run-phone-details">
                          {KIND_LABELS[run.kind]} · {duration.total}
                          {duration.lastAttempt && ` (${duration.lastAttempt})`} ·{' '}
                          {run.attempts.length} {run.attempts.length === 1 ? 'attempt' : 'attempts'}
                          {run.temporalUrl && (
                            <>
                              {' · '}
                              <Anchor
                                href={run.temporalUrl}
                                target="_blank"
                                rel="noreferrer"
                                inherit
                              >
                                Workflow
                              </Anchor>
                            </>
                          )}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm">{duration.total}</Text>
                      {duration.lastAttempt && (
                        <Text size="xs" c="dimmed">
                          {duration.lastAttempt}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm">{run.attempts.length}</Text>
                    </Table.Td>
                    {run.temporalUrl && (
                      <Table.Td visibleFrom="sm">
                        <Anchor
                          href={run.temporalUrl}
                          target="_blank"
                          rel="noreferrer"
                          size="sm"
                          aria-label={`Workflow of the ${KIND_LABELS[run.kind].toLowerCase()} run of ${formatDateTime(run.startedAt)}, in the Temporal Web UI`}
                        >
                          <Group gap={4} wrap="nowrap" component="span">
                            Workflow
                            <IconExternalLink size={14} aria-hidden="true" />
                          </Group>
                        </Anchor>
                      </Table.Td>
                    )}
                  </Table.Tr>
                  {expanded && (
                    <Table.Tr>
                      <Table.Td colSpan={columns} p={0}>
                        <RunDetail
                          integrationId={integrationId}
                          run={run}
                          draftCode={draftCode}
                          onStarted={setRerun}
                          onEditConnection={onEditConnection}
                        />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      )}

      {runs.hasNextPage && (
        <Button
          variant="default"
          size="xs"
          w="fit-content"
          mx="auto"
          loading={runs.isFetchingNextPage}
          onClick={() => void runs.fetchNextPage()}
        >
          Load more
        </Button>
      )}
    </Stack>
  );
}
