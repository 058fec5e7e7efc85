import type { Locator, Page } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { expect, test } from './fixtures.ts';
import { toast } from './support/ui.ts';
import { expectNoSeriousViolations } from './support/axe.ts';

// ADR 024: connecting an OAuth 2.0 account through the console, against a real OAuth server on
// loopback (oauth2-mock-server checks PKCE and auto-approves its consent step): Create
// Integration → Connect your account → the provider → back on the review page with the
// account's name; Disconnect (confirmed) revokes at the provider; Connect again from the review
// page. The stack must allow loopback APIs (SANDBOX_ALLOW_PRIVATE_NETWORK=true).

let provider: OAuth2Server;
let issuer: string;
let tokenRequests: Array<Record<string, string>>;
let revocations: number;

test.beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  issuer = provider.issuer.url ?? '';
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    token.payload.email = 'ada@example.com';
  });
  provider.service.on(
    'beforeResponse',
    (_response: unknown, req: { body: Record<string, string> }) => {
      tokenRequests.push(req.body);
    },
  );
  provider.service.on('beforeRevoke', () => {
    revocations += 1;
  });
});
test.afterAll(async () => {
  await provider.stop();
});
test.beforeEach(() => {
  tokenRequests = [];
  revocations = 0;
});

function card(page: Page, name: 'Source' | 'Destination'): Locator {
  return page.getByRole('region', { name, exact: true });
}

test('connect an account from Create Integration, see it on the review page, disconnect and connect again', async ({
  page,
  user,
}) => {
  // Three trips through the provider and two review pages with Monaco: room on a shared machine.
  test.setTimeout(120_000);
  expect(user.email).toContain('@');
  await page.goto('/integrations/new');
  await page
    .getByLabel('Describe your integration')
    .fill('Every hour, copy new Acme CRM contacts into the mailing list.');
  const source = card(page, 'Source');
  await source.getByLabel('API Name').fill('Acme CRM');
  await source.getByLabel('Base URL').fill('http://127.0.0.1:9/api');
  await source.getByLabel('Auth Type').selectOption('oauth');
  // Connecting an account is the default grant.
  await expect(source.getByRole('radio', { name: 'Connect an account' })).toBeChecked();
  await source.getByLabel('Authorize URL').fill(`${issuer}/authorize`);
  await source.getByLabel('Token URL').fill(`${issuer}/token`);
  await source.getByLabel('Scopes').fill('openid email offline_access');
  await source.getByLabel('Revocation URL').fill(`${issuer}/revoke`);
  await source.getByLabel('Client ID (your own app)').fill('patchbay-e2e-app');
  await source.getByLabel('Client Secret (your own app)').fill('e2e-app-secret-123456');
  const destination = card(page, 'Destination');
  await destination.getByLabel('API Name').fill('Mailing list');
  await destination.getByLabel('Base URL').fill('http://127.0.0.1:9/mail');
  await destination.getByLabel('Auth Type').selectOption('none');
  await expectNoSeriousViolations(page, 'Create Integration with OAuth settings');

  await source.getByRole('button', { name: 'Connect your account' }).click();

  // The provider consented and sent the browser back through /api/oauth/callback.
  await expect(page).toHaveURL(
    /\/integrations\/[0-9a-f-]{36}\/review\?oauth=connected&side=source/,
  );
  const accounts = page.getByRole('region', { name: 'Connected accounts' });
  await expect(accounts.getByTestId('oauth-result')).toContainText('account is connected');
  await expect(accounts.getByTestId('oauth-account-source')).toContainText(
    'Connected as ada@example.com',
  );
  await expectNoSeriousViolations(page, 'review page with a connected account');
  expect(tokenRequests).toHaveLength(1);
  expect(tokenRequests[0]?.grant_type).toBe('authorization_code');
  expect(tokenRequests[0]?.code_verifier).toMatch(/^[\w-]{43,128}$/);
  // No token reaches the browser: the API answers status and account name only.
  const connections = await page.request.get(
    `/api${new URL(page.url()).pathname.replace('/review', '/oauth')}`,
  );
  expect(await connections.json()).toMatchObject({
    source: { status: 'connected', accountLabel: 'ada@example.com' },
    destination: null,
  });
  expect(JSON.stringify(await connections.json())).not.toMatch(/eyJ/);

  // Disconnect asks first, then revokes at the provider.
  await accounts.getByRole('button', { name: 'Disconnect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect Acme CRM?' });
  await expect(dialog).toContainText('revokes its access');
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(toast(page, 'Account disconnected')).toBeVisible();
  await expect(accounts.getByTestId('oauth-account-source')).toContainText(
    'No account connected yet',
  );
  expect(revocations).toBe(1);

  // Connect again, from the review page this time.
  await accounts.getByRole('button', { name: 'Connect your account' }).click();
  await expect(page).toHaveURL(/\/review\?oauth=connected&side=source/);
  await expect(
    page.getByRole('region', { name: 'Connected accounts' }).getByTestId('oauth-account-source'),
  ).toContainText('Connected as ada@example.com');

  // Reconnect from the side's Edit connection panel: it keeps the OAuth settings, saves them
  // and goes through the provider again.
  await page.getByRole('button', { name: 'Edit source connection' }).click();
  const panel = page.getByTestId('edit-connection-source');
  await expect(panel.getByLabel('Token URL')).toHaveValue(`${issuer}/token`);
  await expect(
    panel.getByText("Saves these settings, then opens the provider's consent page."),
  ).toBeVisible();
  await expectNoSeriousViolations(page, 'Edit connection panel of an OAuth side');
  await expect(page).toHaveURL(/[?&]edit=source/);
  await panel.getByRole('button', { name: 'Connect your account' }).click();
  // Back from the provider: a fresh review page, the panel closed.
  await expect(page).toHaveURL(/\/review\?oauth=connected&side=source$/);
  await expect(
    page.getByRole('region', { name: 'Connected accounts' }).getByTestId('oauth-account-source'),
  ).toContainText('Connected as ada@example.com');
  expect(tokenRequests.filter((body) => body.grant_type === 'authorization_code')).toHaveLength(3);
});
