import type { APIRequestContext } from '@playwright/test';
import type { TIntegration, TUsage } from '@patchbay/schema';
import { expect, test } from './fixtures.ts';
import { createIntegration, updateIntegration } from './support/integrations-api.ts';
import { toast } from './support/ui.ts';
import { expectNoSeriousViolations } from './support/axe.ts';

// Generate again on the same integration, the template generator's words for users and the
// operator's in the docs, what Generate Code still needs, the editor in view on a laptop screen
// and the docs' wide tables.

async function usage(request: APIRequestContext): Promise<TUsage> {
  const response = await request.get('/api/usage');
  expect(response.status()).toBe(200);
  return (await response.json()) as TUsage;
}

async function integrationById(request: APIRequestContext, id: string): Promise<TIntegration> {
  const response = await request.get(`/api/integrations/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as TIntegration;
}

/** Forty lines of code: more than a laptop screen's editor shows. */
const LONG_CODE = [
  'export default async function run(ctx) {',
  ...Array.from({ length: 38 }, (_, index) => `  ctx.log('step ${index + 1}');`),
  '}',
  '',
].join('\n');

// Every story but the last starts signed in as a fresh Free user (the fixture signs the page up).
test.describe('signed in', () => {
  test.beforeEach(({ user }) => {
    expect(user.plan).toBe('free');
  });

  test('Refine and generate again rewrites the code of the same integration without using a Free slot', async ({
    page,
    baseURL,
  }) => {
    const integration = await createIntegration(page.request, baseURL!, {
      name: 'Vague sync',
      userPrompt: 'Move the things from billing over to the CRM somehow.',
    });
    await updateIntegration(page.request, baseURL!, integration.id, { generatedCode: LONG_CODE });
    const before = await usage(page.request);
    expect(before.integrations.used).toBe(1);

    await page.goto(`/integrations/${integration.id}/review`);
    const details = page.getByRole('region', { name: 'Integration Details' });
    await details.getByRole('button', { name: 'Refine and generate again' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refine and generate again' });
    await expect(dialog).toContainText('It does not use another integration slot');
    const prompt = dialog.getByRole('textbox', { name: 'Describe your integration' });
    await expect(prompt).toHaveValue('Move the things from billing over to the CRM somehow.');
    await expectNoSeriousViolations(page, 'refine dialog');

    // Too short a description is explained, and nothing is sent.
    await prompt.fill('Sync it');
    await expect(dialog).toContainText('minimum 20 characters');
    await expect(dialog.getByRole('button', { name: 'Generate again' })).toBeDisabled();

    const refined = 'Every hour, copy new customers from the billing API into the CRM as contacts.';
    await prompt.fill(refined);
    await dialog.getByRole('button', { name: 'Generate again' }).click();
    await expect(dialog).toBeHidden({ timeout: 60_000 });
    await expect(
      page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('alert').first(),
    ).toContainText(/Code generated|Code Generated/);

    // The same integration now has the refined description and the new code, in the editor
    // too; the template generator tells the user, not the operator, what is missing.
    const saved = await integrationById(page.request, integration.id);
    expect(saved.userPrompt).toBe(refined);
    expect(saved.generatedCode).not.toBe(LONG_CODE);
    expect(saved.generatedCode).toContain('This server has no AI model configured.');
    expect(saved.generatedCode).not.toContain('OPENAI_API_KEY');
    await expect(page.getByTestId('integration-description')).toHaveText(refined);
    await expect(page.getByTestId('code-editor')).toContainText('no AI model configured');
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);

    // No new integration, no slot spent; the old code is a version to go back to.
    const after = await usage(page.request);
    expect(after.integrations).toEqual(before.integrations);
    const list = await page.request.get('/api/integrations');
    expect(((await list.json()) as unknown[]).length).toBe(1);
    await page.getByRole('tab', { name: 'Versions' }).click();
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByText('Same as the editor')).toHaveCount(1);
    await expect(history.getByRole('button', { name: /^Restore version/ }).first()).toBeVisible();
  });

  test('Generate Code lists what is still missing, and Enter still shows the spec toasts', async ({
    page,
  }) => {
    await page.goto('/integrations/new');
    const missing = page.getByTestId('generate-missing');
    await expect(missing).toContainText('Still missing before Generate Code works');
    await expect(missing.getByRole('listitem')).toHaveText([
      'A description of at least 20 characters (20 more)',
      'Source API name',
      'Destination API name',
      'Source base URL (http:// or https://)',
      'Destination base URL (http:// or https://)',
    ]);
    const generate = page.getByRole('button', { name: 'Generate Code' });
    await expect(generate).toHaveAttribute('aria-disabled', 'true');
    await expect(generate).toHaveAccessibleDescription(/Still missing before Generate Code works/);
    await expectNoSeriousViolations(page, 'create form with what is missing');

    // The keyboard path keeps the form's toasts.
    await page.getByRole('textbox', { name: 'Integration name' }).press('Enter');
    await expect(toast(page, 'Missing prompt')).toBeVisible();

    await page
      .getByRole('textbox', { name: 'Describe your integration' })
      .fill('Copy new customers');
    await expect(missing.getByRole('listitem').first()).toHaveText(
      'A description of at least 20 characters (2 more)',
    );
    await page
      .getByRole('textbox', { name: 'Describe your integration' })
      .fill('Copy new customers from billing into the CRM as contacts.');
    const source = page.getByRole('region', { name: 'Source' });
    const destination = page.getByRole('region', { name: 'Destination' });
    await source.getByRole('combobox', { name: 'API Name' }).fill('Billing');
    await destination.getByRole('combobox', { name: 'API Name' }).fill('CRM');
    await source.getByRole('textbox', { name: 'Base URL' }).fill('billing.example.com');
    await destination.getByRole('textbox', { name: 'Base URL' }).fill('https://crm.example.com');
    await expect(missing.getByRole('listitem')).toHaveText([
      'Source base URL (http:// or https://)',
    ]);
    await source.getByRole('textbox', { name: 'Base URL' }).fill('https://billing.example.com');
    await expect(missing).toHaveCount(0);
    await expect(generate).toHaveAttribute('aria-disabled', 'false');
    // Credentials do not block generating, but the form says tests and runs need them.
    await expect(page.getByTestId('credentials-missing')).toHaveText(
      'Not needed to generate, but tests and runs need: Source API Key, Destination API Key.',
    );
    await source.getByLabel('API Key', { exact: true }).fill('sk-billing');
    await expect(page.getByTestId('credentials-missing')).toHaveText(
      'Not needed to generate, but tests and runs need: Destination API Key.',
    );
  });

  test('on a 1366×900 laptop screen the review page shows the code without scrolling', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const integration = await createIntegration(page.request, baseURL!, { name: 'Long code' });
    await updateIntegration(page.request, baseURL!, integration.id, { generatedCode: LONG_CODE });

    await page.goto(`/integrations/${integration.id}/review`);
    const editor = page.getByTestId('code-editor');
    await expect(editor.locator('.view-line').first()).toBeVisible({ timeout: 30_000 });
    // Monaco may paint a first line and then render again: measure after the full render.
    await expect(editor).toContainText("ctx.log('step 20')", { timeout: 30_000 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = await editor.boundingBox();
    expect(box, 'the editor box').not.toBeNull();
    expect(box!.y, 'the editor starts within the first 350 px').toBeLessThanOrEqual(350);
    const lineHeight = (await editor.locator('.view-line').first().boundingBox())!.height;
    const visible = Math.floor((Math.min(box!.y + box!.height, 900) - box!.y) / lineHeight);
    expect(visible, 'lines of code in view').toBeGreaterThanOrEqual(20);
    await expect(editor).toContainText("ctx.log('step 20')");
    // The details and history are still there, after the code.
    await expect(page.getByRole('region', { name: 'Integration Details' })).toBeAttached();
    await expectNoSeriousViolations(page, 'review at 1366×900');
  });
});

test('the docs tell operators how to configure a model, and the ctx table says it scrolls on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/docs');
  await expect(page.getByRole('main')).toContainText(
    'its header tells users “This server has no AI model configured”',
  );
  await expect(page.getByRole('main')).toContainText('OPENAI_MODEL');
  const ctxTable = page.getByRole('region', { name: 'What ctx offers (scrolls sideways)' });
  await ctxTable.scrollIntoViewIfNeeded();
  await expect(ctxTable).toBeVisible();
  await expect(ctxTable.getByRole('table', { name: 'What ctx offers' })).toBeVisible();
  await expect(
    page.getByTestId('scroll-hint').filter({ hasText: 'Scroll sideways' }).first(),
  ).toBeVisible();
  // The page itself does not scroll sideways: only the tables' own boxes do.
  expect(
    await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .filter((element) => {
          // Inside a box that scrolls (or clips) on its own, overflowing is the point.
          for (let box = element.parentElement; box; box = box.parentElement)
            if (getComputedStyle(box).overflowX !== 'visible') return false;
          return true;
        })
        .map((element) => `${element.tagName} ${(element.textContent ?? '').slice(0, 40)}`),
    ),
  ).toEqual([]);
  await expectNoSeriousViolations(page, 'docs at 390 px');
});
