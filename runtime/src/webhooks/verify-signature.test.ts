// The webhook signature checks (ADR 021), each scheme with signatures computed the way
// its provider documents them, and the body, event id and header rules the API and export share.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TWebhookSignature } from '@patchbay/schema';
import { verifySignature } from './verify-signature.ts';
import {
  parseWebhookBody,
  visibleWebhookHeaders,
  WebhookBodyError,
  webhookEventId,
} from './webhook-event.ts';

const SECRET = 'shh-this-is-the-signing-secret';
const BODY = '{"id":"evt_1","type":"thing.happened"}';
const raw = new TextEncoder().encode(BODY);
const NOW = new Date('2026-11-23T12:00:00Z');
const AT = Math.floor(NOW.getTime() / 1000);

const hmac = (data: string, encoding: 'hex' | 'base64', secret = SECRET) =>
  createHmac('sha256', secret).update(data).digest(encoding);

function verify(signature: TWebhookSignature, headers: Record<string, string>, secret = SECRET) {
  return verifySignature({ signature, secret, headers, rawBody: raw, now: NOW });
}

describe('verifySignature', () => {
  it('stripe: t and v1 over `<t>.<body>`, any v1 of several, within the tolerance', () => {
    const v1 = hmac(`${AT}.${BODY}`, 'hex');
    const scheme: TWebhookSignature = { scheme: 'stripe' };
    expect(verify(scheme, { 'stripe-signature': `t=${AT},v1=${v1}` })).toEqual({
      ok: true,
      verified: true,
    });
    // Stripe sends one v1 per secret while a secret is rolled.
    expect(verify(scheme, { 'stripe-signature': `t=${AT},v1=${'0'.repeat(64)},v1=${v1}` })).toEqual(
      { ok: true, verified: true },
    );
    expect(verify(scheme, { 'stripe-signature': `t=${AT},v1=${v1}` }, 'other')).toMatchObject({
      ok: false,
      reason: 'the stripe-signature signature does not match',
    });
    const old = AT - 301;
    expect(
      verify(scheme, { 'stripe-signature': `t=${old},v1=${hmac(`${old}.${BODY}`, 'hex')}` }),
    ).toMatchObject({ ok: false, reason: expect.stringContaining('tolerance 300 s') as unknown });
    // A wider tolerance, and a vendor that uses the scheme under its own header (Calendly).
    expect(
      verify(
        { scheme: 'stripe', header: 'Calendly-Webhook-Signature', toleranceSeconds: 600 },
        { 'calendly-webhook-signature': `t=${old},v1=${hmac(`${old}.${BODY}`, 'hex')}` },
      ),
    ).toEqual({ ok: true, verified: true });
    expect(verify(scheme, { 'stripe-signature': 'v1=abc' })).toMatchObject({ ok: false });
  });

  it('github: sha256=<hex> of the body', () => {
    const scheme: TWebhookSignature = { scheme: 'github' };
    expect(verify(scheme, { 'x-hub-signature-256': `sha256=${hmac(BODY, 'hex')}` })).toEqual({
      ok: true,
      verified: true,
    });
    // Hex compares case-insensitively.
    expect(
      verify(scheme, { 'x-hub-signature-256': `sha256=${hmac(BODY, 'hex').toUpperCase()}` }),
    ).toEqual({ ok: true, verified: true });
    expect(verify(scheme, { 'x-hub-signature-256': hmac(BODY, 'hex') })).toMatchObject({
      ok: false,
      reason: 'the x-hub-signature-256 header must start with sha256=',
    });
    expect(verify(scheme, {})).toMatchObject({
      ok: false,
      reason: 'the x-hub-signature-256 header is missing',
    });
  });

  it('shopify: base64 of the body’s HMAC', () => {
    const scheme: TWebhookSignature = { scheme: 'shopify' };
    expect(verify(scheme, { 'x-shopify-hmac-sha256': hmac(BODY, 'base64') })).toEqual({
      ok: true,
      verified: true,
    });
    expect(verify(scheme, { 'x-shopify-hmac-sha256': hmac(BODY, 'hex') })).toMatchObject({
      ok: false,
    });
  });

  it('slack: v0=<hex> of `v0:<timestamp>:<body>`, within 300 s', () => {
    const scheme: TWebhookSignature = { scheme: 'slack' };
    const headers = (at: number) => ({
      'x-slack-request-timestamp': String(at),
      'x-slack-signature': `v0=${hmac(`v0:${at}:${BODY}`, 'hex')}`,
    });
    expect(verify(scheme, headers(AT))).toEqual({ ok: true, verified: true });
    expect(verify(scheme, headers(AT + 400))).toMatchObject({ ok: false });
    expect(verify(scheme, { 'x-slack-signature': headers(AT)['x-slack-signature'] })).toMatchObject(
      { ok: false, reason: 'the x-slack-request-timestamp header is missing' },
    );
  });

  it('hmac-sha256: the user’s header and encoding, an optional sha256= prefix', () => {
    const hex: TWebhookSignature = { scheme: 'hmac-sha256', header: 'X-Sig', encoding: 'hex' };
    expect(verify(hex, { 'x-sig': hmac(BODY, 'hex') })).toEqual({ ok: true, verified: true });
    expect(verify(hex, { 'x-sig': `sha256=${hmac(BODY, 'hex')}` })).toEqual({
      ok: true,
      verified: true,
    });
    const b64: TWebhookSignature = { scheme: 'hmac-sha256', header: 'X-Sig', encoding: 'base64' };
    expect(verify(b64, { 'x-sig': hmac(BODY, 'base64') })).toEqual({ ok: true, verified: true });
    expect(verify(b64, { 'x-sig': hmac(BODY, 'hex') })).toMatchObject({ ok: false });
    expect(verify({ scheme: 'hmac-sha256' }, { 'x-sig': hmac(BODY, 'hex') })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('needs the header') as unknown,
    });
  });

  it('none accepts unverified; every other scheme needs a secret', () => {
    expect(verify({ scheme: 'none' }, {})).toEqual({ ok: true, verified: false });
    expect(
      verifySignature({
        signature: { scheme: 'github' },
        secret: null,
        headers: { 'x-hub-signature-256': `sha256=${hmac(BODY, 'hex')}` },
        rawBody: raw,
      }),
    ).toEqual({ ok: false, reason: 'no signing secret is set for this webhook' });
  });
});

describe('the event', () => {
  it('parses JSON, form fields and text; bad JSON is a WebhookBodyError', () => {
    expect(parseWebhookBody('application/json; charset=utf-8', raw)).toEqual({
      id: 'evt_1',
      type: 'thing.happened',
    });
    expect(parseWebhookBody('application/vnd.api+json', raw)).toMatchObject({ id: 'evt_1' });
    const form = new TextEncoder().encode('a=1&b=x+y&a=2');
    expect(parseWebhookBody('application/x-www-form-urlencoded', form)).toEqual({
      a: ['1', '2'],
      b: 'x y',
    });
    expect(parseWebhookBody(undefined, raw)).toBe(BODY);
    expect(() => parseWebhookBody('application/json', new TextEncoder().encode('{'))).toThrow(
      WebhookBodyError,
    );
  });

  it('takes the event id from a body path or a header, else the body’s hash', () => {
    const body = { id: 'evt_1', event: { id: 42 } };
    expect(webhookEventId('id', {}, body, raw)).toBe('evt_1');
    expect(webhookEventId('event.id', {}, body, raw)).toBe('42');
    expect(
      webhookEventId('header:X-GitHub-Delivery', { 'x-github-delivery': 'd-1' }, body, raw),
    ).toBe('d-1');
    expect(webhookEventId('missing.path', {}, body, raw)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(webhookEventId(undefined, {}, 'text', raw)).toMatch(/^sha256:[0-9a-f]{64}$/);
    // An over-long id is hashed: it becomes part of a workflow id.
    expect(webhookEventId('id', {}, { id: 'x'.repeat(500) }, raw)).toMatch(/^sha256:/);
  });

  it('hides credentials, signatures and the scheme’s own header from the code', () => {
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'GitHub-Hookshot/1',
      'x-github-event': 'issues',
      authorization: 'Bearer secret',
      cookie: 'a=b',
      'x-hub-signature-256': 'sha256=…',
      'x-hub-signature': 'sha1=…',
      'x-slack-request-timestamp': '1',
      'x-gitlab-token': 'secret',
      'x-acme-check': 'abc',
      'content-length': '10',
    };
    expect(
      visibleWebhookHeaders(headers, { scheme: 'hmac-sha256', header: 'X-Acme-Check' }),
    ).toEqual({
      'content-type': 'application/json',
      'user-agent': 'GitHub-Hookshot/1',
      'x-github-event': 'issues',
    });
  });
});
