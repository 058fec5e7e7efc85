// One Temporal Schedule per deployed integration, `integration:<id>` (ADR 011). The
// database is the truth; these functions make Temporal match it, and the reconciler
// calls them again when a crash came between the two.
import {
  type Client,
  ScheduleAlreadyRunning,
  ScheduleNotFoundError,
  ScheduleOverlapPolicy,
  type ScheduleUpdateOptions,
} from '@temporalio/client';
import type { ScheduleSpec } from '@temporalio/client';
import {
  intervalOffsetSeconds,
  nextFireTimes,
  type TIntegrationStatus,
  type TSchedule,
  type TTriggerType,
} from '@patchbay/schema';
import { integrationScheduleId, scheduledRunWorkflowId, WORKFLOW_NAMES } from '@patchbay/workflows';

export interface ScheduledIntegration {
  id: string;
  status: TIntegrationStatus;
  schedule: TSchedule;
  trigger: TTriggerType;
}

/**
 * Whether the integration should have a Schedule: deployed (not a draft) and triggered by a
 * schedule. Webhook and manual integrations have none; Run now works for every trigger.
 */
export function wantsSchedule(integration: Pick<ScheduledIntegration, 'status' | 'trigger'>) {
  return integration.status !== 'draft' && integration.trigger === 'schedule';
}

/**
 * An interval at the integration's own offset (spread over the interval, ADR 025), or a cron
 * expression read in its IANA zone.
 */
export function scheduleSpec(schedule: TSchedule, integrationId: string): ScheduleSpec {
  if ('everyMinutes' in schedule) {
    const offset = intervalOffsetSeconds(schedule.everyMinutes, integrationId);
    return {
      intervals: [{ every: `${schedule.everyMinutes} minutes`, offset: `${offset} seconds` }],
    };
  }
  return { cronExpressions: [schedule.cron], timezone: schedule.timeZone };
}

/**
 * The Schedule's note says which deployment (task queue) made it, so the reconciler leaves
 * other deployments' Schedules alone when several share a namespace (and test files share one
 * dev server). The note is plain text, not a payload: a memo would be encrypted by the codec
 * and unreadable once its key is dropped after a rotation.
 */
export function scheduleNote(status: TIntegrationStatus, taskQueue: string): string {
  return `integration status: ${status}; deployment: ${taskQueue}`;
}

/** The task queue a Schedule's note names, or undefined (Schedules made before the note said). */
export function scheduleOwner(note: string | undefined): string | undefined {
  return note?.match(/; deployment: (\S+)$/)?.[1];
}

/** A tick missed while the server was down runs if it is at most this late. */
export const CATCHUP_WINDOW = '10 minutes';

function desiredSchedule(
  integration: ScheduledIntegration,
  taskQueue: string,
): ScheduleUpdateOptions {
  return {
    spec: scheduleSpec(integration.schedule, integration.id),
    action: {
      type: 'startWorkflow',
      workflowType: WORKFLOW_NAMES.runIntegration,
      args: [{ integrationId: integration.id, kind: 'scheduled' }],
      taskQueue,
      workflowId: scheduledRunWorkflowId(integration.id),
    },
    // A run still going when the next tick comes: skip the tick rather than pile up.
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: CATCHUP_WINDOW },
    state: {
      paused: integration.status === 'paused',
      note: scheduleNote(integration.status, taskQueue),
    },
  };
}

/**
 * Makes the schedule match the integration: none for a draft or a webhook or manual trigger,
 * paused for paused, running for active and failed (a failed integration keeps trying: its
 * next success heals it).
 */
export async function syncSchedule(
  temporal: Client,
  taskQueue: string,
  integration: ScheduledIntegration,
): Promise<void> {
  if (!wantsSchedule(integration)) {
    await deleteSchedule(temporal, integration.id);
    return;
  }
  const desired = desiredSchedule(integration, taskQueue);
  try {
    await temporal.schedule.create({
      scheduleId: integrationScheduleId(integration.id),
      ...desired,
    });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
    await temporal.schedule.getHandle(integrationScheduleId(integration.id)).update(() => desired);
  }
}

/** Deletes the schedule; a missing one is fine. */
export async function deleteSchedule(temporal: Client, integrationId: string): Promise<void> {
  try {
    await temporal.schedule.getHandle(integrationScheduleId(integrationId)).delete();
  } catch (error) {
    if (!(error instanceof ScheduleNotFoundError)) throw error;
  }
}

/** What Temporal holds for an integration's schedule (describeSchedule). */
export interface ScheduleState {
  paused: boolean;
  /** The interval in ms, or null when the spec is not an interval. */
  everyMs: number | null;
  /** The interval's offset in ms (0 when it has none), or null when the spec is not an interval. */
  offsetMs: number | null;
  /** Present for a cron spec, which Temporal describes as calendars: its zone and next times. */
  cron?: { timeZone: string; nextActionTimes: Date[] };
}

/** The schedule's state, or null when it does not exist. */
export async function describeSchedule(
  temporal: Client,
  integrationId: string,
): Promise<ScheduleState | null> {
  try {
    const description = await temporal.schedule
      .getHandle(integrationScheduleId(integrationId))
      .describe();
    const interval = description.spec.intervals?.[0];
    const state: ScheduleState = {
      paused: description.state.paused,
      everyMs: typeof interval?.every === 'number' ? interval.every : null,
      offsetMs: interval ? (typeof interval.offset === 'number' ? interval.offset : 0) : null,
    };
    if (description.spec.calendars?.length) {
      state.cron = {
        timeZone: description.spec.timezone ?? 'UTC',
        nextActionTimes: description.info.nextActionTimes,
      };
    }
    return state;
  } catch (error) {
    if (error instanceof ScheduleNotFoundError) return null;
    throw error;
  }
}

/**
 * Whether Temporal's schedule is the integration's: same paused flag and same spec. Temporal
 * describes a cron expression as calendars, so a cron spec is compared by its zone and its next
 * fire times against croner's (the parser the console shows them with). `describedAt` is a
 * moment just before the describe call.
 */
export function scheduleMatches(
  integration: ScheduledIntegration,
  actual: ScheduleState,
  describedAt: Date,
): boolean {
  if (actual.paused !== (integration.status === 'paused')) return false;
  const { schedule } = integration;
  if ('everyMinutes' in schedule)
    return (
      actual.everyMs === schedule.everyMinutes * 60_000 &&
      actual.offsetMs === intervalOffsetSeconds(schedule.everyMinutes, integration.id) * 1000 &&
      !actual.cron
    );
  if (actual.everyMs !== null || !actual.cron || actual.cron.timeZone !== schedule.timeZone)
    return false;
  const actualTimes = actual.cron.nextActionTimes.slice(0, 3);
  // A paused schedule may list no upcoming actions: the zone is all there is to compare.
  if (actualTimes.length === 0) return actual.paused;
  const expected = nextFireTimes(schedule, actualTimes.length, describedAt);
  return actualTimes.every((time, index) => time.getTime() === expected[index]?.getTime());
}
