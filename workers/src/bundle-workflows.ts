import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode, type WorkflowBundleWithSourceMap } from '@temporalio/worker';

/**
 * Bundles workflows/src/workflows.ts once per process, before the worker polls,
 * so no task waits on webpack (temporalio/samples-typescript "production").
 */
export async function bundleWorkflows(): Promise<WorkflowBundleWithSourceMap> {
  const workflowsPath = fileURLToPath(import.meta.resolve('@patchbay/workflows/workflows'));
  return bundleWorkflowCode({ workflowsPath, logger: quietBundlerLogger });
}

// The bundler logs every step at info level; only problems are worth a line.
const quietBundlerLogger = {
  log: () => {},
  trace: () => {},
  debug: () => {},
  info: () => {},
  warn: (message: string) => console.warn(message),
  error: (message: string) => console.error(message),
};
