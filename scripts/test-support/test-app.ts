import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createApp } from '../../api/src/app.ts';
import type { AppDeps } from '../../api/src/app-deps.ts';
import type { GoogleAuth } from '../../api/src/auth/google.ts';
import type { Mailer } from '../../api/src/auth/mailer.ts';
import { createRateLimits } from '../../api/src/auth/rate-limits.ts';
import { generateKeyEntry, parseKeyRing } from '@patchbay/schema/vault';
import { createTemporalClient } from '../../api/src/temporal.ts';
import { startWebhookOutbox } from '../../api/src/runtime/webhook-outbox.ts';
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
  overrides: Partial<Omit<AppDeps, 'auth'>> & {
    google?: GoogleAuth | null;
    temporalAddress?: string;
    /** Password-reset mail; tests point one at a loopback SMTP server. */
    mailer?: Mailer | null;
    /** False: no webhook outbox runs, so accepted deliveries stay queued (ADR 047). */
    drainWebhooks?: boolean;
  } = {},
): Promise<TestApp> {
  const {
    google = null,
    temporalAddress,
    mailer = null,
    drainWebhooks = true,
    ...depOverrides
  } = overrides;
  const db = await createTestDatabase();
  const vault = depOverrides.vault ?? parseKeyRing(generateKeyEntry('test'));
  // The product's client, payload codec included: the test workers decrypt with the same ring.
  const temporal = createTemporalClient({
    address: temporalAddress ?? inject('temporalAddress'),
    namespace: 'default',
    tls: false,
    keyRing: vault,
  });
  const webDistDir = mkdtempSync(path.join(os.tmpdir(), 'patchbay-web-dist-'));
  writeFileSync(
    path.join(webDistDir, 'index.html'),
    '<!doctype html><title>Patchbay test console</title>',
  );
  const taskQueue = depOverrides.taskQueue ?? 'no-worker-polls-this-queue';
  const outbox = drainWebhooks ? startWebhookOutbox({ sql: db.sql, temporal, taskQueue }) : null;
  const deps: AppDeps = {
    sql: db.sql,
    temporal,
    vault,
    taskQueue,
    webhookOutbox: outbox ?? { wake: () => {} },
    temporalUi: { baseUrl: 'http://localhost:8233', namespace: 'default' },
    workflowWaitMs: 30_000,
    webDistDir,
    // Tests' OAuth providers listen on loopback.
    allowPrivateNetwork: true,
    ...depOverrides,
    auth: {
      appUrl: new URL(TEST_ORIGIN),
      secureCookies: false,
      trustProxy: true,
      google,
      rateLimits: createRateLimits(db.url),
      mailer,
    },
  };
  return {
    app: createApp(deps),
    deps,
    db,
    close: async () => {
      await outbox?.stop();
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

let userCounter = 0;

export interface TestUser {
  id: string;
  email: string;
  cookie: string;
  /** A request as this user, with the app's Origin and a JSON body when given. */
  request(method: string, url: string, body?: unknown): Promise<Response>;
}

/** Signs a new user up through the API (real argon2, real session). */
export async function createTestUser(
  t: TestApp,
  options: { plan?: 'free' | 'pro' } = {},
): Promise<TestUser> {
  userCounter += 1;
  const email = `user${userCounter}-${process.pid}-${Date.now()}@example.com`;
  const response = await postJson(
    t.app,
    '/api/auth/signup',
    { email, password: 'test password' },
    { 'x-forwarded-for': `10.200.${userCounter % 250}.1` },
  );
  if (response.status !== 201)
    throw new Error(`signup failed: ${response.status} ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  const cookie = (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  if (options.plan) await t.db.sql`update users set plan = ${options.plan} where id = ${id}`;
  return {
    id,
    email,
    cookie,
    request: async (method, url, body) =>
      t.app.request(url, {
        method,
        headers: {
          cookie,
          origin: TEST_ORIGIN,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined
          ? {}
          : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      }),
  };
}
