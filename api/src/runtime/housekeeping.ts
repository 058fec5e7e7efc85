import { type Client, ScheduleAlreadyRunning, ScheduleOverlapPolicy } from '@temporalio/client';
import { HOUSEKEEPING_SCHEDULE_ID, WORKFLOW_NAMES } from '@patchbay/workflows';

/** The daily pruneRetention schedule (retention from the policy text); created once. */
export async function ensureHousekeepingSchedule(
  temporal: Client,
  taskQueue: string,
): Promise<void> {
  try {
    await temporal.schedule.create({
      scheduleId: HOUSEKEEPING_SCHEDULE_ID,
      spec: { intervals: [{ every: '1 day' }] },
      action: {
        type: 'startWorkflow',
        workflowType: WORKFLOW_NAMES.pruneRetention,
        args: [],
        taskQueue,
        workflowId: 'housekeeping',
      },
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' },
    });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  }
}
