import type { Locator, Page } from '@playwright/test';
import { WEB_GLOBAL_FAMILIES } from '@patchbay/runtime';
import { PENDING_PROMPT_KEY } from '../src/lib/auth.ts';
import { EXAMPLE_PROMPTS } from '@patchbay/schema';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousViolations } from './support/axe.ts';

// The public pages, their texts and where every link leads, for a
// visitor and for a signed-in user.

const PUBLIC_PATHS = ['/', '/about', '/docs', '/pricing', '/privacy', '/terms'] as const;
const SUPPORT_MAILTO = 'mailto:support@patchbay.dev';

function main(page: Page): Locator {
  return page.getByRole('main');
}

function footer(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Footer' });
}

async function pendingPrompt(page: Page): Promise<string | null> {
  return page.evaluate((key) => sessionStorage.getItem(key), PENDING_PROMPT_KEY);
}

test.describe('a visitor on the landing page', () => {
  test('fills the prompt box from the examples and is sent to sign up with the prompt kept', async ({
    page,
  }) => {
    await page.goto('/');
    const promptBox = page.getByLabel('Describe your perfect integration in plain language');
    await expect(promptBox).toBeVisible();
    await expect(promptBox).toHaveValue('');

    expect(EXAMPLE_PROMPTS).toHaveLength(3);
    for (const example of EXAMPLE_PROMPTS) {
      await page.getByRole('button', { name: example.label }).click();
      await expect(promptBox).toHaveValue(example.prompt);
      await expect(promptBox).toBeFocused();
    }

    const prompt =
      'Every 30 minutes, copy new Zendesk tickets tagged "billing" into Linear as issues in the Billing team.';
    await promptBox.fill(prompt);
    await expect(page.getByText(`${prompt.length}/1000`)).toBeVisible();

    await page.getByRole('button', { name: 'Generate Integration' }).click();
    await page.waitForURL((url) => url.pathname === '/signup');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/integrations/new');
    expect(await pendingPrompt(page)).toBe(prompt);
  });

  test('sees no session actions but a way to log in', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await expect(banner.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expect(banner.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  });

  test('reads the difference cards, the comparison table and the two plans', async ({ page }) => {
    await page.goto('/');

    const features = page.locator('#features');
    for (const card of [
      'Connect any API',
      'Full code visibility and ownership',
      'Durable runtime',
      'Zero server maintenance',
    ]) {
      await expect(features.getByRole('heading', { name: card, level: 3 })).toBeVisible();
    }

    const table = page.getByRole('table', { name: /today, and with Patchbay/ });
    await expect(table.getByRole('columnheader', { name: 'Traditional approach' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'With Patchbay' })).toBeVisible();
    await expect(table.getByRole('rowheader', { name: 'Cost as volume grows' })).toBeVisible();

    const pricing = page.locator('#pricing');
    await expectPlans(pricing);
    for (const button of ['Get Started Free', 'Start with Pro']) {
      await expect(pricing.getByRole('link', { name: button })).toHaveAttribute('href', '/signup');
    }
    await pricing.getByRole('link', { name: 'Start with Pro' }).click();
    await page.waitForURL((url) => url.pathname === '/signup');
  });

  test('uses the footer to reach every section and page the spec names', async ({ page }) => {
    await page.goto('/');

    for (const [link, section] of [
      ['Features', '#features'],
      ['Pricing', '#pricing'],
    ] as const) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await footer(page).getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(new RegExp(`/${section}$`));
      await expect(page.locator(section).getByRole('heading', { level: 2 })).toBeInViewport();
    }

    for (const [link, path] of [
      ['About', '/about'],
      ['Our Story', '/about'],
      ['Beta Program', '/about'],
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
    ] as const) {
      await page.goto('/');
      await footer(page).getByRole('link', { name: link, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');

    await page.goto('/about');
    await footer(page).getByRole('link', { name: 'Our Story' }).click();
    await expect(page.getByRole('heading', { name: 'Our Story' })).toBeInViewport();
    await footer(page).getByRole('link', { name: 'Beta Program' }).click();
    await expect(page.getByRole('heading', { name: 'Beta Program' })).toBeInViewport();

    await expect(footer(page).getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'href',
      SUPPORT_MAILTO,
    );
  });
});

/** The two plans, as the landing page and /pricing both show them. */
async function expectPlans(scope: Locator): Promise<void> {
  const free = scope.getByRole('region', { name: 'Free' });
  await expect(free.getByText('$0', { exact: true })).toBeVisible();
  await expect(free.getByText('forever', { exact: true })).toBeVisible();
  for (const feature of [
    '5 integrations (lifetime)',
    'All API types',
    'Community support',
    'Code visibility and export',
    'Sandbox testing',
    'No credit card required',
  ]) {
    await expect(free.getByRole('listitem').filter({ hasText: feature })).toBeVisible();
  }

  const pro = scope.getByRole('region', { name: 'Pro' });
  await expect(pro.getByText('$29', { exact: true })).toBeVisible();
  await expect(pro.getByText('per month', { exact: true })).toBeVisible();
  await expect(pro.getByText('Most popular')).toBeVisible();
  await expect(pro.getByText(/^Save 80% vs\./)).toBeVisible();
  for (const feature of [
    'Unlimited automations and events',
    'No task overages',
    '99.99% uptime',
    'Durable execution',
    'Code ownership and export',
    'Priority support',
  ]) {
    await expect(pro.getByRole('listitem').filter({ hasText: feature })).toBeVisible();
  }
}

test('a visitor reads the pricing page, learns how Pro works in the beta, and signs up', async ({
  page,
}) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  await expectPlans(main(page));
  await expect(main(page).getByText(/Pro is enabled by the operator/)).toBeVisible();
  await expect(main(page).getByText(/no checkout/i)).toBeVisible();
  await expect(main(page).getByText(/partial billing periods are never refunded/)).toBeVisible();

  await expect(main(page).getByRole('link', { name: 'Sign up for Pro' })).toHaveAttribute(
    'href',
    '/signup',
  );
  await main(page).getByRole('link', { name: 'Get Started Free' }).click();
  await page.waitForURL((url) => url.pathname === '/signup');
});

test('a visitor reads the About page and finds the way to sign up or write to support', async ({
  page,
}) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Patchbay' })).toBeVisible();
  for (const heading of ['Our Story', 'Our Mission', 'Beta Program', 'Who We Built This For']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  const mission = page.getByRole('table', { name: /No-code platforms, custom cloud functions/ });
  for (const column of ['No-code platforms', 'Custom cloud functions', 'Patchbay']) {
    await expect(mission.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  await expect(main(page).getByText('Integrations are written in JavaScript')).toBeVisible();

  await expect(main(page).getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
    'href',
    SUPPORT_MAILTO,
  );
  await main(page).getByRole('link', { name: 'Get Started Free' }).click();
  await page.waitForURL((url) => url.pathname === '/signup');

  await page.goto('/about');
  await page.getByRole('banner').getByRole('link', { name: 'Patchbay' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(
    page.getByLabel('Describe your perfect integration in plain language'),
  ).toBeVisible();
});

test('a visitor reads the docs: lifecycle, code contract, limits and self-hosting', async ({
  page,
}) => {
  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
    'href',
    '/dashboard',
  );

  for (const step of [
    '1. Describe it',
    '2. Generation',
    '3. Review and edit',
    '4. Test in the sandbox',
    '5. Deploy',
  ]) {
    await expect(page.getByRole('heading', { level: 3, name: step })).toBeVisible();
  }

  // The code contract sample is plain <pre><code>, with the ctx contract's example.
  const samples = main(page).locator('pre > code');
  await expect(samples.first()).toContainText('export default async function run(ctx)');
  await expect(samples.first()).toContainText("await ctx.state.set('cursor'");
  expect(await page.locator('.monaco-editor').count()).toBe(0);

  const contract = page.locator('#code-contract');
  for (const name of [
    'ctx.source, ctx.destination',
    'HttpError',
    'ctx.fetch(url, init)',
    'ctx.state.get(key), .set(key, value), .delete(key)',
    'ctx.log(...values), console.*',
    'ctx.run',
  ]) {
    await expect(contract.getByRole('rowheader', { name, exact: true })).toBeVisible();
  }
  await expect(contract).toContainText("mode ('test' or 'deployed')");

  // ADR 030: the sandbox's web-standard globals, one row per family of the runtime's list.
  const globals = page.getByRole('table', {
    name: 'Web-standard globals in the sandbox and the export',
  });
  for (const family of WEB_GLOBAL_FAMILIES) {
    await expect(
      globals.getByRole('rowheader', { name: family.names.join(', '), exact: true }),
    ).toBeVisible();
  }
  await expect(globals).toContainText('HMAC sign and verify, AES-GCM');

  await expect(page.locator('#authentication')).toContainText('OAuth 2.0');
  await expect(page.locator('#authentication')).toContainText('secrets never enter the sandbox');
  await expect(page.locator('#schedules')).toContainText('every 15 minutes');
  await expect(page.locator('#retries')).toContainText('up to 5 attempts');
  await expect(page.locator('#retries')).toContainText('Retry-After');
  await expect(page.locator('#saved-state')).toContainText('Test runs never commit state');
  await expect(page.locator('#beta-limits')).toContainText('Only Node.js/JavaScript');
  await expect(page.locator('#beta-limits')).toContainText('Only current stable API versions');
  for (const variable of [
    'npm start',
    'DATABASE_URL',
    'TEMPORAL_ADDRESS',
    'docker compose',
    'npm run set-plan',
  ]) {
    await expect(page.locator('#self-hosting')).toContainText(variable);
  }

  await page.getByRole('navigation', { name: 'On this page' }).getByText('Saved state').click();
  await expect(page).toHaveURL(/\/docs#saved-state$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Saved state' })).toBeInViewport();
});

test.describe('the policies', () => {
  test('the privacy policy states what is kept, for how long, and how it is protected', async ({
    page,
  }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    const text = main(page);
    for (const fact of [
      'Last updated: January 2025',
      'Execution logs are kept for 90 days',
      'Audit logs are kept for 1 year',
      'your API credentials are deleted within 30 days of closure',
      'your generated code stays available for download for 90 days after closure',
      'your account data is deleted within 90 days of closure',
      'encrypted with AES-256 at rest and travel only over TLS in transit',
      'We recommend rotating keys every 90 days',
      'not for anyone under 18',
    ]) {
      await expect(text).toContainText(fact);
    }

    await text.getByRole('link', { name: 'Terms of Service' }).first().click();
    await page.waitForURL((url) => url.pathname === '/terms');
  });

  test('the terms state the age, refunds, liability cap and small claims', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    const text = main(page);
    for (const fact of [
      'Last updated: January 2025',
      'at least 18 years old',
      'Fees are generally not refundable, and we do not refund or credit partial periods',
      'the amount you paid us in the 12 months before the claim or $100, whichever is less',
      'less than $10,000 may be brought in small claims court',
      'we recommend every 90 days',
      'AES-256 at rest',
      'your API credentials are deleted within 30 days',
      'your generated code stays available for download for 90 days',
      'your account data is deleted within 90 days',
    ]) {
      await expect(text).toContainText(fact);
    }

    await text.getByRole('link', { name: 'Privacy Policy' }).first().click();
    await page.waitForURL((url) => url.pathname === '/privacy');
  });

  for (const path of ['/privacy', '/terms'] as const) {
    test(`${path} has a home button`, async ({ page }) => {
      await page.goto(path);
      await main(page).getByRole('link', { name: 'Back to home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    });
  }
});

test('every public page names itself in the tab and in its description', async ({ page }) => {
  const seen = new Set<string>();
  for (const path of PUBLIC_PATHS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/Patchbay/);
    const title = await page.title();
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0, path).toBeGreaterThan(50);
    seen.add(`${title}\n${description}`);
  }
  expect(seen.size).toBe(PUBLIC_PATHS.length);

  // Navigating within the app updates them too, not only a fresh load.
  await page.goto('/privacy');
  await main(page).getByRole('link', { name: 'Terms of Service' }).first().click();
  await expect(page).toHaveTitle('Terms of Service — Patchbay');
});

test('the theme chosen on a public page survives a reload', async ({ page }) => {
  const html = page.locator('html');
  await page.goto('/docs');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
});

test('the theme button’s hint shows after 700 ms, describes the button, and Escape closes it', async ({
  page,
}) => {
  await page.goto('/about');
  const toggle = page.getByRole('button', { name: 'Toggle theme' });
  const hint = page.getByRole('tooltip', { name: 'Switch to light theme' });
  await expect(hint).toBeHidden();
  await toggle.hover();
  // Tooltips wait 700 ms (the hint is CSS: its transition holds it back).
  await expect(hint).toHaveCSS('transition-delay', '0.7s, 0.7s');
  await expect(hint).toBeVisible();
  await expect(toggle).toHaveAccessibleDescription('Switch to light theme');
  // WCAG 1.4.13: it can be dismissed without moving the pointer.
  await page.keyboard.press('Escape');
  await expect(hint).toBeHidden();
});

for (const scheme of ['dark', 'light'] as const) {
  test(`every public page passes axe in the ${scheme} theme`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), scheme);
    for (const path of PUBLIC_PATHS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expectNoSeriousViolations(page, `${path} in ${scheme}`);
    }
  });
}

// One account for the whole story: signup is rate-limited per IP.
test('a signed-in user finds the way into the app from the public pages, then logs out', async ({
  page,
  user,
}) => {
  expect(user.plan).toBe('free');

  await test.step('landing and About show Dashboard and Log out instead of Log in', async () => {
    for (const path of ['/', '/about'] as const) {
      await page.goto(path);
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
        'href',
        '/dashboard',
      );
      await expect(banner.getByRole('button', { name: 'Log out' })).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    }
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  await test.step('Generate Integration goes straight to Create Integration', async () => {
    const example = EXAMPLE_PROMPTS[0];
    if (!example) throw new Error('no example prompts');
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible();
    await page.getByRole('button', { name: example.label }).click();
    await page.getByRole('button', { name: 'Generate Integration' }).click();
    await page.waitForURL((url) => url.pathname === '/integrations/new');
    expect(new URL(page.url()).search).toBe('');
    // The Create Integration page takes the carried prompt (and clears it from storage).
    await expect(page.getByLabel('Describe your integration')).toHaveValue(example.prompt);
  });

  await test.step("the docs' Go to Dashboard opens the dashboard", async () => {
    await page.goto('/docs');
    await main(page).getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  await test.step('the pricing page marks the current plan and offers Pro by mail', async () => {
    await page.goto('/pricing');
    const free = main(page).getByRole('region', { name: 'Free' });
    await expect(free.getByRole('button', { name: 'Your current plan' })).toBeDisabled();
    await expect(
      main(page).getByRole('region', { name: 'Pro' }).getByRole('link', { name: 'Ask for Pro' }),
    ).toHaveAttribute('href', /^mailto:support@patchbay\.dev\?subject=/);
  });

  await test.step('Log out on About ends the session and shows the visitor bar', async () => {
    await page.goto('/about');
    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toHaveCount(0);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });
});

test('the console arrives compressed: every script of the landing page is smaller on the wire', async ({
  page,
}) => {
  // The build writes .br and .gz beside each file; the API sends what Chromium accepts (ADR 026).
  await page.goto('/', { waitUntil: 'networkidle' });
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming => entry.name.endsWith('.js'))
      .map(({ name, encodedBodySize, decodedBodySize }) => ({
        name,
        encodedBodySize,
        decodedBodySize,
      })),
  );
  const large = scripts.filter((script) => script.decodedBodySize > 4096);
  expect(large.length).toBeGreaterThan(5);
  for (const script of large) {
    expect(script.encodedBodySize, script.name).toBeLessThan(script.decodedBodySize / 2);
  }
});
