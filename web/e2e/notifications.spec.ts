import type { TAlertWebhookBody, TNotificationChannelList } from '@patchbay/schema';
import { expect, test } from './fixtures.ts';
import { createIntegration, runNow, updateIntegration } from './support/integrations-api.ts';
import { startLoopbackApi } from './support/loopback-apis.ts';
import { toast } from './support/ui.ts';
import { expectNoSeriousViolations } from './support/axe.ts';

// ADR 022: Settings → Notifications. A user adds a webhook channel pointing at a
// receiver on loopback, sends a test alert and sees it arrive, routes the channel to one
// integration, disables it and deletes it. The e2e stack has no SMTP_URL, so the account email
// channel's Send test says that mail is not configured; mail reaching an SMTP server is
// covered by api/src/routes/notifications.test.ts and workers/src/alerts.test.ts.

test('a user sets up a webhook channel, receives a test alert, routes, disables and deletes it', async ({
  page,
  baseURL,
  user,
}) => {
  const receiver = await startLoopbackApi(() => ({ body: { ok: true } }));
  try {
    const integration = await createIntegration(page.request, baseURL!, { name: 'Billing to CRM' });
    const channels = async () => {
      const response = await page.request.get('/api/notifications/channels');
      return ((await response.json()) as TNotificationChannelList).channels;
    };

    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page).toHaveURL(/\?tab=notifications/);
    const table = page.getByRole('table', { name: 'Notification channels' });
    // Every account starts with email to its own address, for every integration.
    const accountEmail = table.getByTestId('channel Account email');
    await expect(accountEmail).toContainText(`${user.email} (your account email)`);
    await expect(accountEmail.getByLabel('Integrations Account email alerts')).toHaveAttribute(
      'placeholder',
      'All integrations',
    );
    await expectNoSeriousViolations(page, 'Settings → Notifications');

    // The server has no SMTP_URL: Send test says so instead of pretending.
    await page.getByRole('button', { name: 'Send test to Account email' }).click();
    await expect(toast(page, 'The test alert did not arrive')).toContainText(
      'mail is not configured on this server',
    );

    // A webhook channel on loopback (the e2e stack allows private addresses).
    const url = `${receiver.baseUrl}/services/T000/B000/secretpart42`;
    await page.getByText('Webhook', { exact: true }).click();
    await page.getByLabel('Name', { exact: true }).fill('Team chat');
    await page.getByLabel('Webhook URL').fill(url);
    await page.getByRole('button', { name: 'Add channel' }).click();
    await expect(toast(page, 'Channel added')).toBeVisible();
    const teamChat = table.getByTestId('channel Team chat');
    // The URL's path is its secret: only the origin and the last characters are shown.
    await expect(teamChat).toContainText(`${receiver.baseUrl}/…rt42`);
    await expect(page.getByText('secretpart42')).toHaveCount(0);

    await page.getByRole('button', { name: 'Send test to Team chat' }).click();
    await expect(toast(page, 'Test alert sent to Team chat')).toContainText(
      'the receiver answered 200',
    );
    expect(receiver.received).toHaveLength(1);
    const body = JSON.parse(receiver.received[0]?.body ?? '{}') as TAlertWebhookBody;
    expect(body.status).toBe('test');
    expect(body.text).toContain('a test alert for the channel "Team chat"');

    // Only this integration alerts the team chat.
    await teamChat.getByLabel('Integrations Team chat alerts').click();
    await page.getByRole('option', { name: 'Billing to CRM' }).click();
    await expect
      .poll(async () => (await channels()).find((c) => c.name === 'Team chat')?.integrationIds)
      .toEqual([integration.id]);
    await page.keyboard.press('Escape');

    // Disabled: it keeps its settings and gets no alerts.
    await teamChat.getByLabel('Team chat enabled').click({ force: true });
    await expect
      .poll(async () => (await channels()).find((c) => c.name === 'Team chat')?.enabled)
      .toBe(false);

    // Deleting asks first.
    await page.getByRole('button', { name: 'Delete Team chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Team chat?' });
    await expect(dialog).toContainText('gets no more alerts');
    await dialog.getByRole('button', { name: 'Delete channel' }).click();
    await expect(toast(page, 'Channel deleted')).toBeVisible();
    await expect(teamChat).toHaveCount(0);
    expect((await channels()).map((c) => c.name)).toEqual(['Account email']);
  } finally {
    await receiver.close();
  }
});

const PUSH_CODE =
  "export default async function run(ctx) {\n  await ctx.destination.post('/contacts', { json: { email: 'ada@example.com' } });\n  return { pushed: 1 };\n}\n";

test("an integration that fails after its retries alerts the webhook once, and the alert's run link opens that run", async ({
  page,
  baseURL,
  user,
}) => {
  expect(user.plan).toBe('free');
  // Five attempts with backoff (2 + 4 + 8 + 16 s) before the run is recorded as failed.
  test.setTimeout(180_000);
  const receiver = await startLoopbackApi(() => ({ body: { ok: true } }));
  const crm = await startLoopbackApi(() => ({ status: 500, body: { error: 'crm down' } }));
  try {
    const added = await page.request.post('/api/notifications/channels', {
      headers: { Origin: baseURL! },
      data: { type: 'webhook', name: 'Team chat', url: `${receiver.baseUrl}/alerts` },
    });
    expect(added.status(), await added.text()).toBe(201);
    const integration = await createIntegration(page.request, baseURL!, {
      name: 'CRM push',
      destApiUrl: crm.baseUrl,
      generatedCode: PUSH_CODE,
    });
    await updateIntegration(page.request, baseURL!, integration.id, { status: 'active' });
    await runNow(page.request, baseURL!, integration.id);

    await expect.poll(() => receiver.received.length, { timeout: 120_000 }).toBe(1);
    const alert = JSON.parse(receiver.received[0]?.body ?? '{}') as TAlertWebhookBody;
    expect(alert).toMatchObject({
      status: 'failed',
      integration: { id: integration.id, name: 'CRM push' },
      error: expect.stringContaining('500'),
      // Ordinary users get no Temporal link.
      temporalUrl: null,
    });
    expect(alert.text).toContain('CRM push failed');

    // The link opens the review page with the failed run shown.
    const link = new URL(alert.runUrl ?? '');
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('tab', { name: 'Runs' })).toHaveAttribute('aria-selected', 'true');
    const failed = page.locator('tr[data-run-kind="manual"]');
    await expect(failed).toHaveCount(1);
    await expect(failed.getByRole('button', { name: /^Hide details/ })).toBeVisible();
    // Still one alert: later failed runs would not add another until it recovers.
    expect(receiver.received).toHaveLength(1);
  } finally {
    await receiver.close();
    await crm.close();
  }
});
