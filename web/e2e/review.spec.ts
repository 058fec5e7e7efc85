import type { Page } from '@playwright/test';
import { expect, signUp, test } from './fixtures.ts';
import { createIntegration, updateIntegration } from './support/integrations-api.ts';
import { toast } from './support/ui.ts';

// The review sandbox: the editor, its failures, versions,
// schedule, export and saved state, and Monaco loading only here.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const CODE = `/** @param {IntegrationContext} ctx */
export default async function run(ctx) {
  ctx.log('hello from the sandbox');
  return { ok: true };
}
`;

const BROKEN = `export default async function run(ctx) {
  const value = undefined;
  return value.missing;
}
`;

test.beforeEach(({ user }) => {
  expect(user.plan).toBe('free');
});

function editorLines(page: Page) {
  return page.getByTestId('code-editor').locator('.view-lines');
}

/** Monaco's first full render can take several seconds on a loaded machine, as in console-trust-2. */
const EDITOR_LOAD = { timeout: 30_000 };

async function pasteCode(page: Page, code: string): Promise<void> {
  await page.evaluate((text) => navigator.clipboard.writeText(text), code);
  await editorLines(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('ControlOrMeta+v');
}

test('a missing, malformed or another user’s integration reads "Integration not found"', async ({
  page,
  baseURL,
  browser,
}) => {
  const other = await browser.newContext({ baseURL });
  await signUp(other.request, baseURL!);
  const theirs = await createIntegration(other.request, baseURL!, { name: 'Not yours' });
  await other.close();

  for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
    await page.goto(`/integrations/${id}/review`);
    await expect(page.getByRole('heading', { name: 'Integration not found' })).toBeVisible();
    await expect(page.getByText('Not yours')).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Back to integrations' }).click();
  await expect(page).toHaveURL('/integrations');
});

test('a failing test shows the Failed badge and the error’s line, and failures are toasted', async ({
  page,
  baseURL,
}) => {
  const empty = await createIntegration(page.request, baseURL!, { name: 'No code yet' });
  await page.goto(`/integrations/${empty.id}/review`);
  await page.getByRole('button', { name: 'Test Integration' }).click();
  await expect(toast(page, 'Test failed')).toContainText('no code yet');

  // The API refuses to deploy without code: its message, under the console's title.
  await page.getByRole('button', { name: 'Save & Deploy' }).click();
  await expect(toast(page, 'Deployment failed')).toContainText('no code yet');

  // An answer without a message falls back to the console's own texts.
  await page.route(`**/api/integrations/${empty.id}`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Save Code' }).click();
  await expect(toast(page, 'Failed to save code')).toContainText('Error');
  await page.getByRole('button', { name: 'Save & Deploy' }).click();
  await expect(toast(page, 'Failed to deploy integration')).toContainText('Deployment failed');
  await page.unroute(`**/api/integrations/${empty.id}`);

  // Unsaved code is saved before the test, so the test runs what the editor shows.
  await expect(editorLines(page)).toBeVisible();
  await pasteCode(page, BROKEN);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Test Integration' }).click();
  const dialog = page.getByRole('dialog', { name: /Test Results/ });
  await expect(dialog.getByText('Failed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  await expect(dialog.getByTestId('run-error')).toContainText(
    /TypeError: .*missing.*\(line 3, column \d+\)/,
  );
  await expect(dialog.getByRole('tab', { name: 'Logs' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('tab', { name: 'Request' }).click();
  await expect(dialog.getByText('The code made no HTTP requests.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Show line 3 in the editor' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByTestId('code-editor').locator('.line-numbers.active-line-number'),
  ).toHaveText('3');
});

test('the editor completes ctx, copies with a 2 s confirmation and follows the theme', async ({
  page,
  baseURL,
}) => {
  const integration = await createIntegration(page.request, baseURL!);
  await updateIntegration(page.request, baseURL!, integration.id, { generatedCode: CODE });
  await page.goto(`/integrations/${integration.id}/review`);
  const editor = page.getByTestId('code-editor');
  await expect(editorLines(page)).toContainText('hello from the sandbox', EDITOR_LOAD);
  await expect(editor.locator('.monaco-editor')).toHaveClass(/vs-dark/);

  // The ctx contract (CTX_CONTRACT_DTS) is known to the editor: hovering the parameter names its
  // type (once the TypeScript worker is up), and `ctx.` lists its members.
  const hover = page.locator('.monaco-hover').filter({ hasText: 'IntegrationContext' });
  await expect(async () => {
    await page.mouse.move(0, 0);
    await editor.getByText('ctx', { exact: true }).first().hover();
    await expect(hover).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await page.mouse.move(0, 0);
  await expect(hover).toBeHidden();
  await editor.getByText("ctx.log('hello from the sandbox');").click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  // Inserted whole, so no half-typed word commits a suggestion on the dot.
  await page.keyboard.insertText('ctx.');
  const suggestions = page.locator('.suggest-widget');
  await expect(async () => {
    // Ctrl+Space asks for suggestions, as a user would.
    const shown = (await suggestions.count()) > 0 ? await suggestions.textContent() : '';
    if (!shown?.includes('destination')) await page.keyboard.press('Control+Space');
    await expect(suggestions).toContainText('destination', { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await expect(suggestions).toContainText('NonRetryableError');
  await page.keyboard.press('Escape');
  await expect(suggestions).toBeHidden();
  await page.keyboard.insertText('state');
  await expect(editorLines(page)).toContainText('ctx.state');

  // Copy: the confirmation shows, then goes after 2 seconds.
  const copy = page.getByRole('button', { name: 'Copy code' });
  await copy.click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('ctx.state');
  await page.waitForTimeout(1500);
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(copy).toBeVisible({ timeout: 1500 });

  // Light theme: the editor follows.
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(editor.locator('.monaco-editor')).not.toHaveClass(/vs-dark/);
  await expect(editor.locator('.monaco-editor')).toHaveClass(/\bvs\b/);

  // Leaving with unsaved edits asks first.
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect.poll(() => asked).toContain('unsaved changes');
  await expect(page).toHaveURL(`/integrations/${integration.id}/review`);
});

test('versions can be compared and restored; schedule, saved state and export work', async ({
  page,
  baseURL,
}) => {
  const integration = await createIntegration(page.request, baseURL!);
  await updateIntegration(page.request, baseURL!, integration.id, { generatedCode: CODE });
  await updateIntegration(page.request, baseURL!, integration.id, {
    generatedCode: CODE.replace('hello from the sandbox', 'second version'),
  });
  await page.goto(`/integrations/${integration.id}/review`);
  await expect(editorLines(page)).toContainText('second version', EDITOR_LOAD);

  await page.getByRole('tab', { name: 'Versions' }).click();
  const versions = page.getByRole('table', { name: 'Versions' });
  await expect(versions.getByRole('row')).toHaveCount(3);
  await expect(versions.getByText('Generated')).toBeVisible();
  await expect(versions.getByText('Edited')).toBeVisible();

  await page.getByRole('button', { name: 'View version 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Version 1 · Generated' });
  await expect(dialog.locator('.monaco-diff-editor')).toBeVisible();
  await expect(dialog.locator('.monaco-diff-editor')).toContainText('hello from the sandbox');
  await dialog.getByText('Full code').click();
  await expect(dialog.locator('.monaco-diff-editor')).toHaveCount(0);
  await expect(dialog.locator('.monaco-editor')).toContainText('hello from the sandbox');
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  await expect(toast(page, 'Version 1 restored')).toContainText('Code saved');
  await expect(editorLines(page)).toContainText('hello from the sandbox', EDITOR_LOAD);
  await expect(versions.getByRole('row')).toHaveCount(4);

  // Schedule: every N minutes.
  const every = page.getByLabel('Run every (minutes)');
  await expect(every).toHaveValue('15');
  await every.fill('30');
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(toast(page, 'Schedule saved')).toContainText('every 30 minutes');
  await page.reload();
  await expect(page.getByLabel('Run every (minutes)')).toHaveValue('30');

  // Saved state: edited as JSON, guarded by its version.
  await page.getByRole('tab', { name: 'Saved state' }).click();
  const state = page.getByLabel('Saved state (JSON object)');
  await expect(state).toHaveValue('{}');
  await state.fill('{"cursor": 42}');
  await page.getByRole('button', { name: 'Save state' }).click();
  await expect(toast(page, 'State saved')).toBeVisible();
  const saved = await page.request.get(`/api/integrations/${integration.id}/state`);
  expect(((await saved.json()) as { values: unknown }).values).toEqual({ cursor: 42 });

  // Export: the zip from the API.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.zip$/);
});

test('Monaco is bundled locally and loads only on the review page', async ({ page, baseURL }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const integration = await createIntegration(page.request, baseURL!);
  await updateIntegration(page.request, baseURL!, integration.id, { generatedCode: CODE });

  for (const path of ['/', '/dashboard', '/integrations', '/integrations/new', '/settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  const monacoChunk = (url: string) => /monaco|editor\.api|editor\.worker|ts\.worker/.test(url);
  expect(requests.filter(monacoChunk)).toEqual([]);

  await page.goto(`/integrations/${integration.id}/review`);
  await expect(editorLines(page)).toContainText('hello from the sandbox', EDITOR_LOAD);
  expect(requests.filter(monacoChunk).length).toBeGreaterThan(0);
  // Everything comes from the console's own origin: no CDN.
  const origin = new URL(baseURL!).origin;
  expect(
    requests.filter(
      (url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'),
    ),
  ).toEqual([]);
});
