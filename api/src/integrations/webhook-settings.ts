// An integration's webhook (ADR 021): its URL, the signature settings in force (the
// integration's own, else its source API description's, else none) and the sealed signing
// secret. The API seals the secret on save and, unlike API credentials, opens it to check a
// delivery's signature before answering it.
import { randomBytes } from 'node:crypto';
import { resolveDescription } from '@patchbay/catalog';
import type { IntegrationChanges, IntegrationRow } from '@patchbay/db';
import type {
  TUpdateIntegrationRequest,
  TWebhookEvent,
  TWebhooks,
  TWebhookSettings,
  TWebhookSignature,
} from '@patchbay/schema';
import { visibleWebhookHeaders, webhookEventId } from '@patchbay/runtime/webhooks';
import {
  credentialContext,
  decrypt,
  encrypt,
  secretHint,
  type KeyRing,
} from '@patchbay/schema/vault';

/** A new webhook token: 32 random bytes as hex (the migration's default is as unguessable). */
export function newWebhookToken(): string {
  return randomBytes(32).toString('hex');
}

/** `<public origin>/hooks/<token>`: APP_URL, the origin the console is served from. */
export function webhookUrl(appUrl: URL, token: string): string {
  return new URL(`/hooks/${token}`, appUrl.origin).toString();
}

/** The webhooks part of the integration's source API description, if it has one. */
export function sourceWebhooks(row: IntegrationRow): TWebhooks | undefined {
  return resolveDescription(row.source_description, row.source_api_name, row.source_api_url)
    .description?.webhooks;
}

/** The signature settings in force: the integration's own, else its description's, else none. */
export function effectiveSignature(row: IntegrationRow): TWebhookSignature {
  if (row.webhook_signature) return row.webhook_signature;
  const described = sourceWebhooks(row)?.signature;
  return described ? { ...described } : { scheme: 'none' };
}

/** The integration response's `webhook`: present when the trigger is webhook. */
export function webhookSettings(row: IntegrationRow, appUrl: URL): TWebhookSettings | null {
  if (row.trigger !== 'webhook') return null;
  return {
    url: webhookUrl(appUrl, row.webhook_token),
    signature: effectiveSignature(row),
    signingSecretSet: row.webhook_secret !== null,
    signingSecretHint: row.webhook_secret_hint,
  };
}

/**
 * Opened secrets per key ring, by integration id and sealed value. Opening one took about a
 * sixth of a delivery's CPU (ADR 047). A changed secret is a new sealed value, so nothing here
 * goes stale; the id stays in the key so a sealed value is still opened only for its own
 * integration, and only by a ring that opened it.
 */
const openedSecrets = new WeakMap<KeyRing, Map<string, string>>();
const OPENED_SECRETS_MAX = 1000;

/** The signing secret in clear, to check a delivery; null when none is set. */
export function openSigningSecret(vault: KeyRing, row: IntegrationRow): string | null {
  if (row.webhook_secret === null) return null;
  let opened = openedSecrets.get(vault);
  if (!opened) openedSecrets.set(vault, (opened = new Map()));
  const key = `${row.id}:${row.webhook_secret}`;
  const known = opened.get(key);
  if (known !== undefined) return known;
  const secret = decrypt(vault, row.webhook_secret, credentialContext(row.id, 'webhook'));
  // Bounded: the oldest entry goes first (a Map iterates in insertion order).
  if (opened.size >= OPENED_SECRETS_MAX) opened.delete(opened.keys().next().value ?? '');
  opened.set(key, secret);
  return secret;
}

/**
 * The columns a create or update writes for `webhookSignature` and `webhookSigningSecret`:
 * undefined leaves them as they are; an empty secret clears it; a secret is trimmed and sealed,
 * bound to the integration's id.
 */
export function webhookColumns(
  vault: KeyRing,
  integrationId: string,
  body: Pick<TUpdateIntegrationRequest, 'webhookSignature' | 'webhookSigningSecret'>,
): Pick<IntegrationChanges, 'webhook_signature' | 'webhook_secret' | 'webhook_secret_hint'> {
  const columns: Pick<
    IntegrationChanges,
    'webhook_signature' | 'webhook_secret' | 'webhook_secret_hint'
  > = {};
  if (body.webhookSignature !== undefined) columns.webhook_signature = body.webhookSignature;
  if (body.webhookSigningSecret !== undefined) {
    const secret = body.webhookSigningSecret.trim();
    columns.webhook_secret =
      secret === '' ? null : encrypt(vault, secret, credentialContext(integrationId, 'webhook'));
    columns.webhook_secret_hint = secret === '' ? null : secretHint(secret);
  }
  return columns;
}

/** Like credentialNotices: what the user should know about the signing secret just saved. */
export function signingSecretNotices(
  body: Pick<TUpdateIntegrationRequest, 'webhookSigningSecret'>,
): string[] {
  const secret = body.webhookSigningSecret;
  if (!secret) return [];
  // Providers sign with the secret exactly as they show it, and none begins or ends with spaces.
  return secret.trim() !== secret
    ? ['The webhook signing secret had spaces at its start or end; they were removed.']
    : [];
}

/**
 * A test run's ctx.event from a sample body: the event id where the description says
 * (else the body's hash), now as the receipt time, and the headers a delivery would carry: the
 * sample's own (the provider's event header), filtered as a delivery's are, with a content type.
 */
export function sampleWebhookEvent(
  row: IntegrationRow,
  body: unknown,
  sampleHeaders: Record<string, string> = {},
): TWebhookEvent {
  const raw = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  const headers = visibleWebhookHeaders(
    {
      'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
      ...Object.fromEntries(
        Object.entries(sampleHeaders).map(([name, value]) => [name.toLowerCase(), value.trim()]),
      ),
    },
    effectiveSignature(row),
  );
  return {
    id: webhookEventId(sourceWebhooks(row)?.eventIdPath, headers, body, raw),
    receivedAt: new Date().toISOString(),
    headers,
    body,
  };
}
