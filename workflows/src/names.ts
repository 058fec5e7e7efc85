// Names shared by the API (which starts workflows) and the workers (which run
// them). Workflow ids follow DESIGN.md §5: `<kind>:<uuid>`. The task queue is
// TEMPORAL_TASK_QUEUE (default 'patchbay', schema/src/env.ts).

export const WORKFLOW_NAMES = {
  ping: 'ping',
} as const;

export function pingWorkflowId(uuid: string): string {
  return `ping:${uuid}`;
}
