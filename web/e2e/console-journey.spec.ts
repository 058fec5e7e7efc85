import type { Locator, Page } from '@playwright/test';
import { PENDING_PROMPT_KEY } from '../src/lib/auth.ts';
import { expect, test } from './fixtures.ts';
import {
  CUSTOMERS,
  startDestinationApi,
  startSourceApi,
  SYNC_CODE,
  type LoopbackApi,
} from './support/loopback-apis.ts';
import { toast } from './support/ui.ts';

// The whole signed-in story against the real stack with the template generator: a
// new user creates an integration between two loopback APIs, edits and saves the code, tests
// it, deploys it, runs it, pauses, resumes and deletes it.

const SOURCE_KEY = 'sk_live_source_secret_1234';
const DEST_TOKEN = 'crm_token_secret_5678';
const PROMPT =
  'Every 10 minutes copy new customers from /customers on the billing API into /contacts on the CRM.';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

let source: LoopbackApi;
let destination: LoopbackApi;

test.beforeEach(async () => {
  source = await startSourceApi();
  destination = await startDestinationApi();
});

test.afterEach(async () => {
  await source.close();
  await destination.close();
});

function card(page: Page, name: 'Source' | 'Destination'): Locator {
  return page.getByRole('region', { name, exact: true });
}

/**
 * Replaces everything in the Monaco editor with `code`, pasted as a user would: typed text
 * would get Monaco's auto-closed brackets on top.
 */
async function replaceCode(page: Page, code: string): Promise<void> {
  await page.evaluate((text) => navigator.clipboard.writeText(text), code);
  await page.getByTestId('code-editor').locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('ControlOrMeta+v');
}

test('a new user creates, tests, deploys and runs an integration, then pauses, resumes and deletes it', async ({
  page,
  user,
}) => {
  test.setTimeout(120_000);

  // A fresh account starts empty.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('main').getByText(user.email, { exact: true })).toBeVisible();
  await expect(page.getByText('No integrations yet')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Total' }).getByTestId('stat-value')).toHaveText(
    '0',
  );

  // The prompt typed on the landing page before signing up is waiting (ADR 006), once.
  await page.evaluate(([key, prompt]) => sessionStorage.setItem(key, prompt), [
    PENDING_PROMPT_KEY,
    PROMPT,
  ] as const);
  await page.getByRole('link', { name: 'Create Integration' }).click();
  await expect(page).toHaveURL('/integrations/new');
  const prompt = page.getByLabel('Describe your integration');
  await expect(prompt).toHaveValue(PROMPT);
  await expect(page.getByText(`${PROMPT.length}/1000`)).toBeVisible();
  expect(await page.evaluate((key) => sessionStorage.getItem(key), PENDING_PROMPT_KEY)).toBeNull();

  await page.getByLabel('Integration name').fill('Billing to CRM');
  const sourceCard = card(page, 'Source');
  await sourceCard.getByLabel('API Name').fill('Billing');
  await sourceCard.getByLabel('Base URL').fill(source.baseUrl);
  await expect(sourceCard.getByLabel('Auth Type')).toHaveValue('api-key');
  await expect(sourceCard.getByLabel('API Key')).toHaveAttribute('type', 'password');
  await expect(
    sourceCard.getByText('Credentials are encrypted and stored securely.'),
  ).toBeVisible();
  await sourceCard.getByLabel('API Key').fill(SOURCE_KEY);
  const destCard = card(page, 'Destination');
  await destCard.getByLabel('API Name').fill('CRM');
  await destCard.getByLabel('Base URL').fill(destination.baseUrl);
  await destCard.getByLabel('Auth Type').selectOption('bearer');
  await destCard.getByLabel('Bearer Token').fill(DEST_TOKEN);

  const generate = page.getByRole('button', { name: 'Generate Code' });
  await expect(generate).toBeEnabled();
  // Generation is held back until the page has been seen waiting for it.
  let releaseGeneration!: () => void;
  const held = new Promise<void>((resolve) => (releaseGeneration = resolve));
  await page.route('**/api/integrations/generate', async (route) => {
    await held;
    await route.continue();
  });
  const generated = page.waitForResponse('**/api/integrations/generate');
  await generate.click();
  await expect(generate).toBeDisabled();
  const progress = page.getByRole('status', { name: 'Generation progress' });
  await expect(progress).toContainText('Generating the code…');
  await expect(progress).toContainText('s elapsed');
  releaseGeneration();
  expect((await generated).status()).toBe(200);

  await page.waitForURL(/\/integrations\/[0-9a-f-]{36}\/review$/);
  await expect(toast(page, '✓ Code Generated!')).toContainText(
    'View in sandbox to review and deploy',
  );

  // The review page: details, the template generator's code in the editor.
  const details = page.getByRole('region', { name: 'Integration Details' });
  await expect(details.getByText('Billing to CRM')).toBeVisible();
  await expect(details.getByText('Billing', { exact: true })).toBeVisible();
  await expect(details.getByText('CRM', { exact: true })).toBeVisible();
  await expect(details.getByTestId('integration-description')).toHaveText(PROMPT);
  await expect(details.getByText('Draft')).toBeVisible();
  await expect(details.getByText('Template generator')).toBeVisible();
  // The schedule read from the prompt was saved with the code.
  await expect(details.getByLabel('Run every (minutes)')).toHaveValue('10');
  const editor = page.getByTestId('code-editor');
  await expect(editor.locator('.view-lines')).toContainText('template generator');
  await expect(editor).toHaveCSS('height', '500px');

  // Edit and save.
  await replaceCode(page, SYNC_CODE);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save Code' }).click();
  await expect(toast(page, 'Code saved')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeHidden();

  // Test: a live one (dry runs are the default, ADR 017), so the real transcript, with the
  // credentials redacted.
  await page.getByText('Live test', { exact: true }).click();
  await expect(page.getByText('Live test: writes are real')).toBeVisible();
  await page.getByRole('button', { name: 'Test Integration' }).click();
  const dialog = page.getByRole('dialog', { name: /Test Results/ });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText('Success', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Request' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const firstRequest = dialog.getByRole('article', { name: 'Request 1' });
  await expect(firstRequest.getByText('GET', { exact: true })).toBeVisible();
  await expect(firstRequest.getByText(`${source.baseUrl}/customers`)).toBeVisible();
  await expect(firstRequest.getByRole('table', { name: 'Request 1 headers' })).toContainText(
    'x-api-key',
  );
  await expect(dialog).not.toContainText(SOURCE_KEY);
  const secondRequest = dialog.getByRole('article', { name: 'Request 2' });
  await expect(secondRequest.getByText(`${destination.baseUrl}/contacts`)).toBeVisible();
  await expect(secondRequest.getByLabel('Request 2 body')).toContainText('ada@example.com');
  await expect(dialog).not.toContainText(DEST_TOKEN);

  await dialog.getByRole('tab', { name: 'Response' }).click();
  const firstResponse = dialog.getByRole('article', { name: 'Response 1' });
  await expect(firstResponse.getByText('200', { exact: true })).toBeVisible();
  await expect(firstResponse.getByRole('table', { name: 'Response 1 headers' })).toContainText(
    'content-type',
  );
  await expect(firstResponse.getByLabel('Response 1 body')).toContainText('grace@example.com');
  await expect(firstResponse.getByText(/\d+ ms/)).toBeVisible();
  await expect(
    dialog.getByRole('article', { name: 'Response 2' }).getByText('201', { exact: true }),
  ).toBeVisible();

  await dialog.getByRole('tab', { name: 'Logs' }).click();
  await expect(dialog.getByLabel('Log lines')).toContainText(
    `synced ${CUSTOMERS.length} customers`,
  );
  await expect(dialog.getByLabel('Returned data')).toContainText('"synced": 2');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The sandbox reached the loopback APIs with the credentials the host added.
  expect(source.received[0]?.headers['x-api-key']).toBe(SOURCE_KEY);
  expect(destination.received[0]?.headers.authorization).toBe(`Bearer ${DEST_TOKEN}`);
  const receivedBeforeRun = destination.received.length;

  // Deploy, then run it now and watch the run land in the Runs panel.
  await page.getByRole('button', { name: 'Save & Deploy' }).click();
  await expect(toast(page, 'Integration deployed!')).toContainText(
    'Your integration is now active',
  );
  await expect(details.getByText('Active')).toBeVisible();

  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(toast(page, 'Run started')).toBeVisible();
  const runs = page.getByRole('table', { name: 'Runs' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(runs.locator('tr[data-run-kind="manual"][data-run-status="success"]')).toHaveCount(
      1,
      {
        timeout: 1000,
      },
    );
  }).toPass({ timeout: 45_000 });
  const manualRun = runs.locator('tr[data-run-kind="manual"]');
  await expect(manualRun.getByText('Run now')).toBeVisible();
  // Temporal's Web UI is an operator's tool: an ordinary user gets no link to it.
  await expect(manualRun.getByRole('link', { name: /in the Temporal Web UI/ })).toHaveCount(0);
  await expect(runs.locator('tr[data-run-kind="test"]')).toHaveCount(1);
  await manualRun.getByRole('button', { name: /Show details/ }).click();
  await expect(runs.getByLabel('Log lines')).toContainText(`synced ${CUSTOMERS.length} customers`);
  expect(destination.received.length).toBe(receivedBeforeRun + CUSTOMERS.length);

  // Every saved state of the code is a version.
  await page.getByRole('tab', { name: 'Versions' }).click();
  const versions = page.getByRole('table', { name: 'Versions' });
  await expect(versions.getByText('Generated')).toBeVisible();
  await expect(versions.getByText('Edited')).toBeVisible();
  await expect(versions.getByText('Deployed')).toBeVisible();

  // The dashboard counts it and shows the success rate from the run.
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(page.getByRole('region', { name: 'Total' }).getByTestId('stat-value')).toHaveText(
    '1',
  );
  await expect(page.getByRole('region', { name: 'Active' })).toContainText('0 paused/draft');
  await expect(page.getByTestId('success-rate-value')).toHaveText('100%');
  const recent = page.getByRole('article', { name: 'Billing to CRM' });
  await expect(recent.getByText('Active')).toBeVisible();
  await expect(recent.getByText(/Last run: (just now|\d+ minutes? ago)/)).toBeVisible();

  // My Integrations: pause, resume, delete.
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Integrations' })
    .click();
  await expect(page.getByRole('heading', { name: 'My Integrations' })).toBeVisible();
  const row = page.getByRole('row', { name: /Billing to CRM/ });
  await expect(row.getByText('Billing', { exact: true })).toBeVisible();
  await expect(row.getByText('CRM', { exact: true })).toBeVisible();
  await expect(row.getByText('just now')).toBeVisible();
  const menu = row.getByRole('button', { name: 'Actions for Billing to CRM' });

  await menu.click();
  await page.getByRole('menuitem', { name: 'Pause' }).click();
  await expect(toast(page, 'Integration paused')).toBeVisible();
  await expect(row.getByText('Paused')).toBeVisible();

  await menu.click();
  await page.getByRole('menuitem', { name: 'Resume' }).click();
  await expect(toast(page, 'Integration resumed')).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();

  await menu.click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  // Delete asks first.
  await page
    .getByRole('dialog', { name: 'Delete Billing to CRM?' })
    .getByRole('button', { name: 'Delete integration' })
    .click();
  await expect(toast(page, 'Integration deleted')).toBeVisible();
  await expect(page.getByText('No integrations yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Your First Integration' })).toHaveAttribute(
    'href',
    '/integrations/new',
  );
});
