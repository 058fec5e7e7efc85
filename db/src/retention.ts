// The retention policy (spec §9), applied daily by the pruneRetention workflow: execution
// logs 90 days, audit logs 1 year, plus expired sessions and ended rate-limit windows.
import type { TPruneResult } from '@patchbay/schema';
import type { Sql } from './client.ts';

export async function pruneExpiredRows(sql: Sql): Promise<TPruneResult> {
  const runs = await sql`delete from runs where started_at < now() - interval '90 days'`;
  const auditRows = await sql`delete from audit_log where at < now() - interval '1 year'`;
  const sessions = await sql`delete from sessions where expires_at < now()`;
  const rateLimits = await sql`
    delete from rate_limits
    where expire is not null and expire < floor(extract(epoch from clock_timestamp()) * 1000)`;
  return {
    runs: runs.count,
    auditRows: auditRows.count,
    sessions: sessions.count,
    rateLimits: rateLimits.count,
  };
}
