import { expect, test } from '@playwright/test';

// The console is dark by default, the visitor's choice is kept under `theme`, and
// any unknown path shows the not-found screen.

test('a visitor starts in the dark theme, switches to light, and it is remembered', async ({
  page,
}) => {
  const html = page.locator('html');

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Patchbay', { exact: true })).toBeVisible();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

  // No dark flash: with the app's bundle blocked, the page is already light before React runs.
  await page.route('**/assets/**', (route) => route.abort());
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  await page.unroute('**/assets/**');

  await page.reload();
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
});

test('a visitor who opens an unknown address sees the not-found screen', async ({ page }) => {
  await page.goto('/this-page-does-not-exist');

  await expect(page.getByText('404 Page Not Found', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Did you forget to add the page to the router?', { exact: true }),
  ).toBeVisible();
});
