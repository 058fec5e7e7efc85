import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createApp } from '../../api/src/app.ts';
import type { AppDeps } from '../../api/src/app-deps.ts';
import type { GoogleAuth } from '../../api/src/auth/google.ts';
import { createRateLimits } from '../../api/src/auth/rate-limits.ts';
import { createTemporalClient } from '../../api/src/temporal.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  db: TestDatabase;
  close(): Promise<void>;
}

/** The origin `app.request('/path')` is addressed to; mutating requests must send it. */
export const TEST_ORIGIN = 'http://localhost';

/**
 * The real Hono app on a fresh database and the shared test Temporal, for `app.request()`.
 * X-Forwarded-For is trusted, so tests choose the caller's IP.
 */
export async function createTestApp(
  overrides: Partial<Omit<AppDeps, 'auth'>> & { google?: GoogleAuth | null } = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  const temporal = createTemporalClient({
    address: inject('temporalAddress'),
    namespace: 'default',
    tls: false,
  });
  const webDistDir = mkdtempSync(path.join(os.tmpdir(), 'patchbay-web-dist-'));
  writeFileSync(
    path.join(webDistDir, 'index.html'),
    '<!doctype html><title>Patchbay test console</title>',
  );
  const deps: AppDeps = {
    sql: db.sql,
    temporal,
    taskQueue: 'no-worker-polls-this-queue',
    workflowWaitMs: 30_000,
    webDistDir,
    ...overrides,
    auth: {
      appUrl: new URL(TEST_ORIGIN),
      secureCookies: false,
      trustProxy: true,
      google: overrides.google ?? null,
      rateLimits: createRateLimits(db.url),
    },
  };
  return {
    app: createApp(deps),
    deps,
    db,
    close: async () => {
      await temporal.connection.close();
      await deps.auth.rateLimits.close();
      await db.drop();
      rmSync(webDistDir, { recursive: true, force: true });
    },
  };
}

export function postJson(
  app: TestApp['app'],
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return app.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
