import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/test-database.ts';
import { createRateLimiter } from './rate-limits.ts';
import { pruneExpiredRows } from './retention.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('the fixed-window rate limiter', () => {
  it('allows `points` per window, then refuses with the time left', async () => {
    const limiter = createRateLimiter(db.sql, { keyPrefix: 'a', points: 3, durationSeconds: 60 });
    const states = [];
    for (let i = 0; i < 4; i += 1) states.push(await limiter.consume('10.0.0.1'));
    expect(states.map((state) => state.allowed)).toEqual([true, true, true, false]);
    expect(states.map((state) => state.consumedPoints)).toEqual([1, 2, 3, 4]);
    const last = states[3];
    expect(last?.msBeforeNext).toBeGreaterThan(55_000);
    expect(last?.msBeforeNext).toBeLessThanOrEqual(60_000);
    // Another key, and the same key under another limit, have windows of their own.
    expect((await limiter.consume('10.0.0.2')).allowed).toBe(true);
    const other = createRateLimiter(db.sql, { keyPrefix: 'b', points: 1, durationSeconds: 60 });
    expect((await other.consume('10.0.0.1')).allowed).toBe(true);
  });

  it('counts parallel attempts exactly (one atomic upsert each)', async () => {
    const limiter = createRateLimiter(db.sql, { keyPrefix: 'p', points: 5, durationSeconds: 60 });
    const states = await Promise.all(Array.from({ length: 12 }, () => limiter.consume('k')));
    expect(states.filter((state) => state.allowed)).toHaveLength(5);
    expect(states.map((state) => state.consumedPoints).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
  });

  it('penalty adds a point, get reads without spending, reset forgets', async () => {
    const limiter = createRateLimiter(db.sql, { keyPrefix: 'e', points: 2, durationSeconds: 60 });
    expect(await limiter.get('who@example.com')).toBeNull();
    await limiter.penalty('who@example.com');
    await limiter.penalty('who@example.com');
    expect(await limiter.get('who@example.com')).toMatchObject({ consumedPoints: 2 });
    expect(await limiter.get('who@example.com')).toMatchObject({ consumedPoints: 2 });
    await limiter.reset('who@example.com');
    expect(await limiter.get('who@example.com')).toBeNull();
  });

  it('counts a key longer than the column (a 254-character email) as its hash, apart from others', async () => {
    const limiter = createRateLimiter(db.sql, {
      keyPrefix: 'login_email',
      points: 1,
      durationSeconds: 60,
    });
    const long = `${'a'.repeat(64)}@${'b'.repeat(180)}.example`;
    const longer = `${'a'.repeat(64)}@${'c'.repeat(180)}.example`;
    expect((await limiter.consume(long)).allowed).toBe(true);
    expect((await limiter.consume(long)).allowed).toBe(false);
    expect((await limiter.consume(longer)).allowed).toBe(true);
    await limiter.reset(long);
    expect(await limiter.get(long)).toBeNull();
    expect(await limiter.get(longer)).toMatchObject({ consumedPoints: 1 });
  });

  it('opens a new window once the old one ended, and pruning removes ended windows', async () => {
    const limiter = createRateLimiter(db.sql, { keyPrefix: 'w', points: 1, durationSeconds: 1 });
    expect((await limiter.consume('k')).allowed).toBe(true);
    expect((await limiter.consume('k')).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await limiter.get('k')).toBeNull();
    const fresh = await limiter.consume('k');
    expect(fresh).toMatchObject({ allowed: true, consumedPoints: 1 });

    await limiter.consume('ended');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const pruned = await pruneExpiredRows(db.sql);
    expect(pruned.rateLimits).toBeGreaterThanOrEqual(2);
    const [left] = await db.sql`select count(*)::int as n from rate_limits where key like 'w:%'`;
    expect(left?.n).toBe(0);
  });
});
