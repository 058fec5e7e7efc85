import type { PruneResult } from '@patchbay/workflows';
import { pruneExpiredRows, type Sql } from '@patchbay/db';

/** RETENTION_DAYS (run logs 90 days, audit logs 1 year), plus expired sessions and counters. */
export function createPruneRetention(deps: { sql: Sql }) {
  return async function pruneRetention(): Promise<PruneResult> {
    return pruneExpiredRows(deps.sql);
  };
}
