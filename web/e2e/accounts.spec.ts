import type { Page } from '@playwright/test';
import { expect, test, TEST_PASSWORD, uniqueEmail } from './fixtures.ts';
import { holdRequests } from './support/ui.ts';
import { expectNoSeriousViolations } from './support/axe.ts';

// Accounts and the application shell: /login, /signup, the login guard, the shell and the
// dashboard; submitting states, redirects, validation, toasts and the sidebar.

/** Mantine marks required labels with an aria-hidden '*', so match the accessible name. */
function passwordField(page: Page) {
  return page.getByRole('textbox', { name: 'Password', exact: true });
}

function toast(page: Page, title: string) {
  return page.getByRole('alert').filter({ hasText: title });
}

test('a visitor signs up, logs out, logs back in, and is turned away from the dashboard once logged out', async ({
  page,
}) => {
  const email = uniqueEmail('story');

  await page.goto('/signup');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await passwordField(page).fill(TEST_PASSWORD);
  const releaseSignup = await holdRequests(page, '**/api/auth/signup');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
  releaseSignup();

  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create New Integration' })).toHaveAttribute(
    'href',
    '/integrations/new',
  );

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL('/');

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await passwordField(page).fill(TEST_PASSWORD);
  const releaseLogin = await holdRequests(page, '**/api/auth/login');
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
  releaseLogin();

  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL('/');

  // Logged out, the dashboard explains itself and then sends the browser to /login. The /login
  // document is held so the page's last moments can be checked, and timed.
  let loginRequestedAt = 0;
  const releaseLoginPage = await holdRequests(page, (url) => {
    if (url.pathname !== '/login') return false;
    loginRequestedAt ||= Date.now();
    return true;
  });
  const userLookup = page.waitForResponse('**/api/auth/user');
  await page.goto('/dashboard');
  expect((await userLookup).status()).toBe(401);
  const lookupAnsweredAt = Date.now();

  await expect(page.getByText('Redirecting to login...')).toBeVisible();
  await expect(toast(page, 'Unauthorized')).toContainText('Please log in to continue...');
  await expect.poll(() => loginRequestedAt).toBeGreaterThan(0);
  expect(loginRequestedAt - lookupAnsweredAt).toBeGreaterThanOrEqual(450);
  releaseLoginPage();
  // The login page knows where to return.
  await expect(page).toHaveURL('/login?next=%2Fdashboard');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
});

test('a taken email and a wrong password are explained, and ?next= survives the way to login', async ({
  page,
  user,
}) => {
  await page.context().clearCookies();

  await page.goto('/signup?next=/integrations/new');
  await page.getByLabel('Email').fill(user.email);
  await passwordField(page).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  const signupFailed = toast(page, 'Signup failed');
  await expect(signupFailed).toContainText('An account with this email already exists');
  // Destructive toasts are red.
  expect(
    await signupFailed.evaluate((el) => el.style.getPropertyValue('--notification-color')),
  ).toBe('var(--mantine-color-red-filled)');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
  await expect(page).toHaveURL(/\/signup/);

  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(new URL(page.url()).searchParams.get('next')).toBe('/integrations/new');
  // The address changes before the login page's chunk has rendered: until then the fields on
  // screen are still the signup form's.
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();

  await page.getByLabel('Email').fill(user.email);
  await passwordField(page).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();

  // One toast at a time: the login failure replaces the signup failure.
  await expect(toast(page, 'Login failed')).toContainText('Invalid email or password');
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();

  await passwordField(page).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/integrations/new');
});

test('the forms check their fields before sending anything', async ({ page }) => {
  const authPosts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/auth/')) {
      authPosts.push(request.url());
    }
  });

  await page.goto('/signup');
  // Google first, then the form.
  const google = page.getByRole('link', { name: 'Continue with Google' });
  await expect(google).toHaveAttribute('href', '/api/auth/google');
  const googleBox = await google.boundingBox();
  const emailBox = await page.getByLabel('Email').boundingBox();
  expect(googleBox!.y).toBeLessThan(emailBox!.y);
  await expect(page.getByText('Must be at least 8 characters')).toBeVisible();

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();

  await page.getByLabel('Email').fill('ada@example.com');
  await passwordField(page).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(passwordField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Must be at least 8 characters')).toBeVisible();

  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();

  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL('/signup');
  expect(authPosts).toEqual([]);
});

test('a failed Google sign-in is explained on the login page, and F8 reaches the toast', async ({
  page,
}) => {
  await page.goto('/login?error=google_not_configured');
  await expect(toast(page, 'Login failed')).toContainText('Google sign-in is not configured');
  // The code is dropped so a reload does not repeat the toast.
  await expect(page).toHaveURL('/login');

  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeFocused();

  // An unknown code still says something useful.
  await page.goto('/login?error=something_new');
  await expect(toast(page, 'Login failed')).toContainText(
    'Google sign-in failed. Please try again.',
  );

  // The button itself: this stack has no Google client configured, so the API sends the
  // browser straight back with the code above.
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(toast(page, 'Login failed')).toContainText('Google sign-in is not configured');
  await expect(page).toHaveURL('/login');
});

test('the form shows it is busy while its check loads, and a second click sends nothing more', async ({
  page,
}) => {
  await page.goto('/login');
  // The form's schema loads at the first edit (ADR 026): hold every chunk asked for from now on.
  const release = await holdRequests(page, '**/assets/**');
  const posts: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/login') posts.push(request.method());
  });
  await page.getByLabel('Email').fill('nobody@example.com');
  await passwordField(page).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  const busy = page.getByRole('button', { name: 'Logging in...' });
  await expect(busy).toBeDisabled();
  await passwordField(page).press('Enter');
  expect(posts).toEqual([]);
  release();
  await expect(toast(page, 'Login failed')).toContainText('Invalid email or password');
  expect(posts).toEqual(['POST']);
});

test('a toast closes itself after 5 s unless the pointer rests on it, and a swipe right dismisses it', async ({
  page,
}) => {
  // Shown for 5000 ms, swipe right with a 50 px threshold. The page's clock is the
  // test's, so no test waits 5 real seconds.
  await page.clock.install();
  const shown = toast(page, 'Login failed');
  const closesAfterFiveSeconds = async () => {
    await page.clock.runFor(4_000);
    await expect(shown).toBeVisible();
    await page.clock.runFor(1_500);
    await expect(shown).toHaveCount(0);
  };
  await page.goto('/login?error=google_not_configured');
  await expect(shown).toBeVisible();
  await closesAfterFiveSeconds();

  // Held while the pointer is on it; the full time again once it leaves.
  await page.goto('/login?error=google_not_configured');
  await expect(shown).toBeVisible();
  await shown.hover();
  await page.clock.runFor(8_000);
  await expect(shown).toBeVisible();
  await page.mouse.move(0, 0);
  await closesAfterFiveSeconds();

  // A swipe shorter than 50 px snaps back; a longer one dismisses.
  await page.goto('/login?error=google_not_configured');
  await expect(shown).toBeVisible();
  const swipe = async (pixels: number) => {
    const box = (await shown.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 40, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 40 + pixels, y, { steps: 5 });
    await page.mouse.up();
  };
  await swipe(30);
  await expect(shown).toBeVisible();
  await swipe(120);
  await expect(shown).toHaveCount(0);
});

test('a signed-in user collapses the sidebar with Ctrl+B and it stays collapsed after a reload', async ({
  page,
  user,
}) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('main').getByText(user.email, { exact: true })).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  const width = async () => (await sidebar.boundingBox())?.width ?? 0;
  const sidebarCookie = async () =>
    (await page.context().cookies()).find((c) => c.name === 'sidebar_state');

  await expect(sidebar).toBeVisible();
  await expect.poll(width).toBe(256);
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  for (const name of ['Dashboard', 'Integrations', 'Settings']) {
    await expect(sidebar.getByText(name, { exact: true })).toBeVisible();
  }
  await expect(sidebar.getByRole('link', { name: 'Integrations' })).toHaveAttribute(
    'href',
    '/integrations',
  );
  await expect(sidebar.getByRole('link', { name: 'Settings' })).toHaveAttribute(
    'href',
    '/settings',
  );

  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await expect.poll(width).toBe(48);
  await expect(sidebar.getByText('Integrations', { exact: true })).toHaveCount(0);
  const cookie = await sidebarCookie();
  expect(cookie?.value).toBe('false');
  expect(cookie?.path).toBe('/');
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7);

  // Icons only, named by tooltips that open at once.
  await sidebar.getByRole('link', { name: 'Integrations' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Integrations' })).toBeVisible({ timeout: 300 });

  await page.reload();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await expect.poll(width).toBe(48);

  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await expect.poll(width).toBe(256);
  expect((await sidebarCookie())?.value).toBe('true');

  await page.keyboard.press('Meta+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await page.keyboard.press('Meta+b');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');

  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is a sheet opened from the header', async ({ page, user }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('main').getByText(user.email, { exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Sidebar' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const sheet = page.getByRole('dialog', { name: 'Sidebar' });
    await expect(sheet).toBeVisible();
    await expect.poll(async () => (await sheet.boundingBox())?.width).toBe(288);
    await expect(sheet.getByRole('button', { name: 'Log Out' })).toBeVisible();

    // Following a link closes the sheet.
    await sheet.getByRole('link', { name: 'Dashboard' }).click();
    await expect(sheet).toBeHidden();

    // The shortcut opens it too, and Escape closes it; neither touches the desktop state.
    await page.keyboard.press('Control+b');
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'sidebar_state')).toBeUndefined();
  });
});

test('the login, signup and dashboard pages have no serious accessibility problems', async ({
  page,
  user,
}) => {
  const check = async (path: string, ready: string) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: ready })).toBeVisible();
    await expectNoSeriousViolations(page, path);
  };
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });

  for (const scheme of ['dark', 'light'] as const) {
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('theme', value), scheme);

    await check('/dashboard', 'Welcome back');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await expect(page.getByRole('main').getByText(user.email, { exact: true })).toBeVisible();
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await check('/dashboard', 'Welcome back');
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');

    await check('/login', 'Log in');
    await check('/signup', 'Create your account');
  }
});
