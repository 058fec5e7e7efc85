import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode, type WorkflowBundleWithSourceMap } from '@temporalio/worker';

/**
 * Bundles workflows/src/workflows.ts once per process, before the worker polls,
 * so no task waits on webpack (temporalio/samples-typescript "production").
 */
export async function bundleWorkflows(): Promise<WorkflowBundleWithSourceMap> {
  const workflowsPath = fileURLToPath(import.meta.resolve('@patchbay/workflows/workflows'));
  return bundleWorkflowCode({
    workflowsPath,
    failureConverterPath: FAILURE_CONVERTER_PATH,
    logger: quietBundlerLogger,
  });
}

/** Failures with their message and stack encrypted by the payload codec (issue 20). */
export const FAILURE_CONVERTER_PATH = fileURLToPath(
  import.meta.resolve('@patchbay/workflows/failure-converter'),
);

// The bundler logs every step at info level; only problems are worth a line.
const quietBundlerLogger = {
  log: () => {},
  trace: () => {},
  debug: () => {},
  info: () => {},
  warn: (message: string) => console.warn(message),
  error: (message: string) => console.error(message),
};
