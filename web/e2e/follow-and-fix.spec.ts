import type { Page } from '@playwright/test';
import type { TIntegration, TRunsPage } from '@patchbay/schema';
import { expect, test } from './fixtures.ts';
import { createIntegration, runNow } from './support/integrations-api.ts';
import { startLoopbackApi } from './support/loopback-apis.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { main, toast } from './support/ui.ts';

// What a new user met at 1366×900 and at 390×844: runs you can follow
// while they retry, failures in one plain sentence, forms that say what is wrong, the phone
// width, and the smaller items (skip link, the same runs counted twice over).

const LAPTOP = { width: 1366, height: 900 };
/** The first paint of a screen on a loaded machine (the review page brings Monaco). */
const FIRST_PAINT = { timeout: 30_000 };
const PHONE = { width: 390, height: 844 };

const PUSH_CODE =
  "export default async function run(ctx) {\n  await ctx.destination.post('/contacts', { json: { email: 'ada@example.com' } });\n  return { pushed: 1 };\n}\n";

/** Fails for good, so a run ends at once instead of after five attempts. */
const REFUSED_CODE =
  "export default async function run(ctx) {\n  throw new ctx.NonRetryableError('the CRM refused the contact');\n}\n";

async function put(page: Page, baseURL: string, id: string, data: Record<string, unknown>) {
  const response = await page.request.put(`/api/integrations/${id}`, {
    headers: { Origin: baseURL },
    data,
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TIntegration;
}

/** Deployed with only Run now as its trigger: no schedule tick joins the story. */
async function deployed(
  page: Page,
  baseURL: string,
  name: string,
  destApiUrl: string,
  code: string,
) {
  const integration = await createIntegration(page.request, baseURL, {
    name,
    destApiUrl,
    generatedCode: code,
  });
  return put(page, baseURL, integration.id, {
    generatedCode: code,
    status: 'active',
    trigger: 'manual',
  });
}

async function settled(page: Page, id: string, runs: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const page_ = (await (
          await page.request.get(`/api/integrations/${id}/runs`)
        ).json()) as TRunsPage;
        return page_.inFlight.length === 0 ? page_.runs.length : -1;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(runs);
}

test.describe.configure({ timeout: 180_000 });

test.describe('at 1366×900', () => {
  test.use({ viewport: LAPTOP });

  test('a run that retries is followed from its first attempt, and its duration is the whole run', async ({
    page,
    baseURL,
    user: _user,
  }) => {
    test.setTimeout(120_000);
    // The CRM is busy twice (2 s, then 4 s of backoff), then takes the contact.
    let posts = 0;
    const crm = await startLoopbackApi((request) => {
      if (request.method !== 'POST') return { body: {} };
      posts += 1;
      return posts <= 2 ? { status: 503, body: { error: 'busy' } } : { status: 201, body: {} };
    });
    try {
      const integration = await deployed(page, baseURL!, 'Busy CRM push', crm.baseUrl, PUSH_CODE);
      await page.goto(`/integrations/${integration.id}/review`);
      await main(page).getByRole('button', { name: 'Run now' }).click(FIRST_PAINT);

      // The row is there while the run retries: which attempt, what failed, when the next is due.
      const runs = page.getByRole('table', { name: 'Runs' });
      const underWay = runs.locator('tr[data-run-status="in-progress"]');
      await expect(underWay).toHaveCount(1, { timeout: 15_000 });
      const progress = runs.locator('tr[data-run-progress]');
      await expect(progress).toContainText(
        /Attempt [12] of 5 failed: .*→ 503\. Next attempt (in [\d.]+ s, at|due at) \d\d:\d\d:\d\d/,
        {
          timeout: 15_000,
        },
      );
      // Between two polls the next attempt may already be running: either badge is honest.
      await expect(underWay).toContainText(/Retrying|Running/);
      await expectNoSeriousViolations(page, 'a run under way, retrying');

      // Recorded: a success whose duration counts the backoff, with the last attempt's own time.
      const done = runs.locator('tr[data-run-kind="manual"][data-run-status="success"]');
      await expect(done).toHaveCount(1, { timeout: 30_000 });
      await expect(underWay).toHaveCount(0);
      const duration = done.locator('td').nth(4);
      await expect(duration).toContainText(/^\d+(\.\d)? s/);
      await expect(duration).toContainText(/last attempt \d+ ms/);
      const seconds = Number(/^([\d.]+) s/.exec((await duration.innerText()).trim())?.[1]);
      expect(seconds).toBeGreaterThanOrEqual(6);
    } finally {
      await crm.close();
    }
  });

  test('a failed integration stays failed through pause and resume until a run succeeds', async ({
    page,
    baseURL,
    user: _user,
  }) => {
    const integration = await deployed(
      page,
      baseURL!,
      'Refused push',
      'https://crm.example.com',
      REFUSED_CODE,
    );
    await runNow(page.request, baseURL!, integration.id);
    await settled(page, integration.id, 1);

    await page.goto('/integrations');
    const row = page.getByRole('row').filter({ hasText: 'Refused push' });
    await expect(row.getByText('Failed', { exact: true })).toBeVisible(FIRST_PAINT);
    const menu = row.getByRole('button', { name: 'Actions for Refused push' });
    await menu.click();
    await page.getByRole('menuitem', { name: 'Pause' }).click();
    await expect(row.getByText('Paused', { exact: true })).toBeVisible();
    await expect(row.getByText('Last run failed')).toBeVisible();
    await menu.click();
    await page.getByRole('menuitem', { name: 'Resume' }).click();
    // Resuming is no fix: the last run failed, and the integration says so.
    await expect(row.getByText('Failed', { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'a resumed integration whose last run failed');
  });

  test('a failed test leads with one plain sentence and keeps the internals in Details', async ({
    page,
    baseURL,
    user: _user,
  }) => {
    // The billing API wants an API key and none was given: the dry run's first read never leaves.
    const integration = await createIntegration(page.request, baseURL!, {
      name: 'No key yet',
      sourceAuthType: 'api-key',
      generatedCode:
        "export default async function run(ctx) {\n  const page = await ctx.source.get('/v1/customers');\n  return { read: page.data.length };\n}\n",
    });
    await page.goto(`/integrations/${integration.id}/review`);
    await expect(page.getByTestId('code-editor')).toBeVisible(FIRST_PAINT);
    await main(page).getByRole('button', { name: 'Test Integration' }).click();

    const dialog = page.getByRole('dialog', { name: 'Test Results' });
    await expect(dialog.getByTestId('failure-sentence')).toHaveText(
      'The Billing (source) connection has no credential saved, so Patchbay sent nothing. Add it in Edit connection.',
      FIRST_PAINT,
    );
    // It did not get as far as a write: no "nothing was written" for a run that sent nothing.
    await expect(dialog.getByText('Dry run: nothing was written')).toHaveCount(0);
    await expect(dialog.getByText('No request was sent.')).toBeVisible();
    // The class name and the workflow id are in Details, closed until asked for.
    await expect(dialog.getByTestId('run-error')).toBeHidden();
    await expect(dialog.getByText(/workflow test:/)).toBeHidden();
    await dialog.getByText('Details', { exact: true }).click();
    await expect(dialog.getByTestId('run-error')).toContainText(
      'no credential is saved for this API',
    );
    await expect(dialog.getByText(/workflow test:/)).toBeVisible();
    await expectNoSeriousViolations(page, 'a failed test, its details open');

    // The fix is one click away.
    await dialog.getByRole('button', { name: 'Edit source connection' }).click();
    await expect(page).toHaveURL(/edit=source/);

    // The run history leads with the same sentence.
    await page
      .getByRole('button', { name: /Show details of the test run/ })
      .first()
      .click();
    await expect(main(page).getByTestId('failure-sentence').first()).toContainText(
      'connection has no credential saved',
    );
  });

  test('a deployed run refused its credential: its details link to the Edit connection panel', async ({
    page,
    baseURL,
    user: _user,
  }) => {
    // The CRM turns the key away: a 401 is not retried, so the run fails at once.
    const crm = await startLoopbackApi(() => ({ status: 401, body: { error: 'bad key' } }));
    try {
      const integration = await deployed(page, baseURL!, 'Unwelcome push', crm.baseUrl, PUSH_CODE);
      await runNow(page.request, baseURL!, integration.id);
      await settled(page, integration.id, 1);

      await page.goto(`/integrations/${integration.id}/review`);
      await main(page).getByRole('tab', { name: /Runs/ }).click(FIRST_PAINT);
      await main(page)
        .getByRole('button', { name: /Show details of the .* run/ })
        .first()
        .click();
      const failure = main(page).getByRole('alert', { name: 'What went wrong' });
      const sentence = failure.getByTestId('failure-sentence');
      await expect(sentence).toContainText('refused the credential (HTTP 401)');
      await expect(sentence).toContainText('Edit connection');
      await expectNoSeriousViolations(page, 'a failed run, its details open');

      // The sentence names the panel; the button beside it opens that panel, in view.
      await failure.getByRole('button', { name: 'Edit destination connection' }).click();
      await expect(page).toHaveURL(/[?&]edit=destination/);
      await expect(
        page.getByRole('heading', { name: 'Edit connection: Destination' }),
      ).toBeFocused();
      await expect(
        page
          .getByTestId('edit-connection-destination')
          .getByText('What you save here applies to its next run.'),
      ).toBeVisible();
    } finally {
      await crm.close();
    }
  });

  test('generated code whose dry run reached no API says so in one sentence, the fix a click away', async ({
    page,
    user: _user,
  }) => {
    // A new user's first screen after Generate Code. The source's host can never resolve
    // (.invalid), so the dry run that ends generation dies before any request gets through.
    await page.goto('/integrations/new');
    await page
      .getByLabel('Describe your integration')
      .fill('Every hour, copy new Stripe customers into HubSpot as contacts with their email.');
    for (const [region, name, url] of [
      ['Source', 'Stripe', 'https://api.stripe.invalid'],
      ['Destination', 'HubSpot', 'https://api.hubapi.com'],
    ] as const) {
      const card = page.getByRole('region', { name: region, exact: true });
      await card.getByLabel('API Name').fill(name);
      await page.getByRole('option', { name: new RegExp(`^${name}\\s*curated`) }).click();
      await card.getByLabel('Base URL').fill(url);
      await card.getByLabel('Auth Type').selectOption('bearer');
      await card.getByLabel('Bearer Token').fill(`${name.toLowerCase()}-token-0123456789`);
    }
    await page.getByRole('button', { name: 'Generate Code' }).click();

    const sentence =
      'Patchbay could not reach api.stripe.invalid: the name does not resolve. Check the Stripe (source) base URL.';
    await expect(toast(page, 'Code generated, but its dry run failed')).toContainText(sentence, {
      timeout: 90_000,
    });
    const report = main(page).getByRole('alert', { name: 'What the generator understood' });
    await expect(report.getByTestId('dry-run-failure')).toHaveText(
      `Dry run failed: ${sentence} No request got through.`,
      FIRST_PAINT,
    );
    // The verdict's own words and the raw error wait under Details.
    const raw = report.getByText(/0 schema errors/);
    await expect(raw).toBeHidden();
    await expect(report).not.toContainText('nothing was written');
    await report.getByText('Details', { exact: true }).click();
    await expect(raw).toBeVisible();
    await expect(raw).toContainText('ENOTFOUND');
    await expectNoSeriousViolations(page, 'a generation whose dry run reached no API');

    await report.getByRole('button', { name: 'Edit source connection' }).click();
    await expect(page).toHaveURL(/[?&]edit=source/);
    await expect(page.getByRole('heading', { name: 'Edit connection: Source' })).toBeFocused();
  });

  test('forms say what is wrong where it is wrong', async ({ page, baseURL, user: _user }) => {
    // The create form: a prompt over the limit says so; a URL that is not one, under its field.
    await page.goto('/integrations/new');
    const prompt = page.getByLabel('Describe your integration');
    await expect(prompt).toBeVisible(FIRST_PAINT);
    await prompt.fill('x'.repeat(1005));
    await expect(main(page)).toContainText('5 characters over the 1000-character limit');
    await prompt.fill('Copy every new customer from the billing API into the CRM as a contact.');
    const source = page.getByRole('region', { name: 'Source' });
    const baseUrl = source.getByLabel('Base URL');
    await baseUrl.fill('api.example.com');
    await baseUrl.blur();
    await expect(
      source.getByText('A base URL must be an absolute URL starting with'),
    ).toBeVisible();
    // The destination's placeholder is grey, and so is the invalid field's once emptied.
    await baseUrl.fill('');
    await page.getByRole('button', { name: 'Generate Code' }).click({ force: true });
    await expect(toast(page, 'Missing API details').or(toast(page, 'Missing URLs'))).toBeVisible();
    const placeholderColor = (label: string, region: string) =>
      page
        .getByRole('region', { name: region })
        .getByLabel(label)
        .evaluate((input) => getComputedStyle(input, '::placeholder').color);
    expect(await placeholderColor('Base URL', 'Source')).toBe(
      await page
        .getByLabel('Integration name')
        .evaluate((input) => getComputedStyle(input, '::placeholder').color),
    );
    await source.getByLabel('Base URL').fill('api.example.com');
    await source.getByLabel('API Name').fill('Billing');
    const destination = page.getByRole('region', { name: 'Destination' });
    await destination.getByLabel('API Name').fill('CRM');
    await destination.getByLabel('Base URL').fill('https://crm.example.com');
    await page.getByRole('button', { name: 'Generate Code' }).click({ force: true });
    await expect(toast(page, 'Invalid URL')).toBeVisible();
    await expectNoSeriousViolations(page, 'the create form with an invalid URL');

    // The review page: a restored version says which; a webhook trigger on polling code warns.
    const integration = await createIntegration(page.request, baseURL!, {
      name: 'Restore me',
      generatedCode: PUSH_CODE,
    });
    await put(page, baseURL!, integration.id, { generatedCode: `${PUSH_CODE}// v2\n` });
    await page.goto(`/integrations/${integration.id}/review`);
    await main(page).getByRole('tab', { name: 'Versions' }).click(FIRST_PAINT);
    await main(page).getByRole('button', { name: 'Restore version 1' }).click();
    await expect(toast(page, 'Code saved')).toBeVisible();
    const versions = main(page).getByRole('table', { name: 'Versions' });
    await expect(versions.getByRole('row').nth(1)).toContainText('v3');
    await expect(versions.getByRole('row').nth(1)).toContainText('Restored from v1');

    const trigger = main(page).getByRole('form', { name: 'Trigger' });
    await trigger.getByText('Cron', { exact: true }).click();
    await trigger.getByLabel('Cron expression').fill('0 9 32 * *');
    await expect(trigger).toContainText('32');
    await expect(trigger).not.toContainText('CronPattern');
    await trigger.getByText('Webhook', { exact: true }).click();
    await expect(trigger.getByTestId('webhook-without-event')).toContainText(
      'This code never reads ctx.event',
    );
    await expectNoSeriousViolations(page, 'a webhook trigger on code that ignores the event');
  });
});

test.describe('at 390×844', () => {
  test.use({ viewport: PHONE });

  /** The element lies wholly inside the viewport's width: reachable without scrolling sideways. */
  async function expectWithinWidth(locator: ReturnType<Page['locator']>) {
    await locator.scrollIntoViewIfNeeded();
    const box = await locator.boundingBox();
    expect(box, 'laid out').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  }

  test('a phone reaches every control: the webhook URL row, the channels, whole badges, and reads code wrapped', async ({
    page,
    baseURL,
    user: _user,
  }) => {
    const integration = await createIntegration(page.request, baseURL!, {
      name: 'A long integration name that goes on and on past the edge',
      generatedCode:
        "export default async function run(ctx) {\n  return { received: ctx.event?.body ?? null, note: 'a line long enough to need wrapping on a phone screen, and then some' };\n}\n",
    });
    await put(page, baseURL!, integration.id, {
      trigger: 'webhook',
      webhookSignature: { scheme: 'none' },
    });

    await page.goto(`/integrations/${integration.id}/review`);
    // The code panel says a phone is for reading, and wraps long lines.
    await expect(page.getByTestId('phone-editing-note')).toBeVisible(FIRST_PAINT);
    await expect(main(page).getByRole('switch', { name: 'Wrap lines' })).toBeChecked();
    // The webhook URL row: the URL, then whole buttons, with the loopback warning.
    const trigger = main(page).getByRole('form', { name: 'Trigger' });
    await expectWithinWidth(trigger.getByLabel('Webhook URL'));
    await expectWithinWidth(trigger.getByRole('button', { name: 'Copy URL' }));
    await expectWithinWidth(trigger.getByRole('button', { name: 'Rotate URL' }));
    await expect(trigger.getByRole('button', { name: 'Rotate URL' })).toHaveText('Rotate URL');
    await expect(trigger.getByTestId('webhook-url-loopback')).toBeVisible();
    await expectNoSeriousViolations(page, 'review page at 390 px');

    // Badges keep their whole word beside a long name, on the dashboard and in the list.
    for (const path of ['/dashboard', '/integrations']) {
      await page.goto(path);
      const badge = main(page).locator('[data-status="draft"]').first();
      await expect(badge).toBeVisible(FIRST_PAINT);
      await expect(badge).toHaveText('Draft');
      expect(await badge.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
        true,
      );
      await expectWithinWidth(badge);
    }

    // The channels: switch, Send test and Delete, all on screen.
    await page.goto('/settings?tab=notifications');
    await expect(page.getByRole('table', { name: 'Notification channels' })).toBeVisible(
      FIRST_PAINT,
    );
    const channel = page
      .getByRole('table', { name: 'Notification channels' })
      .getByTestId('channel Account email');
    await expectWithinWidth(channel.getByRole('switch', { name: 'Account email enabled' }));
    await expectWithinWidth(channel.getByRole('button', { name: 'Send test to Account email' }));
    await expectWithinWidth(channel.getByRole('button', { name: 'Delete Account email' }));
    await expectNoSeriousViolations(page, 'notification channels at 390 px');
  });

  test('a phone user skips to the content, and the dashboard and the usage count the same runs', async ({
    page,
    baseURL,
    user: _user,
  }) => {
    test.setTimeout(120_000);
    const crm = await startLoopbackApi(() => ({ status: 201, body: {} }));
    try {
      const integration = await deployed(page, baseURL!, 'Counted push', crm.baseUrl, PUSH_CODE);
      // A test and a deployed run; then a replay of that run, which is no run of its own.
      const tested = await page.request.post(`/api/integrations/${integration.id}/execute`, {
        headers: { Origin: baseURL! },
        data: { testMode: true, mode: 'dry-run' },
      });
      expect(tested.status()).toBe(200);
      await runNow(page.request, baseURL!, integration.id);
      await settled(page, integration.id, 2);
      const { runs } = (await (
        await page.request.get(`/api/integrations/${integration.id}/runs?kind=manual`)
      ).json()) as TRunsPage;
      const replayed = await page.request.post(
        `/api/integrations/${integration.id}/runs/${runs[0]!.id}/replay`,
        {
          headers: { Origin: baseURL! },
          data: { code: PUSH_CODE },
        },
      );
      expect(replayed.status(), await replayed.text()).toBe(200);

      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible(FIRST_PAINT);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(main(page)).toBeFocused();
      await expect(main(page)).toContainText('over the last 1 run');
      await expect(page.getByTestId('success-rate-value')).toHaveText('100%');

      await page.goto('/settings?tab=usage');
      await expect(page.getByTestId('Deployed runs value')).toHaveText('1');
      await expectNoSeriousViolations(page, 'usage at 390 px');
    } finally {
      await crm.close();
    }
  });
});
