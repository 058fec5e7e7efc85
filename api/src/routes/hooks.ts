// POST /hooks/<token> (ADR 021): a provider's webhook delivery. Public, outside /api:
// no session, no Origin check; the token names the integration and the signature proves the
// sender. In order: unknown token 404, too large 413, signature 401, rate limit 429, then the
// event is committed to webhook_events BEFORE the 2xx answer, once per provider event id, so an
// accepted event is never lost and a redelivery starts nothing; the outbox starts its run, with a
// workflow id derived from the event id (ADR 021, ADR 047).
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { ZWebhookAnswer, type TWebhookAnswer, type TWebhookEvent } from '@patchbay/schema';
import { insertWebhookEvent, type IntegrationRow, type NewWebhookEvent } from '@patchbay/db';
import {
  bodyHashId,
  MAX_WEBHOOK_BODY_BYTES,
  parseWebhookBody,
  SCHEME_HEADERS,
  verifySignature,
  visibleWebhookHeaders,
  WebhookBodyError,
  webhookEventId,
} from '@patchbay/runtime/webhooks';
import { webhookEventWorkflowId } from '@patchbay/workflows';
import type { AppDeps } from '../app-deps.ts';
import { consume } from '../auth/rate-limits.ts';
import { ApiError } from '../errors.ts';
import {
  effectiveSignature,
  openSigningSecret,
  sourceWebhooks,
} from '../integrations/webhook-settings.ts';
import { errorResponse, errors, json, RETRY_AFTER } from '../route-docs.ts';
import { createWebhookGroupCommit } from '../runtime/webhook-group-commit.ts';
import { startWebhookWorkflow } from '../runtime/webhook-outbox.ts';
import { createWebhookTokenLookup } from '../runtime/webhook-token-lookup.ts';

/** The headers the vendor schemes read (a generic hmac-sha256 names its own). */
const SIGNATURE_HEADERS = [...Object.values(SCHEME_HEADERS), 'x-slack-request-timestamp'];

/** Tokens the API makes are 64 hex characters; anything else names no integration. */
const TOKEN = /^[A-Za-z0-9_-]{16,200}$/;

function tooLarge(): ApiError {
  return new ApiError(
    413,
    'PAYLOAD_TOO_LARGE',
    `Webhook body is larger than ${MAX_WEBHOOK_BODY_BYTES / 1024} KiB`,
  );
}

/** The body, counted while it is read: a missing or lying Content-Length cannot get past the cap. */
async function readCapped(request: Request, incoming: unknown): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_WEBHOOK_BODY_BYTES) throw tooLarge();
  // Served by Node (main.ts), the request's own stream is read: asking the Request for its body
  // would first build a full fetch Request and a web stream over that same stream, about a tenth
  // of the API's CPU per delivery during a burst (ADR 047). app.request has no Node request.
  if (incoming instanceof Readable) return readCappedNode(incoming);
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_WEBHOOK_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function readCappedNode(incoming: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early (too large) destroys the stream, as cancelling the reader did.
  for await (const chunk of incoming as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MAX_WEBHOOK_BODY_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
}

/**
 * Starts a run now, for a replay: a Temporal that cannot be reached answers 503, so the user
 * can try again. Deliveries do not come here; they are queued (ADR 047).
 */
export async function startWebhookRun(
  deps: AppDeps,
  integrationId: string,
  event: TWebhookEvent,
  workflowId: string,
): Promise<void> {
  try {
    await startWebhookWorkflow(deps, integrationId, event, workflowId);
  } catch (error) {
    console.error(`webhook ${integrationId}: could not start ${workflowId}:`, error);
    throw new ApiError(
      503,
      'TEMPORAL_UNAVAILABLE',
      'The run could not be started; try again later',
      undefined,
      { 'Retry-After': '30' },
    );
  }
}

/** The log row of a delivery. A lost log row must not turn an accepted event into an error. */
async function record(deps: AppDeps, event: NewWebhookEvent): Promise<void> {
  await insertWebhookEvent(deps.sql, event).catch((error: unknown) => {
    console.error(`webhook ${event.integrationId}: could not log event ${event.eventId}:`, error);
  });
}

function lowerCaseHeaders(request: Request): Record<string, string> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return headers;
}

/** Why a verified event is recorded and not run (ADR 021); null when it runs. */
function notRunReason(row: IntegrationRow): string | null {
  if (row.status === 'paused') {
    return 'The integration is paused: the event was recorded, not run. Replay it from the events log after resuming.';
  }
  if (row.status === 'draft') {
    return 'The integration is a draft: the event was recorded, not run. Deploy, then replay it from the events log.';
  }
  return null;
}

export function hookRoutes(deps: AppDeps) {
  // A burst's deliveries share statements and commits; each is answered after its own row.
  const groupCommit = createWebhookGroupCommit(deps.sql);
  // ...and their token lookups, each read after its delivery arrived.
  const tokens = createWebhookTokenLookup(deps.sql);
  return new Hono().post(
    '/:token',
    describeRoute({
      summary: 'Webhook delivery (public; the signature proves the sender)',
      description:
        'Verifies the signature by the integration’s scheme, then keeps the event durably before ' +
        'answering; its run starts right after. A redelivered event answers 200 with ' +
        'duplicate: true and starts nothing. ' +
        'Paused and draft integrations record the event without running it (ADR 021). ' +
        'Any other method on this URL answers 405.',
      parameters: SIGNATURE_HEADERS.map((name) => ({
        in: 'header' as const,
        name,
        required: false,
        description: 'Checked when the integration’s signature scheme uses it',
        schema: { type: 'string' as const },
      })),
      requestBody: {
        required: false,
        description:
          `Any body up to ${MAX_WEBHOOK_BODY_BYTES / 1024} KiB, kept as the provider sent it ` +
          '(signatures cover the raw bytes). JSON and form bodies are parsed for ctx.event.body; ' +
          'any other type is passed on as text.',
        content: {
          'application/json': { schema: {} },
          'application/x-www-form-urlencoded': { schema: { type: 'object' } },
          '*/*': { schema: { type: 'string', maxLength: MAX_WEBHOOK_BODY_BYTES } },
        },
      },
      responses: {
        202: json('Accepted: the event is kept and its run is starting', ZWebhookAnswer),
        200: json('A duplicate, or recorded without a run (paused, draft)', ZWebhookAnswer),
        ...errors(429),
        400: errorResponse('BAD_REQUEST: the body is not what its Content-Type says'),
        401: errorResponse('BAD_SIGNATURE: the signature check failed (the reason is named)'),
        404: errorResponse('NOT_FOUND: no webhook at this URL (a rotated token, another trigger)'),
        413: errorResponse(`PAYLOAD_TOO_LARGE: over ${MAX_WEBHOOK_BODY_BYTES / 1024} KiB`),
        503: {
          ...errorResponse('DATABASE_UNAVAILABLE: the event could not be kept; deliver it again'),
          headers: RETRY_AFTER,
        },
      },
    }),
    async (c) => {
      const token = c.req.param('token');
      const row = TOKEN.test(token) ? await tokens.find(token) : undefined;
      // A rotated token, or an integration no longer triggered by webhooks, names nothing.
      if (!row || row.trigger !== 'webhook') {
        throw new ApiError(404, 'NOT_FOUND', 'No webhook at this URL');
      }
      const raw = await readCapped(
        c.req.raw,
        (c.env as { incoming?: unknown } | undefined)?.incoming,
      );
      const receivedAt = new Date();
      const headers = lowerCaseHeaders(c.req.raw);
      const signature = effectiveSignature(row);
      const described = sourceWebhooks(row);

      // The signature first: nothing of an unverified delivery is run or kept but the fact.
      const verdict = verifySignature({
        signature,
        secret: openSigningSecret(deps.vault, row),
        headers,
        rawBody: raw,
        now: receivedAt,
      });
      if (!verdict.ok) {
        // A flood of bad signatures is limited too, before it fills the log.
        await consume(deps.auth.rateLimits.webhooksByIntegration, row.id);
        await record(deps, {
          integrationId: row.id,
          eventId: bodyHashId(raw),
          receivedAt,
          verified: false,
          status: 'rejected',
          workflowId: null,
          headers: visibleWebhookHeaders(headers, signature),
          body: null,
          error: `Signature check failed: ${verdict.reason}`,
        });
        throw new ApiError(401, 'BAD_SIGNATURE', `Signature check failed: ${verdict.reason}`);
      }
      await consume(deps.auth.rateLimits.webhooksByIntegration, row.id);

      let body: unknown;
      try {
        body = parseWebhookBody(headers['content-type'], raw);
      } catch (error) {
        if (error instanceof WebhookBodyError) {
          throw new ApiError(400, 'BAD_REQUEST', error.message);
        }
        throw error;
      }
      const eventId = webhookEventId(described?.eventIdPath, headers, body, raw);
      const event: TWebhookEvent = {
        id: eventId,
        receivedAt: receivedAt.toISOString(),
        headers: visibleWebhookHeaders(headers, signature),
        body,
      };
      const logged = {
        integrationId: row.id,
        eventId,
        receivedAt,
        verified: verdict.verified,
        headers: event.headers,
        body,
      };

      const reason = notRunReason(row);
      if (reason) {
        await record(deps, { ...logged, status: 'rejected', workflowId: null, error: reason });
        const answer: TWebhookAnswer = { accepted: false, eventId, workflowId: null, reason };
        return c.json(answer, 200);
      }

      // Durable before the answer (ADR 047): the row commits, then 202; the outbox starts the run.
      const workflowId = webhookEventWorkflowId(row.id, eventId);
      const kept = await groupCommit
        .accept({ ...logged, workflowId, input: event })
        .catch((error: unknown) => {
          console.error(`webhook ${row.id}: could not keep event ${eventId}:`, error);
          throw new ApiError(
            503,
            'DATABASE_UNAVAILABLE',
            'The event could not be kept; deliver it again later',
            undefined,
            { 'Retry-After': '30' },
          );
        });
      if (kept === null) {
        await record(deps, { ...logged, status: 'duplicate', workflowId, error: null });
        const answer: TWebhookAnswer = { accepted: true, duplicate: true, eventId, workflowId };
        return c.json(answer, 200);
      }
      deps.webhookOutbox.wake();
      const answer: TWebhookAnswer = { accepted: true, eventId, workflowId };
      return c.json(answer, 202);
    },
  );
}
