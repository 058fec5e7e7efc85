// Prompts that say "when … happens" describe an event, not a schedule. When the source
// API's description lists webhook events, both generators make such an integration webhook-
// triggered: the template generator writes code that reads `ctx.event.body` (below), and the
// LLM is told the event and shown its example (prompt.ts). Without described webhooks the
// integration stays on a schedule, since nothing would deliver the events.
import type {
  TApiDescription,
  TFieldSchema,
  TGenerateRequest,
  TOperation,
  TWebhooks,
} from '@patchbay/schema';
import type { GenerationResult } from './generator.ts';
import { channelFromPrompt, idFromPrompt, keyFromPrompt } from './planner/prompt-ids.ts';
import { readSchedule } from './reader/read-schedule.ts';
import { missing } from './planner/requirements.ts';

export interface WebhookReading {
  /** The described event the prompt names best; undefined when none matched a word of it. */
  event: TWebhooks['events'][number] | undefined;
  webhooks: TWebhooks;
}

// "when a customer cancels", "whenever", "as soon as", "each time", "every time".
// "When a customer cancels", "Whenever someone submits the form": an event as the subject of its
// own clause. Not a subordinate "… when it's blank", and not the run itself ("each time this
// runs", "since the last run"), which is a schedule's language.
const EVENT_PHRASE =
  /(?:^|[.!?;:]\s+|,\s*|\n\s*)(?:and\s+|so\s+)?(?:when(?:ever)?|as soon as|each time|every time)\s+(?!(?:this|it|the (?:sync|integration|job|script))\s+(?:runs?|is run|syncs?)\b|(?:it'?s|it is|they'?re|they are|there'?s|there is)\b)/i;
const RUN_LANGUAGE =
  /\b(?:(?:last|previous|first|each|every|next|very first) run|this runs|runs? (?:daily|hourly|weekly|every)|every (?:\d+\s+)?(?:minutes?|hours?|days?|morning|evening|night|week|monday|tuesday|wednesday|thursday|friday))\b/i;
// "When PagerDuty has a new incident": new records are read incrementally on a schedule, as the
// grounded generator does (ADR 015); events are for what polling cannot see (a cancellation).
const NEW_RECORDS = /\bnew\b/i;

// Words providers use for what users say otherwise.
const SYNONYMS: Record<string, string[]> = {
  cancel: ['delete', 'deleted', 'ended', 'end', 'canceled', 'cancelled', 'cancel'],
  create: ['created', 'new', 'add', 'added', 'sign', 'signs'],
  fail: ['failed', 'failure', 'decline', 'declined'],
  update: ['updated', 'change', 'changed', 'edit', 'edited', 'modified'],
  pay: ['paid', 'payment', 'succeeded', 'charge'],
  close: ['closed', 'resolve', 'resolved', 'done', 'completed', 'complete'],
};

/** The prompt's event, when it describes one and the source can deliver it by webhook. */
export function readWebhookTrigger(
  prompt: string,
  source: TApiDescription | undefined,
): WebhookReading | undefined {
  const webhooks = source?.webhooks;
  if (!webhooks || !EVENT_PHRASE.test(prompt) || NEW_RECORDS.test(prompt)) return undefined;
  if (readSchedule(prompt) || RUN_LANGUAGE.test(prompt)) return undefined;
  const words = wordsOf(prompt);
  let best: { event: TWebhooks['events'][number]; score: number } | undefined;
  for (const event of webhooks.events) {
    const eventWords = wordsOf(`${event.name} ${event.summary ?? ''}`);
    let score = 0;
    for (const word of words) {
      if (eventWords.some((other) => sameWord(word, other))) score += 1;
    }
    if (score > 0 && (!best || score > best.score)) best = { event, score };
  }
  // An event the prompt's words do not name is not the one it describes.
  return best ? { event: best.event, webhooks } : undefined;
}

function wordsOf(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 2);
  return words.flatMap((word) => {
    const family = Object.entries(SYNONYMS).find(
      ([stem, others]) => word.startsWith(stem) || others.includes(word),
    );
    return family ? [word, family[0]] : [word];
  });
}

function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  // "cancels" and "cancel", "subscriptions" and "subscription".
  return a.length >= 5 && b.length >= 5 && a.slice(0, 5) === b.slice(0, 5);
}

const TEXT_FIELDS = ['subject', 'title', 'summary', 'name', 'text', 'message', 'body', 'content'];
/** Text that is an object's content (a comment's body), not its label. */
const CONTENT_FIELDS = ['body', 'text', 'content', 'message', 'description'];

/** The destination's create/send operation the prompt's words point at. */
function pickWrite(prompt: string, destination: TApiDescription | undefined) {
  if (!destination) return undefined;
  const words = wordsOf(prompt);
  let best: { operation: TOperation; resource: string; score: number } | undefined;
  for (const resource of destination.resources) {
    const names = [resource.name, resource.plural, ...resource.aliases].map((n) => n.toLowerCase());
    for (const operation of resource.operations) {
      if (!['create', 'send', 'upsert'].includes(operation.kind) || !operation.body) continue;
      const score =
        words.filter((word) => names.some((name) => sameWord(word, name))).length * 2 +
        (operation.kind === 'create' ? 1 : 0);
      if (!best || score > best.score) best = { operation, resource: resource.name, score };
    }
  }
  return best;
}

interface BodyPlan {
  /** A JavaScript object literal, in terms of `record` and `describe`. */
  literal: string;
  unmapped: string[];
}

/**
 * The write's body from the request schema: fields the event's record has by the same name (and
 * a value the field accepts) are copied; a channel, a key or an id the prompt gives fills its
 * field ("#triage", "project BILL"); the first text field near the top gets a one-line
 * description of the event; required objects are filled the same way. Required fields left over
 * are reported, and the code then stops before writing (as the grounded generator's does).
 */
function planBody(
  schema: TFieldSchema,
  record: Record<string, unknown>,
  prompt: string,
  path = '',
): BodyPlan {
  const entries: string[] = [];
  const unmapped: string[] = [];
  const required = new Set(schema.required ?? []);
  // How deep this object is: 0 for the body, 1 for its wrapping object (Jira's `fields`).
  const depth = path ? path.split('.').length : 0;
  let described = false;
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    if (field.readOnly) continue;
    const where = path ? `${path}.${name}` : name;
    const value = record[name];
    const fits =
      value !== undefined &&
      field.type !== 'object' &&
      !GENERIC_FIELDS.includes(name) &&
      (!field.enum || field.enum.includes(value as string | number | boolean));
    const channel =
      name === 'channel' && field.type === 'string' ? channelFromPrompt(prompt) : undefined;
    const reference =
      field.type === 'object' ? referenceFromPrompt(field, name, prompt) : undefined;
    if (fits) {
      entries.push(`${JSON.stringify(name)}: record[${JSON.stringify(name)}]`);
    } else if (channel) {
      entries.push(`${JSON.stringify(name)}: ${JSON.stringify(channel)}`);
    } else if (reference) {
      entries.push(`${JSON.stringify(name)}: ${reference}`);
    } else if (
      field.type === 'string' &&
      !described &&
      // Content (a comment's body) takes it at any depth; a label (a summary, a name) only near
      // the top, never a reference's name such as fields.issuetype.name.
      (CONTENT_FIELDS.includes(name) ? depth <= 2 : isTextField(name) && depth <= 1)
    ) {
      described = true;
      entries.push(`${JSON.stringify(name)}: describe()`);
    } else if (field.type === 'object' && required.has(name) && depth < 3) {
      const inner = planBody(field, record, prompt, where);
      // A required object left empty is as missing as a required field.
      if (inner.literal === '{  }' && inner.unmapped.length === 0) unmapped.push(where);
      entries.push(`${JSON.stringify(name)}: ${inner.literal}`);
      unmapped.push(...inner.unmapped);
    } else if (field.type === 'object' && depth === 0 && hasTextField(field)) {
      // An optional object whose text is the main content (Zendesk's ticket.comment.body).
      const inner = planBody(field, record, prompt, where);
      entries.push(`${JSON.stringify(name)}: ${inner.literal}`);
    } else if (required.has(name)) {
      unmapped.push(where);
    }
  }
  return { literal: `{ ${entries.join(', ')} }`, unmapped };
}

/** "dealname", "subject", "title": a field that takes a line of text. */
function isTextField(name: string): boolean {
  const lower = name.toLowerCase();
  return TEXT_FIELDS.some((text) => lower === text || lower.endsWith(text));
}

/** A reference object ({ key, id }) the prompt names: "project BILL" is a key, "board 5f1" an id. */
function referenceFromPrompt(
  schema: TFieldSchema,
  name: string,
  prompt: string,
): string | undefined {
  const keys = Object.keys(schema.properties ?? {});
  const hints = [name.toLowerCase()];
  const key = keys.includes('key') ? keyFromPrompt(prompt, hints) : undefined;
  if (key) return `{ "key": ${JSON.stringify(key)} }`;
  const id = keys.includes('id') ? idFromPrompt(prompt, hints) : undefined;
  if (id) return `{ "id": ${JSON.stringify(id)} }`;
  return undefined;
}

/** Names that mean different things on the two sides ("status" of a subscription, of a ticket). */
const GENERIC_FIELDS = ['id', 'object', 'type', 'status', 'state', 'created', 'updated'];

function hasTextField(schema: TFieldSchema): boolean {
  return Object.entries(schema.properties ?? {}).some(
    ([name, field]) => field.type === 'string' && CONTENT_FIELDS.includes(name),
  );
}

/** The record the event is about: Stripe-style `data.object`, else the body itself. */
function exampleRecord(example: Record<string, unknown>): Record<string, unknown> {
  const data = example.data as { object?: unknown } | undefined;
  const object = data && typeof data.object === 'object' ? data.object : undefined;
  return (object ?? example) as Record<string, unknown>;
}

/** The template generator's code for a webhook-triggered integration. */
export function webhookTemplateCode(
  input: TGenerateRequest,
  reading: WebhookReading,
  destination: TApiDescription | undefined,
): GenerationResult {
  const unresolved: string[] = [];
  // What stops the code before any write: a required field or path parameter nobody fills.
  const blocking: string[] = [];
  const event = reading.event;
  if (!event) {
    unresolved.push(
      `no described ${input.sourceApiName} event matched the description; the code handles every event (${reading.webhooks.events.map((e) => e.name).join(', ')})`,
    );
  }
  const record = event ? exampleRecord(event.example) : {};
  const write = pickWrite(input.userPrompt, destination);
  let call: string;
  if (write) {
    const body = write.operation.body
      ? planBody(write.operation.body.schema, record, input.userPrompt)
      : { literal: '{}', unmapped: [] };
    for (const field of body.unmapped) {
      blocking.push(`${write.operation.id}: the required field ${field} is not filled`);
    }
    if (write.operation.path.includes('{')) {
      blocking.push(`${write.operation.id}: fill the path parameters of ${write.operation.path}`);
    }
    unresolved.push(...blocking);
    call = `await ctx.destination.${write.operation.method.toLowerCase()}(${JSON.stringify(write.operation.path)}, {
    json: ${body.literal},
  });`;
  } else {
    unresolved.push(
      `no ${input.destApiName} write operation is described; the code posts the event to / (change the path)`,
    );
    call = `await ctx.destination.post('/', { json: { event: ctx.event.id, type, record } });`;
  }

  const typePath = reading.webhooks.eventTypePath;
  const typeExpression = !typePath
    ? 'undefined'
    : typePath.startsWith('header:')
      ? `ctx.event.headers[${JSON.stringify(typePath.slice(7).toLowerCase())}]`
      : `body?.${typePath.split('.').join('?.')}`;
  const filter =
    event && typePath
      ? `
  // Other event types may arrive on the same URL: this integration acts on one.
  if (type !== ${JSON.stringify(event.name)}) {
    ctx.log(\`ignored a \${type} event\`);
    return { ignored: type };
  }`
      : '';
  const code = `// Generated by Patchbay's built-in template generator (no AI model configured).
// Trigger: webhook. Runs once per ${input.sourceApiName} event${event ? ` "${event.name}"${event.summary ? ` (${event.summary.replace(/\n/g, ' ')})` : ''}` : ''},
// which Patchbay has verified and passes in as ctx.event; a redelivered event does not run twice.
// ${write ? `Writes: ${input.destApiName} ${write.operation.method} ${write.operation.path} (${write.operation.summary.replace(/\n/g, ' ')}).` : 'Writes: no described operation; see the TODO below.'}
${unresolved.map((note) => `// TODO: ${note}\n`).join('')}
// Filled in from the TODO lines above; while any is left the code writes nothing.
const MISSING = ${JSON.stringify(blocking)};

export default async function run(ctx) {
  if (MISSING.length > 0) {
    throw new ctx.NonRetryableError(
      \`Not enough to go on, so nothing was written: \${MISSING.join('; ')}. See the TODO lines at the top.\`,
    );
  }
  if (ctx.event === null) {
    // Scheduled runs and plain tests have no event: test with a sample event instead.
    ctx.log('no event: this integration runs on ${input.sourceApiName} webhook events');
    return { skipped: 'no event' };
  }
  const body = ctx.event.body;
  const type = ${typeExpression};${filter}
  // The object the event is about (Stripe-style data.object), else the whole body.
  const record = body?.data?.object ?? body ?? {};
  const describe = () =>
    \`${input.sourceApiName} \${type ?? 'event'}: \${record.id ?? ctx.event.id}\`;
  ${call}
  ctx.log(\`handled event \${ctx.event.id}\`);
  return { eventId: ctx.event.id, type: type ?? null, sent: 1 };
}
`;
  return {
    code,
    generator: 'template',
    trigger: 'webhook',
    unresolved,
    requirements: [
      {
        kind: 'trigger',
        text: `Runs when ${input.sourceApiName} delivers the event`,
        status: 'done',
        detail: 'the webhook trigger: each delivery starts a run with ctx.event',
        lines: [],
      },
      ...missing(unresolved),
    ],
    operations: write
      ? [
          {
            side: 'destination',
            operationId: write.operation.id,
            method: write.operation.method,
            path: write.operation.path,
          },
        ]
      : [],
  };
}
