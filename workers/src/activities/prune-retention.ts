import type { PruneResult } from '@patchbay/workflows';
import { pruneExpiredRows, type Sql } from '@patchbay/db';

/** Policy (spec §9): execution logs kept 90 days, audit logs 1 year; plus expired sessions and counters. */
export function createPruneRetention(deps: { sql: Sql }) {
  return async function pruneRetention(): Promise<PruneResult> {
    return pruneExpiredRows(deps.sql);
  };
}
