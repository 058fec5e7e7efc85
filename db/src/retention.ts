// The retention policy, applied daily by the pruneRetention workflow: execution logs and audit
// logs for RETENTION_DAYS (schema/src/limits.ts), plus expired sessions and ended rate-limit
// windows.
import { RETENTION_DAYS, type TPruneResult } from '@patchbay/schema';
import type { Sql } from './client.ts';
import { pruneWebhookEvents } from './webhook-events.ts';
import { pruneAlerts } from './notifications.ts';
import { pruneStaleRunsInFlight } from './runs-in-flight.ts';

export async function pruneExpiredRows(sql: Sql): Promise<TPruneResult> {
  const runs = await sql`
    delete from runs where started_at < now() - make_interval(days => ${RETENTION_DAYS.runLogs})`;
  const auditRows = await sql`
    delete from audit_log where at < now() - make_interval(days => ${RETENTION_DAYS.auditLog})`;
  // A run's attempts go with it; spent or expired reset links are of no use.
  await sql`
    delete from run_attempts where started_at < now() - make_interval(days => ${RETENTION_DAYS.runLogs})`;
  await pruneStaleRunsInFlight(sql);
  await sql`delete from password_resets where used_at is not null or expires_at < now()`;
  // Webhook deliveries keep their bodies as long as run logs.
  await pruneWebhookEvents(sql);
  // Alerts quote a run's error: they are kept as long as run logs.
  await pruneAlerts(sql);
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
