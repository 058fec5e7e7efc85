// Worker process entry: parse env, bundle workflows, poll the task queue until
// SIGINT/SIGTERM, then finish in-flight tasks and exit (Temporal's default shutdown).
import { Runtime, DefaultLogger } from '@temporalio/worker';
import { EnvError } from '@patchbay/schema/env';
import { loadWorkerEnv } from './env.ts';
import { bundleWorkflows } from './bundle-workflows.ts';
import { connectToTemporal, createWorker } from './create-worker.ts';

async function main(): Promise<void> {
  const env = loadWorkerEnv();
  Runtime.install({ logger: new DefaultLogger('WARN') });
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
  });
  console.log(
    `worker polling task queue "${env.TEMPORAL_TASK_QUEUE}" on ${env.TEMPORAL_ADDRESS} (namespace ${env.TEMPORAL_NAMESPACE})`,
  );
  await worker.run();
  await connection.close();
  console.log('worker stopped');
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
