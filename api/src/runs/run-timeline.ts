// A run's history as its owner may see it, read from Temporal's event history of the
// run's workflow execution. Payloads and failure messages are encrypted in Temporal (ADR 009),
// so failures are decoded with the API client's codec. Only the steps a user cares about are
// kept: the run, each attempt's start and end, the bookkeeping of a failed run, the outcome.
import type { Client } from '@temporalio/client';
import { decodeOptionalFailureToOptionalError } from '@temporalio/common/lib/internal-non-workflow/codec-helpers.js';
// CommonJS: Node's own ESM loader (npm start, unlike vitest) only offers its default export.
import proto from '@temporalio/proto';
import type { TRunTimelineEntry } from '@patchbay/schema';

const EventType = proto.temporal.api.enums.v1.EventType;
type HistoryEvent = proto.temporal.api.history.v1.IHistoryEvent;
type ProtoFailure = proto.temporal.api.failure.v1.IFailure;

function timeOf(event: HistoryEvent): Date {
  const time = event.eventTime;
  const seconds = Number(time?.seconds ?? 0);
  return new Date(seconds * 1000 + Math.floor((time?.nanos ?? 0) / 1e6));
}

export async function readRunTimeline(
  client: Client,
  workflowId: string,
  runId: string,
): Promise<TRunTimelineEntry[]> {
  const history = await client.workflow.getHandle(workflowId, runId).fetchHistory();
  const converter = client.workflow.options.loadedDataConverter;
  const message = async (failure: ProtoFailure | null | undefined) => {
    if (!failure) return undefined;
    const error = await decodeOptionalFailureToOptionalError(converter, failure);
    // The activity's own error is the interesting one, not "Activity task failed".
    const cause = error?.cause instanceof Error ? error.cause : error;
    return cause?.message;
  };

  // Activity type per scheduled event id, and when each was scheduled.
  const scheduled = new Map<string, { name: string; at: Date }>();
  const entries: TRunTimelineEntry[] = [];
  for (const event of history.events ?? []) {
    const at = timeOf(event);
    const iso = at.toISOString();
    switch (event.eventType) {
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED:
        entries.push({ at: iso, step: 'run-started' });
        break;
      case EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED:
        scheduled.set(String(event.eventId), {
          name: event.activityTaskScheduledEventAttributes?.activityType?.name ?? '',
          at,
        });
        break;
      case EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED: {
        const attributes = event.activityTaskStartedEventAttributes;
        const activity = scheduled.get(String(attributes?.scheduledEventId));
        if (activity?.name !== 'executeIntegration') break;
        const attempt = attributes?.attempt ?? 1;
        // Temporal writes one started event, for the last attempt; the ones before it failed
        // and waited out their backoff in between.
        entries.push({
          at: iso,
          step: 'attempt-started',
          attempt,
          ...(attempt > 1
            ? {
                waitedMs: Math.max(0, at.getTime() - activity.at.getTime()),
                message: await message(attributes?.lastFailure),
              }
            : {}),
        });
        break;
      }
      case EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED:
      case EventType.EVENT_TYPE_ACTIVITY_TASK_FAILED:
      case EventType.EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT: {
        const attributes =
          event.activityTaskCompletedEventAttributes ??
          event.activityTaskFailedEventAttributes ??
          event.activityTaskTimedOutEventAttributes;
        const activity = scheduled.get(String(attributes?.scheduledEventId));
        const attempt = [...entries]
          .reverse()
          .find((entry) => entry.step === 'attempt-started')?.attempt;
        if (activity?.name === 'recordFailedRun') {
          if (event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED)
            entries.push({ at: iso, step: 'run-recorded-failed' });
          break;
        }
        if (activity?.name !== 'executeIntegration') break;
        if (event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED) {
          entries.push({ at: iso, step: 'attempt-succeeded', ...(attempt ? { attempt } : {}) });
        } else {
          const failure =
            event.activityTaskFailedEventAttributes?.failure ??
            event.activityTaskTimedOutEventAttributes?.failure;
          entries.push({
            at: iso,
            step:
              event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_FAILED
                ? 'attempt-failed'
                : 'attempt-timed-out',
            ...(attempt ? { attempt } : {}),
            message: await message(failure),
          });
        }
        break;
      }
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED:
        entries.push({ at: iso, step: 'run-succeeded' });
        break;
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_FAILED:
        entries.push({
          at: iso,
          step: 'run-failed',
          message: await message(event.workflowExecutionFailedEventAttributes?.failure),
        });
        break;
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_TIMED_OUT:
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CANCELED:
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_TERMINATED:
        entries.push({ at: iso, step: 'run-ended', message: EventType[event.eventType] ?? '' });
        break;
    }
  }
  return entries;
}
