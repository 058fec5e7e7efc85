import { expect as baseExpect, test } from './fixtures.ts';
import { createIntegration, updateIntegration } from './support/integrations-api.ts';
import { toast } from './support/ui.ts';
import { expectNoSeriousViolations } from './support/axe.ts';

// ADR 031, at a laptop's width (1366×900): connections can be fixed after creation (the review
// page's Edit connection panels, a base URL's {placeholders} on the create form), and Save &
// Deploy and Run now refuse what could not run, saying what is wrong with the way to fix it.

const CODE =
  'export default async function run(ctx) {\n  ctx.log("done");\n  return { ok: true };\n}\n';
const READS_CRM =
  "export default async function run(ctx) {\n  return await ctx.destination.get('/contacts');\n}\n";

test.use({ viewport: { width: 1366, height: 900 } });
// Each story walks several screens on a shared machine: room for a slow first load.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 15_000 });
// Each story starts signed in as a fresh user (the fixture signs the page up).
test.beforeEach(({ user }) => {
  expect(user.plan).toBe('free');
});

test('Save & Deploy refuses a side without its key, links to its Edit connection panel, and deploys once the key is added', async ({
  page,
  baseURL,
}) => {
  const integration = await createIntegration(page.request, baseURL!, {
    name: 'Orders to CRM',
    destAuthType: 'api-key',
    generatedCode: CODE,
  });

  await page.goto(`/integrations/${integration.id}/review`);
  const destination = page.getByTestId('connection-destination');
  await expect(destination).toContainText('Runs cannot start: no credential yet.');

  await page.getByRole('button', { name: 'Save & Deploy' }).click();
  const refusal = page.getByTestId('deploy-problems');
  await expect(refusal).toContainText('Not deployed: it could not run yet');
  await expect(refusal).toContainText(
    'The destination API (CRM) has no API key: add it in Edit connection.',
  );
  await expect(
    page.getByRole('main').locator('.mantine-Badge-root[data-status]').first(),
  ).toHaveAttribute('data-status', 'draft');
  await expectNoSeriousViolations(page, 'review, deploy refused');

  // The refusal's link opens the panel, in view, with focus on its heading.
  await refusal.getByRole('button', { name: 'Edit destination connection' }).click();
  const panel = page.getByTestId('edit-connection-destination');
  await expect(page.getByRole('heading', { name: 'Edit connection: Destination' })).toBeFocused();
  await expect(page).toHaveURL(/[?&]edit=destination/);
  await expect(panel.getByLabel('Base URL')).toHaveValue('https://crm.example.com');
  await expectNoSeriousViolations(page, 'review, Edit connection panel');
  await panel.getByLabel('API Key', { exact: true }).fill('crm-key-0123456789abcd');
  await panel.getByRole('button', { name: 'Save connection' }).click();
  await expect(toast(page, 'Connection saved')).toContainText('static check');
  await expect(panel).toHaveCount(0);
  await expect(destination).toContainText('credential');
  await expect(destination).toContainText('abcd');
  await expect(destination).not.toContainText('Runs cannot start');

  await page.getByRole('button', { name: 'Save & Deploy' }).click();
  await expect(toast(page, 'Integration deployed!')).toBeVisible();
  await expect(refusal).toHaveCount(0);

  // Active: the panel says a change applies to the next run; a {placeholder} needs its value.
  await page.getByRole('button', { name: 'Edit source connection' }).click();
  const source = page.getByTestId('edit-connection-source');
  await expect(source.getByText('What you save here applies to its next run.')).toBeVisible();
  await source.getByLabel('Base URL').fill('https://{region}.billing.example.com');
  await source.getByRole('button', { name: 'Save connection' }).click();
  const region = source.getByLabel('Your region');
  await expect(region).toHaveAccessibleDescription(/Enter a value for \{region\}/);
  await expectNoSeriousViolations(page, 'review, Edit connection with a placeholder');
  await region.fill('eu');
  await source.getByRole('button', { name: 'Save connection' }).click();
  await expect(toast(page, 'Connection saved')).toContainText('The next run uses it.');
  await expect(page.getByTestId('connection-source')).toContainText(
    'https://eu.billing.example.com',
  );

  // Paused, the key may be removed; Run now then says why it does not start, and links the fix.
  await updateIntegration(page.request, baseURL!, integration.id, { status: 'paused' });
  await page.reload();
  await page.getByRole('button', { name: 'Edit destination connection' }).click();
  await page
    .getByTestId('edit-connection-destination')
    .getByLabel('Remove the saved API Key')
    .check();
  await page.getByRole('button', { name: 'Save connection' }).click();
  await expect(toast(page, 'Connection saved')).toBeVisible();
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(refusal).toContainText('Not started: it could not run yet');
  await expect(refusal).toContainText('The destination API (CRM) has no API key');
  await expect(refusal.getByRole('button', { name: 'Edit destination connection' })).toBeVisible();
  await expectNoSeriousViolations(page, 'review, Run now refused');
});

test('a last test that failed before its first request is shown, and deploying anyway is asked for', async ({
  page,
  baseURL,
}) => {
  const integration = await createIntegration(page.request, baseURL!, {
    name: 'Contacts to nowhere',
    destAuthType: 'bearer',
    generatedCode: READS_CRM,
  });
  await page.goto(`/integrations/${integration.id}/review`);
  await page.getByRole('button', { name: 'Test Integration' }).click();
  const results = page.getByRole('dialog', { name: /Test Results/ });
  await expect(results).toBeVisible({ timeout: 30_000 });
  await expect(results).toContainText('no credential is saved');
  await expectNoSeriousViolations(page, 'test results, a connection to fix');

  // The error links to the panel that fixes it; with the key added, the API's check passes,
  // and the failed test still deserves a look before deploying.
  await results.getByRole('button', { name: 'Edit destination connection' }).click();
  await expect(results).toBeHidden();
  await page
    .getByTestId('edit-connection-destination')
    .getByLabel('Bearer Token', { exact: true })
    .fill('crm-token-0123456789abcd');
  await page.getByRole('button', { name: 'Save connection' }).click();
  await expect(toast(page, 'Connection saved')).toBeVisible();

  await page.getByRole('button', { name: 'Save & Deploy' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deploy after a failed test?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByTestId('unsent-test-failure')).toContainText('no credential is saved');
  await expectNoSeriousViolations(page, 'review, deploy after a failed test');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(
    page.getByRole('main').locator('.mantine-Badge-root[data-status]').first(),
  ).toHaveAttribute('data-status', 'draft');

  await page.getByRole('button', { name: 'Save & Deploy' }).click();
  await confirm.getByRole('button', { name: 'Deploy anyway' }).click();
  await expect(toast(page, 'Integration deployed!')).toBeVisible();
});

test('a last test whose only request never got an answer counts as one that sent nothing', async ({
  page,
  baseURL,
}) => {
  // The CRM's host can never resolve (.invalid): the read is in the transcript, unanswered.
  const integration = await createIntegration(page.request, baseURL!, {
    name: 'Contacts from an address that does not exist',
    destApiUrl: 'https://crm.invalid',
    generatedCode: READS_CRM,
  });
  await page.goto(`/integrations/${integration.id}/review`);
  await page.getByRole('button', { name: 'Test Integration' }).click();
  const results = page.getByRole('dialog', { name: /Test Results/ });
  await expect(results.getByTestId('failure-sentence')).toHaveText(
    'Patchbay could not reach crm.invalid: the name does not resolve. Check the CRM (destination) base URL.',
    { timeout: 30_000 },
  );
  await expect(results.getByText('No request got through.')).toBeVisible();
  await expect(results.getByText('Dry run: nothing was written')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'test results, no request got through');
  await results.getByRole('button', { name: 'Close' }).first().click();

  // Nothing showed the integration can reach its API: deploying is the user's explicit call.
  await page.getByRole('button', { name: 'Save & Deploy' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deploy after a failed test?' });
  await expect(confirm.getByTestId('unsent-test-failure')).toContainText(
    'cannot resolve crm.invalid',
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(
    page.getByRole('main').locator('.mantine-Badge-root[data-status]').first(),
  ).toHaveAttribute('data-status', 'draft');
});

test('a base URL {placeholder} gets its own field on the create form, and is refused until filled', async ({
  page,
}) => {
  await page.goto('/integrations/new');
  await page
    .getByLabel('Describe your integration')
    .fill('Copy every new order from the shop into the CRM as a deal.');
  const source = page.getByRole('region', { name: 'Source', exact: true });
  const destination = page.getByRole('region', { name: 'Destination', exact: true });
  await source.getByLabel('API Name').fill('Shop');
  await source.getByLabel('Base URL').fill('https://{shop}.myshopify.com/admin/api/2025-10');
  await destination.getByLabel('API Name').fill('CRM');
  await destination.getByLabel('Base URL').fill('https://crm.example.com');

  const shop = source.getByLabel('Your shop');
  await expect(shop).toHaveAccessibleDescription(/Replaces \{shop\} in the base URL/);
  await page.getByRole('button', { name: 'Generate Code' }).click({ force: true });
  await expect(toast(page, 'Fill in the base URL')).toContainText(
    'Enter a value for {shop} in the source base URL',
  );
  await expect(shop).toBeFocused();
  await expect(shop).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousViolations(page, 'create form with a placeholder');

  await shop.fill('acme');
  await expect(page.getByRole('button', { name: 'Generate Code' })).toBeEnabled();
});
