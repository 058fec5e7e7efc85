// Vitest global setup (ADR 005): one real PostgreSQL and one real Temporal dev
// server per test run, shared by every test file. Each file makes its own database
// (test-database.ts) and its own task queue, so files stay independent.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import type { TestProject } from 'vitest/node';
import { freePort } from '../lib/ports.ts';
import { startPostgres } from '../lib/postgres.ts';
import { dynamicConfigArgs } from '../lib/temporal-dynamic-config.ts';
import { temporalCliPath } from './temporal-cli.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the `postgres` database on the shared test server; create your own from it. */
    databaseAdminUrl: string;
    temporalAddress: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'patchbay-test-pg-'));
  const postgres = await startPostgres({
    dataDir: path.join(dataDir, 'postgres'),
    port: await freePort(),
    database: 'postgres',
  });
  // @temporalio/testing drives the bootstrapped Temporal CLI (no download).
  const temporal = await TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'existing-path', path: temporalCliPath() },
      ip: '127.0.0.1',
      port: await freePort(),
      extraArgs: ['--log-level', 'error', ...dynamicConfigArgs()],
    },
  });

  project.provide('databaseAdminUrl', postgres.url);
  project.provide('temporalAddress', temporal.address);

  return async () => {
    await temporal.teardown();
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
