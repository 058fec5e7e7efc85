// What a re-run starts with (ADR 023). 'As it ran' means the same trigger input too (a webhook
// run's event): it is read back from the original execution's start event in Temporal, decoded
// with the API client's codec (payloads are encrypted there, ADR 009). Of a trigger's fields
// (schema's ZRunIntegrationInput), the event is the one a re-run carries forward.
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { decodeArrayFromPayloads } from '@temporalio/common/lib/internal-non-workflow/codec-helpers.js';
// A CommonJS module without static named exports: Node's ESM loader sees only its default.
import proto from '@temporalio/proto';
import {
  ZRunIntegrationInput,
  ZWebhookEvent,
  type TRunIntegrationInput,
  type TWebhookEvent,
} from '@patchbay/schema';

const EventType = proto.temporal.api.enums.v1.EventType;

/**
 * A run's workflow input as it was started, or null when Temporal no longer has its history (it
 * keeps histories for the namespace's retention period; the run record outlives it).
 */
async function startInput(client: Client, workflowId: string, runId: string): Promise<unknown> {
  let history;
  try {
    history = await client.workflow.getHandle(workflowId, runId).fetchHistory();
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return null;
    throw error;
  }
  const started = history.events?.find(
    (event) => event.eventType === EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED,
  )?.workflowExecutionStartedEventAttributes;
  const [input] = await decodeArrayFromPayloads(
    client.workflow.options.loadedDataConverter,
    started?.input?.payloads,
  );
  return input ?? null;
}

/** The original deployed run's workflow input, or null when Temporal no longer has it. */
export async function originalRunInput(
  client: Client,
  workflowId: string,
  runId: string,
): Promise<TRunIntegrationInput | null> {
  const parsed = ZRunIntegrationInput.safeParse(await startInput(client, workflowId, runId));
  return parsed.success ? parsed.data : null;
}

/**
 * The webhook event a run's code saw as ctx.event (a webhook run's, or a test's sample event),
 * for its replay; undefined when it had none or Temporal no longer has it.
 */
export async function originalEvent(
  client: Client,
  workflowId: string,
  runId: string,
): Promise<TWebhookEvent | undefined> {
  const input = await startInput(client, workflowId, runId);
  if (typeof input !== 'object' || input === null || !('event' in input)) return undefined;
  const parsed = ZWebhookEvent.safeParse(input.event);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The re-run's input: the original's event (a webhook run's, or an earlier re-run's), as kind
 * 'rerun', with the version it ran ('as-ran') or without one (the current code).
 */
export function rerunInput(
  original: TRunIntegrationInput | null,
  integrationId: string,
  codeVersion: number | null,
): TRunIntegrationInput {
  const event = original !== null && 'event' in original ? original.event : undefined;
  return {
    integrationId,
    kind: 'rerun',
    ...(event === undefined ? {} : { event }),
    ...(codeVersion === null ? {} : { codeVersion }),
  };
}
