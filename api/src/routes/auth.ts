// /api/auth: sign-up, log-in, log-out, the current user, Google sign-in, personal API
// tokens, password change and account deletion.
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  ZApiToken,
  ZChangePasswordRequest,
  ZCreateApiTokenRequest,
  ZCreatedApiToken,
  ZDeleteAccountRequest,
  ZLoginRequest,
  ZPasswordResetAvailability,
  ZPasswordResetConfirm,
  ZPasswordResetRequest,
  ZSignupRequest,
  ZUser,
  type TGoogleSignInError,
} from '@patchbay/schema';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../app-env.ts';
import { deleteAccount } from '../auth/delete-account.ts';
import { createApiToken, listApiTokens } from '../auth/api-tokens.ts';
import { clearSessionCookie, setSessionCookie } from '../auth/cookies.ts';
import type { GoogleIdentity } from '../auth/google.ts';
import type { Mailer } from '../auth/mailer.ts';
import { resetPasswordLink } from '../auth/reset-link.ts';
import { currentUser, currentUserId, requireAuth } from '../auth/middleware.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { assertNotBlocked, consume } from '../auth/rate-limits.ts';
import { createSession } from '../auth/sessions.ts';
import {
  changePassword,
  createPasswordReset,
  deleteApiToken,
  deleteSession,
  dropPasswordAndSignOut,
  findUserByEmail,
  findUserByOAuthAccount,
  insertAuditEntry as audit,
  insertUser,
  linkOAuthAccount,
  resetPasswordWithToken,
  toUser,
  type Sql,
  type UserRow,
} from '@patchbay/db';
import { ApiError, mailNotConfigured } from '../errors.ts';
import { empty, errors, json, SIGNED_IN } from '../route-docs.ts';
import { jsonBody } from '../validate.ts';

const GOOGLE_COOKIE_PATH = '/api/auth/google';
const GOOGLE_STATE_COOKIE = 'patchbay_google_state';
const GOOGLE_VERIFIER_COOKIE = 'patchbay_google_verifier';
/** How recent a Google sign-in must be to confirm deleting a Google-only account. */
const RECENT_LOGIN_MS = 10 * 60 * 1000;

export function authRoutes(deps: AppDeps) {
  const { sql } = deps;
  const { rateLimits, secureCookies } = deps.auth;

  return new Hono<AppEnv>()
    .post(
      '/signup',
      describeRoute({
        summary: 'Create an account and sign in',
        responses: {
          201: json('The new user; sets the session cookie', ZUser),
          ...errors(403, 409, 413, 429),
        },
      }),
      jsonBody(ZSignupRequest),
      async (c) => {
        const body = c.req.valid('json');
        await consume(rateLimits.signupByIp, c.get('ip'));
        const passwordHash = await hashPassword(body.password);
        const user = await insertUser(sql, { ...body, passwordHash });
        if (!user)
          throw new ApiError(409, 'EMAIL_TAKEN', 'An account with this email already exists');
        const { token, session } = await createSession(sql, user.id);
        setSessionCookie(c, token, session, secureCookies);
        await audit(sql, { userId: user.id, action: 'signup', ip: c.get('ip') });
        return c.json(toUser(user), 201);
      },
    )

    .post(
      '/login',
      describeRoute({
        summary: 'Sign in with email and password',
        responses: {
          200: json('The user; sets the session cookie', ZUser),
          ...errors(401, 403, 429),
        },
      }),
      jsonBody(ZLoginRequest),
      async (c) => {
        const { email, password } = c.req.valid('json');
        const emailKey = email.toLowerCase();
        await assertNotBlocked(rateLimits.loginFailuresByEmail, emailKey);
        await consume(rateLimits.loginByIp, c.get('ip'));
        const user = await findUserByEmail(sql, email);
        // An unknown email still costs one argon2 verification: same message, similar timing.
        const passwordOk = await verifyPassword(user?.password_hash ?? null, password);
        if (!user || !passwordOk) {
          await rateLimits.loginFailuresByEmail.penalty(emailKey);
          await audit(sql, {
            userId: user?.id ?? null,
            action: 'login_failed',
            target: emailKey,
            ip: c.get('ip'),
          });
          throw new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');
        }
        await rateLimits.loginFailuresByEmail.reset(emailKey);
        const { token, session } = await createSession(sql, user.id);
        setSessionCookie(c, token, session, secureCookies);
        await audit(sql, { userId: user.id, action: 'login', ip: c.get('ip') });
        return c.json(toUser(user));
      },
    )

    .post(
      '/logout',
      describeRoute({
        summary: 'Sign out (idempotent)',
        responses: { 204: empty('Signed out; clears the cookie') },
      }),
      async (c) => {
        const auth = c.get('auth');
        if (auth?.sessionId) {
          await deleteSession(sql, auth.sessionId);
          await audit(sql, { userId: auth.user.id, action: 'logout', ip: c.get('ip') });
        }
        clearSessionCookie(c, secureCookies);
        return c.body(null, 204);
      },
    )

    .get(
      '/user',
      describeRoute({
        summary: 'The signed-in user',
        security: SIGNED_IN,
        responses: { 200: json('The user', ZUser), ...errors(401) },
      }),
      requireAuth,
      (c) => c.json(toUser(currentUser(c))),
    )

    .get(
      '/google',
      describeRoute({
        summary: 'Start Google sign-in (browser redirect)',
        responses: { 302: empty('To Google, or to /login?error=google_not_configured') },
      }),
      async (c) => {
        const google = deps.auth.google;
        if (!google) return c.redirect(loginError('google_not_configured'));
        const { url, state, codeVerifier } = await google.start();
        const cookie = {
          httpOnly: true,
          sameSite: 'Lax' as const,
          secure: secureCookies,
          path: GOOGLE_COOKIE_PATH,
          maxAge: 600,
        };
        setCookie(c, GOOGLE_STATE_COOKIE, state, cookie);
        setCookie(c, GOOGLE_VERIFIER_COOKIE, codeVerifier, cookie);
        return c.redirect(url);
      },
    )

    .get(
      '/google/callback',
      describeRoute({
        summary: 'Google sign-in callback (browser redirect)',
        responses: { 302: empty('To /dashboard, or to /login?error=<code>') },
      }),
      async (c) => {
        const google = deps.auth.google;
        if (!google) return c.redirect(loginError('google_not_configured'));
        const state = getCookie(c, GOOGLE_STATE_COOKIE);
        const codeVerifier = getCookie(c, GOOGLE_VERIFIER_COOKIE);
        for (const name of [GOOGLE_STATE_COOKIE, GOOGLE_VERIFIER_COOKIE]) {
          deleteCookie(c, name, { path: GOOGLE_COOKIE_PATH, secure: secureCookies });
        }
        if (c.req.query('error')) return c.redirect(loginError('google_denied'));
        if (!state || !codeVerifier || c.req.query('state') !== state) {
          return c.redirect(loginError('google_state_mismatch'));
        }
        let identity: GoogleIdentity;
        try {
          // Rebuilt from APP_URL: behind a proxy the request's own URL may not be the public one.
          const callbackUrl = new URL(
            `/api/auth/google/callback${new URL(c.req.url).search}`,
            deps.auth.appUrl,
          );
          identity = await google.finish(callbackUrl, { state, codeVerifier });
        } catch (error) {
          console.warn('Google sign-in failed:', error instanceof Error ? error.message : error);
          return c.redirect(loginError('google_failed'));
        }
        if (!identity.emailVerified) return c.redirect(loginError('google_email_unverified'));
        const user = await userForGoogleIdentity(sql, identity);
        const { token, session } = await createSession(sql, user.id);
        setSessionCookie(c, token, session, secureCookies);
        await audit(sql, { userId: user.id, action: 'login', target: 'google', ip: c.get('ip') });
        return c.redirect('/dashboard');
      },
    )

    .get(
      '/tokens',
      describeRoute({
        summary: 'List personal API tokens',
        security: SIGNED_IN,
        responses: { 200: json('Tokens, without secrets', z.array(ZApiToken)), ...errors(401) },
      }),
      requireAuth,
      async (c) => c.json(await listApiTokens(sql, currentUserId(c))),
    )

    .post(
      '/tokens',
      describeRoute({
        summary: 'Create a personal API token (shown once)',
        security: SIGNED_IN,
        responses: {
          201: json('The token, with its secret this once', ZCreatedApiToken),
          ...errors(401, 403),
        },
      }),
      requireAuth,
      jsonBody(ZCreateApiTokenRequest),
      async (c) => {
        const user = currentUser(c);
        const created = await createApiToken(sql, user.id, c.req.valid('json').name);
        await audit(sql, {
          userId: user.id,
          action: 'token_create',
          target: created.id,
          ip: c.get('ip'),
        });
        return c.json(created, 201);
      },
    )

    .delete(
      '/tokens/:id',
      describeRoute({
        summary: 'Revoke a personal API token',
        security: SIGNED_IN,
        responses: { 204: empty('Revoked'), ...errors(401, 403, 404) },
      }),
      requireAuth,
      async (c) => {
        const user = currentUser(c);
        const id = c.req.param('id');
        if (!(await deleteApiToken(sql, user.id, id)))
          throw new ApiError(404, 'NOT_FOUND', 'No such API token');
        await audit(sql, { userId: user.id, action: 'token_revoke', target: id, ip: c.get('ip') });
        return c.body(null, 204);
      },
    )

    .put(
      '/password',
      describeRoute({
        summary: 'Change the password (needs the current one)',
        security: SIGNED_IN,
        responses: {
          204: empty('Changed; other sessions are signed out'),
          ...errors(401, 403, 429),
        },
      }),
      requireAuth,
      jsonBody(ZChangePasswordRequest),
      async (c) => {
        const auth = c.get('auth');
        const user = currentUser(c);
        const { currentPassword, newPassword } = c.req.valid('json');
        await consume(rateLimits.passwordChangeByUser, user.id);
        await consume(rateLimits.passwordChangeByUser, `ip:${c.get('ip')}`);
        if (!user.password_hash) {
          throw new ApiError(
            400,
            'NO_PASSWORD',
            'This account signs in with Google and has no password to change',
          );
        }
        if (!(await verifyPassword(user.password_hash, currentPassword))) {
          throw new ApiError(403, 'WRONG_PASSWORD', 'Current password is incorrect');
        }
        // Everyone else signed in as this user (a thief included) is signed out, and the
        // API tokens go too (a thief could have minted one): one transaction with the change.
        const passwordHash = await hashPassword(newPassword);
        await changePassword(sql, user.id, passwordHash, auth?.sessionId ?? null);
        await audit(sql, { userId: user.id, action: 'password_change', ip: c.get('ip') });
        return c.body(null, 204);
      },
    )

    .get(
      '/password-reset',
      describeRoute({
        summary: 'Whether this server can mail password-reset links',
        responses: { 200: json('SMTP configured or not', ZPasswordResetAvailability) },
      }),
      (c) => c.json({ emailConfigured: Boolean(deps.auth.mailer) }),
    )

    .post(
      '/password-reset/request',
      describeRoute({
        summary: 'Mail a single-use password-reset link (30 minutes)',
        description:
          'Always 202, whether or not an account has this email, so it reveals no account; 503 ' +
          'MAIL_NOT_CONFIGURED when this server has no SMTP configured (an operator runs ' +
          '`npm run reset-password`).',
        responses: { 202: empty('Accepted'), ...errors(400, 429, 503) },
      }),
      jsonBody(ZPasswordResetRequest),
      async (c) => {
        const mailer = deps.auth.mailer;
        if (!mailer) {
          throw mailNotConfigured(
            'This server cannot send email. Ask its operator to reset your password.',
          );
        }
        const emailKey = c.req.valid('json').email.toLowerCase();
        // Limited like log-in: per IP, and per address so nobody floods an inbox.
        await consume(rateLimits.loginByIp, c.get('ip'));
        await consume(rateLimits.passwordResetByEmail, emailKey);
        const user = await findUserByEmail(sql, emailKey);
        await audit(sql, {
          userId: user?.id ?? null,
          action: 'password_reset_request',
          target: emailKey,
          ip: c.get('ip'),
        });
        if (user?.password_hash) {
          // Not awaited: the answer must not take longer when the account exists.
          void mailResetLink(deps, mailer, user).catch((error: unknown) => {
            console.error(
              'password-reset mail failed:',
              error instanceof Error ? error.message : error,
            );
          });
        }
        return c.body(null, 202);
      },
    )

    .post(
      '/password-reset/confirm',
      describeRoute({
        summary: 'Set a new password with a reset link; signs out every session',
        responses: { 204: empty('Changed; sign in with the new password'), ...errors(400, 429) },
      }),
      jsonBody(ZPasswordResetConfirm),
      async (c) => {
        const { token, newPassword } = c.req.valid('json');
        await consume(rateLimits.loginByIp, c.get('ip'));
        const passwordHash = await hashPassword(newPassword);
        const user = await resetPasswordWithToken(sql, token, passwordHash);
        if (!user) {
          throw new ApiError(
            400,
            'INVALID_RESET_LINK',
            'This reset link is invalid, used or expired. Ask for a new one.',
          );
        }
        await audit(sql, { userId: user.id, action: 'password_reset', ip: c.get('ip') });
        // The caller may hold a session of this user: it is gone from the database, clear it here too.
        clearSessionCookie(c, secureCookies);
        return c.body(null, 204);
      },
    )

    .delete(
      '/account',
      describeRoute({
        summary: 'Delete the account and everything it owns',
        security: SIGNED_IN,
        responses: { 204: empty('Deleted'), ...errors(401, 403) },
      }),
      requireAuth,
      jsonBody(ZDeleteAccountRequest),
      async (c) => {
        const auth = c.get('auth');
        const user = currentUser(c);
        const { password } = c.req.valid('json');
        if (user.password_hash) {
          if (!password || !(await verifyPassword(user.password_hash, password))) {
            throw new ApiError(
              403,
              'WRONG_PASSWORD',
              'Enter your current password to delete your account',
            );
          }
        } else if (
          !auth?.sessionCreatedAt ||
          Date.now() - auth.sessionCreatedAt.getTime() > RECENT_LOGIN_MS
        ) {
          throw new ApiError(
            403,
            'RECENT_LOGIN_REQUIRED',
            'Sign in with Google again, then delete your account within 10 minutes',
          );
        }
        await deleteAccount(deps, user.id);
        await audit(sql, {
          userId: null,
          action: 'account_delete',
          target: user.id,
          ip: c.get('ip'),
        });
        clearSessionCookie(c, secureCookies);
        return c.body(null, 204);
      },
    );
}

/** Mails a single-use link to /reset-password. */
async function mailResetLink(deps: AppDeps, mailer: Mailer, user: UserRow): Promise<void> {
  const { token } = await createPasswordReset(deps.sql, user.id);
  const link = resetPasswordLink(deps.auth.appUrl, token);
  await mailer.send({
    to: user.email,
    subject: 'Reset your Patchbay password',
    text:
      `Someone asked to reset the password of your Patchbay account (${user.email}).\n\n` +
      `Open this link within 30 minutes to choose a new one; it works once:\n${link}\n\n` +
      'If you did not ask, ignore this email: your password stays as it is.',
  });
}

function loginError(code: TGoogleSignInError): string {
  return `/login?error=${code}`;
}

/** The linked account, else the account with that verified email (linked now), else a new one. */
async function userForGoogleIdentity(sql: Sql, identity: GoogleIdentity): Promise<UserRow> {
  const existing = await findUserByOAuthAccount(sql, 'google', identity.subject);
  if (existing) return existing;
  const user =
    (await findUserByEmail(sql, identity.email)) ??
    (await insertUser(sql, {
      email: identity.email,
      passwordHash: null,
      firstName: identity.firstName,
      lastName: identity.lastName,
    })) ??
    // Someone signed up with this email a moment ago.
    (await findUserByEmail(sql, identity.email));
  if (!user) throw new Error(`Could not find or create the user for ${identity.email}`);
  if (user.password_hash) {
    // Sign-up does not verify email addresses, so a password on this account may have
    // been set by someone who registered the address first ("pre-hijacking"). Google
    // has now proven who owns it: drop that password and everything signed in with it.
    await dropPasswordAndSignOut(sql, user.id);
    user.password_hash = null;
  }
  await linkOAuthAccount(sql, 'google', identity.subject, user.id);
  return user;
}
