import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createIntegration, runNow, updateIntegration } from './support/integrations-api.ts';
import { startLoopbackApi } from './support/loopback-apis.ts';
import { toast } from './support/ui.ts';
import { expectNoSeriousViolations } from './support/axe.ts';

// ADR 023: a deployed run fails on a record the destination refuses; the user fixes the code
// in the editor, replays it against the failed run's recording and sees the corrected write
// in the diff, while the loopback APIs receive nothing; then re-runs the run as it ran, which
// runs the old version again.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const BROKEN_CODE = `export default async function run(ctx) {
  const customers = await ctx.source.get('/customers');
  for (const c of customers) {
    await ctx.destination.post('/contacts', { json: { email: c.email, name: c.name } });
  }
  return { copied: customers.length };
}
`;
const FIXED_CODE = BROKEN_CODE.replace(
  '{ email: c.email, name: c.name }',
  "{ email: c.email.replace(' at ', '@'), name: c.name }",
);

/** Pastes `code` over the editor's contents, as a user would (typing gets auto-closed brackets). */
async function replaceCode(page: Page, code: string): Promise<void> {
  await page.evaluate((text) => navigator.clipboard.writeText(text), code);
  await page.getByTestId('code-editor').locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('ControlOrMeta+v');
}

async function runStatuses(request: APIRequestContext, id: string): Promise<string[]> {
  const response = await request.get(`/api/integrations/${id}/runs`);
  const { runs } = (await response.json()) as { runs: { kind: string; status: string }[] };
  return runs.map((run) => `${run.kind} ${run.status}`);
}

test('replaying a fix against a failed run shows the corrected write and sends nothing; Re-run as it ran runs the old version', async ({
  page,
  baseURL,
  user,
}) => {
  expect(user.plan).toBe('free');
  test.setTimeout(180_000);
  const source = await startLoopbackApi((request) =>
    request.url === '/customers'
      ? {
          body: [
            { email: 'ada@example.com', name: 'Ada' },
            { email: 'grace at example.com', name: 'Grace' },
          ],
        }
      : { status: 404, body: { error: 'not found' } },
  );
  // The CRM refuses a malformed email, as a real one would.
  const crm = await startLoopbackApi((request) => {
    const { email } = JSON.parse(request.body || '{}') as { email?: string };
    return email?.includes('@')
      ? { status: 201, body: { id: `c-${email}` } }
      : { status: 422, body: { error: 'email: invalid' } };
  });
  try {
    const integration = await createIntegration(page.request, baseURL!, {
      name: 'Customers to CRM',
      sourceApiUrl: source.baseUrl,
      destApiUrl: crm.baseUrl,
      generatedCode: BROKEN_CODE,
    });
    // Paused: deployed, runs on demand, no schedule ticks during the story.
    await updateIntegration(page.request, baseURL!, integration.id, { status: 'paused' });
    await runNow(page.request, baseURL!, integration.id);
    await expect
      .poll(() => runStatuses(page.request, integration.id), { timeout: 60_000 })
      .toEqual(['manual failed']);
    expect(crm.received.map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { email: 'ada@example.com', name: 'Ada' },
      { email: 'grace at example.com', name: 'Grace' },
    ]);

    await page.goto(`/integrations/${integration.id}/review`);
    await replaceCode(page, FIXED_CODE);
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    const runs = page.getByRole('table', { name: 'Runs' });
    const failedRun = runs.locator('tr[data-run-kind="manual"][data-run-status="failed"]');
    await failedRun.getByRole('button', { name: /Show details/ }).click();
    await expect(runs.getByTestId('run-error')).toContainText('→ 422');

    const sourceBefore = source.received.length;
    const crmBefore = crm.received.length;
    await runs.getByRole('button', { name: 'Replay with current code' }).click();
    const dialog = page.getByRole('dialog', { name: /Replay with current code/ });
    await expect(dialog.getByText('Nothing was sent')).toBeVisible({ timeout: 45_000 });
    // The recorded run failed on Grace; the fix writes her corrected record.
    const secondWrite = dialog.getByLabel('Write 2, recorded against replay');
    await expect(secondWrite.locator('[data-diff="removed"]')).toContainText(
      '"email": "grace at example.com"',
    );
    await expect(secondWrite.locator('[data-diff="added"]')).toContainText(
      '"email": "grace@example.com"',
    );
    await expect(dialog.getByText('the recorded run got 422')).toBeVisible();
    await expect(
      dialog.getByLabel('Write 1, recorded against replay').locator('[data-diff="added"]'),
    ).toHaveCount(0);
    await expect(dialog.getByLabel('Replay return value')).toContainText('"copied": 2');
    await expect(dialog.getByTestId('replay-error')).toHaveCount(1); // the recorded run's only
    await expect(dialog.getByTestId('replay-error')).toContainText('422');
    // Nothing reached the loopback APIs during the replay.
    expect(source.received.length).toBe(sourceBefore);
    expect(crm.received.length).toBe(crmBefore);
    await expectNoSeriousViolations(page, 'the replay dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Re-run as it ran: the saved version 1, not the editor's unsaved fix.
    await runs.getByRole('button', { name: 'Re-run as it ran' }).click();
    const confirm = page.getByRole('dialog', { name: 'Re-run as it ran?' });
    await expect(confirm).toContainText('commits the saved state');
    await confirm.getByRole('button', { name: 'Re-run' }).click();
    await expect(toast(page, 'Re-run started')).toBeVisible();
    await expect(runs.locator('tr[data-run-kind="rerun"][data-run-status="failed"]')).toHaveCount(
      1,
      { timeout: 60_000 },
    );
    expect(crm.received.slice(crmBefore).map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { email: 'ada@example.com', name: 'Ada' },
      { email: 'grace at example.com', name: 'Grace' },
    ]);

    // The history filters by trigger.
    await page.getByRole('combobox', { name: 'Started by' }).click();
    await page.getByRole('option', { name: 'Re-run' }).click();
    await expect(runs.locator('tbody tr[data-run-kind]')).toHaveCount(1);
    await expect(runs.locator('tr[data-run-kind="rerun"]')).toHaveCount(1);
  } finally {
    await source.close();
    await crm.close();
  }
});
