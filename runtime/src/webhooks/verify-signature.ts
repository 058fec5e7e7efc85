// Webhook signature checks (ADR 021): the one implementation that both the API's
// `POST /hooks/<token>` and an exported project's listener use. Dependency-free (node:crypto
// only), so runtime/scripts/build-runtime.ts can ship it in the export as plain JavaScript.
//
// Every comparison is constant-time (timingSafeEqual over equal-length buffers); a length
// mismatch answers false at once, which reveals nothing about the expected value.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TWebhookSignature } from '@patchbay/schema';

/** Seconds a timestamped signature stays valid when the settings do not say (Stripe, Slack). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** Each vendor scheme's signature header (lower case), when the settings name none. */
export const SCHEME_HEADERS = {
  stripe: 'stripe-signature',
  github: 'x-hub-signature-256',
  shopify: 'x-shopify-hmac-sha256',
  slack: 'x-slack-signature',
} as const;

export interface VerifyInput {
  signature: TWebhookSignature;
  /** The provider's signing secret; null when none is set. */
  secret: string | null;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body exactly as received: every scheme signs the raw bytes. */
  rawBody: Uint8Array;
  now?: Date;
}

/**
 * ok with verified true: the signature holds; ok with verified false: scheme `none` (accepted,
 * flagged unverified); not ok: reject with the reason (never includes the expected value).
 */
export type VerifyResult = { ok: true; verified: boolean } | { ok: false; reason: string };

/** The header that carries the signature under these settings, in lower case (null: none). */
export function signatureHeader(signature: TWebhookSignature): string | null {
  if (signature.header) return signature.header.toLowerCase();
  if (signature.scheme === 'none' || signature.scheme === 'hmac-sha256') return null;
  return SCHEME_HEADERS[signature.scheme];
}

export function verifySignature(input: VerifyInput): VerifyResult {
  const { signature } = input;
  if (signature.scheme === 'none') return { ok: true, verified: false };
  if (!input.secret) {
    return { ok: false, reason: 'no signing secret is set for this webhook' };
  }
  const header = signatureHeader(signature);
  if (!header) {
    return {
      ok: false,
      reason: 'the hmac-sha256 scheme needs the header that carries the signature',
    };
  }
  const provided = input.headers[header];
  if (provided === undefined || provided.trim() === '') {
    return { ok: false, reason: `the ${header} header is missing` };
  }
  const secret = input.secret;
  const body = Buffer.from(input.rawBody);
  const now = input.now ?? new Date();
  const tolerance = signature.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const bad = { ok: false, reason: `the ${header} signature does not match` } as const;

  switch (signature.scheme) {
    case 'stripe': {
      // `t=<unix seconds>,v1=<hex>[,v1=<hex>…]`: HMAC-SHA256 of `<t>.<body>`; any v1 may match
      // (Stripe sends one per active secret while a secret is rolled).
      const parts = provided.split(',').map((part) => part.trim().split('='));
      const timestamp = parts.find(([key]) => key === 't')?.[1];
      const candidates = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
      if (!timestamp || !/^\d+$/.test(timestamp) || candidates.length === 0) {
        return { ok: false, reason: `the ${header} header is not of the form t=…,v1=…` };
      }
      const stale = staleTimestamp(Number(timestamp), now, tolerance);
      if (stale) return { ok: false, reason: stale };
      const expected = hmac(secret, Buffer.concat([Buffer.from(`${timestamp}.`), body]), 'hex');
      return candidates.some((candidate) => equal(candidate.toLowerCase(), expected))
        ? { ok: true, verified: true }
        : bad;
    }
    case 'github': {
      // `sha256=<hex>` of the body (GitHub; Notion and others use the same form).
      if (!provided.startsWith('sha256=')) {
        return { ok: false, reason: `the ${header} header must start with sha256=` };
      }
      const expected = hmac(secret, body, signature.encoding ?? 'hex');
      return equal(normalise(provided.slice(7), signature.encoding ?? 'hex'), expected)
        ? { ok: true, verified: true }
        : bad;
    }
    case 'shopify': {
      // base64 of HMAC-SHA256 of the body.
      const expected = hmac(secret, body, 'base64');
      return equal(provided.trim(), expected) ? { ok: true, verified: true } : bad;
    }
    case 'slack': {
      // `v0=<hex>` of `v0:<X-Slack-Request-Timestamp>:<body>`.
      const timestamp = input.headers['x-slack-request-timestamp'];
      if (!timestamp || !/^\d+$/.test(timestamp)) {
        return { ok: false, reason: 'the x-slack-request-timestamp header is missing' };
      }
      const stale = staleTimestamp(Number(timestamp), now, tolerance);
      if (stale) return { ok: false, reason: stale };
      if (!provided.startsWith('v0=')) {
        return { ok: false, reason: `the ${header} header must start with v0=` };
      }
      const expected = hmac(secret, Buffer.concat([Buffer.from(`v0:${timestamp}:`), body]), 'hex');
      return equal(provided.slice(3).toLowerCase(), expected) ? { ok: true, verified: true } : bad;
    }
    case 'hmac-sha256': {
      // The user's header and encoding; an optional `sha256=` prefix (Typeform, others).
      const encoding = signature.encoding ?? 'hex';
      const value = provided.trim().replace(/^sha256=/, '');
      const expected = hmac(secret, body, encoding);
      return equal(normalise(value, encoding), expected) ? { ok: true, verified: true } : bad;
    }
  }
}

function hmac(secret: string, data: Buffer, encoding: 'hex' | 'base64'): string {
  return createHmac('sha256', secret).update(data).digest(encoding);
}

/** Hex compares case-insensitively; base64 exactly. */
function normalise(value: string, encoding: 'hex' | 'base64'): string {
  return encoding === 'hex' ? value.trim().toLowerCase() : value.trim();
}

function equal(provided: string, expected: string): boolean {
  const a = Buffer.from(provided, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A replayed old delivery fails here even with a valid signature. */
function staleTimestamp(seconds: number, now: Date, toleranceSeconds: number): string | null {
  const skew = Math.abs(now.getTime() / 1000 - seconds);
  return skew > toleranceSeconds
    ? `the signature's timestamp is ${Math.round(skew)} s away from now (tolerance ${toleranceSeconds} s)`
    : null;
}
