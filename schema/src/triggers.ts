// How an integration's deployed runs start, and what a webhook run sees.
// One source for the API, the worker, the console and the generators.
import { z } from 'zod';
import { SIGNATURE_SCHEMES } from './api-description.ts';
import { cronProblem } from './cron.ts';

/**
 * - schedule: an interval or a cron expression in an IANA time zone (a Temporal Schedule);
 * - webhook: `POST /hooks/<token>` starts one run per (de-duplicated) event;
 * - manual: only "Run now" (and re-runs) start runs.
 */
export const TRIGGER_TYPES = ['schedule', 'webhook', 'manual'] as const;
export const ZTriggerType = z.enum(TRIGGER_TYPES);
export type TTriggerType = z.infer<typeof ZTriggerType>;
export const DEFAULT_TRIGGER: TTriggerType = 'schedule';

/** An IANA time zone name the runtime knows ('Europe/Berlin', 'UTC'). */
export const ZTimeZone = z
  .string()
  .min(1)
  .max(100)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as Europe/Berlin or UTC');

/**
 * A 5-field cron expression (minute hour day-of-month month day-of-week), checked by the same
 * parser that computes the next fire times (cron.ts), in the console and in the API alike.
 */
export const ZCronExpression = z
  .string()
  .trim()
  .max(200)
  .superRefine((expression, context) => {
    const problem = cronProblem(expression);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** How a webhook's signature is checked: the scheme and, for generic HMAC, where and how. */
export const ZWebhookSignature = z.strictObject({
  scheme: z.enum(SIGNATURE_SCHEMES),
  /** The header that carries the signature (generic hmac-sha256; the vendor schemes know theirs). */
  header: z.string().trim().min(1).max(100).optional(),
  encoding: z.enum(['hex', 'base64']).optional(),
  /** Seconds a timestamped signature stays valid (Stripe, Slack); default 300. */
  toleranceSeconds: z.number().int().positive().max(86_400).optional(),
});
export type TWebhookSignature = z.infer<typeof ZWebhookSignature>;

/**
 * `ctx.event` of a webhook run: signature and auth headers are removed before the
 * code sees them. Null on every other run.
 */
export const ZWebhookEvent = z.object({
  /** The provider's event id, or `sha256:<hex>` of the body when the provider sends none. */
  id: z.string(),
  receivedAt: z.iso.datetime(),
  /** Lower-cased header names. */
  headers: z.record(z.string(), z.string()),
  /** Parsed JSON, form fields as an object, or the raw text. */
  body: z.unknown(),
});
export type TWebhookEvent = z.infer<typeof ZWebhookEvent>;

/**
 * An integration's webhook as the API shows it (present when its trigger is `webhook`). The
 * signing secret is write-only like every credential: whether one is set, and its last characters.
 */
export const ZWebhookSettings = z.object({
  /** `<public origin>/hooks/<token>`; rotating the token changes it, and the old one answers 404. */
  url: z.string(),
  signature: ZWebhookSignature,
  signingSecretSet: z.boolean(),
  signingSecretHint: z.string().nullable(),
});
export type TWebhookSettings = z.infer<typeof ZWebhookSettings>;

// ── Webhook events (ADR 021) ─────────────────────────────────────────────────────────────────

/** `queued`: accepted and kept, its run not started yet (ADR 047); `started` once it is. */
export const WEBHOOK_EVENT_STATUSES = ['queued', 'started', 'duplicate', 'rejected'] as const;

/** One delivery in an integration's events log (GET /api/integrations/:id/events). */
export const ZWebhookEventRecord = z.object({
  /** The log row's id (the cursor, and the replay's :eventId). */
  id: z.string(),
  /** The provider's event id, or `sha256:<hex>` of the body. */
  eventId: z.string(),
  receivedAt: z.string(),
  verified: z.boolean(),
  duplicate: z.boolean(),
  status: z.enum(WEBHOOK_EVENT_STATUSES),
  workflowId: z.string().nullable(),
  /** The run record (runs.id) once the run has recorded one. */
  runId: z.string().nullable(),
  runStatus: z.enum(['success', 'failed']).nullable(),
  /** Operators only, like TRun's. */
  temporalUrl: z.string().optional(),
  error: z.string().nullable(),
});
export type TWebhookEventRecord = z.infer<typeof ZWebhookEventRecord>;

export const ZWebhookEventsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** The `nextBefore` of the previous page. */
  before: z.coerce.number().int().positive().optional(),
});
export type TWebhookEventsQuery = z.input<typeof ZWebhookEventsQuery>;

export const ZWebhookEventsPage = z.object({
  events: z.array(ZWebhookEventRecord),
  nextBefore: z.number().nullable(),
});
export type TWebhookEventsPage = z.infer<typeof ZWebhookEventsPage>;

/** `POST /hooks/<token>`'s 2xx answer. */
export const ZWebhookAnswer = z.object({
  /** False when the event was recorded but not run (paused or draft integration, ADR 021). */
  accepted: z.boolean(),
  eventId: z.string(),
  workflowId: z.string().nullable(),
  /** A redelivery of an event that already started its run: nothing new was started. */
  duplicate: z.boolean().optional(),
  /** Why an event was not run. */
  reason: z.string().optional(),
});
export type TWebhookAnswer = z.infer<typeof ZWebhookAnswer>;

/** POST /api/integrations/:id/webhook/rotate: the new URL (the old one answers 404 at once). */
export const ZWebhookRotated = z.object({ url: z.string() });
