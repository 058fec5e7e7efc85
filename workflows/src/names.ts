// Names shared by the API (which starts workflows and schedules) and the workers (which
// run them). The task queue is TEMPORAL_TASK_QUEUE (default 'patchbay', schema/src/env.ts).

export const WORKFLOW_NAMES = {
  ping: 'ping',
  testIntegration: 'testIntegration',
  runIntegration: 'runIntegration',
  replayRun: 'replayRun',
  generateCode: 'generateCode',
  pruneRetention: 'pruneRetention',
  importApiDescription: 'importApiDescription',
  deliverAlert: 'deliverAlert',
  sendTestAlert: 'sendTestAlert',
} as const;

export function pingWorkflowId(uuid: string): string {
  return `ping:${uuid}`;
}

export function generateWorkflowId(uuid: string): string {
  return `generate:${uuid}`;
}

/** POST /api/catalog/import with a URL. */
export function importWorkflowId(uuid: string): string {
  return `import:${uuid}`;
}

export function testWorkflowId(integrationId: string, uuid: string): string {
  return `test:${integrationId}:${uuid}`;
}

/** "Run now": a deployed run outside the schedule. */
export function manualRunWorkflowId(integrationId: string, uuid: string): string {
  return `run:${integrationId}:manual:${uuid}`;
}

/**
 * A webhook event's run (ADR 021): derived from the provider's event id, so a
 * redelivery of the same event cannot start a second run (the start is refused as a duplicate).
 */
export function webhookEventWorkflowId(integrationId: string, eventId: string): string {
  return `event:${integrationId}:${eventId}`;
}

/** A replay of a recorded webhook event from the events log: a new run with the same event. */
export function webhookReplayWorkflowId(
  integrationId: string,
  eventId: string,
  uuid: string,
): string {
  return `event:${integrationId}:${eventId}:replay:${uuid}`;
}

/** A deployed re-run of an earlier run (ADR 023). */
export function rerunWorkflowId(integrationId: string, uuid: string): string {
  return `run:${integrationId}:rerun:${uuid}`;
}

/** A replay of code against a recorded run (never a deployed run, ADR 023). */
export function replayWorkflowId(integrationId: string, uuid: string): string {
  return `replay:${integrationId}:${uuid}`;
}

/** The delivery of one decided alert (ADR 022); one per alert, whoever starts it. */
export function alertWorkflowId(alertId: string): string {
  return `alert:${alertId}`;
}

/** A channel's Send test. */
export function testAlertWorkflowId(channelId: string, uuid: string): string {
  return `alert-test:${channelId}:${uuid}`;
}

export const SCHEDULE_PREFIX = 'integration:';

/** The Temporal Schedule that runs a deployed integration. */
export function integrationScheduleId(integrationId: string): string {
  return `${SCHEDULE_PREFIX}${integrationId}`;
}

/** Workflow id the schedule gives its runs (Temporal appends the scheduled time). */
export function scheduledRunWorkflowId(integrationId: string): string {
  return `run:${integrationId}`;
}

export const HOUSEKEEPING_SCHEDULE_ID = 'housekeeping';
