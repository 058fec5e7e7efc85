// Makes Temporal's schedules match the database (DESIGN.md §5): creates missing ones,
// fixes paused state and interval, removes orphans. Runs at API start and every few
// minutes, so a crash between the database write and the Temporal call heals itself.
import type { Client } from '@temporalio/client';
import { SCHEDULE_PREFIX } from '@patchbay/workflows';
import { findScheduledIntegration, listDeployedIntegrations, type Sql } from '@patchbay/db';
import { deleteSchedule, describeSchedule, syncSchedule } from './schedules.ts';

export interface ReconcileReport {
  created: number;
  fixed: number;
  removed: number;
}

export async function reconcileSchedules(deps: {
  sql: Sql;
  temporal: Client;
  taskQueue: string;
}): Promise<ReconcileReport> {
  const report: ReconcileReport = { created: 0, fixed: 0, removed: 0 };
  const deployed = await listDeployedIntegrations(deps.sql);
  const wanted = new Set(deployed.map((integration) => integration.id));

  for (const integration of deployed) {
    const actual = await describeSchedule(deps.temporal, integration.id);
    const paused = integration.status === 'paused';
    const everyMs = integration.schedule.everyMinutes * 60_000;
    if (actual && actual.paused === paused && actual.everyMs === everyMs) continue;
    // Act on the row as it is now: a user may have paused, resumed or deleted it meanwhile.
    const current = await findScheduledIntegration(deps.sql, integration.id);
    if (!current) continue;
    await syncSchedule(deps.temporal, deps.taskQueue, current);
    if (actual) report.fixed += 1;
    else report.created += 1;
  }

  // Listing is eventually consistent, which is fine for finding orphans.
  for await (const schedule of deps.temporal.schedule.list()) {
    if (!schedule.scheduleId.startsWith(SCHEDULE_PREFIX)) continue;
    const integrationId = schedule.scheduleId.slice(SCHEDULE_PREFIX.length);
    if (wanted.has(integrationId)) continue;
    // Deployed after our snapshot? Then it is not an orphan.
    const current = await findScheduledIntegration(deps.sql, integrationId);
    if (current && current.status !== 'draft') continue;
    await deleteSchedule(deps.temporal, integrationId);
    report.removed += 1;
  }
  return report;
}
