import {
  AUTH_TYPE_LABELS,
  CTX_CONTRACT_DTS,
  CTX_CONTRACT_EXAMPLE,
  type TAuthType,
  type TGenerateRequest,
} from '@patchbay/schema';
import type { WebhookReading } from './webhook-trigger.ts';

// The LLM's prompt (ADR 013): the ctx contract with an example and our conventions in the
// system message; the user's description and the two connections in the user message. Never a
// credential: buildUserPrompt copies named fields only, so an object that happens to carry
// secrets (an integration row, a create request) cannot leak them.

export const SYSTEM_PROMPT = `You write integration code for Patchbay. An integration moves data from a source web API to a destination web API. It is one JavaScript ES module whose default export is \`async function run(ctx)\`; Patchbay runs it in a sandbox on a schedule and on every test.

## The ctx parameter (TypeScript declarations)

\`\`\`ts
${CTX_CONTRACT_DTS.trim()}
\`\`\`

## Example

\`\`\`js
${CTX_CONTRACT_EXAMPLE.trim()}
\`\`\`

## Rules of the sandbox
- Plain modern JavaScript (ES2024), not TypeScript: no type annotations.
- No import, no require, no Node.js or browser APIs (no fs, process, Buffer, URL, setTimeout). Reach the network only through ctx.source, ctx.destination and ctx.fetch.
- Never put credentials, API keys or auth headers in the code: Patchbay adds each API's credential to ctx.source and ctx.destination requests. Paths are relative to each API's base URL.

## Conventions
- Paginate until done: follow the API's cursor, next link or page number until there are no more pages, with a sensible page size.
- Incremental syncs keep a cursor in ctx.state (e.g. the last created or updated timestamp, or the last id) and read only what is newer. Save the cursor after the writes succeed; state is saved only when the whole run succeeds.
- Idempotent writes: a retried run may send an item again, so prefer upserts (PUT to a stable id), look items up before creating them, or treat 409 Conflict as "already there".
- Throw new ctx.NonRetryableError(message) for failures that retrying cannot fix (a required field missing, a 400 that will not change); let other errors propagate so the run is retried.
- Small logs: a line per page or a summary with counts. Never log whole payloads or personal data.
- Return a small JSON summary, e.g. { fetched: 12, sent: 3, cursor: '2024-05-01T00:00:00Z' }.
- Short comments that explain why; state any assumption about the APIs (field names, pagination style) in a comment at the top.

## Answer format
Answer with the complete module in a single \`\`\`javascript fenced block and nothing else.`;

/**
 * The user's description and the connections, without any credential. `webhook`: the prompt
 * describes an event the source delivers by webhook, so the code reads ctx.event.
 */
export function buildUserPrompt(input: TGenerateRequest, webhook?: WebhookReading): string {
  return [
    'Write the integration described below.',
    '',
    `Source API: ${input.sourceApiName}`,
    `  Base URL: ${input.sourceApiUrl}`,
    `  Auth: ${describeAuth(input.sourceAuthType)}`,
    `Destination API: ${input.destApiName}`,
    `  Base URL: ${input.destApiUrl}`,
    `  Auth: ${describeAuth(input.destAuthType)}`,
    '',
    ...(webhook ? webhookLines(input, webhook) : []),
    'Description:',
    input.userPrompt,
  ].join('\n');
}

/** The trigger, the event and its example body, for code that reads ctx.event. */
function webhookLines(input: TGenerateRequest, webhook: WebhookReading): string[] {
  const event = webhook.event;
  return [
    `Trigger: webhook. The code runs once per ${input.sourceApiName} event, already verified and de-duplicated by Patchbay, and reads it from ctx.event (ctx.event.body is the parsed body); it does not poll the source for it. ctx.event is null on test runs without a sample event: return early then.`,
    ...(webhook.webhooks.eventTypePath
      ? [
          `The event's type is at ${webhook.webhooks.eventTypePath} (a body path, or header:<name>).`,
        ]
      : []),
    ...(event
      ? [
          `The event: ${event.name}${event.summary ? ` (${event.summary})` : ''}. Example body:`,
          JSON.stringify(event.example, null, 2),
        ]
      : [`Events it may send: ${webhook.webhooks.events.map((e) => e.name).join(', ')}.`]),
    '',
  ];
}

/** The repair round: the code we could not use, and why. */
export function buildRepairPrompt(error: string): string {
  return [
    `Your code does not pass Patchbay's check: ${error}.`,
    'Answer with the complete corrected module in a single ```javascript fenced block.',
  ].join('\n');
}

/**
 * The repair round after a failed dry run. The transcript comes from the sandbox's
 * redacted result (verify-generated-code.ts), so it carries no credential.
 */
export function buildDryRunRepairPrompt(transcript: string): string {
  return [
    'Patchbay dry-ran your code against the real APIs: reads were sent, writes were captured and checked against the destination API description instead of being sent. It failed:',
    '',
    transcript,
    '',
    'Fix the code so that the run succeeds and every write fits the API description. Answer with the complete corrected module in a single ```javascript fenced block.',
  ].join('\n');
}

function describeAuth(authType: TAuthType): string {
  const label = AUTH_TYPE_LABELS[authType] ?? authType;
  return authType === 'none'
    ? `${label} (public API)`
    : `${label} (added by Patchbay to every request; do not handle credentials)`;
}
