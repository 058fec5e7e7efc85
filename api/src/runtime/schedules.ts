// One Temporal Schedule per deployed integration, `integration:<id>` (DESIGN.md §5). The
// database is the truth; these functions make Temporal match it, and the reconciler
// calls them again when a crash came between the two.
import {
  type Client,
  ScheduleAlreadyRunning,
  ScheduleNotFoundError,
  ScheduleOverlapPolicy,
  type ScheduleUpdateOptions,
} from '@temporalio/client';
import type { TIntegrationStatus, TSchedule } from '@patchbay/schema';
import { integrationScheduleId, scheduledRunWorkflowId, WORKFLOW_NAMES } from '@patchbay/workflows';

export interface ScheduledIntegration {
  id: string;
  status: TIntegrationStatus;
  schedule: TSchedule;
}

/** A tick missed while the server was down runs if it is at most this late. */
export const CATCHUP_WINDOW = '10 minutes';

function desiredSchedule(
  integration: ScheduledIntegration,
  taskQueue: string,
): ScheduleUpdateOptions {
  return {
    spec: { intervals: [{ every: `${integration.schedule.everyMinutes} minutes` }] },
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
      note: `integration status: ${integration.status}`,
    },
  };
}

/**
 * Makes the schedule match the integration: none for a draft, paused for paused, running
 * for active and failed (a failed integration keeps trying: its next success heals it).
 */
export async function syncSchedule(
  temporal: Client,
  taskQueue: string,
  integration: ScheduledIntegration,
): Promise<void> {
  if (integration.status === 'draft') {
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

/** The schedule's paused flag and interval, or null when it does not exist. */
export async function describeSchedule(
  temporal: Client,
  integrationId: string,
): Promise<{ paused: boolean; everyMs: number | null } | null> {
  try {
    const description = await temporal.schedule
      .getHandle(integrationScheduleId(integrationId))
      .describe();
    const every = description.spec.intervals?.[0]?.every;
    return { paused: description.state.paused, everyMs: typeof every === 'number' ? every : null };
  } catch (error) {
    if (error instanceof ScheduleNotFoundError) return null;
    throw error;
  }
}
