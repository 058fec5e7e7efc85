import type { AppDeps } from '../app-deps.ts';
import { deleteSchedule, syncSchedule, type ScheduledIntegration } from './schedules.ts';

// The database write has committed; if Temporal cannot be reached now, the reconciler
// (API start and every few minutes) makes the schedule match later. The user's change is
// not lost either way, so a Temporal outage does not fail the request.

export async function syncScheduleOrLeaveToReconciler(
  deps: AppDeps,
  integration: ScheduledIntegration,
): Promise<void> {
  try {
    await syncSchedule(deps.temporal, deps.taskQueue, integration);
  } catch (error) {
    console.warn(
      `schedule for ${integration.id} not updated now; the reconciler will:`,
      error instanceof Error ? error.message : error,
    );
  }
}

export async function deleteScheduleOrLeaveToReconciler(
  deps: AppDeps,
  integrationId: string,
): Promise<void> {
  try {
    await deleteSchedule(deps.temporal, integrationId);
  } catch (error) {
    console.warn(
      `schedule for ${integrationId} not deleted now; the reconciler will:`,
      error instanceof Error ? error.message : error,
    );
  }
}
