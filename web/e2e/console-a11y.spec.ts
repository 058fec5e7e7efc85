import { expect, test } from './fixtures.ts';
import { createIntegration, updateIntegration } from './support/integrations-api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';

// Every signed-in screen, in both themes, has no serious or critical axe violations;
// and the theme choice survives a reload on a signed-in screen.

const CODE = `/** @param {IntegrationContext} ctx */
export default async function run(ctx) {
  ctx.log('checked');
  return { ok: true };
}
`;

test('every signed-in screen has no serious accessibility problems, in dark and light', async ({
  page,
  user,
  baseURL,
}) => {
  // Every screen twice, each with an axe pass: longer than one story's default on a busy machine.
  test.setTimeout(240_000);
  const integration = await createIntegration(page.request, baseURL!, {
    name: 'Checked integration',
  });
  await updateIntegration(page.request, baseURL!, integration.id, { generatedCode: CODE });
  await createIntegration(page.request, baseURL!, { name: 'A draft' });
  const paused = await createIntegration(page.request, baseURL!, { name: 'A paused one' });
  await updateIntegration(page.request, baseURL!, paused.id, { status: 'paused' });
  const executed = await page.request.post(`/api/integrations/${integration.id}/execute`, {
    headers: { Origin: baseURL! },
    data: { testMode: true },
  });
  expect(executed.status()).toBe(200);

  for (const scheme of ['dark', 'light'] as const) {
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('theme', value), scheme);

    await page.goto('/dashboard');
    await expect(page.getByRole('main').getByText(user.email, { exact: true })).toBeVisible();
    await expect(page.getByTestId('success-rate-value')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await expectNoSeriousViolations(page, `${scheme} /dashboard`);

    await page.goto('/integrations');
    await expect(page.getByRole('link', { name: 'Checked integration' })).toBeVisible();
    await expectNoSeriousViolations(page, `${scheme} /integrations`);
    await page.getByRole('button', { name: 'Actions for Checked integration' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    // Past the dropdown's 150 ms fade-in, which axe would read as low contrast.
    await expect(page.getByRole('menu')).toHaveCSS('opacity', '1');
    await expectNoSeriousViolations(page, `${scheme} /integrations row menu`);
    await page.keyboard.press('Escape');

    await page.goto('/integrations/new');
    await page.getByRole('button', { name: 'Generate Code' }).click({ force: true });
    await expect(page.getByRole('alert')).toBeVisible();
    await page
      .getByRole('region', { name: 'Destination', exact: true })
      .getByLabel('Auth Type')
      .selectOption('oauth');
    await expectNoSeriousViolations(page, `${scheme} /integrations/new`);

    await page.goto(`/integrations/${integration.id}/review`);
    await expect(page.getByTestId('code-editor').locator('.view-lines')).toContainText('checked', {
      timeout: 30_000,
    });
    await expect(page.getByRole('table', { name: 'Runs' })).toBeVisible();
    await expectNoSeriousViolations(page, `${scheme} review`);
    await page
      .getByRole('button', { name: /Show details/ })
      .first()
      .click();
    await expectNoSeriousViolations(page, `${scheme} review, run details`);
    await page.getByRole('button', { name: 'Test Integration' }).click();
    const dialog = page.getByRole('dialog', { name: /Test Results/ });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousViolations(page, `${scheme} test results, Request`);
    await dialog.getByRole('tab', { name: 'Logs' }).click();
    await expectNoSeriousViolations(page, `${scheme} test results, Logs`);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Versions' }).click();
    await expect(page.getByRole('table', { name: 'Versions' })).toBeVisible();
    await expectNoSeriousViolations(page, `${scheme} review, Versions`);
    await page.getByRole('tab', { name: 'Saved state' }).click();
    await expect(page.getByLabel('Saved state (JSON object)')).toBeVisible();
    await expectNoSeriousViolations(page, `${scheme} review, Saved state`);

    await page.goto(`/integrations/00000000-0000-4000-8000-000000000000/review`);
    await expect(page.getByRole('heading', { name: 'Integration not found' })).toBeVisible();
    await expectNoSeriousViolations(page, `${scheme} review, not found`);

    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await expectNoSeriousViolations(page, `${scheme} /settings Account`);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete Account' })).toBeVisible();
    await expectNoSeriousViolations(page, `${scheme} /settings delete dialog`);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'API Usage' }).click();
    await expect(page.getByRole('region', { name: 'This Month' })).toBeVisible();
    await expectNoSeriousViolations(page, `${scheme} /settings API Usage`);
  }
});

test('the tier limit dialog has no serious accessibility problems', async ({
  page,
  user,
  baseURL,
}) => {
  expect(user.plan).toBe('free');
  for (let i = 0; i < 5; i += 1) await createIntegration(page.request, baseURL!);
  await page.goto('/integrations/new');
  await page.getByLabel('Describe your integration').fill('Copy every new customer into the CRM.');
  for (const side of ['Source', 'Destination'] as const) {
    const card = page.getByRole('region', { name: side, exact: true });
    await card.getByLabel('API Name').fill(side);
    await card.getByLabel('Base URL').fill('https://api.example.com');
  }
  await page.getByRole('button', { name: 'Generate Code' }).click();
  await expect(page.getByRole('dialog', { name: 'Free Tier Limit Reached' })).toBeVisible();
  await expectNoSeriousViolations(page, 'tier limit dialog');
});

test('a signed-in user’s theme choice survives a reload, and the editor follows it', async ({
  page,
  user,
  baseURL,
}) => {
  expect(user.plan).toBe('free');
  const integration = await createIntegration(page.request, baseURL!);
  await updateIntegration(page.request, baseURL!, integration.id, { generatedCode: CODE });
  const html = page.locator('html');

  await page.goto('/dashboard');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

  await page.goto(`/integrations/${integration.id}/review`);
  const editor = page.getByTestId('code-editor').locator('.monaco-editor');
  // Monaco loads lazily; on a busy machine its first render takes longer than the default wait.
  await expect(editor).toHaveClass(/\bvs\b/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(editor).toHaveClass(/vs-dark/);
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByTestId('code-editor').locator('.monaco-editor')).toHaveClass(/vs-dark/, {
    timeout: 30_000,
  });
});
