import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { KeyRing } from '@patchbay/schema/vault';
import { DefaultLogger, Runtime, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { createSql } from '@patchbay/db';
import { bundleWorkflows } from '../../workers/src/bundle-workflows.ts';
import { connectToTemporal, createWorker } from '../../workers/src/create-worker.ts';
import { createGenerator, type GeneratorEnv, type Generator } from '@patchbay/generator';
import { SandboxPool } from '../../workers/src/sandbox/index.ts';
import type { AlertSettings } from '../../workers/src/activities/send-alert.ts';

// Worker state changes and expected activity failures drown the test output.
Runtime.install({ logger: new DefaultLogger('ERROR') });

let bundle: Promise<WorkflowBundleWithSourceMap> | undefined;

export interface TestWorker {
  taskQueue: string;
  sandbox: SandboxPool;
  stop(): Promise<void>;
}

/**
 * A real worker on the shared test Temporal, polling its own task queue so test files
 * never take each other's tasks, with a real sandbox pool and the test's database. The
 * workflow bundle is built once per test file.
 */
export async function startTestWorker(options: {
  databaseUrl: string;
  vault: KeyRing;
  generator?: Generator;
  /** OPENAI_* settings for the real generator, e.g. a loopback fake provider's base URL. */
  generatorEnv?: GeneratorEnv;
  taskQueue?: string;
  /** Where alerts go (a loopback SMTP server); default: no mail. */
  alerts?: AlertSettings;
}): Promise<TestWorker> {
  bundle ??= bundleWorkflows();
  const taskQueue = options.taskQueue ?? `test-${randomUUID()}`;
  const connection = await connectToTemporal({ address: inject('temporalAddress'), tls: false });
  const sql = createSql(options.databaseUrl, { max: 5 });
  const sandbox = new SandboxPool({ size: 1 });
  const worker = await createWorker({
    connection,
    namespace: 'default',
    taskQueue,
    workflowBundle: await bundle,
    deps: {
      sql,
      vault: options.vault,
      sandbox,
      generator: options.generator ?? createGenerator(options.generatorEnv ?? {}),
      // The tests' third-party APIs are HTTP servers on loopback.
      allowPrivateNetwork: true,
      alerts: options.alerts ?? {
        smtp: null,
        appUrl: 'http://localhost:3000',
        temporalUi: { baseUrl: 'http://localhost:8233', namespace: 'default' },
      },
    },
  });
  const running = worker.run();
  return {
    taskQueue,
    sandbox,
    stop: async () => {
      worker.shutdown();
      await running;
      await Promise.all([connection.close(), sandbox.close(), sql.end({ timeout: 5 })]);
    },
  };
}
