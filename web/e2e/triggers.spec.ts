import type { Page } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { createIntegration, updateIntegration } from './support/integrations-api.ts';
import { startDestinationApi, type LoopbackApi } from './support/loopback-apis.ts';
import { main, toast } from './support/ui.ts';
import { expectNoSeriousViolations } from './support/axe.ts';

// Triggers in the console: a webhook trigger is chosen and its URL copied; a Stripe-signed
// event POSTed to it shows in the events log with its run (a redelivery as a duplicate, a bad
// signature refused); a test runs with the description's sample event; a cron schedule in a
// time zone shows its next five fire times and survives a save and a reload.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const SIGNING_SECRET = 'whsec_e2e_0123456789abcdef';

/** Posts the customer an event carries to the CRM, and says which event it read. */
const EVENT_CODE = `export default async function run(ctx) {
  if (!ctx.event) throw new Error('this integration runs on webhook events');
  const customer = ctx.event.body.data.object;
  await ctx.destination.post('/contacts', { json: { email: customer.email, name: customer.name } });
  ctx.log('event ' + ctx.event.id + ' for ' + customer.email);
  ctx.log('headers ' + Object.keys(ctx.event.headers).sort().join(' '));
  return { event: ctx.event.id };
}
`;

/** A Stripe event for a new customer, as Stripe sends it. */
function customerCreated(id: string, email: string) {
  return {
    id,
    object: 'event',
    type: 'customer.created',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: 'cus_e2e', object: 'customer', email, name: 'Ada Lovelace' } },
  };
}

/** Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
function stripeSignature(secret: string, body: string, at = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
  return `t=${at},v1=${v1}`;
}

let destination: LoopbackApi;
test.beforeEach(async () => {
  destination = await startDestinationApi();
});
test.afterEach(async () => {
  await destination.close();
});

/** An active integration from Stripe (its catalog description: signature scheme and examples). */
async function createStripeIntegration(page: Page, baseURL: string) {
  const created = await createIntegration(page.request, baseURL, {
    name: 'Stripe customers to CRM',
    userPrompt: 'When a customer is created in Stripe, add them to the CRM as a contact.',
    sourceApiName: 'Stripe',
    sourceApiUrl: 'https://api.stripe.com',
    sourceDescription: { kind: 'catalog', id: 'stripe' },
    destApiName: 'CRM',
    destApiUrl: destination.baseUrl,
    generatedCode: EVENT_CODE,
  });
  await updateIntegration(page.request, baseURL, created.id, { status: 'active' });
  return created;
}

function triggerForm(page: Page) {
  return main(page).getByRole('form', { name: 'Trigger' });
}

test('a webhook trigger: copy its URL, a signed event runs once and shows in the events log', async ({
  page,
  baseURL,
  user: _user,
}) => {
  const integration = await createStripeIntegration(page, baseURL!);
  await page.goto(`/integrations/${integration.id}/review`);

  // Choose the webhook trigger: Stripe's scheme comes from the description; set its secret.
  const form = triggerForm(page);
  await form.getByText('Webhook', { exact: true }).click();
  await expect(form.getByLabel('Signature check')).toHaveValue(/^Stripe/);
  await expect(form.getByText('Save the trigger to get')).toBeVisible();
  await form.getByLabel('Signing secret').fill(SIGNING_SECRET);
  await form.getByRole('button', { name: 'Save trigger' }).click();
  await expect(toast(page, 'Trigger saved')).toContainText('webhook receives an event');

  // The URL, copied with the 2-second confirmation; the secret is write-only from now on.
  const urlField = form.getByLabel('Webhook URL');
  const url = await urlField.inputValue();
  expect(url).toMatch(/\/hooks\/[0-9a-f]{32,}$/);
  // The stack runs on localhost (APP_URL unset): the page says no provider can reach it.
  await expect(form.getByTestId('webhook-url-loopback')).toContainText('only this machine');
  await form.getByRole('button', { name: 'Copy URL' }).click();
  await expect(form.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(form.getByLabel('Signing secret')).toHaveValue('');
  await expect(form.getByText(/^Set \(/)).toBeVisible();

  // Stripe delivers an event, signed; then redelivers it; then someone forges one.
  const event = customerCreated(`evt_e2e_${Date.now()}`, 'ada@example.com');
  const body = JSON.stringify(event);
  const deliver = (signature: string) =>
    page.request.post(url, {
      data: body,
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    });
  const first = await deliver(stripeSignature(SIGNING_SECRET, body));
  expect(first.status(), await first.text()).toBeLessThan(300);
  const again = await deliver(stripeSignature(SIGNING_SECRET, body));
  expect(again.status()).toBeLessThan(300);
  expect(await again.json()).toMatchObject({ duplicate: true });
  const forged = await deliver(stripeSignature('not-the-secret', body));
  expect(forged.status()).toBe(401);

  // The events log: the run it started (live, ADR 019), the duplicate and the refusal.
  await page.getByRole('tab', { name: 'Events' }).click();
  const log = page.getByRole('table', { name: 'Webhook events' });
  const rows = log.locator(`tr[data-event-id="${event.id}"]`);
  await expect(rows).toHaveCount(2);
  const started = log.locator(`tr[data-event-id="${event.id}"][data-event-status="started"]`);
  await expect(started.getByText('Verified', { exact: true })).toBeVisible();
  await expect(started.getByText('Success')).toBeVisible({ timeout: 30_000 });
  const duplicate = log.locator(`tr[data-event-id="${event.id}"][data-event-status="duplicate"]`);
  await expect(duplicate.getByText('Duplicate', { exact: true })).toBeVisible();
  await expect(duplicate.getByText('None: already run')).toBeVisible();
  const refused = log.locator('tr[data-event-status="rejected"]');
  await expect(refused.getByText('Unverified')).toBeVisible();
  await expect(refused.getByText(/Signature check failed/)).toBeVisible();
  // One delivery accepted, one run: the CRM got one contact.
  expect(destination.received.filter((request) => request.url === '/contacts')).toHaveLength(1);
  await expectNoSeriousViolations(page, 'webhook settings and events log');

  // The run it started, in the Runs tab, opened.
  await started.getByRole('button', { name: `Show run of event ${event.id}` }).click();
  await expect(page.getByRole('tab', { name: 'Runs' })).toHaveAttribute('aria-selected', 'true');
  const run = page.locator('tr[data-run-kind="webhook"]');
  await expect(run).toHaveCount(1);
  await expect(run.getByRole('button', { name: /^Hide details/ })).toBeVisible();
  await expect(page.getByText(`event ${event.id} for ada@example.com`)).toBeVisible();

  // Replay from the log: a new run with the same event.
  await page.getByRole('tab', { name: 'Events' }).click();
  await started.getByRole('button', { name: `Replay event ${event.id}` }).click();
  await expect(toast(page, 'Event replayed')).toContainText(event.id);
  await expect(
    log.locator(`tr[data-event-id="${event.id}"][data-event-status="started"]`),
  ).toHaveCount(2);
  await expect
    .poll(() => destination.received.filter((request) => request.url === '/contacts').length, {
      timeout: 30_000,
    })
    .toBe(2);

  // Rotating the URL, once confirmed, retires the old one at once.
  await form.getByRole('button', { name: 'Rotate URL' }).click();
  const confirm = page.getByRole('dialog', { name: 'Rotate the webhook URL?' });
  await confirm.getByRole('button', { name: 'Rotate URL' }).click();
  await expect(toast(page, 'Webhook URL rotated')).toBeVisible();
  await expect(urlField).not.toHaveValue(url);
  expect(await urlField.inputValue()).toMatch(/\/hooks\/[0-9a-f]{32,}$/);
  const retired = await deliver(stripeSignature(SIGNING_SECRET, body));
  expect(retired.status()).toBe(404);
});

test('Test with an event runs the description’s example or pasted JSON, and explains bad JSON', async ({
  page,
  baseURL,
  user: _user,
}) => {
  const integration = await createStripeIntegration(page, baseURL!);
  await updateTrigger(page, baseURL!, integration.id, { trigger: 'webhook' });
  await page.goto(`/integrations/${integration.id}/review`);

  await page.getByRole('button', { name: 'Test with an event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Test with an event' });
  // The description's examples, the first one shown.
  await expect(dialog.getByLabel('Event body (JSON)')).toHaveValue(
    /customer\.subscription\.deleted/,
  );
  await dialog.getByLabel('Sample event').click();
  await page.getByRole('option', { name: /^customer\.created/ }).click();
  const body = dialog.getByLabel('Event body (JSON)');
  await expect(body).toHaveValue(/jenny\.rosen@example\.com/);

  // Pasted JSON that does not parse is refused before anything runs.
  await body.fill('{"id": "evt_pasted", ');
  await dialog.getByRole('button', { name: 'Run test with this event' }).click();
  await expect(dialog.getByText(/^Not valid JSON: /)).toBeVisible();
  await expectNoSeriousViolations(page, 'Test with an event dialog');

  await body.fill(JSON.stringify(customerCreated('evt_pasted_1', 'grace@example.com')));
  // Headers as a delivery carries them; a line that is not one is refused, like bad JSON.
  const headers = dialog.getByLabel('Event headers');
  await headers.fill('X-Event-Kind customer.created');
  await dialog.getByRole('button', { name: 'Run test with this event' }).click();
  await expect(dialog.getByText('Line 1: write each header as Name: value')).toBeVisible();
  await headers.fill('X-Event-Kind: customer.created\nStripe-Signature: t=1,v1=not-for-the-code');
  await dialog.getByRole('button', { name: 'Run test with this event' }).click();
  const results = page.getByRole('dialog', { name: /Test Results/ });
  await expect(results.getByText('Success', { exact: true })).toBeVisible({ timeout: 30_000 });
  // A dry run by default: the write was captured, not sent.
  await expect(results.getByText('Dry run: nothing was written')).toBeVisible();
  await results.getByRole('tab', { name: 'Logs' }).click();
  await expect(results.getByText('event evt_pasted_1 for grace@example.com')).toBeVisible();
  // The signature header is removed, as from a delivery.
  await expect(results.getByText('headers content-type x-event-kind')).toBeVisible();
  expect(destination.received).toHaveLength(0);
});

test('a cron schedule in a time zone shows its next five fire times and survives save and reload', async ({
  page,
  baseURL,
  user: _user,
}) => {
  const integration = await createStripeIntegration(page, baseURL!);
  await page.goto(`/integrations/${integration.id}/review`);

  const form = triggerForm(page);
  await expect(form.getByLabel('Run every (minutes)')).toHaveValue('15');
  await form.getByText('Cron', { exact: true }).click();
  const cron = form.getByLabel('Cron expression');
  await cron.fill('30 9 * * 1-5');
  await form.getByLabel('Time zone').fill('Asia/Tok');
  await page.getByRole('option', { name: 'Asia/Tokyo' }).click();

  const times = form.getByTestId('next-fire-times').getByRole('listitem');
  await expect(times).toHaveCount(5);
  for (const time of await times.all()) await expect(time).toContainText(/09:30 GMT\+9$/);
  await expect(times.first()).not.toContainText(/^(Sat|Sun)/);
  await expectNoSeriousViolations(page, 'cron schedule editor');

  // A bad expression is explained, and cannot be saved.
  await cron.fill('30 9 * * MON#2');
  await expect(form.getByText(/day-of-week "MON#2"/)).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save schedule' })).toBeDisabled();
  // A number out of range reads in our words, without the parser's prefix.
  await cron.fill('61 9 * * 1-5');
  await expect(form.getByText(/minute "61": 61 is out of range \(0–59\)/)).toBeVisible();
  await expect(form).not.toContainText('CronPattern');
  await cron.fill('30 9 * * 1-5');

  await form.getByRole('button', { name: 'Save schedule' }).click();
  await expect(toast(page, 'Schedule saved')).toContainText(
    'runs on cron 30 9 * * 1-5 (Asia/Tokyo).',
  );
  await page.reload();
  await expect(triggerForm(page).getByLabel('Cron expression')).toHaveValue('30 9 * * 1-5');
  await expect(triggerForm(page).getByLabel('Time zone')).toHaveValue('Asia/Tokyo');
  await expect(triggerForm(page).getByTestId('next-fire-times').getByRole('listitem')).toHaveCount(
    5,
  );
  await expect(
    triggerForm(page).getByText('Runs on cron 30 9 * * 1-5 (Asia/Tokyo).'),
  ).toBeVisible();
});

async function updateTrigger(
  page: Page,
  baseURL: string,
  id: string,
  data: Record<string, unknown>,
): Promise<void> {
  const response = await page.request.put(`/api/integrations/${id}`, {
    headers: { Origin: baseURL },
    data,
  });
  expect(response.status(), await response.text()).toBe(200);
}
