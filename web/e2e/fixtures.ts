import { expect, test as base, type APIRequestContext } from '@playwright/test';
import type { TUser } from '@patchbay/schema';

/** A password that passes the signup rules (at least 8 characters). */
export const TEST_PASSWORD = 'correct-horse-battery';

/** A fresh address per call, so tests never share or collide on accounts. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

export interface TestUser extends TUser {
  password: string;
}

/**
 * Creates an account through the real API. With `page.request` the session cookie lands in the
 * page's browser context, so the page is signed in as that user. The Origin header is what a
 * browser sends on a same-origin POST; the API refuses mutating requests without it.
 */
export async function signUp(
  request: APIRequestContext,
  baseURL: string,
  details: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<TestUser> {
  const data = { email: uniqueEmail(), password: TEST_PASSWORD, ...details };
  const response = await request.post('/api/auth/signup', { data, headers: { Origin: baseURL } });
  expect(response.status(), await response.text()).toBe(201);
  return { ...((await response.json()) as TUser), password: data.password };
}

/**
 * A random benchmarking-range address (198.18.0.0/15) per test. Signup and login are
 * rate-limited per IP; when the stack trusts X-Forwarded-For (TRUST_PROXY=true)
 * each test gets its own allowance instead of the whole suite sharing 127.0.0.1's. Without
 * TRUST_PROXY the header is ignored.
 */
function randomClientIp(): string {
  const byte = () => Math.floor(Math.random() * 256);
  return `198.${18 + (byte() % 2)}.${byte()}.${byte()}`;
}

interface AccountFixtures {
  /** A freshly signed-up user; the page is already signed in as them. */
  user: TestUser;
}

export const test = base.extend<AccountFixtures>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': randomClientIp() });
  },
  user: async ({ page, baseURL }, use) => {
    if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
    await use(await signUp(page.request, baseURL));
  },
});

export { expect };
