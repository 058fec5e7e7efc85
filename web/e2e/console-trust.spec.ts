import { expect, signUp, TEST_PASSWORD, test } from './fixtures.ts';
import { createIntegration, updateIntegration } from './support/integrations-api.ts';
import { recordToasts, toast } from './support/ui.ts';
import { expectNoSeriousViolations } from './support/axe.ts';

// The console a user can trust: no silent mistakes, live run status (ADR 019), failures on the
// dashboard, one reading of the limits (ADR 020), phone-width tables and smaller items.

const CODE =
  'export default async function run(ctx) {\n  ctx.log("done");\n  return { ok: true };\n}\n';
// Line 2, column 13 is where acorn (and the API) stop.
const UNPARSABLE = 'export default async function run(ctx) {\n  const x = ;\n}\n';
// Not retryable: the run fails at once instead of after five attempts with backoff.
const FAILING =
  "export default async function run(ctx) {\n  throw new ctx.NonRetryableError('CRM refused the contact');\n}\n";

// Every story but the last starts signed in as a fresh Free user (the fixture signs the page up).
test.describe('signed in', () => {
  test.beforeEach(({ user }) => {
    expect(user.plan).toBe('free');
  });

  test('deploy refuses code that cannot run, Save keeps the draft with a warning, and a draft offers no Run or Pause', async ({
    page,
    baseURL,
  }) => {
    // Two visits to the review page, two deploys, the dashboard and the list: a long story, which
    // a loaded machine can take past the default 30 s.
    test.setTimeout(90_000);
    const draft = await createIntegration(page.request, baseURL!, { name: 'Half-written sync' });
    await updateIntegration(page.request, baseURL!, draft.id, { generatedCode: UNPARSABLE });

    await page.goto(`/integrations/${draft.id}/review`);
    const warning = page.getByTestId('code-problem');
    await expect(warning).toContainText('This code cannot run yet');
    await expect(warning).toContainText('Unexpected token (line 2, column 13)');
    await expect(page.getByRole('button', { name: 'Run now' })).toHaveCount(0);
    await expectNoSeriousViolations(page, 'review with a code warning');

    // Save keeps work in progress: no refusal.
    await page.getByRole('button', { name: 'Save Code' }).click();
    await expect(toast(page, 'Code saved')).toBeVisible();

    // Deploy is refused, names the line and column, and the editor goes there.
    await page.getByRole('button', { name: 'Save & Deploy' }).click();
    await expect(toast(page, 'Deployment failed')).toContainText('line 2, column 13');
    await expect(
      page.getByTestId('code-editor').locator('.line-numbers.active-line-number'),
    ).toHaveText('2');
    await expect(
      page.getByRole('main').locator('.mantine-Badge-root[data-status]').first(),
    ).toHaveAttribute('data-status', 'draft');

    // Neither the dashboard card nor the list menu offers Run or Pause on a draft.
    await page.goto('/dashboard');
    const card = page.getByRole('article', { name: 'Half-written sync' });
    await expect(card.getByRole('link', { name: 'Edit Half-written sync' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Run Half-written sync' })).toHaveCount(0);
    await expect(card).toContainText('Last run: Never run');
    await page.goto('/integrations');
    await page.getByRole('button', { name: 'Actions for Half-written sync' }).click();
    await expect(page.getByRole('menuitem', { name: 'View / Edit' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Pause' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Fixed, it deploys, and Run now appears.
    await updateIntegration(page.request, baseURL!, draft.id, { generatedCode: CODE });
    await page.goto(`/integrations/${draft.id}/review`);
    await expect(page.getByTestId('code-problem')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save & Deploy' }).click();
    await expect(toast(page, 'Integration deployed!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run now' })).toBeVisible();
  });

  test('Delete asks first, naming the integration, what goes with it and that a Free slot does not come back', async ({
    page,
    baseURL,
  }) => {
    await createIntegration(page.request, baseURL!, { name: 'Keep me' });
    await createIntegration(page.request, baseURL!, { name: 'Remove me' });

    await page.goto('/integrations');
    await page.getByRole('button', { name: 'Actions for Remove me' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Remove me?' });
    await expect(dialog).toContainText(
      'Remove me is deleted with its runs, saved state and version history',
    );
    await expect(dialog).toContainText('On the Free plan the slot does not come back');
    await expectNoSeriousViolations(page, 'delete confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: 'Remove me' })).toBeVisible();

    await page.getByRole('button', { name: 'Actions for Remove me' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete integration' }).click();
    await expect(toast(page, 'Integration deleted')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Remove me' })).toHaveCount(0);

    // The dashboard card asks the same question.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Delete Keep me' }).click();
    const again = page.getByRole('dialog', { name: 'Delete Keep me?' });
    await expect(again).toContainText('its runs');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('article', { name: 'Keep me' })).toBeVisible();
  });

  test('after Run now the run appears and the badge turns Failed by itself, and the dashboard shows the failure', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const ok = await createIntegration(page.request, baseURL!, { name: 'Nightly export' });
    await updateIntegration(page.request, baseURL!, ok.id, {
      generatedCode: CODE,
      status: 'active',
    });
    const failing = await createIntegration(page.request, baseURL!, { name: 'Contacts push' });
    await updateIntegration(page.request, baseURL!, failing.id, {
      generatedCode: FAILING,
      status: 'active',
    });

    // Review page: the row appears and the banner goes, with no Refresh click.
    await page.goto(`/integrations/${ok.id}/review`);
    const runsTable = page.getByRole('table', { name: 'Runs' });
    await page.getByRole('button', { name: 'Run now' }).click();
    // The banner shows until the run's row arrives (too briefly to catch for a fast run).
    await expect(
      runsTable.locator('tr[data-run-kind="manual"][data-run-status="success"]'),
    ).toHaveCount(1, { timeout: 60_000 });
    await expect(page.getByText('Waiting for the run…')).toHaveCount(0);

    // The failing one: its badge turns from Active to Failed without a reload.
    await page.goto(`/integrations/${failing.id}/review`);
    const badge = page.getByRole('main').locator('.mantine-Badge-root[data-status]').first();
    await expect(badge).toHaveAttribute('data-status', 'active');
    await page.getByRole('button', { name: 'Run now' }).click();
    await expect(runsTable.locator('tr[data-run-status="failed"]')).toHaveCount(1, {
      timeout: 60_000,
    });
    await expect(badge).toHaveAttribute('data-status', 'failed', { timeout: 15_000 });
    // The user reads the run's history as Temporal recorded it, without the
    // operator's Web UI: the attempt's error, the failed run recorded, the run failed.
    await runsTable
      .getByRole('button', { name: /^Show details of/ })
      .first()
      .click();
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('tabpanel', { name: 'History' });
    await expect(history.getByText('Attempt 1 failed', { exact: true })).toBeVisible();
    await expect(history.getByText('Run failed', { exact: true })).toBeVisible();
    await expect(history).toContainText('CRM refused the contact');

    // Dashboard: the failure in red with its error; 'Last run' from the real run; the four
    // stat cards unchanged.
    await page.goto('/dashboard');
    const failed = page.getByRole('region', { name: 'Failed', exact: true });
    await expect(failed.getByTestId('failed-count')).toHaveText('1');
    await expect(failed).toHaveAttribute('data-failed', 'true');
    await expect(failed.getByTestId('latest-error')).toContainText('CRM refused the contact');
    await expect(failed.getByRole('link', { name: 'Contacts push' })).toBeVisible();
    const stat = (title: string) => page.getByRole('region', { name: title, exact: true });
    await expect(stat('Active')).toContainText('1 paused/draft');
    await expect(stat('Draft')).toContainText('Ready to deploy');
    await expect(stat('Paused')).toContainText('Can be resumed');
    await expect(page.getByRole('article', { name: 'Nightly export' })).toContainText(
      'Last run: just now',
    );
    await expect(page.getByRole('article', { name: 'Contacts push' })).toContainText('(failed)');

    // A run started from the dashboard turns its card's badge without a reload either. Pause and
    // resume keep a failure showing until a run succeeds; deploying code again clears it.
    await updateIntegration(page.request, baseURL!, failing.id, { status: 'paused' });
    await updateIntegration(page.request, baseURL!, failing.id, {
      generatedCode: `${FAILING}\n// deployed again`,
      status: 'active',
    });
    await page.reload();
    const card = page.getByRole('article', { name: 'Contacts push' });
    await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'active');
    await card.getByRole('button', { name: 'Run Contacts push' }).click();
    await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'failed', {
      timeout: 60_000,
    });
    await expectNoSeriousViolations(page, 'dashboard with a failure');
  });

  test('pricing, settings and the limit dialog read the Free limits the same way', async ({
    page,
    baseURL,
  }) => {
    await createIntegration(page.request, baseURL!, { name: 'One' });

    await page.goto('/pricing');
    await expect(page.getByText('5 integrations (lifetime)').first()).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Is there a limit on runs?');
    await expect(page.getByRole('main')).not.toContainText('1000 runs');

    await page.goto('/settings?tab=usage');
    const month = page.getByRole('region', { name: 'This Month' });
    // The lifetime count is not shown as this month's, and runs carry no cap.
    await expect(month).not.toContainText('Integrations Created');
    await expect(month).not.toContainText('/ 1000');
    await expect(month.getByTestId('Deployed runs value')).toHaveText('0');
    const limits = page.getByRole('region', { name: 'Limits' });
    await expect(limits).toContainText('Up to 5 integrations over the life of the account');
    await expect(limits).toContainText('Runs are never capped');
    await expect(limits.getByTestId('Integrations Created value')).toHaveText('1 / 5');
  });

  test.describe('at phone width (390 × 844)', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the integrations list and the runs table show status and actions without sideways scrolling', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const names = ['Stripe customers to HubSpot contacts every quarter hour', 'Short'];
      for (const name of names) {
        await createIntegration(page.request, baseURL!, {
          name,
          sourceApiName: 'Stripe Billing API',
          destApiName: 'HubSpot CRM',
        });
      }
      const live = await createIntegration(page.request, baseURL!, { name: 'Live one' });
      await updateIntegration(page.request, baseURL!, live.id, {
        generatedCode: CODE,
        status: 'active',
      });

      const noSidewaysScroll = () =>
        page.evaluate(() => {
          const root = document.scrollingElement!;
          return root.scrollWidth <= root.clientWidth;
        });

      await page.goto('/integrations');
      await expect(page.getByRole('link', { name: 'Short' })).toBeVisible();
      expect(await noSidewaysScroll()).toBe(true);
      for (const name of [...names, 'Live one']) {
        const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
        await expect(row.locator('[data-status]')).toBeInViewport();
        await expect(row.locator('[data-status]')).not.toHaveText(/…$/);
        await expect(row.getByRole('button', { name: `Actions for ${name}` })).toBeInViewport();
      }
      await expect(page.getByText('Stripe Billing API → HubSpot CRM').first()).toBeVisible();
      await expectNoSeriousViolations(page, 'phone /integrations');

      // The runs table: duration, attempts and the workflow link stay on screen.
      await page.request.post(`/api/integrations/${live.id}/run`, {
        headers: { Origin: baseURL! },
      });
      await page.goto(`/integrations/${live.id}/review`);
      const details = page.getByTestId('run-phone-details').first();
      await expect(details).toBeVisible({ timeout: 60_000 });
      // Temporal's link is for operators only, so it may be absent.
      await expect(details).toContainText(/Run now · \d+ ms · 1 attempt/);
      await details.scrollIntoViewIfNeeded();
      await expect(details).toBeInViewport({ ratio: 1 });
      expect(await noSidewaysScroll()).toBe(true);
    });

    test('wide comparison tables say that they scroll and keep their key column in view', async ({
      page,
    }) => {
      for (const path of ['/', '/about']) {
        await page.goto(path);
        const hint = page.getByTestId('scroll-hint').first();
        await hint.scrollIntoViewIfNeeded();
        await expect(hint).toHaveText('Scroll sideways to see every column');
        const region = page.getByRole('region', { name: /scrolls sideways/ }).first();
        await region.evaluate((el) => el.scrollBy({ left: 400 }));
        // The topic column stays put while the rest moves.
        const topic = region.locator('tbody th[scope="row"]').first();
        await expect(topic).toBeInViewport();
        expect(await page.evaluate(() => document.scrollingElement!.scrollLeft)).toBe(0);
      }
    });
  });
});

test.describe('signed out', () => {
  test('login, signup and the 404 page have titles of their own, and login returns to the page asked for', async ({
    page,
    request,
    baseURL,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      // Every public page asks who is signed in (GET /api/auth/user, the only API call they
      // make); a visitor's 401 is that answer, and Chromium sometimes reports it as a failed
      // resource (the CI run that did not land). Anything else is an error.
      const visitor401 = /status of 401 \(Unauthorized\)/.test(message.text());
      if (message.type() === 'error' && !visitor401) errors.push(message.text());
    });

    await page.goto('/login');
    await expect(page).toHaveTitle('Log in — Patchbay');
    await page.goto('/signup');
    await expect(page).toHaveTitle('Sign up — Patchbay');
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found — Patchbay');
    await page.goto('/');
    await page.goto('/pricing');
    // Expected 401s (no session) are not errors on public pages.
    expect(errors).toEqual([]);

    const account = await signUp(request, baseURL!);
    // The guard's toast is on screen for 500 ms before the redirect; the page records it, so a
    // slow machine cannot miss it.
    const toasts = await recordToasts(page);
    await page.goto('/settings?tab=usage');
    await page.waitForURL('/login?next=%2Fsettings%3Ftab%3Dusage');
    expect(toasts.some((text) => text.includes('Unauthorized'))).toBe(true);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('/settings?tab=usage');
    await expect(page.getByRole('region', { name: 'This Month' })).toBeVisible();
  });
});
