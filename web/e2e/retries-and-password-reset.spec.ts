import { expect, test } from './fixtures.ts';
import { createIntegration, runNow, updateIntegration } from './support/integrations-api.ts';
import { startLoopbackApi } from './support/loopback-apis.ts';
import { expectNoSeriousViolations } from './support/axe.ts';

// A retried run shows every attempt, Run now is refused on a draft by the API too, and
// "Forgot password?". The e2e stack has no SMTP_URL, so the
// forgot-password story is the one of a server without mail; the mailed link itself is
// covered by api/src/routes/password-reset.test.ts against a loopback SMTP server.

const PUSH_CODE =
  "export default async function run(ctx) {\n  await ctx.destination.post('/contacts', { json: { email: 'ada@example.com' } });\n  return { pushed: 1 };\n}\n";

test('a run that succeeded on its third attempt shows the two failures and the waits; Run now on a draft is refused', async ({
  page,
  baseURL,
  user,
}) => {
  expect(user.plan).toBe('free');
  test.setTimeout(180_000);
  // The CRM is busy twice, then takes the contact.
  let posts = 0;
  const crm = await startLoopbackApi((request) => {
    if (request.method !== 'POST') return { body: {} };
    posts += 1;
    return posts <= 2 ? { status: 503, body: { error: 'busy' } } : { status: 201, body: {} };
  });
  try {
    const integration = await createIntegration(page.request, baseURL!, {
      name: 'Busy CRM push',
      destApiUrl: crm.baseUrl,
      generatedCode: PUSH_CODE,
    });
    // A draft: the API refuses Run now as the console does.
    const refused = await page.request.post(`/api/integrations/${integration.id}/run`, {
      headers: { Origin: baseURL! },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'DRAFT' });

    // Paused, it runs on demand without a schedule.
    await updateIntegration(page.request, baseURL!, integration.id, { status: 'paused' });
    await runNow(page.request, baseURL!, integration.id);
    // A paused integration's runs panel does not poll: open the page once the run is over
    // (two backoffs, 2 s and 4 s).
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`/api/integrations/${integration.id}/runs`);
          const { runs } = (await response.json()) as { runs: { status: string }[] };
          return runs.map((run) => run.status);
        },
        { timeout: 90_000, intervals: [1_000] },
      )
      .toEqual(['success']);

    await page.goto(`/integrations/${integration.id}/review`);
    const row = page
      .getByRole('table', { name: 'Runs' })
      .locator('tr[data-run-kind="manual"][data-run-status="success"]');
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /Show details/ }).click();

    const attempts = page.getByRole('region', { name: 'Attempts' });
    await expect(attempts).toContainText(
      "3 attempts (the logs and requests below are the last one's)",
    );
    const items = attempts.getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText('Attempt 1: failed');
    await expect(items.nth(0)).toContainText('503');
    await expect(items.nth(0)).toContainText('then waited 2.0 s (backoff)');
    await expect(items.nth(1)).toContainText('Attempt 2: failed');
    await expect(items.nth(1)).toContainText('then waited 4.0 s (backoff)');
    await expect(items.nth(2)).toContainText('Attempt 3: succeeded');
    await expect(items.nth(2)).not.toContainText('waited');
    await expectNoSeriousViolations(page, 'a retried run with its attempts');
  } finally {
    await crm.close();
  }
});

test('Forgot password? without mail on the server says that an operator resets it; a bad link says to ask again', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('/forgot-password');
  await expect(page).toHaveTitle('Forgot password — Patchbay');
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('This server cannot send email');
  await expect(main).toContainText('An operator can reset your password');
  await expect(main).toContainText('npm run reset-password -- you@example.com');
  await expectNoSeriousViolations(page, '/forgot-password without SMTP');

  // A link without its token, and one whose token is unknown (used, expired or mistyped).
  await page.goto('/reset-password');
  await expect(main).toContainText('This link is incomplete');
  await page.goto('/reset-password?token=not-a-real-token');
  await expect(page).toHaveTitle('Choose a new password — Patchbay');
  const newPassword = page.getByRole('textbox', { name: 'New password' });
  await newPassword.fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  // Checked with the API's schema before anything is sent.
  await expect(newPassword).toHaveAttribute('aria-invalid', 'true');
  await newPassword.fill('a brand new password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(main).toContainText(
    'This reset link is invalid, used or expired. Ask for a new one.',
  );
  await expectNoSeriousViolations(page, '/reset-password with a bad link');
  await main.getByRole('link', { name: 'Ask for a new link' }).click();
  await page.waitForURL('/forgot-password');
});
