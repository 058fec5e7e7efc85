import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode, type WorkflowBundleWithSourceMap } from '@temporalio/worker';

/**
 * Bundles workflows/src/workflows.ts once per process, before the worker polls,
 * so no task waits on webpack (temporalio/samples-typescript "production").
 *
 * webpack runs in a short-lived child process (this file, run as a script): bundling grows a
 * process's heap by about 150 MiB, which V8 keeps after the bundle is done. The worker would
 * otherwise carry it for its whole life.
 */
export async function bundleWorkflows(): Promise<WorkflowBundleWithSourceMap> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
    // The bundler's warnings and errors reach the worker's own stderr.
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`bundling the workflows failed (exit code ${code})`);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as WorkflowBundleWithSourceMap;
}

function bundleInThisProcess(): Promise<WorkflowBundleWithSourceMap> {
  const workflowsPath = fileURLToPath(import.meta.resolve('@patchbay/workflows/workflows'));
  return bundleWorkflowCode({
    workflowsPath,
    failureConverterPath: FAILURE_CONVERTER_PATH,
    logger: quietBundlerLogger,
  });
}

/** Failures with their message and stack encrypted by the payload codec (ADR 009). */
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

// Run as a script by bundleWorkflows(): the bundle goes to stdout as JSON.
if (import.meta.main) {
  const bundle = await bundleInThisProcess();
  process.stdout.write(JSON.stringify({ code: bundle.code, sourceMap: bundle.sourceMap }));
}
