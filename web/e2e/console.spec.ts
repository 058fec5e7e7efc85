import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createIntegration, updateIntegration } from './support/integrations-api.ts';
import { toast } from './support/ui.ts';
import { expectNoSeriousViolations } from './support/axe.ts';

// Create Integration, the Free tier limit (ADR 020), the dashboard and My Integrations against
// the real stack.

const CODE = 'export default async function run(ctx) {\n  return { ok: true };\n}\n';
const PROMPT = 'Every hour copy new orders from the shop into the spreadsheet as rows.';

// Every story here starts signed in as a fresh user (the fixture signs the page up).
test.beforeEach(({ user }) => {
  expect(user.plan).toBe('free');
});

function card(page: Page, name: 'Source' | 'Destination') {
  return page.getByRole('region', { name, exact: true });
}

/** Counts the create-flow requests the page sends. */
function recordCreateFlow(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET' && url.pathname.startsWith('/api/integrations')) {
      calls.push(`${request.method()} ${url.pathname}`);
    }
  });
  return calls;
}

async function fillValidForm(page: Page): Promise<void> {
  await page.getByLabel('Describe your integration').fill(PROMPT);
  await card(page, 'Source').getByLabel('API Name').fill('Shop');
  await card(page, 'Source').getByLabel('Base URL').fill('https://shop.example.com');
  await card(page, 'Destination').getByLabel('API Name').fill('Sheets');
  await card(page, 'Destination').getByLabel('Base URL').fill('https://sheets.example.com');
}

test('Create Integration explains each missing detail with the spec’s toasts before sending anything', async ({
  page,
}) => {
  await page.goto('/integrations/new');
  await expect(page.getByRole('heading', { name: 'Create Integration' })).toBeVisible();
  const calls = recordCreateFlow(page);
  const generate = page.getByRole('button', { name: 'Generate Code' });
  const prompt = page.getByLabel('Describe your integration');

  // Disabled until the rules hold (marked so, and still able to say why).
  await expect(generate).toBeDisabled();
  await expect(page.getByText('0/1000')).toBeVisible();
  await expect(page.getByLabel('Integration name')).toHaveAttribute(
    'placeholder',
    'Unnamed Integration',
  );

  // Enter in a field submits the form and names the first rule that fails.
  await prompt.fill('Too short prompt');
  await expect(page.getByText('16/1000')).toBeVisible();
  await page.getByLabel('Integration name').press('Enter');
  await expect(toast(page, 'Missing prompt')).toContainText(
    'Please describe your integration (minimum 20 characters)',
  );
  await expect(prompt).toBeFocused();
  await expect(prompt).toHaveAttribute('aria-invalid', 'true');

  await prompt.fill(PROMPT);
  await generate.click({ force: true });
  await expect(toast(page, 'Missing API details')).toContainText(
    'Please configure both source and destination APIs',
  );
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(card(page, 'Source').getByLabel('API Name')).toBeFocused();

  await card(page, 'Source').getByLabel('API Name').fill('Shop');
  await card(page, 'Destination').getByLabel('API Name').fill('Sheets');
  // Each name is looked up as it is typed: once both answers are in, and their suggestions
  // closed, no list opens over the button after the test has moved on.
  for (const side of ['Source', 'Destination'] as const)
    await expect(card(page, side).getByRole('status')).toContainText(/Described by|No catalog/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await generate.click({ force: true });
  await expect(toast(page, 'Missing URLs')).toContainText('Please enter valid URLs for both APIs');

  // A URL the API would refuse is named invalid, not missing.
  await card(page, 'Source').getByLabel('Base URL').fill('https://shop.example.com');
  await card(page, 'Destination').getByLabel('Base URL').fill('sheets.example.com');
  await generate.click({ force: true });
  await expect(toast(page, 'Invalid URL')).toContainText('http:// or https://');
  await expect(card(page, 'Destination').getByLabel('Base URL')).toBeFocused();

  await card(page, 'Destination').getByLabel('Base URL').fill('https://sheets.example.com');
  await expect(generate).toBeEnabled();

  // A prompt over 1000 characters is kept and says so; it is not silently cut.
  await prompt.fill('x'.repeat(1200));
  await expect(prompt).toHaveValue('x'.repeat(1200));
  await expect(page.getByText('1200/1000')).toBeVisible();
  await expect(prompt).toHaveAccessibleDescription(/200 characters over the 1000-character limit/);
  await expect(generate).toBeDisabled();
  await expectNoSeriousViolations(page, 'create form, prompt too long');

  expect(calls).toEqual([]);

  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/integrations');
});

test('each auth type asks for what it needs, and only the secret is sent as a credential', async ({
  page,
}) => {
  await page.goto('/integrations/new');
  const source = card(page, 'Source');
  const authType = source.getByLabel('Auth Type');
  await expect(authType.locator('option')).toHaveText([
    'API Key',
    'Bearer Token',
    'OAuth 2.0',
    'Basic Auth',
    'No Auth',
  ]);

  await expect(source.getByLabel('Header name')).toHaveAttribute('placeholder', 'X-API-Key');
  await source.getByText('Query parameter', { exact: true }).click();
  await expect(source.getByLabel('Query parameter name')).toBeVisible();

  await authType.selectOption('basic');
  await expect(source.getByRole('textbox', { name: 'Username' })).toBeVisible();
  await expect(source.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute(
    'type',
    'password',
  );

  // OAuth 2.0 asks for the grant; connecting an account is the default.
  await authType.selectOption('oauth');
  await expect(source.getByRole('radio', { name: 'Connect an account' })).toBeChecked();
  await expect(source.getByRole('button', { name: 'Connect your account' })).toBeVisible();
  await source.getByText('Access token', { exact: true }).click();
  await expect(source.getByRole('textbox', { name: 'Access Token' })).toBeVisible();
  await source.getByText('Client credentials', { exact: true }).click();
  await source.getByLabel('Token URL').fill('https://auth.example.com/oauth/token');
  await expect(source.getByLabel('Client ID')).toBeVisible();
  await expect(source.getByLabel('Scope')).toBeVisible();
  await expect(source.getByLabel('Client Secret')).toHaveAttribute('type', 'password');

  await authType.selectOption('none');
  await expect(
    source.getByText('Requests to this API are sent without credentials.'),
  ).toBeVisible();
  await expect(source.getByText('Credentials are encrypted and stored securely.')).toHaveCount(0);

  // What the create call carries for an OAuth client and a query-string API key.
  await fillValidForm(page);
  await authType.selectOption('oauth');
  await source.getByText('Client credentials', { exact: true }).click();
  await source.getByLabel('Token URL').fill('https://auth.example.com/oauth/token');
  await source.getByLabel('Client ID').fill('client-1');
  await source.getByLabel('Client Secret').fill('client-secret-1');
  const destination = card(page, 'Destination');
  await destination.getByText('Query parameter', { exact: true }).click();
  await destination.getByLabel('Query parameter name').fill('key');
  await destination.getByLabel('API Key').fill('dest-key-1');
  const created = page.waitForRequest(
    (request) =>
      request.method() === 'POST' && new URL(request.url()).pathname === '/api/integrations',
  );
  await page.getByRole('button', { name: 'Generate Code' }).click();
  const body = (await created).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    name: 'Unnamed Integration',
    sourceAuthType: 'oauth',
    sourceAuthConfig: {
      grant: 'client_credentials',
      tokenUrl: 'https://auth.example.com/oauth/token',
      clientId: 'client-1',
    },
    sourceApiKeyEncrypted: 'client-secret-1',
    destAuthType: 'api-key',
    destAuthConfig: { in: 'query', name: 'key' },
    destApiKeyEncrypted: 'dest-key-1',
  });
  await page.waitForURL(/\/review$/);
  await expect(page.getByRole('region', { name: 'Integration Details' })).toContainText(
    'OAuth 2.0',
  );
});

test('a generation failure is explained, and trying again reuses the draft instead of spending another slot', async ({
  page,
}) => {
  await page.goto('/integrations/new');
  await fillValidForm(page);
  const calls = recordCreateFlow(page);

  // The generator's own message reaches the toast.
  await page.route('**/api/integrations/generate', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({
        message: 'The AI provider rejected the API key',
        code: 'GENERATION_FAILED',
      }),
    }),
  );
  const generate = page.getByRole('button', { name: 'Generate Code' });
  await generate.click();
  await expect(toast(page, '⚠ Error generating code')).toContainText(
    'The AI provider rejected the API key',
  );
  await expect(page.getByText('Saved as a draft without code')).toBeVisible();
  await expect(page).toHaveURL('/integrations/new');

  // An answer without a message falls back to the console's own text.
  await page.unroute('**/api/integrations/generate');
  await page.route('**/api/integrations/generate', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await generate.click();
  await expect(toast(page, 'Failed to generate code')).toContainText('⚠ Error generating code');

  await page.unroute('**/api/integrations/generate');
  await generate.click();
  await page.waitForURL(/\/review$/);
  // '✓ Code Generated!', or, when the generator guessed at parts of this vague prompt, a toast
  // that says so; either way the code was generated.
  await expect(toast(page, 'Code generated')).toBeVisible();

  const creates = calls.filter((call) => call === 'POST /api/integrations');
  expect(creates).toHaveLength(1);
  const response = await page.request.get('/api/integrations');
  expect(((await response.json()) as unknown[]).length).toBe(1);
});

test('the sixth integration on the Free plan opens the limit dialog, which leads to pricing', async ({
  page,
  baseURL,
}) => {
  for (let i = 1; i <= 5; i += 1) {
    await createIntegration(page.request, baseURL!, { name: `Integration ${i}` });
  }

  await page.goto('/integrations/new');
  await fillValidForm(page);
  const calls = recordCreateFlow(page);
  await page.getByRole('button', { name: 'Generate Code' }).click();

  const dialog = page.getByRole('dialog', { name: 'Free Tier Limit Reached' });
  await expect(dialog).toContainText(
    "You've reached the maximum of 5 integrations on the Free tier.",
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(calls).toEqual(['POST /api/integrations']);

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/integrations/new');

  await page.getByRole('button', { name: 'Generate Code' }).click();
  await dialog.getByRole('link', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL('/pricing');
  await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();
});

test('the dashboard counts every status and runs, edits and deletes from its cards', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL!;
  const draft = await createIntegration(page.request, origin, { name: 'Draft one' });
  const active = await createIntegration(page.request, origin, {
    name: 'Active one',
    sourceApiName: 'Stripe',
    destApiName: 'HubSpot',
  });
  await updateIntegration(page.request, origin, active.id, {
    generatedCode: CODE,
    status: 'active',
  });
  const paused = await createIntegration(page.request, origin, { name: 'Paused one' });
  await updateIntegration(page.request, origin, paused.id, { status: 'paused' });
  const failedRun = await createIntegration(page.request, origin, { name: 'Failing one' });
  await updateIntegration(page.request, origin, failedRun.id, {
    // Not retryable, so the run fails at once instead of after five attempts with backoff.
    generatedCode:
      "export default async function run(ctx) {\n  throw new ctx.NonRetryableError('boom');\n}\n",
    // Deployed: a draft offers no Run.
    status: 'active',
  });
  // The fifth: the Free plan's last slot.
  await createIntegration(page.request, origin, { name: 'Fifth' });
  void draft;

  await page.goto('/dashboard');
  const stat = (title: string) => page.getByRole('region', { name: title, exact: true });
  await expect(stat('Total').getByTestId('stat-value')).toHaveText('5');
  await expect(stat('Active').getByTestId('stat-value')).toHaveText('2');
  await expect(stat('Active')).toContainText('3 paused/draft');
  await expect(stat('Draft').getByTestId('stat-value')).toHaveText('2');
  await expect(stat('Draft')).toContainText('Ready to deploy');
  await expect(stat('Paused').getByTestId('stat-value')).toHaveText('1');
  await expect(stat('Paused')).toContainText('Can be resumed');
  await expect(page.getByRole('article')).toHaveCount(5);
  await expect(page.getByTestId('success-rate-value')).toHaveText('—');

  // Badge colours.
  const badge = (name: string) => page.getByRole('article', { name }).locator('[data-status]');
  await expect(badge('Active one')).toHaveAttribute('data-status', 'active');
  for (const [name, color] of [
    ['Active one', 'green'],
    ['Paused one', 'gray'],
    ['Draft one', 'yellow'],
  ] as const) {
    expect(await badge(name).evaluate((el) => el.style.getPropertyValue('--badge-bg'))).toBe(
      `var(--mantine-color-${color}-light)`,
    );
  }
  const activeCard = page.getByRole('article', { name: 'Active one' });
  await expect(activeCard).toContainText('Stripe');
  await expect(activeCard).toContainText('HubSpot');
  // 'Last run' is the real last run.
  await expect(activeCard).toContainText('Last run: Never run');

  // Run works: a successful and a failed deployed run make a 50% (yellow) success rate.
  await activeCard.getByRole('button', { name: 'Run Active one' }).click();
  await expect(toast(page, 'Run started')).toBeVisible();
  await page
    .getByRole('article', { name: 'Failing one' })
    .getByRole('button', { name: 'Run Failing one' })
    .click();
  await expect(toast(page, 'Failing one is running now')).toContainText('Run started');
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh success rate' }).click();
    await expect(page.getByTestId('success-rate-value')).toHaveText('50%', { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('progressbar', { name: 'Success rate' })).toHaveAttribute(
    'aria-valuenow',
    '50',
  );
  await expect(page.locator('[data-color="yellow"]')).toHaveCount(1);

  // A draft is not deployed, so its card offers no Run.
  await expect(
    page.getByRole('article', { name: 'Fifth' }).getByRole('button', { name: 'Run Fifth' }),
  ).toHaveCount(0);

  // Edit leads to the review page; Delete removes the card.
  await activeCard.getByRole('link', { name: 'Edit Active one' }).click();
  await expect(page).toHaveURL(`/integrations/${active.id}/review`);
  await page.goBack();
  await page
    .getByRole('article', { name: 'Draft one' })
    .getByRole('button', { name: 'Delete Draft one' })
    .click();
  // Delete asks first.
  await page
    .getByRole('dialog', { name: 'Delete Draft one?' })
    .getByRole('button', { name: 'Delete integration' })
    .click();
  await expect(toast(page, 'Integration deleted')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Draft one' })).toHaveCount(0);
  await expect(stat('Total').getByTestId('stat-value')).toHaveText('4');
});

test('My Integrations searches and filters, and says when nothing matches', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL!;
  await createIntegration(page.request, origin, {
    name: 'Stripe to HubSpot',
    sourceApiName: 'Stripe',
    destApiName: 'HubSpot',
  });
  const zendesk = await createIntegration(page.request, origin, {
    name: 'Tickets',
    sourceApiName: 'Zendesk',
    destApiName: 'Linear',
  });
  await updateIntegration(page.request, origin, zendesk.id, { status: 'paused' });

  await page.goto('/integrations');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole('columnheader')).toHaveText([
    'Name',
    'Source → Destination',
    'Status',
    'Created',
    'Actions',
  ]);

  const search = page.getByPlaceholder('Search integrations...');
  await search.fill('zendesk');
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Tickets' })).toBeVisible();

  await search.fill('');
  const filter = page.getByLabel('Filter by status');
  await expect(filter.locator('option')).toHaveText(['All', 'Active', 'Paused', 'Failed', 'Draft']);
  await filter.selectOption({ label: 'Draft' });
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Stripe to HubSpot' })).toBeVisible();

  await filter.selectOption({ label: 'Failed' });
  await expect(page.getByText('No integrations match your filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(3);

  // The name opens the review page; the row menu has View / Edit.
  await page.getByRole('button', { name: 'Actions for Tickets' }).click();
  await expect(page.getByRole('menuitem', { name: 'Resume' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'View / Edit' }).click();
  await expect(page).toHaveURL(`/integrations/${zendesk.id}/review`);
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('link', { name: 'Tickets' }).click();
  await expect(page).toHaveURL(`/integrations/${zendesk.id}/review`);

  // Resuming needs code: the server's reason reaches the toast.
  await page.goto('/integrations');
  await page.getByRole('button', { name: 'Actions for Tickets' }).click();
  await page.getByRole('menuitem', { name: 'Resume' }).click();
  await expect(toast(page, 'Failed to update status')).toContainText('no code yet');
});
