import type { Client } from '@temporalio/client';
import type { Sql } from './db/client.ts';

/** What route handlers may use; built once in main.ts, or by a test. */
export interface AppDeps {
  sql: Sql;
  temporal: Client;
  taskQueue: string;
  /** Bound on how long a request waits for its workflow (DESIGN.md §4). */
  workflowWaitMs: number;
  /** Absolute path of the built console, or null to serve the API alone. */
  webDistDir: string | null;
}
