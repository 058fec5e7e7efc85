// API process entry: parse env, migrate, serve; stop cleanly on SIGINT/SIGTERM.
import type http from 'node:http';
import { serve } from '@hono/node-server';
import { migrationsDir } from '@patchbay/schema/migrations-dir';
import { EnvError } from '@patchbay/schema/env';
import { collectWhenIdle } from '@patchbay/schema/idle-collector';
import { parseKeyRing, VaultError } from '@patchbay/schema/vault';
import {
  checkVaultKeys,
  createSql,
  isConnectionError,
  migrate,
  MigrationError,
} from '@patchbay/db';
import { createApp } from './app.ts';
import { createAuthDeps } from './auth/auth-config.ts';
import { loadApiEnv } from './env.ts';
import { ensureHousekeepingSchedule } from './runtime/housekeeping.ts';
import { reconcileSchedules } from './runtime/reconcile-schedules.ts';
import { startWebhookOutbox } from './runtime/webhook-outbox.ts';
import { createTemporalClient } from './temporal.ts';

async function main(): Promise<void> {
  const env = loadApiEnv();
  collectWhenIdle();
  const sql = createSql(env.DATABASE_URL);
  const vault = parseKeyRing(env.APP_ENCRYPTION_KEYS);
  const applied = await migrate(sql, migrationsDir);
  if (applied.length > 0) console.log(`applied migrations: ${applied.join(', ')}`);
  await checkVaultKeys(sql, vault);

  const temporal = createTemporalClient({
    address: env.TEMPORAL_ADDRESS,
    namespace: env.TEMPORAL_NAMESPACE,
    tls: env.TEMPORAL_TLS,
    apiKey: env.TEMPORAL_API_KEY,
    keyRing: vault,
  });
  const webhookOutbox = startWebhookOutbox({ sql, temporal, taskQueue: env.TEMPORAL_TASK_QUEUE });
  const deps = {
    sql,
    temporal,
    vault,
    webhookOutbox,
    temporalUi: { baseUrl: env.TEMPORAL_UI_URL, namespace: env.TEMPORAL_NAMESPACE },
    taskQueue: env.TEMPORAL_TASK_QUEUE,
    workflowWaitMs: env.WORKFLOW_WAIT_MS,
    webDistDir: env.WEB_DIST_DIR,
    allowPrivateNetwork: env.SANDBOX_ALLOW_PRIVATE_NETWORK,
    auth: createAuthDeps(env),
  };
  const app = createApp(deps);

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }) as http.Server;
  // Node closes an idle keep-alive socket after 5 s, the same moment a pooling client (a reverse
  // proxy, a load balancer, Playwright's request context) may reuse it: the request then dies
  // with ECONNRESET. Outliving the clients' idle sockets makes the client the side that closes.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000; // Node requires it above keepAliveTimeout.
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE'
        ? `Port ${env.PORT} is already in use. Stop whatever listens there, or set PORT to another port.`
        : error,
    );
    process.exit(1);
  });
  server.on('listening', () => console.log(`api listening on http://${env.HOST}:${env.PORT}`));

  const shutdown = () => {
    server.close();
    // The outbox's pass under way finishes first; rows it did not reach stay queued for the next start.
    void webhookOutbox
      .stop()
      .then(() =>
        Promise.all([
          sql.end({ timeout: 5 }),
          temporal.connection.close(),
          deps.auth.rateLimits.close(),
        ]),
      )
      .finally(() => process.exit(0));
  };
  // Make Temporal match the database now and every few minutes (ADR 011).
  const reconcile = async () => {
    try {
      await ensureHousekeepingSchedule(temporal, env.TEMPORAL_TASK_QUEUE);
      const report = await reconcileSchedules(deps);
      if (report.created + report.fixed + report.removed > 0)
        console.log('schedules reconciled:', report);
    } catch (error) {
      console.warn(
        'schedule reconciliation failed; retrying later:',
        error instanceof Error ? error.message : error,
      );
    }
  };
  void reconcile();
  const reconciler = setInterval(() => void reconcile(), env.RECONCILE_INTERVAL_MS);
  reconciler.unref();

  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  const known =
    error instanceof EnvError || error instanceof MigrationError || error instanceof VaultError;
  if (isConnectionError(error)) {
    // One line, not a stack: the usual cause is PostgreSQL not running yet.
    console.error(
      `Cannot reach PostgreSQL (${String(error)}). Check that it runs and DATABASE_URL.`,
    );
  } else console.error(known ? (error as Error).message : error);
  process.exit(1);
});
