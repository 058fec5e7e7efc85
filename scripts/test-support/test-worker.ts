import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { DefaultLogger, Runtime, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { bundleWorkflows } from '../../workers/src/bundle-workflows.ts';
import { connectToTemporal, createWorker } from '../../workers/src/create-worker.ts';

// Worker state changes at INFO level drown the test output; problems still show.
Runtime.install({ logger: new DefaultLogger('WARN') });

let bundle: Promise<WorkflowBundleWithSourceMap> | undefined;

export interface TestWorker {
  taskQueue: string;
  stop(): Promise<void>;
}

/**
 * A real worker on the shared test Temporal, polling its own task queue so test files
 * never take each other's tasks. The workflow bundle is built once per test file.
 */
export async function startTestWorker(): Promise<TestWorker> {
  bundle ??= bundleWorkflows();
  const taskQueue = `test-${randomUUID()}`;
  const connection = await connectToTemporal({ address: inject('temporalAddress'), tls: false });
  const worker = await createWorker({
    connection,
    namespace: 'default',
    taskQueue,
    workflowBundle: await bundle,
  });
  const running = worker.run();
  return {
    taskQueue,
    stop: async () => {
      worker.shutdown();
      await running;
      await connection.close();
    },
  };
}
