// Worker process entry: parse env, bundle workflows, poll the task queue until
// SIGINT/SIGTERM, then finish in-flight tasks and exit (Temporal's default shutdown).
import { Runtime, DefaultLogger } from '@temporalio/worker';
import { EnvError } from '@patchbay/schema/env';
import { collectWhenIdle } from '@patchbay/schema/idle-collector';
import { parseKeyRing, VaultError } from '@patchbay/schema/vault';
import { checkVaultKeys, createSql, migrate } from '@patchbay/db';
import { migrationsDir } from '@patchbay/schema/migrations-dir';
import { bundleWorkflows } from './bundle-workflows.ts';
import { connectToTemporal, createWorker } from './create-worker.ts';
import { loadWorkerEnv } from './env.ts';
import { createGenerator } from '@patchbay/generator';
import { SandboxPool } from './sandbox/index.ts';

async function main(): Promise<void> {
  const env = loadWorkerEnv();
  // Before the workflow sandbox exists: its contexts must not see the gc() this makes.
  collectWhenIdle();
  const vault = parseKeyRing(env.APP_ENCRYPTION_KEYS);
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const sql = createSql(env.DATABASE_URL, { max: 10, applicationName: 'patchbay-worker' });
  // The worker and the API both migrate, so either may start first on an empty database
  // (npm start starts them together); the runner's advisory lock applies each migration once.
  // Without this, a worker that won the race crashed on a missing table and was restarted.
  await migrate(sql, migrationsDir);
  // A wrong key would surface later as decrypt failures that mark integrations failed: refuse
  // to poll instead, as the API refuses to start.
  await checkVaultKeys(sql, vault);
  const sandbox = new SandboxPool({ size: env.SANDBOX_POOL_SIZE, warm: env.SANDBOX_POOL_WARM });
  const generator = createGenerator(env);
  const workflowBundle = await bundleWorkflows();
  const connection = await connectToTemporal({
    address: env.TEMPORAL_ADDRESS,
    tls: env.TEMPORAL_TLS,
    apiKey: env.TEMPORAL_API_KEY,
  });
  const worker = await createWorker({
    connection,
    namespace: env.TEMPORAL_NAMESPACE,
    taskQueue: env.TEMPORAL_TASK_QUEUE,
    workflowBundle,
    maxConcurrentActivities: env.WORKER_MAX_CONCURRENT_ACTIVITIES,
    deps: {
      sql,
      vault,
      sandbox,
      generator,
      allowPrivateNetwork: env.SANDBOX_ALLOW_PRIVATE_NETWORK,
      alerts: {
        smtp: env.SMTP_URL && env.SMTP_FROM ? { url: env.SMTP_URL, from: env.SMTP_FROM } : null,
        // The API's default too (api/src/auth/auth-config.ts).
        appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
        temporalUi: { baseUrl: env.TEMPORAL_UI_URL, namespace: env.TEMPORAL_NAMESPACE },
      },
    },
  });
  console.log(
    `worker polling task queue "${env.TEMPORAL_TASK_QUEUE}" on ${env.TEMPORAL_ADDRESS} (namespace ${env.TEMPORAL_NAMESPACE}); code generation: ${generator.kind}`,
  );
  await worker.run();
  await Promise.all([connection.close(), sandbox.close(), sql.end({ timeout: 5 })]);
  console.log('worker stopped');
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError || error instanceof VaultError ? error.message : error);
  process.exit(1);
});
