// Google sign-in against a real OpenID provider on loopback (oauth2-mock-server), which
// checks PKCE itself; only Google's servers are replaced, at the network boundary.
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  postJson,
  TEST_ORIGIN,
  type TestApp,
} from '../../../scripts/test-support/test-app.ts';
import { SESSION_COOKIE } from '../auth/cookies.ts';
import { GoogleAuth } from '../auth/google.ts';

const CLIENT_ID = 'patchbay-test-client';
let provider: OAuth2Server;
let t: TestApp;
/** Claims the provider puts in the next ID token (overrides of its defaults). */
let claims: Record<string, unknown>;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, claims);
  });
  const google = new GoogleAuth({
    issuerUrl: new URL(provider.issuer.url ?? ''),
    clientId: CLIENT_ID,
    clientSecret: 'test-secret',
    redirectUri: `${TEST_ORIGIN}/api/auth/google/callback`,
  });
  t = await createTestApp({ google });
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});

let n = 0;
beforeEach(() => {
  n += 1;
  claims = {
    sub: `google-sub-${n}-${Date.now()}`,
    email: `g${n}-${Date.now()}@gmail.example`,
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
  };
});

function cookiesOf(response: Response): Map<string, string> {
  return new Map(
    response.headers.getSetCookie().map((cookie) => {
      const [pair] = cookie.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      return [name ?? '', value.join('=')];
    }),
  );
}

/** Walks the browser's path: our start route → the provider → our callback. */
async function signInWithGoogle(
  tamper: { state?: string; verifier?: string } = {},
): Promise<Response> {
  const start = await t.app.request('/api/auth/google');
  expect(start.status).toBe(302);
  const authorizeUrl = new URL(start.headers.get('location') ?? '');
  expect(authorizeUrl.origin).toBe(new URL(provider.issuer.url ?? '').origin);
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
  const cookies = cookiesOf(start);
  const setCookie = start.headers.getSetCookie().join('\n');
  expect(setCookie).toMatch(
    /patchbay_google_state=.*Max-Age=600.*Path=\/api\/auth\/google.*HttpOnly/,
  );

  const atProvider = await fetch(authorizeUrl, { redirect: 'manual' });
  const callback = new URL(atProvider.headers.get('location') ?? '');
  if (tamper.state) callback.searchParams.set('state', tamper.state);
  const state = cookies.get('patchbay_google_state') ?? '';
  const verifier = tamper.verifier ?? cookies.get('patchbay_google_verifier') ?? '';
  return t.app.request(`${callback.pathname}${callback.search}`, {
    headers: { cookie: `patchbay_google_state=${state}; patchbay_google_verifier=${verifier}` },
  });
}

async function usersWithEmail(email: string) {
  return t.db.sql`select id, password_hash from users where lower(email) = lower(${email})`;
}

describe('Google sign-in', () => {
  it('creates an account for a new verified Google user and opens a session', async () => {
    const response = await signInWithGoogle();
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/dashboard');
    const session = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(session).toBeDefined();
    const me = await t.app.request('/api/auth/user', {
      headers: { cookie: session?.split(';')[0] ?? '' },
    });
    expect(await me.json()).toMatchObject({
      email: claims.email,
      firstName: 'Grace',
      lastName: 'Hopper',
      hasPassword: false,
    });
    const [link] = await t.db
      .sql`select provider from oauth_accounts where provider_user_id = ${String(claims.sub)}`;
    expect(link?.provider).toBe('google');
  });

  it('links to the existing account with that verified email', async () => {
    const email = String(claims.email);
    const signup = await postJson(
      t.app,
      '/api/auth/signup',
      { email, password: 'password one' },
      { 'x-forwarded-for': '10.9.0.1' },
    );
    const { id } = (await signup.json()) as { id: string };
    claims.email = email.toUpperCase();
    expect((await signInWithGoogle()).headers.get('location')).toBe('/dashboard');
    const users = await usersWithEmail(email);
    expect(users.map((user) => user.id)).toEqual([id]);
    // The password was never verified to belong to the email's owner: it is dropped, and
    // so is everything signed in with it.
    expect(users[0]?.password_hash).toBeNull();
    const oldCookie = (signup.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    expect((await t.app.request('/api/auth/user', { headers: { cookie: oldCookie } })).status).toBe(
      401,
    );
    const [link] = await t.db
      .sql`select user_id from oauth_accounts where provider_user_id = ${String(claims.sub)}`;
    expect(link?.user_id).toBe(id);
  });

  it('recognises a returning Google user by subject even if the email changed', async () => {
    await signInWithGoogle();
    const firstEmail = String(claims.email);
    claims.email = `renamed-${firstEmail}`;
    await signInWithGoogle();
    expect(await usersWithEmail(String(claims.email))).toEqual([]);
    expect(await usersWithEmail(firstEmail)).toHaveLength(1);
  });

  it('refuses a forged state', async () => {
    const response = await signInWithGoogle({ state: 'forged-state' });
    expect(response.headers.get('location')).toBe('/login?error=google_state_mismatch');
    expect(await usersWithEmail(String(claims.email))).toEqual([]);
  });

  it('fails when the PKCE verifier is wrong (the provider refuses the code)', async () => {
    const response = await signInWithGoogle({ verifier: 'a'.repeat(43) });
    expect(response.headers.get('location')).toBe('/login?error=google_failed');
    expect(await usersWithEmail(String(claims.email))).toEqual([]);
  });

  it('refuses an unverified Google email', async () => {
    claims.email_verified = false;
    const response = await signInWithGoogle();
    expect(response.headers.get('location')).toBe('/login?error=google_email_unverified');
    expect(await usersWithEmail(String(claims.email))).toEqual([]);
  });

  it.each([
    ['another audience', { aud: 'someone-else' }],
    ['another issuer', { iss: 'https://evil.example' }],
    [
      'an expired ID token',
      { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 },
    ],
  ])('refuses an ID token for %s', async (_name, override) => {
    Object.assign(claims, override);
    const response = await signInWithGoogle();
    expect(response.headers.get('location')).toBe('/login?error=google_failed');
    expect(await usersWithEmail(String(claims.email))).toEqual([]);
  });

  it('answers a cancelled consent screen with a clear error', async () => {
    const start = await t.app.request('/api/auth/google');
    const cookies = cookiesOf(start);
    const response = await t.app.request(
      `/api/auth/google/callback?error=access_denied&state=${cookies.get('patchbay_google_state')}`,
      {
        headers: { cookie: `patchbay_google_state=${cookies.get('patchbay_google_state')}` },
      },
    );
    expect(response.headers.get('location')).toBe('/login?error=google_denied');
  });

  it('lets a Google-only user delete the account right after signing in, not later', async () => {
    const session =
      (await signInWithGoogle()).headers
        .getSetCookie()
        .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
        ?.split(';')[0] ?? '';
    const id = session.split('=')[1]?.split('.')[0] ?? '';
    const remove = () =>
      t.app.request('/api/auth/account', {
        method: 'DELETE',
        headers: { cookie: session, origin: TEST_ORIGIN, 'content-type': 'application/json' },
        body: '{}',
      });

    await t.db.sql`update sessions set created_at = now() - interval '1 hour' where id = ${id}`;
    const stale = await remove();
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ code: 'RECENT_LOGIN_REQUIRED' });

    await t.db.sql`update sessions set created_at = now() where id = ${id}`;
    expect((await remove()).status).toBe(204);
    expect(await usersWithEmail(String(claims.email))).toEqual([]);
    const [links] = await t.db
      .sql`select count(*)::int as n from oauth_accounts where provider_user_id = ${String(claims.sub)}`;
    expect(links?.n).toBe(0);
  });
});

describe('Google sign-in, not configured', () => {
  it('sends the browser back to the login page with an explanation', async () => {
    const unconfigured = await createTestApp();
    try {
      const response = await unconfigured.app.request('/api/auth/google');
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/login?error=google_not_configured');
    } finally {
      await unconfigured.close();
    }
  });
});
