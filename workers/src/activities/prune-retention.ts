import type { PruneResult } from '@patchbay/workflows';
import type postgres from 'postgres';

/** Policy (spec §9): execution logs kept 90 days, audit logs 1 year; plus expired sessions and counters. */
export function createPruneRetention(deps: { sql: postgres.Sql }) {
  return async function pruneRetention(): Promise<PruneResult> {
    const runs = await deps.sql`delete from runs where started_at < now() - interval '90 days'`;
    const auditRows = await deps.sql`delete from audit_log where at < now() - interval '1 year'`;
    const sessions = await deps.sql`delete from sessions where expires_at < now()`;
    const rateLimits =
      await deps.sql`delete from rate_limits where expire is not null and expire < ${Date.now()}`;
    return {
      runs: runs.count,
      auditRows: auditRows.count,
      sessions: sessions.count,
      rateLimits: rateLimits.count,
    };
  };
}
