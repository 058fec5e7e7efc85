import type { WorkflowHandle } from '@temporalio/client';
import { ApiError } from './errors.ts';

/**
 * Waits for a workflow's result up to `waitMs`, then answers 504. The workflow is
 * not cancelled: it still finishes and stays visible in Temporal.
 */
export async function awaitWorkflowResult<T>(
  handle: WorkflowHandle,
  waitMs: number,
  what: string,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ApiError(
            504,
            'WORKFLOW_TIMEOUT',
            `${what} is taking longer than ${Math.round(waitMs / 1000)} s. It keeps running; its result will be recorded (workflow ${handle.workflowId}).`,
          ),
        ),
      waitMs,
    );
  });
  try {
    return (await Promise.race([handle.result(), timeout])) as T;
  } finally {
    clearTimeout(timer);
  }
}
