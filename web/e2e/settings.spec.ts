import { expect, test, TEST_PASSWORD } from './fixtures.ts';
import { createIntegration } from './support/integrations-api.ts';
import { toast } from './support/ui.ts';

// Settings: working account actions and real usage.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

// Every story here starts signed in as a fresh user (the fixture signs the page up).
test.beforeEach(({ user }) => {
  expect(user.plan).toBe('free');
});

test('a user changes their password, creates, uses and revokes an API token', async ({
  page,
  user,
  playwright,
  baseURL,
}) => {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');

  const email = page.getByLabel('Email');
  await expect(email).toHaveValue(user.email);
  await expect(email).toHaveAttribute('readonly', '');
  await expect(page.getByText('Contact support to change your email address')).toBeVisible();

  // Change Password: the hint, a wrong current password, then success.
  const current = page.getByLabel('Current password');
  const next = page.getByLabel('New password');
  await expect(page.getByText('Must be at least 8 characters')).toBeVisible();
  await current.fill('not-my-password');
  await next.fill('short');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(next).toHaveAttribute('aria-invalid', 'true');
  await next.fill('a-brand-new-password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, 'Failed to change password')).toContainText(
    'Current password is incorrect',
  );
  await current.fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, 'Password changed')).toBeVisible();
  await expect(current).toHaveValue('');

  const fresh = await playwright.request.newContext({ baseURL });
  const login = await fresh.post('/api/auth/login', {
    headers: { Origin: baseURL! },
    data: { email: user.email, password: 'a-brand-new-password' },
  });
  expect(login.status()).toBe(200);

  // API tokens: shown once, usable as a Bearer token, revocable.
  await page.getByLabel('Token name').fill('CI script');
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(toast(page, 'Token created')).toBeVisible();
  const secret = (await page.getByTestId('new-token').textContent()) ?? '';
  expect(secret).toMatch(/^pbt_/);
  await page.getByRole('button', { name: 'Copy token' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  const tokens = page.getByRole('table', { name: 'API tokens' });
  await expect(tokens.getByRole('cell', { name: 'CI script', exact: true })).toBeVisible();

  const bearer = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${secret}` },
  });
  expect((await bearer.get('/api/integrations')).status()).toBe(200);

  await page.reload();
  await expect(page.getByTestId('new-token')).toHaveCount(0);
  await expect(tokens.getByText('just now').first()).toBeVisible();
  await page.getByRole('button', { name: 'Revoke CI script' }).click();
  // Revoking asks first; Cancel keeps the token.
  const confirm = page.getByRole('dialog', { name: 'Revoke CI script?' });
  await expect(confirm).toContainText('stop working at once');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  expect((await bearer.get('/api/integrations')).status()).toBe(200);
  await page.getByRole('button', { name: 'Revoke CI script' }).click();
  await confirm.getByRole('button', { name: 'Revoke token' }).click();
  await expect(toast(page, 'Token revoked')).toBeVisible();
  await expect(page.getByText('No tokens yet.')).toBeVisible();
  expect((await bearer.get('/api/integrations')).status()).toBe(401);
  await bearer.dispose();
  await fresh.dispose();
});

test('API Usage shows the real figures and the plan, and leads to pricing', async ({
  page,
  baseURL,
}) => {
  await createIntegration(page.request, baseURL!);
  await createIntegration(page.request, baseURL!);

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'API Usage' }).click();
  await expect(page).toHaveURL('/settings?tab=usage');
  // ADR 020: runs this month are counted, not capped; the lifetime limit is the plan's.
  const month = page.getByRole('region', { name: 'This Month' });
  await expect(month).toContainText('Your usage for the current billing period');
  await expect(month.getByTestId('Deployed runs value')).toHaveText('0');
  await expect(month.getByRole('progressbar')).toHaveCount(0);
  await expect(month.getByText('Integrations Created')).toHaveCount(0);

  const limits = page.getByRole('region', { name: 'Limits' });
  await expect(limits.getByTestId('Integrations Created value')).toHaveText('2 / 5');
  await expect(limits.getByRole('progressbar', { name: 'Integrations Created' })).toHaveAttribute(
    'aria-valuenow',
    '40',
  );
  await expect(limits.getByText('Current Plan: Free')).toBeVisible();
  await limits.getByRole('link', { name: 'Upgrade Plan' }).click();
  await expect(page).toHaveURL('/pricing');
});

test('deleting the account asks for the password, then signs out to the landing page', async ({
  page,
  user,
}) => {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Account' });
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Enter your password to confirm')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(toast(page, 'Failed to delete account')).toContainText('password');

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/');
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});
