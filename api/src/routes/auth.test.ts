import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  postJson,
  TEST_ORIGIN,
  type TestApp,
} from '../../../scripts/test-support/test-app.ts';
import { SESSION_COOKIE } from '../auth/cookies.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
/** A unique email and IP per test, so rate limits of one test never touch another. */
function fresh() {
  counter += 1;
  return {
    email: `user${counter}-${Date.now()}@example.com`,
    ip: `10.0.${Math.floor(counter / 250)}.${counter % 250}`,
  };
}

/** A JSON POST from a given client IP (the test app trusts X-Forwarded-For). */
function postFrom(ip: string, path: string, body: unknown) {
  return postJson(t.app, path, body, { 'x-forwarded-for': ip });
}

function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie)
    throw new Error(`no session cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
  return cookie.split(';')[0] ?? '';
}

async function signUp(email: string, ip: string, password = 'correct horse') {
  const response = await postFrom(ip, '/api/auth/signup', {
    email,
    password,
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
  expect(response.status).toBe(201);
  return {
    cookie: sessionCookie(response),
    user: (await response.json()) as { id: string; email: string },
  };
}

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.request(url, { headers });
}

function send(method: string, url: string, body: unknown, headers: Record<string, string>) {
  return t.app.request(url, {
    method,
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
    body: JSON.stringify(body),
  });
}

describe('sign-up', () => {
  it('creates the user with an argon2id hash, opens a session and answers 201', async () => {
    const { email, ip } = fresh();
    const response = await postFrom(ip, '/api/auth/signup', {
      email,
      password: 'correct horse',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(response.status).toBe(201);
    const user = (await response.json()) as Record<string, unknown>;
    expect(user).toMatchObject({
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      plan: 'free',
      hasPassword: true,
    });
    expect(user).not.toHaveProperty('password_hash');
    expect(user).not.toHaveProperty('passwordHash');

    const setCookie =
      response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // plain http here; Secure behind HTTPS
    const [row] = await t.db.sql`select password_hash from users where email = ${email}`;
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);

    const me = await get('/api/auth/user', { cookie: sessionCookie(response) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      id: user.id,
      email,
      plan: 'free',
      createdAt: expect.any(String),
    });
  });

  it('treats names as optional', async () => {
    const { email, ip } = fresh();
    const response = await postFrom(ip, '/api/auth/signup', { email, password: 'password1' });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ firstName: null, lastName: null });
  });

  it('refuses an email that exists in any case with 409', async () => {
    const { email, ip } = fresh();
    await signUp(email, ip);
    const again = await postFrom(ip, '/api/auth/signup', {
      email: email.toUpperCase(),
      password: 'another one',
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      message: 'An account with this email already exists',
      code: 'EMAIL_TAKEN',
    });
  });

  it.each([
    [
      'a short password',
      { email: 'short@example.com', password: 'seven77' },
      /password: Must be at least 8 characters/,
    ],
    [
      'a malformed email',
      { email: 'not-an-email', password: 'password1' },
      /email: Enter a valid email address/,
    ],
    ['a missing email', { password: 'password1' }, /email: /],
    ['a missing password', { email: 'nopass@example.com' }, /password: /],
    [
      'an unknown field',
      { email: 'x@example.com', password: 'password1', admin: true },
      /admin|Unrecognized/i,
    ],
    ['a wrong type', { email: 'x@example.com', password: 12345678 }, /password: /],
  ])('rejects %s with 400 and writes nothing', async (_name, body, message) => {
    const before = await t.db.sql`select count(*)::int as n from users`;
    const response = await postFrom(fresh().ip, '/api/auth/signup', body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { message: string; code: string };
    expect(answer.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(answer)).toMatch(message);
    const after = await t.db.sql`select count(*)::int as n from users`;
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('rejects invalid JSON with 400 and an oversized body with 413', async () => {
    const invalid = await postJson(t.app, '/api/auth/signup', '{"email":', {
      'x-forwarded-for': fresh().ip,
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ code: 'BAD_REQUEST' });
    const huge = await postJson(t.app, '/api/auth/signup', {
      email: 'big@example.com',
      password: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
  });

  it('is rate-limited per IP with 429 and Retry-After', async () => {
    const { ip } = fresh();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await postFrom(ip, '/api/auth/signup', {
        email: `burst${i}-${Date.now()}@example.com`,
        password: 'password1',
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await response.json()).toMatchObject({
          code: 'RATE_LIMITED',
          message: expect.stringMatching(/^Too many attempts\. Try again in /),
        });
      }
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('log-in and log-out', () => {
  it('logs in with the right password, and logs out server-side', async () => {
    const { email, ip } = fresh();
    await signUp(email, ip);
    const login = await postFrom(ip, '/api/auth/login', {
      email: email.toUpperCase(),
      password: 'correct horse',
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ email });
    const cookie = sessionCookie(login);
    expect((await get('/api/auth/user', { cookie })).status).toBe(200);

    const logout = await t.app.request('/api/auth/logout', {
      method: 'POST',
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(logout.status).toBe(204);
    expect(logout.headers.getSetCookie().join()).toMatch(
      new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`),
    );
    // The old cookie no longer works even if the browser kept it.
    expect((await get('/api/auth/user', { cookie })).status).toBe(401);
    // Idempotent.
    const again = await t.app.request('/api/auth/logout', {
      method: 'POST',
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(again.status).toBe(204);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const { email, ip } = fresh();
    await signUp(email, ip);
    const wrong = await postFrom(ip, '/api/auth/login', { email, password: 'wrong password' });
    const unknown = await postFrom(ip, '/api/auth/login', {
      email: `nobody-${email}`,
      password: 'wrong password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const expected = { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' };
    expect(await wrong.json()).toEqual(expected);
    expect(await unknown.json()).toEqual(expected);
  });

  it('takes similar time for an unknown email and a wrong password (both pay for argon2)', async () => {
    const { email, ip } = fresh();
    await signUp(email, ip);
    const time = async (body: object) => {
      const started = performance.now();
      await postFrom(fresh().ip, '/api/auth/login', body);
      return performance.now() - started;
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      wrong.push(await time({ email, password: `wrong ${i}` }));
      unknown.push(await time({ email: `ghost-${i}-${email}`, password: `wrong ${i}` }));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1] ?? 0;
    // Not a speed target: a missing argon2 call would make unknown emails several times faster.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.4);
  });

  it('blocks brute force on one email after 10 failures, from any IP, with 429', async () => {
    const { email, ip } = fresh();
    await signUp(email, ip);
    for (let i = 0; i < 10; i++) {
      const response = await postFrom(fresh().ip, '/api/auth/login', {
        email,
        password: `guess ${i}`,
      });
      expect(response.status).toBe(401);
    }
    const blocked = await postFrom(fresh().ip, '/api/auth/login', {
      email,
      password: 'correct horse',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    const audited = await t.db
      .sql`select count(*)::int as n from audit_log where action = 'login_failed' and target = ${email}`;
    expect(audited[0]?.n).toBe(10);
  });

  it('limits log-in attempts per IP', async () => {
    const { ip } = fresh();
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (
        await postFrom(ip, '/api/auth/login', {
          email: `spray${i}@example.com`,
          password: 'nope nope',
        })
      ).status;
    }
    expect(last).toBe(429);
  });

  it('rejects an expired session and a tampered token', async () => {
    const { email, ip } = fresh();
    const { cookie } = await signUp(email, ip);
    const token = cookie.split('=')[1] ?? '';
    const [id, secret] = token.split('.');
    const tampered = `${SESSION_COOKIE}=${id}.${secret?.slice(0, -1)}${secret?.endsWith('a') ? 'b' : 'a'}`;
    expect((await get('/api/auth/user', { cookie: tampered })).status).toBe(401);
    expect(
      (await get('/api/auth/user', { authorization: `Bearer ${id}.${'x'.repeat(24)}` })).status,
    ).toBe(401);

    await t.db
      .sql`update sessions set expires_at = now() - interval '1 second' where id = ${id ?? ''}`;
    const expired = await get('/api/auth/user', { cookie });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ message: 'Not signed in', code: 'UNAUTHENTICATED' });
    const [left] = await t.db.sql`select count(*)::int as n from sessions where id = ${id ?? ''}`;
    expect(left?.n).toBe(0);
  });

  it('renews a session that has less than 15 of its 30 days left', async () => {
    const { email, ip } = fresh();
    const { cookie } = await signUp(email, ip);
    const id = cookie.split('=')[1]?.split('.')[0] ?? '';
    await t.db.sql`update sessions set expires_at = now() + interval '10 days' where id = ${id}`;
    const response = await get('/api/auth/user', { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).toContain(`${SESSION_COOKIE}=`);
    const [row] = await t.db.sql`select expires_at from sessions where id = ${id}`;
    const daysLeft = ((row?.expires_at as Date).getTime() - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(29.9);
  });
});

describe('CSRF', () => {
  it('refuses a mutating cookie request from another origin or with no origin', async () => {
    const { email, ip } = fresh();
    const { cookie } = await signUp(email, ip);
    for (const origin of ['https://evil.example', undefined]) {
      const response = await t.app.request('/api/auth/tokens', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', ...(origin ? { origin } : {}) },
        body: JSON.stringify({ name: 'sneaky' }),
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'ORIGIN_MISMATCH' });
    }
    const [tokens] = await t.db.sql`select count(*)::int as n from api_tokens`;
    expect(tokens?.n).toBe(0);
  });

  it('refuses a cross-origin log-in too (login CSRF)', async () => {
    const response = await t.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'a@example.com', password: 'whatever1' }),
    });
    expect(response.status).toBe(403);
  });
});

describe('personal API tokens', () => {
  it('are shown once, authenticate as Bearer without an Origin, and stop working when revoked', async () => {
    const { email, ip } = fresh();
    const { cookie, user } = await signUp(email, ip);
    const created = await send('POST', '/api/auth/tokens', { name: 'CI deploys' }, { cookie });
    expect(created.status).toBe(201);
    const token = (await created.json()) as { id: string; token: string; name: string };
    expect(token.token).toMatch(/^pbt_[a-z2-9]{24}\.[a-z2-9]{24}$/);
    const [stored] = await t.db.sql`select secret_hash from api_tokens where id = ${token.id}`;
    expect(Buffer.from(stored?.secret_hash as Buffer).toString('utf8')).not.toContain(
      token.token.split('.')[1] ?? '',
    );

    const listed = await get('/api/auth/tokens', { cookie });
    expect(await listed.json()).toEqual([
      { id: token.id, name: 'CI deploys', createdAt: expect.any(String), lastUsedAt: null },
    ]);

    const bearer = { authorization: `Bearer ${token.token}` };
    const me = await get('/api/auth/user', bearer);
    expect(await me.json()).toMatchObject({ id: user.id });
    // Bearer requests are exempt from the Origin check.
    const noOrigin = await t.app.request('/api/auth/tokens', {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'second' }),
    });
    expect(noOrigin.status).toBe(201);
    const [used] = await t.db.sql`select last_used_at from api_tokens where id = ${token.id}`;
    expect(used?.last_used_at).not.toBeNull();

    expect((await send('DELETE', `/api/auth/tokens/${token.id}`, {}, { cookie })).status).toBe(204);
    const revoked = await get('/api/auth/user', bearer);
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toEqual({
      message: 'Invalid or revoked token',
      code: 'UNAUTHENTICATED',
    });
    expect((await send('DELETE', `/api/auth/tokens/${token.id}`, {}, { cookie })).status).toBe(404);
  });

  it("cannot revoke another user's token", async () => {
    const a = await signUp(fresh().email, fresh().ip);
    const b = await signUp(fresh().email, fresh().ip);
    const created = (await (
      await send('POST', '/api/auth/tokens', { name: 'mine' }, { cookie: a.cookie })
    ).json()) as { id: string };
    expect(
      (await send('DELETE', `/api/auth/tokens/${created.id}`, {}, { cookie: b.cookie })).status,
    ).toBe(404);
    expect(await (await get('/api/auth/tokens', { cookie: b.cookie })).json()).toEqual([]);
  });

  it('rejects a malformed Authorization header', async () => {
    const response = await get('/api/auth/user', { authorization: 'Basic abc' });
    expect(response.status).toBe(401);
  });
});

describe('password change', () => {
  it('needs the current password, and signs out every other session', async () => {
    const { email, ip } = fresh();
    const { cookie } = await signUp(email, ip);
    const other = sessionCookie(
      await postFrom(ip, '/api/auth/login', { email, password: 'correct horse' }),
    );

    // A token minted before the change (by the owner or by a thief) must not survive it.
    const minted = (await (
      await send('POST', '/api/auth/tokens', { name: 'before' }, { cookie })
    ).json()) as { token: string };
    const wrong = await send(
      'PUT',
      '/api/auth/password',
      { currentPassword: 'not it at all', newPassword: 'battery staple' },
      { cookie },
    );
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({
      message: 'Current password is incorrect',
      code: 'WRONG_PASSWORD',
    });
    const short = await send(
      'PUT',
      '/api/auth/password',
      { currentPassword: 'correct horse', newPassword: 'short' },
      { cookie },
    );
    expect(short.status).toBe(400);

    const ok = await send(
      'PUT',
      '/api/auth/password',
      { currentPassword: 'correct horse', newPassword: 'battery staple' },
      { cookie },
    );
    expect(ok.status).toBe(204);
    expect((await get('/api/auth/user', { cookie })).status).toBe(200);
    expect((await get('/api/auth/user', { cookie: other })).status).toBe(401);
    expect((await get('/api/auth/user', { authorization: `Bearer ${minted.token}` })).status).toBe(
      401,
    );
    expect(
      (await postFrom(ip, '/api/auth/login', { email, password: 'battery staple' })).status,
    ).toBe(200);
    expect(
      (await postFrom(ip, '/api/auth/login', { email, password: 'correct horse' })).status,
    ).toBe(401);
  });

  it('is rate-limited', async () => {
    const { email, ip } = fresh();
    const { cookie } = await signUp(email, ip);
    let last = 0;
    for (let i = 0; i < 6; i++) {
      last = (
        await send(
          'PUT',
          '/api/auth/password',
          { currentPassword: `wrong ${i}`, newPassword: 'battery staple' },
          { cookie, 'x-forwarded-for': ip },
        )
      ).status;
    }
    expect(last).toBe(429);
  });
});

describe('account deletion', () => {
  it('needs the password, then removes everything the account owned', async () => {
    const { email, ip } = fresh();
    const { cookie, user } = await signUp(email, ip);
    await send('POST', '/api/auth/tokens', { name: 'one' }, { cookie });
    await t.db
      .sql`insert into oauth_accounts (provider, provider_user_id, user_id) values ('google', ${`sub-${user.id}`}, ${user.id})`;

    expect(
      (await send('DELETE', '/api/auth/account', { password: 'wrong one' }, { cookie })).status,
    ).toBe(403);
    expect((await send('DELETE', '/api/auth/account', {}, { cookie })).status).toBe(403);
    const deleted = await send(
      'DELETE',
      '/api/auth/account',
      { password: 'correct horse' },
      { cookie },
    );
    expect(deleted.status).toBe(204);

    for (const table of ['users', 'sessions', 'api_tokens', 'oauth_accounts']) {
      const column = table === 'users' ? 'id' : 'user_id';
      const [left] = await t.db
        .sql`select count(*)::int as n from ${t.db.sql(table)} where ${t.db.sql(column)} = ${user.id}`;
      expect({ table, n: left?.n }).toEqual({ table, n: 0 });
    }
    // The audit trail stays, detached from the deleted user.
    const trail = await t.db
      .sql`select action, user_id from audit_log where target = ${user.id} and action = 'account_delete'`;
    expect(trail).toEqual([{ action: 'account_delete', user_id: null }]);
    expect((await get('/api/auth/user', { cookie })).status).toBe(401);
    expect(
      (await postFrom(ip, '/api/auth/login', { email, password: 'correct horse' })).status,
    ).toBe(401);
  });
});

describe('audit log', () => {
  it('records sign-up, log-in, failed log-in, log-out, password change and tokens', async () => {
    const { email, ip } = fresh();
    const { cookie, user } = await signUp(email, ip);
    await postFrom(ip, '/api/auth/login', { email, password: 'nope nope' });
    await postFrom(ip, '/api/auth/login', { email, password: 'correct horse' });
    const from = { cookie, 'x-forwarded-for': ip };
    const created = await send('POST', '/api/auth/tokens', { name: 't' }, from);
    const token = (await created.json()) as { id: string };
    await send('DELETE', `/api/auth/tokens/${token.id}`, {}, from);
    const newPassword = { currentPassword: 'correct horse', newPassword: 'battery staple' };
    await send('PUT', '/api/auth/password', newPassword, from);
    await t.app.request('/api/auth/logout', {
      method: 'POST',
      headers: { ...from, origin: TEST_ORIGIN },
    });

    const rows = await t.db
      .sql`select action, ip from audit_log where user_id = ${user.id} order by id`;
    expect(rows.map((row) => row.action)).toEqual([
      'signup',
      'login_failed',
      'login',
      'token_create',
      'token_revoke',
      'password_change',
      'logout',
    ]);
    expect(rows.every((row) => row.ip === ip)).toBe(true);
  });
});
