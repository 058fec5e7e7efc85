import {
  Alert,
  Anchor,
  Button,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconExternalLink, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDays, RETENTION_DAYS, type TWebhookEventRecord } from '@patchbay/schema';
import { z } from 'zod';
import { apiPath } from '@patchbay/schema/api-routes';
import { TintedBadge } from '../../../../../components/integrations/tinted-badge.tsx';
import { errorMessage } from '../../../../../lib/api-client.ts';
import { apiJson } from '../../../../../lib/api-json.ts';
import { failureToast } from '../../../../../lib/failure-toast.ts';
import { LIVE_REFRESH_MS } from '../../../../../lib/live-status.ts';
import { integrationQueries } from '../../../../../lib/queries/integrations.ts';
import { webhookEventsQuery } from '../../../../../lib/queries/webhook-events.ts';
import { formatDateTime, formatRelativeTime } from '../../../../../lib/relative-time.ts';
import { toast } from '../../../../../lib/toast.ts';

const ZReplayStarted = z.object({ workflowId: z.string() });

/** An event whose run is queued or has started, and has not yet recorded its result. */
export function eventRunInFlight(event: TWebhookEventRecord): boolean {
  return (
    (event.status === 'queued' || event.status === 'started') &&
    event.workflowId !== null &&
    event.runStatus === null
  );
}

interface EventsPanelProps {
  integrationId: string;
  /** Shows the run an event started in the Runs tab. */
  onShowRun: (workflowId: string) => void;
}

/**
 * Every delivery to the webhook (ADR 021), newest first — when it came, the provider's event id,
 * whether its signature held, whether it was a redelivery, and the run it started — with Replay.
 * It refreshes itself while the integration is active or an event's run is in flight (ADR 019).
 */
export function EventsPanel({ integrationId, onShowRun }: EventsPanelProps) {
  const queryClient = useQueryClient();
  const { data: integration } = useQuery(integrationQueries.detail(integrationId));
  const events = useInfiniteQuery({
    ...webhookEventsQuery(integrationId),
    refetchInterval: (query) => {
      const loaded = query.state.data?.pages.flatMap((page) => page.events) ?? [];
      return integration?.status === 'active' || loaded.some(eventRunInFlight)
        ? LIVE_REFRESH_MS
        : false;
    },
  });
  const all = events.data?.pages.flatMap((page) => page.events) ?? [];
  const temporalLinks = all.some((event) => event.temporalUrl);

  const replay = useMutation({
    mutationFn: (event: TWebhookEventRecord) =>
      apiJson(
        'POST',
        apiPath('webhookEventReplay', { id: integrationId, eventId: event.id }),
        ZReplayStarted,
      ),
    onSuccess: async (_started, event) => {
      toast({
        title: 'Event replayed',
        message: `A new run started with event ${event.eventId}.`,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookEventsQuery(integrationId).queryKey }),
        queryClient.invalidateQueries({
          queryKey: [...integrationQueries.all(), integrationId, 'runs'],
        }),
      ]);
    },
    onError: failureToast('Replay failed', 'The event was not replayed.'),
  });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Deliveries to the webhook URL, newest first. Event bodies are kept for{' '}
          {formatDays(RETENTION_DAYS.runLogs)}, like run logs.
        </Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden="true" />}
          loading={events.isFetching && !events.isFetchingNextPage}
          onClick={() => void events.refetch()}
        >
          Refresh
        </Button>
      </Group>

      {events.isPending ? (
        <Stack gap="xs">
          <Skeleton height={32} />
          <Skeleton height={32} />
        </Stack>
      ) : events.isError ? (
        <Alert color="red" variant="light" title="Events could not be loaded">
          {errorMessage(events.error, 'Please try again.')}
        </Alert>
      ) : all.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" ta="center">
          No events yet. They appear here when the provider sends one to the webhook URL.
        </Text>
      ) : (
        <Table verticalSpacing="xs" aria-label="Webhook events">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Received</Table.Th>
              <Table.Th>Event</Table.Th>
              <Table.Th>Signature</Table.Th>
              <Table.Th>Run</Table.Th>
              {temporalLinks && <Table.Th visibleFrom="sm">Temporal</Table.Th>}
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {all.map((event) => (
              <Table.Tr
                key={event.id}
                data-event-id={event.eventId}
                data-event-status={event.status}
              >
                <Table.Td>
                  <Tooltip label={formatDateTime(event.receivedAt)}>
                    <Text size="sm" component="time" dateTime={event.receivedAt}>
                      {formatRelativeTime(event.receivedAt)}
                    </Text>
                  </Tooltip>
                </Table.Td>
                <Table.Td maw={260}>
                  <Text size="sm" ff="monospace" truncate="end" title={event.eventId}>
                    {event.eventId}
                  </Text>
                  {event.error && (
                    <Text size="xs" c="var(--mantine-color-error)">
                      {event.error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <TintedBadge color={event.verified ? 'green' : 'orange'}>
                      {event.verified ? 'Verified' : 'Unverified'}
                    </TintedBadge>
                    {event.duplicate && <TintedBadge color="gray">Duplicate</TintedBadge>}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <EventRun event={event} onShowRun={onShowRun} />
                </Table.Td>
                {temporalLinks && (
                  <Table.Td visibleFrom="sm">
                    {event.temporalUrl && (
                      <Anchor
                        href={event.temporalUrl}
                        target="_blank"
                        rel="noreferrer"
                        size="sm"
                        aria-label={`Workflow of event ${event.eventId}, in the Temporal Web UI`}
                      >
                        <Group gap={4} wrap="nowrap" component="span">
                          Workflow
                          <IconExternalLink size={14} aria-hidden="true" />
                        </Group>
                      </Anchor>
                    )}
                  </Table.Td>
                )}
                <Table.Td>
                  {/* A rejected delivery was never accepted: there is nothing to replay. */}
                  {event.status !== 'rejected' && (
                    <Button
                      size="compact-xs"
                      variant="default"
                      leftSection={<IconPlayerPlay size={12} aria-hidden="true" />}
                      loading={replay.isPending && replay.variables.id === event.id}
                      disabled={integration?.status === 'draft'}
                      aria-label={`Replay event ${event.eventId}`}
                      onClick={() => replay.mutate(event)}
                    >
                      Replay
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}

      {events.hasNextPage && (
        <Button
          variant="default"
          size="xs"
          w="fit-content"
          mx="auto"
          loading={events.isFetchingNextPage}
          onClick={() => void events.fetchNextPage()}
        >
          Load older events
        </Button>
      )}
    </Stack>
  );
}

function EventRun({
  event,
  onShowRun,
}: {
  event: TWebhookEventRecord;
  onShowRun: (workflowId: string) => void;
}) {
  if (event.status === 'rejected')
    return (
      <Text size="sm" c="dimmed">
        Refused (401)
      </Text>
    );
  if (event.duplicate || event.workflowId === null)
    return (
      <Text size="sm" c="dimmed">
        {event.duplicate ? 'None: already run' : 'Not run'}
      </Text>
    );
  // Accepted and kept; its run starts within moments (ADR 047).
  if (event.status === 'queued') return <TintedBadge color="gray">Queued</TintedBadge>;
  const workflowId = event.workflowId;
  return (
    <Group gap={6} wrap="nowrap">
      {event.runStatus === null ? (
        <TintedBadge color="blue">Running</TintedBadge>
      ) : (
        <TintedBadge color={event.runStatus === 'success' ? 'green' : 'red'}>
          {event.runStatus === 'success' ? 'Success' : 'Failed'}
        </TintedBadge>
      )}
      {event.runId !== null && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => onShowRun(workflowId)}
          aria-label={`Show run of event ${event.eventId}`}
        >
          Show run
        </Anchor>
      )}
    </Group>
  );
}
