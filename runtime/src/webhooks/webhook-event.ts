// What a webhook delivery becomes for the integration's code (ADR 021): the body
// parsed by its content type, the event id, and the headers the code may see. Shared by the API's
// `POST /hooks/<token>` and an exported project's listener, like verify-signature.ts.
import { createHash } from 'node:crypto';
import type { TWebhookSignature } from '@patchbay/schema';
import { signatureHeader } from './verify-signature.ts';

/** The largest body a webhook accepts: larger ones answer 413. */
export const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024;

/** Event ids longer than this are replaced by their hash: they become part of a workflow id. */
const MAX_EVENT_ID_LENGTH = 200;

export class WebhookBodyError extends Error {
  override name = 'WebhookBodyError';
}

/**
 * JSON (`application/json`, `…+json`) parsed; form-encoded as an object (a repeated field
 * becomes an array); anything else as text. Throws WebhookBodyError for JSON that does not parse.
 */
export function parseWebhookBody(contentType: string | undefined, raw: Uint8Array): unknown {
  const text = Buffer.from(raw).toString('utf8');
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json' || type.endsWith('+json')) {
    if (text.trim() === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new WebhookBodyError(
        `The body is not valid JSON (${(error as Error).message}), though Content-Type says ${type}`,
      );
    }
  }
  if (type === 'application/x-www-form-urlencoded') {
    const fields: Record<string, string | string[]> = {};
    for (const [key, value] of new URLSearchParams(text)) {
      const earlier = fields[key];
      if (earlier === undefined) fields[key] = value;
      else fields[key] = Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
    }
    return fields;
  }
  return text;
}

/** `sha256:<hex>` of the raw body: the event id of a provider that sends none. */
export function bodyHashId(raw: Uint8Array): string {
  return `sha256:${createHash('sha256').update(raw).digest('hex')}`;
}

/**
 * The provider's event id from `eventIdPath`: a dotted body path (`id`, `event.id`) or
 * `header:<name>`; the body's hash when there is no path or nothing is found there.
 */
export function webhookEventId(
  eventIdPath: string | undefined,
  headers: Record<string, string>,
  body: unknown,
  raw: Uint8Array,
): string {
  let found: unknown;
  if (eventIdPath?.startsWith('header:')) {
    found = headers[eventIdPath.slice('header:'.length).trim().toLowerCase()];
  } else if (eventIdPath) {
    found = eventIdPath.split('.').reduce<unknown>((value, key) => {
      if (value === null || typeof value !== 'object') return undefined;
      return (value as Record<string, unknown>)[key];
    }, body);
  }
  if ((typeof found === 'string' && found.trim() !== '') || typeof found === 'number') {
    const id = String(found).trim();
    return id.length <= MAX_EVENT_ID_LENGTH
      ? id
      : `sha256:${createHash('sha256').update(id).digest('hex')}`;
  }
  return bodyHashId(raw);
}

// Never shown to the code: credentials, signatures and the transport's own headers.
const HIDDEN_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'stripe-signature',
  'x-hub-signature',
  'x-hub-signature-256',
  'x-shopify-hmac-sha256',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
]);
const HIDDEN_PATTERN = /signature|hmac|secret|token|^x-slack-/i;

/** The headers the code sees as `ctx.event.headers`: lower-cased, without secrets or signatures. */
export function visibleWebhookHeaders(
  headers: Record<string, string>,
  signature: TWebhookSignature,
): Record<string, string> {
  const own = signatureHeader(signature);
  const visible: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (HIDDEN_HEADERS.has(key) || HIDDEN_PATTERN.test(key) || key === own) continue;
    visible[key] = value;
  }
  return visible;
}
