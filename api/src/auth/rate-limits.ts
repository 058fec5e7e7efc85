// Brute-force limits on log-in, sign-up and password change, per IP and per email,
// shared by every API replica through PostgreSQL (rate-limiter-flexible, ADR 007).
import pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../errors.ts';

export interface RateLimits {
  /** Every log-in attempt from one IP. */
  loginByIp: RateLimiterPostgres;
  /** Failed log-ins for one email, from anywhere; reset by a successful one. */
  loginFailuresByEmail: RateLimiterPostgres;
  signupByIp: RateLimiterPostgres;
  passwordChangeByUser: RateLimiterPostgres;
  /** Code generations per user: each can cost an LLM call. */
  generateByUser: RateLimiterPostgres;
  /** Test runs and "Run now" per user: each is a workflow and a sandbox run. */
  runsByUser: RateLimiterPostgres;
  close(): Promise<void>;
}

/** `scale` multiplies every allowance; end-to-end tests raise it (AUTH_RATE_LIMIT_SCALE). */
export function createRateLimits(databaseUrl: string, scale = 1): RateLimits {
  // rate-limiter-flexible speaks the `pg` driver; a small pool of its own is enough.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const limiter = (keyPrefix: string, points: number, durationSeconds: number) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true, // schema/migrations/0001_accounts.sql
      clearExpiredByTimeout: false,
      keyPrefix,
      points: points * scale,
      duration: durationSeconds,
    });
  return {
    loginByIp: limiter('login_ip', 30, 15 * 60),
    loginFailuresByEmail: limiter('login_email', 10, 15 * 60),
    signupByIp: limiter('signup_ip', 10, 60 * 60),
    passwordChangeByUser: limiter('password_user', 5, 15 * 60),
    generateByUser: limiter('generate_user', 60, 60 * 60),
    runsByUser: limiter('runs_user', 240, 60 * 60),
    close: () => pool.end(),
  };
}

/** Spends one point, or throws 429 with Retry-After once the limit is reached. */
export async function consume(limiter: RateLimiterPostgres, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooMany(error);
    throw error;
  }
}

/** Throws 429 if `key` is already over the limit, without spending a point. */
export async function assertNotBlocked(limiter: RateLimiterPostgres, key: string): Promise<void> {
  const state = await limiter.get(key);
  if (state && state.consumedPoints >= limiter.points) throw tooMany(state);
}

function tooMany(state: RateLimiterRes): ApiError {
  const seconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
  return new ApiError(429, 'RATE_LIMITED', `Too many attempts. Try again in ${wait}.`, undefined, {
    'Retry-After': String(seconds),
  });
}
