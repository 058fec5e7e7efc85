// "When … happens" prompts become webhook-triggered integrations whose code reads
// ctx.event. The template generator's code is run in the real sandbox with the description's
// example event against a loopback destination; the LLM's prompt is checked for the event.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getCatalogEntry } from '@patchbay/catalog';
import type { TApiDescription, TGenerateRequest } from '@patchbay/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPool } from '../sandbox/index.ts';
import { buildUserPrompt, generateTemplateCode, readWebhookTrigger } from '@patchbay/generator';

function entry(id: string): TApiDescription {
  const found = getCatalogEntry(id);
  if (!found) throw new Error(`no catalog entry ${id}`);
  return found;
}

const stripe = entry('stripe');
const zendesk = entry('zendesk');

function request(userPrompt: string, destUrl = 'https://example.zendesk.com'): TGenerateRequest {
  return {
    userPrompt,
    sourceApiName: 'Stripe',
    sourceApiUrl: 'https://api.stripe.com',
    sourceAuthType: 'bearer',
    destApiName: 'Zendesk',
    destApiUrl: destUrl,
    destAuthType: 'basic',
  } as TGenerateRequest;
}

describe('readWebhookTrigger', () => {
  it('reads the event a "when …" prompt names, among the source’s described events', () => {
    const reading = readWebhookTrigger(
      'When a customer cancels their subscription, open a ticket for the account manager',
      stripe,
    );
    expect(reading?.event?.name).toBe('customer.subscription.deleted');
    expect(
      readWebhookTrigger('Whenever an invoice payment fails, create a ticket', stripe)?.event?.name,
    ).toBe('invoice.payment_failed');
  });

  it('leaves schedules, and sources without described webhooks, on a schedule', () => {
    expect(readWebhookTrigger('Every 15 minutes copy new customers to tickets', stripe)).toBe(
      undefined,
    );
    expect(readWebhookTrigger('Copy new customers into tickets', stripe)).toBe(undefined);
    // New records are read incrementally on a schedule (the grounded generator, ADR 015).
    expect(readWebhookTrigger('When Stripe has a new customer, open a ticket', stripe)).toBe(
      undefined,
    );
    expect(
      readWebhookTrigger('When a ticket is solved, post it', { ...zendesk, webhooks: undefined }),
    ).toBe(undefined);
  });
});

describe('the template generator, for an event', () => {
  let pool: SandboxPool;
  let destination: { url: string; received: { method: string; path: string; body: unknown }[] };
  let server: http.Server;

  beforeAll(async () => {
    pool = new SandboxPool({ size: 1 });
    const received: { method: string; path: string; body: unknown }[] = [];
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          method: req.method ?? '',
          path: req.url ?? '',
          body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown,
        });
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ticket: { id: 1 } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    destination = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      received,
    };
  });
  afterAll(async () => {
    await pool.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('makes a webhook trigger and code that opens a ticket from ctx.event, ignoring other event types', async () => {
    const prompt =
      'When a customer cancels their subscription, open a ticket for the account manager';
    const result = generateTemplateCode(request(prompt, destination.url), {
      source: stripe,
      destination: zendesk,
    });
    expect(result.trigger).toBe('webhook');
    expect(result.schedule).toBeUndefined();
    expect(result.code).toContain('ctx.event.body');
    expect(result.operations).toEqual([
      expect.objectContaining({ side: 'destination', method: 'POST', path: '/api/v2/tickets' }),
    ]);

    const example = stripe.webhooks?.events.find(
      (e) => e.name === 'customer.subscription.deleted',
    )?.example;
    const run = (event: unknown) =>
      pool.run({
        code: result.code,
        source: {
          baseUrl: 'https://api.stripe.com',
          authType: 'none',
          authConfig: {},
          secret: null,
        },
        destination: { baseUrl: destination.url, authType: 'none', authConfig: {}, secret: null },
        state: {},
        run: { id: 'r1', attempt: 1, mode: 'test', scheduledAt: new Date().toISOString() },
        event:
          event === null
            ? null
            : {
                id: 'evt_1',
                receivedAt: new Date().toISOString(),
                headers: { 'content-type': 'application/json' },
                body: event,
              },
        allowPrivateNetwork: true,
      });

    const handled = await run(example);
    expect(handled.error).toBeUndefined();
    expect(handled.status).toBe('success');
    expect(handled.data).toEqual({
      eventId: 'evt_1',
      type: 'customer.subscription.deleted',
      sent: 1,
    });
    expect(destination.received).toEqual([
      {
        method: 'POST',
        path: '/api/v2/tickets',
        body: {
          ticket: expect.objectContaining({
            subject: 'Stripe customer.subscription.deleted: sub_1MowQVLkdIwHu7ixeRlqHVzs',
          }) as unknown,
        },
      },
    ]);

    // Another event type on the same URL writes nothing.
    const other = await run({ ...example, type: 'customer.created' });
    expect(other.data).toEqual({ ignored: 'customer.created' });
    // A test without an event says so instead of failing.
    const none = await run(null);
    expect(none.data).toEqual({ skipped: 'no event' });
    expect(destination.received).toHaveLength(1);
  });

  it('fills what the prompt names (a channel, a project key) and writes nothing while a required field is unknown', async () => {
    const slack = generateTemplateCode(
      {
        ...request('When an invoice payment fails, post a message to our Slack #billing channel'),
        destApiName: 'Slack',
        destApiUrl: 'https://slack.com/api',
      },
      { source: stripe, destination: entry('slack') },
    );
    expect(slack.code).toContain('"channel": "#billing"');
    expect(slack.unresolved).toEqual([]);

    // "project BILL" is the project's key; the issue type is not said, so the code stops
    // before writing and the TODO names the field (as the grounded generator does).
    const jira = generateTemplateCode(
      {
        ...request('When an invoice payment fails, create a Jira issue in project BILL'),
        destApiName: 'Jira',
        destApiUrl: destination.url,
      },
      { source: stripe, destination: entry('jira') },
    );
    expect(jira.code).toContain('"project": { "key": "BILL" }');
    expect(jira.unresolved).toEqual([
      'createIssue: the required field fields.issuetype is not filled',
    ]);
    const before = destination.received.length;
    const stopped = await pool.run({
      code: jira.code,
      source: { baseUrl: 'https://api.stripe.com', authType: 'none', authConfig: {}, secret: null },
      destination: { baseUrl: destination.url, authType: 'none', authConfig: {}, secret: null },
      state: {},
      run: { id: 'r2', attempt: 1, mode: 'test', scheduledAt: new Date().toISOString() },
      event: {
        id: 'evt_2',
        receivedAt: new Date().toISOString(),
        headers: {},
        body: stripe.webhooks?.events.find((e) => e.name === 'invoice.payment_failed')?.example,
      },
      allowPrivateNetwork: true,
    });
    expect(stopped.status).toBe('failed');
    expect(stopped.error).toMatchObject({ name: 'NonRetryableError' });
    expect(stopped.error?.message).toContain('fields.issuetype');
    expect(destination.received).toHaveLength(before);
  });

  it('tells the AI model the trigger, the event and its example', () => {
    const prompt = 'When a customer cancels their subscription, open a ticket';
    const text = buildUserPrompt(request(prompt), readWebhookTrigger(prompt, stripe));
    expect(text).toContain('Trigger: webhook');
    expect(text).toContain('ctx.event');
    expect(text).toContain('customer.subscription.deleted');
    expect(text).toContain('"sub_1MowQVLkdIwHu7ixeRlqHVzs"');
    expect(buildUserPrompt(request('Every hour copy customers'))).not.toContain('Trigger');
  });
});
