// rate_limits: fixed-window counters shared by every API replica (ADR 007, ADR 014). One
// atomic upsert per attempt: a key's first point opens a window of `durationMs`; points
// add up until the window ends, then the next point opens a new one. The table's layout
// (key, points, expire in epoch milliseconds) is the one 0001_accounts.sql created.
import { createHash } from 'node:crypto';
import type { Sql } from './client.ts';

export interface RateLimiterOptions {
  /** Keeps one limit's keys apart from another's, e.g. 'login_ip'. */
  keyPrefix: string;
  /** Points allowed per window. */
  points: number;
  durationSeconds: number;
}

/** A key's window after the call. */
export interface RateLimitState {
  consumedPoints: number;
  /** Until the window ends and the points are forgotten. */
  msBeforeNext: number;
}

export interface RateLimiter {
  readonly points: number;
  /** Adds one point; `allowed` is false once the points exceed the limit. */
  consume(key: string): Promise<RateLimitState & { allowed: boolean }>;
  /** Adds one point without asking whether it is allowed (e.g. a failed log-in). */
  penalty(key: string): Promise<RateLimitState>;
  /** The key's current window, or null when it has none. */
  get(key: string): Promise<RateLimitState | null>;
  /** Forgets the key (e.g. after a successful log-in). */
  reset(key: string): Promise<void>;
}

const KEY_MAX_LENGTH = 255;

// The database's clock, so that replicas with skewed clocks agree on a window's end.
const NOW_MS = 'floor(extract(epoch from clock_timestamp()) * 1000)::bigint';

export function createRateLimiter(sql: Sql, options: RateLimiterOptions): RateLimiter {
  const durationMs = options.durationSeconds * 1000;
  // rate_limits.key is varchar(255): a longer key (a 254-character email after its prefix) is
  // kept as its SHA-256, still one key per value, never a failed insert.
  const fullKey = (key: string) => {
    const plain = `${options.keyPrefix}:${key}`;
    if (plain.length <= KEY_MAX_LENGTH) return plain;
    return `${options.keyPrefix}:sha256:${createHash('sha256').update(key).digest('hex')}`;
  };

  const addPoint = async (key: string): Promise<RateLimitState> => {
    const [row] = await sql<{ points: number; ms_left: string }[]>`
      with now as (select ${sql.unsafe(NOW_MS)} as ms)
      insert into rate_limits as r (key, points, expire)
      select ${fullKey(key)}, 1, now.ms + ${durationMs} from now
      on conflict (key) do update set
        points = case when r.expire <= (select ms from now) then 1 else r.points + 1 end,
        expire = case when r.expire <= (select ms from now) then excluded.expire else r.expire end
      returning points, expire - (select ms from now) as ms_left`;
    if (!row) throw new Error('rate limit upsert returned no row');
    return { consumedPoints: row.points, msBeforeNext: Number(row.ms_left) };
  };

  return {
    points: options.points,
    consume: async (key) => {
      const state = await addPoint(key);
      return { ...state, allowed: state.consumedPoints <= options.points };
    },
    penalty: addPoint,
    get: async (key) => {
      const [row] = await sql<{ points: number; ms_left: string }[]>`
        select points, expire - ${sql.unsafe(NOW_MS)} as ms_left from rate_limits
        where key = ${fullKey(key)} and expire > ${sql.unsafe(NOW_MS)}`;
      return row ? { consumedPoints: row.points, msBeforeNext: Number(row.ms_left) } : null;
    },
    reset: async (key) => {
      await sql`delete from rate_limits where key = ${fullKey(key)}`;
    },
  };
}
