// "Forgot password?": the mail reaches a real SMTP server on loopback, the link
// works once and for 30 minutes, and the answer never says whether an account exists.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordReset } from '@patchbay/db';
import {
  createTestApp,
  createTestUser,
  postJson,
  type TestApp,
} from '../../../scripts/test-support/test-app.ts';
import {
  startLoopbackSmtp,
  type LoopbackSmtp,
} from '../../../scripts/test-support/loopback-smtp.ts';
import { createMailer, type Mailer } from '../auth/mailer.ts';

const FROM = 'Patchbay <patchbay@example.com>';
let smtp: LoopbackSmtp;
let mailer: Mailer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  mailer = createMailer({ url: smtp.url, from: FROM });
  t = await createTestApp({ mailer });
});
afterAll(async () => {
  mailer.close();
  await t.close();
  await smtp.close();
});

let ipCounter = 0;
function post(path: string, body: unknown) {
  ipCounter += 1;
  return postJson(t.app, path, body, { 'x-forwarded-for': `10.77.0.${ipCounter}` });
}

async function mailsTo(email: string, count: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = smtp.received.filter((mail) => mail.to.includes(email));
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`no mail to ${email} after 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function tokenIn(text: string): string {
  const link = /http:\/\/localhost\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!link?.[1]) throw new Error(`no reset link in:\n${text}`);
  return link[1];
}

describe('forgot password', () => {
  it('mails a link that sets a new password once and signs out every session', async () => {
    const user = await createTestUser(t);
    expect((await t.app.request('/api/auth/password-reset')).status).toBe(200);
    expect(await (await t.app.request('/api/auth/password-reset')).json()).toEqual({
      emailConfigured: true,
    });

    const asked = await post('/api/auth/password-reset/request', {
      email: user.email.toUpperCase(),
    });
    expect(asked.status).toBe(202);
    const [mail] = await mailsTo(user.email, 1);
    expect(mail?.raw).toMatch(/^From: Patchbay <patchbay@example\.com>/m);
    expect(mail?.raw).toMatch(/^Subject: Reset your Patchbay password/m);
    expect(mail?.text).toContain('within 30 minutes');
    const token = tokenIn(mail?.text ?? '');

    const reset = await post('/api/auth/password-reset/confirm', {
      token,
      newPassword: 'a brand new password',
    });
    expect(reset.status).toBe(204);
    // The session the user had is gone; the old password no longer works, the new one does.
    expect((await user.request('GET', '/api/auth/user')).status).toBe(401);
    const oldLogin = await post('/api/auth/login', {
      email: user.email,
      password: 'test password',
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await post('/api/auth/login', {
      email: user.email,
      password: 'a brand new password',
    });
    expect(newLogin.status).toBe(200);

    // Used once: the same link is refused.
    const again = await post('/api/auth/password-reset/confirm', {
      token,
      newPassword: 'yet another password',
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      code: 'INVALID_RESET_LINK',
      message: 'This reset link is invalid, used or expired. Ask for a new one.',
    });
    // Only the SHA-256 of the token is stored.
    const stored = await t.db.sql`select token_hash from password_resets`;
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('refuses an expired or unknown token, and a too-short password', async () => {
    const user = await createTestUser(t);
    const { token } = await createPasswordReset(
      t.db.sql,
      user.id,
      new Date(Date.now() - 31 * 60 * 1000),
    );
    const expired = await post('/api/auth/password-reset/confirm', {
      token,
      newPassword: 'a brand new password',
    });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ code: 'INVALID_RESET_LINK' });
    const unknown = await post('/api/auth/password-reset/confirm', {
      token: 'not-a-token',
      newPassword: 'a brand new password',
    });
    expect(unknown.status).toBe(400);
    // The user still signs in with the old password.
    expect((await user.request('GET', '/api/auth/user')).status).toBe(200);

    const fresh = await createPasswordReset(t.db.sql, user.id);
    const short = await post('/api/auth/password-reset/confirm', {
      token: fresh.token,
      newPassword: 'short',
    });
    expect(short.status).toBe(400);
    expect(JSON.stringify(await short.json())).toContain('Must be at least 8 characters');
  });

  it('answers 202 for an unknown email and sends nothing', async () => {
    const unknown = `nobody-${Date.now()}@example.com`;
    const asked = await post('/api/auth/password-reset/request', { email: unknown });
    expect(asked.status).toBe(202);
    expect(await asked.text()).toBe('');
    // A request for a real account afterwards arrives; by then the first one would have too.
    const user = await createTestUser(t);
    const before = smtp.received.length;
    await post('/api/auth/password-reset/request', { email: user.email });
    await mailsTo(user.email, 1);
    expect(smtp.received.slice(before).map((mail) => mail.to)).toEqual([[user.email]]);
    expect(smtp.received.some((mail) => mail.to.includes(unknown))).toBe(false);
  });

  it('refuses a malformed email, and limits requests per address', async () => {
    expect((await post('/api/auth/password-reset/request', { email: 'not an email' })).status).toBe(
      400,
    );
    const user = await createTestUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await post('/api/auth/password-reset/request', { email: user.email })).status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('without SMTP: says so, and a request answers 503 naming the operator', async () => {
    const configured = t.deps.auth.mailer;
    t.deps.auth.mailer = null;
    try {
      expect(await (await t.app.request('/api/auth/password-reset')).json()).toEqual({
        emailConfigured: false,
      });
      const asked = await post('/api/auth/password-reset/request', { email: 'a@example.com' });
      expect(asked.status).toBe(503);
      expect(await asked.json()).toMatchObject({
        code: 'MAIL_NOT_CONFIGURED',
        message: 'This server cannot send email. Ask its operator to reset your password.',
      });
    } finally {
      t.deps.auth.mailer = configured;
    }
  });

  it('npm run reset-password prints a one-time link that works once', async () => {
    const user = await createTestUser(t);
    const resetPassword = (...args: string[]) =>
      promisify(execFile)(
        process.execPath,
        [
          fileURLToPath(new URL('../../../scripts/ops/reset-password.ts', import.meta.url)),
          ...args,
        ],
        {
          env: {
            ...process.env,
            DATABASE_URL: t.db.url,
            APP_URL: 'http://localhost',
            // Ops scripts resolve the key ring as npm start does; this one does not use it.
            APP_ENCRYPTION_KEYS: `test:${t.deps.vault.keys.get('test')?.toString('base64')}`,
          },
        },
      );
    const printed = await resetPassword(user.email.toUpperCase());
    expect(printed.stdout).toContain(
      `Send this link to ${user.email}; it works once, within 30 minutes:`,
    );
    const token = tokenIn(printed.stdout);
    const confirm = () =>
      post('/api/auth/password-reset/confirm', { token, newPassword: 'set by the operator link' });
    expect((await confirm()).status).toBe(204);
    expect((await confirm()).status).toBe(400);
    expect(
      (await post('/api/auth/login', { email: user.email, password: 'set by the operator link' }))
        .status,
    ).toBe(200);

    await expect(resetPassword()).rejects.toMatchObject({
      code: 2,
      stderr: 'usage: npm run reset-password -- <email>\n',
    });
    await expect(resetPassword('nobody@example.com')).rejects.toMatchObject({
      code: 1,
      stderr: 'reset-password: no account with the email nobody@example.com\n',
    });
  });
});
