import type { Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TApiDescription, TImportResponse } from '@patchbay/schema';
import { expect, test, TEST_PASSWORD } from './fixtures.ts';
import { createIntegration, updateIntegration } from './support/integrations-api.ts';
import { startDestinationApi, startSourceApi, SYNC_CODE } from './support/loopback-apis.ts';
import { expectNoSeriousViolations } from './support/axe.ts';

// API descriptions in the console: the API Name combobox fills a connection from the
// catalog, an OpenAPI document is imported by URL or by paste (a malformed one is explained),
// the review page lists the operations the code calls with the vendor's links and marks an
// unknown path, and a dry run shows the writes it captured while the destination receives
// nothing.

/** An OpenAPI document for a small CRM, as a vendor would publish it. */
const CRM_OPENAPI = {
  openapi: '3.0.3',
  info: { title: 'Loopback CRM', version: '1.0.0' },
  servers: [{ url: 'http://127.0.0.1:9' }],
  paths: {
    '/contacts': {
      get: {
        operationId: 'listContacts',
        summary: 'List contacts',
        responses: {
          200: {
            description: 'The contacts',
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/Contact' } },
              },
            },
          },
        },
      },
      post: {
        operationId: 'createContact',
        summary: 'Create a contact',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/NewContact' } } },
        },
        responses: {
          201: {
            description: 'Created',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Contact' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Contact: {
        type: 'object',
        properties: {
          id: { type: 'integer', readOnly: true },
          email: { type: 'string' },
          name: { type: 'string' },
        },
      },
      NewContact: {
        type: 'object',
        required: ['email'],
        additionalProperties: false,
        properties: { email: { type: 'string' }, name: { type: 'string' } },
      },
    },
  },
};

/** Serves the CRM's OpenAPI document, and a broken one, on loopback. */
async function startDocumentServer(): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.url === '/openapi.json') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(CRM_OPENAPI));
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function section(page: Page, name: 'Source' | 'Destination') {
  return page.getByRole('region', { name, exact: true });
}

test('picking a catalog entry in API Name fills the Base URL, Auth Type and key header', async ({
  page,
  user,
}) => {
  expect(user.plan).toBe('free');
  const gitlab = (await (await page.request.get('/api/catalog/gitlab')).json()) as TApiDescription;
  const scheme = gitlab.auth.schemes[0];
  expect(scheme?.type).toBe('api-key');

  await page.goto('/integrations/new');
  const source = section(page, 'Source');
  await source.getByRole('combobox', { name: 'API Name' }).fill('gitl');
  await page.getByRole('option', { name: /GitLab/ }).click();

  await expect(source.getByRole('combobox', { name: 'API Name' })).toHaveValue('GitLab');
  await expect(source.getByRole('textbox', { name: 'Base URL' })).toHaveValue(gitlab.baseUrl);
  await expect(source.getByRole('combobox', { name: 'Auth Type' })).toHaveValue('api-key');
  await expect(source.getByRole('textbox', { name: 'Header name' })).toHaveValue(
    scheme?.type === 'api-key' ? scheme.name : '',
  );
  await expect(source.getByText('Described by: GitLab (catalog, chosen)')).toBeVisible();
  await expect(source.getByRole('link', { name: 'GitLab' })).toHaveAttribute(
    'href',
    gitlab.docsUrl,
  );
  await expect(source.getByText(`Where to find the key: ${gitlab.auth.keyHelp}`)).toBeVisible();

  // A name and URL typed by hand are matched; the user can still choose none.
  const destination = section(page, 'Destination');
  await destination.getByRole('combobox', { name: 'API Name' }).fill('Payments');
  await page.keyboard.press('Escape');
  await destination.getByRole('textbox', { name: 'Base URL' }).fill('https://api.stripe.com');
  await expect(destination.getByText('Described by: Stripe (catalog)')).toBeVisible();
  await destination.getByRole('button', { name: 'Change' }).click();
  await destination.getByRole('combobox', { name: 'Destination API description' }).click();
  await page.getByRole('option', { name: 'No description' }).click();
  await expect(destination.getByText(/No API description \(your choice\)/)).toBeVisible();

  await expectNoSeriousViolations(page, 'create page with catalog choices');
});

test('an OpenAPI document is imported by URL and by paste; a malformed one is explained', async ({
  page,
  user,
}) => {
  expect(user.plan).toBe('free');
  const documents = await startDocumentServer();
  try {
    await page.goto('/integrations/new');
    const source = section(page, 'Source');
    await source.getByRole('button', { name: 'Import an OpenAPI document' }).click();
    const dialog = page.getByRole('dialog', { name: /Import an OpenAPI document \(Source\)/ });
    await expect(dialog).toBeVisible();
    await expectNoSeriousViolations(page, 'import dialog');

    // By URL: fetched by a worker from the loopback server.
    await dialog
      .getByRole('textbox', { name: 'Document URL' })
      .fill(`${documents.baseUrl}/openapi.json`);
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(
      source.getByText('Described by: Loopback CRM (imported, 2 operations)'),
    ).toBeVisible();
    // The blank name and URL were filled from the document.
    await expect(source.getByRole('combobox', { name: 'API Name' })).toHaveValue('Loopback CRM');
    await expect(source.getByRole('textbox', { name: 'Base URL' })).toHaveValue(
      'http://127.0.0.1:9',
    );

    // A document that is not JSON or YAML: the API's message, and nothing changes.
    const destination = section(page, 'Destination');
    await destination.getByRole('button', { name: 'Import an OpenAPI document' }).click();
    const pasteDialog = page.getByRole('dialog', {
      name: /Import an OpenAPI document \(Destination\)/,
    });
    await pasteDialog.getByRole('tab', { name: 'Paste' }).click();
    await pasteDialog.getByRole('textbox', { name: 'Document' }).fill('{ "openapi": [');
    await pasteDialog.getByRole('button', { name: 'Import' }).click();
    await expect(pasteDialog.getByRole('alert')).toContainText('Not imported');
    await expect(pasteDialog.getByRole('alert')).toContainText(/Not valid JSON/);

    // Pasted: the same document, parsed by the API.
    await pasteDialog
      .getByRole('textbox', { name: 'Document' })
      .fill(JSON.stringify(CRM_OPENAPI, null, 2));
    await pasteDialog.getByRole('button', { name: 'Import' }).click();
    await expect(pasteDialog).toBeHidden({ timeout: 30_000 });
    await expect(
      destination.getByText('Described by: Loopback CRM (imported, 2 operations)'),
    ).toBeVisible();

    // The integration keeps the imported documents: generation and the review page use them.
    await page
      .getByLabel('Describe your integration')
      .fill('Every hour copy new contacts from the first CRM into the second CRM.');
    await page.getByRole('button', { name: 'Generate Code' }).click();
    await page.waitForURL(/\/review$/, { timeout: 60_000 });
    const panel = page.getByRole('region', { name: 'API descriptions' });
    for (const side of ['Source', 'Destination']) {
      await expect(panel.getByRole('region', { name: `${side}: Loopback CRM` })).toContainText(
        'Described by Loopback CRM (your imported OpenAPI document)',
      );
    }
  } finally {
    await documents.close();
  }
});

const CHECKED_CODE = `export default async function run(ctx) {
const customers = await ctx.source.get('/v1/customers');
const invoices = await ctx.source.get('/v1/no-such-thing');
ctx.log('read ' + customers.data.length + ' and ' + invoices.data.length);
}
`;

test('the review page lists the operations the code calls, with links, and marks an unknown path', async ({
  page,
  user,
  baseURL,
}) => {
  expect(user.plan).toBe('free');
  const integration = await createIntegration(page.request, baseURL!, {
    sourceApiName: 'Stripe',
    sourceApiUrl: 'https://api.stripe.com',
    sourceDescription: { kind: 'catalog', id: 'stripe' },
  });
  await updateIntegration(page.request, baseURL!, integration.id, {
    generatedCode: CHECKED_CODE,
  });

  await page.goto(`/integrations/${integration.id}/review`);
  const panel = page.getByRole('region', { name: 'API descriptions' });
  const source = panel.getByRole('region', { name: 'Source: Stripe' });
  await expect(source.getByText('(catalog, chosen by you)')).toBeVisible();
  await expect(source.getByRole('link', { name: 'API reference' })).toHaveAttribute(
    'href',
    'https://docs.stripe.com/api',
  );
  const calls = source.getByRole('list');
  await expect(calls.getByRole('listitem')).toHaveCount(2);
  await expect(calls.getByRole('link', { name: 'listCustomers' })).toHaveAttribute(
    'href',
    'https://docs.stripe.com/api/customers/list',
  );
  await expect(calls.getByRole('listitem').nth(1)).toContainText('not in the description');

  // The static check: listed, and a warning squiggle in the editor on line 3.
  const warnings = panel.getByRole('list', { name: 'Static check warnings' });
  await expect(warnings).toContainText('has no GET /v1/no-such-thing in its description');
  await expect(page.getByTestId('code-editor').locator('.squiggly-warning')).toHaveCount(1, {
    timeout: 15_000,
  });
  await warnings.getByRole('button', { name: 'Line 3' }).click();
  await expect(
    page.getByTestId('code-editor').locator('.view-overlays .current-line'),
  ).toBeVisible();

  // Completion: inside a client call's path string, the description's paths for that method.
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText("await ctx.source.get('/v1/cu");
  const suggestions = page.locator('.suggest-widget');
  await expect(async () => {
    const shown = (await suggestions.count()) > 0 ? await suggestions.textContent() : '';
    if (!shown?.includes('/v1/customers')) await page.keyboard.press('Control+Space');
    await expect(suggestions).toContainText('/v1/customers', { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await expect(suggestions).toContainText('listCustomers');
  await expect(suggestions).not.toContainText('createCustomer');
  await page.keyboard.press('Escape');

  await expectNoSeriousViolations(page, 'review page with descriptions');
});

test('a dry run shows the writes it captured, and the destination receives nothing', async ({
  page,
  user,
  baseURL,
}) => {
  expect(user.plan).toBe('free');
  const source = await startSourceApi();
  const destination = await startDestinationApi();
  try {
    const imported = await page.request.post('/api/catalog/import', {
      headers: { Origin: baseURL! },
      data: { document: CRM_OPENAPI, baseUrl: destination.baseUrl },
    });
    expect(imported.status(), await imported.text()).toBe(200);
    const { description } = (await imported.json()) as TImportResponse;
    const integration = await createIntegration(page.request, baseURL!, {
      sourceApiUrl: source.baseUrl,
      destApiName: 'Loopback CRM',
      destApiUrl: destination.baseUrl,
      destDescription: { kind: 'imported', description },
    });
    await updateIntegration(page.request, baseURL!, integration.id, { generatedCode: SYNC_CODE });

    await page.goto(`/integrations/${integration.id}/review`);
    await expect(page.getByRole('radio', { name: 'Dry run (no writes)' })).toBeChecked();
    await page.getByRole('button', { name: 'Test Integration' }).click();
    const dialog = page.getByRole('dialog', { name: /Test Results/ });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByText('Dry run: nothing was written')).toBeVisible();
    await expect(dialog.getByText(/would create 2/)).toBeVisible();
    const first = dialog.getByRole('article', { name: 'Captured write 1' });
    await expect(first.getByText('POST', { exact: true })).toBeVisible();
    await expect(first.getByLabel('Captured write 1 body')).toContainText('ada@example.com');
    await expect(first.getByText('The body matches the description.')).toBeVisible();
    await expect(dialog.getByRole('article', { name: 'Captured write 2' })).toBeVisible();
    await expectNoSeriousViolations(page, 'dry-run results');
    await page.keyboard.press('Escape');

    // The reads went out; the writes did not.
    expect(source.received.length).toBeGreaterThan(0);
    expect(destination.received).toEqual([]);

    // A live test is one deliberate choice away, with the warning in plain words.
    // Mantine's segmented control hides the radio under its label.
    await page.getByText('Live test', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Live test' })).toBeChecked();
    await expect(page.getByText('Live test: writes are real')).toBeVisible();
    await page.getByRole('button', { name: 'Test Integration' }).click();
    await expect(dialog.getByText('Live test: the writes were real')).toBeVisible({
      timeout: 30_000,
    });
    expect(destination.received.filter((request) => request.method === 'POST')).toHaveLength(2);
  } finally {
    await source.close();
    await destination.close();
  }
});

test('generation that guessed lists its requirements, and the list outlives the session', async ({
  page,
  user,
}) => {
  expect(user.plan).toBe('free');
  await page.goto('/integrations/new');
  await page
    .getByLabel('Describe your integration')
    .fill('Every hour copy new orders from the shop into the spreadsheet as rows.');
  for (const [side, name, url] of [
    ['Source', 'Shop', 'https://shop.example.com'],
    ['Destination', 'Sheets', 'https://sheets.example.com'],
  ] as const) {
    await section(page, side).getByRole('combobox', { name: 'API Name' }).fill(name);
    await page.keyboard.press('Escape');
    await section(page, side).getByRole('textbox', { name: 'Base URL' }).fill(url);
  }
  await page.getByRole('button', { name: 'Generate Code' }).click();
  await page.waitForURL(/\/review$/, { timeout: 60_000 });
  const reviewUrl = page.url();

  // Neither API is described, so the generator guessed paths: no "✓ Code Generated!".
  const notice = page
    .getByRole('region', { name: 'Notifications (F8)' })
    .getByRole('alert')
    .filter({ hasText: /Code generated with (\d+) requirements? missing/ });
  await expect(notice).toBeVisible();
  const report = page.getByRole('alert', { name: 'What the generator understood' });
  await expect(report).toBeVisible();
  const items = report.getByRole('list', { name: 'Requirements' }).getByRole('listitem');
  await expect(items).not.toHaveCount(0);
  // The headline counts the list it heads.
  const missing = await items.filter({ hasText: /^Missing/ }).count();
  expect(missing).toBeGreaterThan(0);
  await expect(report).toContainText(`${missing} missing`);
  await expectNoSeriousViolations(page, 'review page with the requirement checklist');

  // Saved with the code: a new session shows the same list.
  const texts = await items.allTextContents();
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/dashboard');
  await page.goto(reviewUrl);
  await expect(report).toBeVisible();
  expect(await items.allTextContents()).toEqual(texts);
});

test('the docs page lists the catalog with each vendor’s reference', async ({ page }) => {
  const { entries } = (await (await page.request.get('/api/catalog')).json()) as {
    entries: { name: string; docsUrl: string }[];
  };
  expect(entries.length).toBeGreaterThanOrEqual(40);
  await page.goto('/docs#api-catalog');
  const table = page.getByRole('table', { name: 'API catalog' });
  await expect(table.getByRole('row')).toHaveCount(entries.length + 1);
  const stripe = table.getByRole('row').filter({ hasText: 'Stripe' });
  await expect(stripe).toContainText('Payments');
  await expect(stripe.getByRole('link', { name: 'Stripe reference' })).toHaveAttribute(
    'href',
    'https://docs.stripe.com/api',
  );
  await expectNoSeriousViolations(page, 'docs page with the catalog');

  // From the top of the page, the list loads as the reader scrolls towards it (ADR 026).
  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const section = page.locator('#api-catalog');
  await expect(section.getByRole('status')).toHaveText('Loading the catalog…');
  await expect(section.getByRole('table')).toHaveCount(0);
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('table', { name: 'API catalog' }).getByRole('row')).toHaveCount(
    entries.length + 1,
  );
});

test('a catalog list that fails to load says so in its place, and the docs page stays', async ({
  page,
}) => {
  // The list's own chunk (catalog-list-<hash>.js), as after a dropped connection or a redeploy.
  await page.route(/\/assets\/catalog-list-[\w-]{8}\.js$/, (route) => route.abort());
  await page.goto('/docs#api-catalog');
  await expect(page.locator('#api-catalog').getByRole('alert')).toContainText(
    'The catalog could not be loaded',
  );
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
