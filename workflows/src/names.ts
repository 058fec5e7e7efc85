// Names shared by the API (which starts workflows) and the workers (which run
// them). Workflow ids follow DESIGN.md §5: `<kind>:<uuid>`.

/** Default task queue; TEMPORAL_TASK_QUEUE overrides it per deployment. */
export const TASK_QUEUE = 'patchbay';

export const WORKFLOW_NAMES = {
  ping: 'ping',
} as const;

export function pingWorkflowId(uuid: string): string {
  return `ping:${uuid}`;
}
