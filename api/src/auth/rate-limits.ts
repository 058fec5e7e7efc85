// Brute-force limits on log-in, sign-up and password change, per IP and per email, and
// cost limits on generation and runs: fixed windows in PostgreSQL, shared by every API
// replica (ADR 007; the limiter is @patchbay/db's createRateLimiter, ADR 014).
import { createRateLimiter, createSql, type RateLimiter, type RateLimitState } from '@patchbay/db';
import { ApiError } from '../errors.ts';

export interface RateLimits {
  /** Every log-in attempt from one IP. */
  loginByIp: RateLimiter;
  /** Failed log-ins for one email, from anywhere; reset by a successful one. */
  loginFailuresByEmail: RateLimiter;
  signupByIp: RateLimiter;
  passwordChangeByUser: RateLimiter;
  /** "Forgot password?" mails per email address, so nobody floods an inbox. */
  passwordResetByEmail: RateLimiter;
  /** Code generations per user: each can cost an LLM call. */
  generateByUser: RateLimiter;
  /** Test runs and "Run now" per user: each is a workflow and a sandbox run. */
  runsByUser: RateLimiter;
  /** Webhook deliveries per integration: each verified one may start a run. */
  webhooksByIntegration: RateLimiter;
  close(): Promise<void>;
}

/**
 * `scale` multiplies every allowance; end-to-end tests raise it (AUTH_RATE_LIMIT_SCALE).
 * The limits get a small pool of their own, so that log-in keeps its brute-force checks
 * even while slow queries hold the main pool. Its commits do not wait for the disk: every
 * delivery to one webhook updates the same counter row, whose lock would otherwise be held
 * through each commit's flush and cap a webhook near one delivery per flush (ADR 047). A
 * database crash can forget the last fraction of a second of points, nothing more.
 */
export function createRateLimits(databaseUrl: string, scale = 1): RateLimits {
  const sql = createSql(databaseUrl, {
    max: 2,
    applicationName: 'patchbay-rate-limits',
    durableCommits: false,
  });
  const limiter = (keyPrefix: string, points: number, durationSeconds: number) =>
    createRateLimiter(sql, { keyPrefix, points: points * scale, durationSeconds });
  return {
    loginByIp: limiter('login_ip', 30, 15 * 60),
    loginFailuresByEmail: limiter('login_email', 10, 15 * 60),
    signupByIp: limiter('signup_ip', 10, 60 * 60),
    passwordChangeByUser: limiter('password_user', 5, 15 * 60),
    passwordResetByEmail: limiter('reset_email', 5, 60 * 60),
    generateByUser: limiter('generate_user', 60, 60 * 60),
    runsByUser: limiter('runs_user', 240, 60 * 60),
    webhooksByIntegration: limiter('webhook_integration', 1200, 60),
    close: () => sql.end({ timeout: 5 }),
  };
}

/** Spends one point, or throws 429 with Retry-After once the limit is reached. */
export async function consume(limiter: RateLimiter, key: string): Promise<void> {
  const state = await limiter.consume(key);
  if (!state.allowed) throw tooMany(state);
}

/** Throws 429 if `key` is already over the limit, without spending a point. */
export async function assertNotBlocked(limiter: RateLimiter, key: string): Promise<void> {
  const state = await limiter.get(key);
  if (state && state.consumedPoints >= limiter.points) throw tooMany(state);
}

function tooMany(state: RateLimitState): ApiError {
  const seconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
  return new ApiError(429, 'RATE_LIMITED', `Too many attempts. Try again in ${wait}.`, undefined, {
    'Retry-After': String(seconds),
  });
}
