import { expect, test } from './fixtures.ts';
import { expectNoSeriousViolations } from './support/axe.ts';

// A keyboard user's first stop: every signed-in screen starts with a "Skip to
// content" link, hidden until focused, that moves focus past the header and the sidebar.

test.use({ viewport: { width: 1366, height: 900 } });

test('the first Tab shows Skip to content, and it takes the keyboard to the screen', async ({
  page,
  user,
}) => {
  expect(user.plan).toBe('free');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).not.toBeInViewport();

  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expectNoSeriousViolations(page, 'dashboard, skip link focused');

  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab lands inside the screen, not in the header or the sidebar.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);
});
