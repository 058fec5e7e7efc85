// Makes Temporal's schedules match the database (ADR 011): creates missing ones, fixes paused
// state and spec (interval or cron + zone), removes orphans (drafts, and webhook and manual
// triggers). Runs at API start and every few minutes, so a crash between the database write
// and the Temporal call heals itself.
import type { Client } from '@temporalio/client';
import { SCHEDULE_PREFIX } from '@patchbay/workflows';
import { findScheduledIntegration, listDeployedIntegrations, type Sql } from '@patchbay/db';
import {
  deleteSchedule,
  describeSchedule,
  scheduleMatches,
  scheduleOwner,
  syncSchedule,
  wantsSchedule,
} from './schedules.ts';

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
    const describedAt = new Date();
    const actual = await describeSchedule(deps.temporal, integration.id);
    if (actual && scheduleMatches(integration, actual, describedAt)) continue;
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
    // Another deployment's (its note names another task queue); older Schedules are ours.
    const owner = scheduleOwner(schedule.state.note);
    if (owner !== undefined && owner !== deps.taskQueue) continue;
    const integrationId = schedule.scheduleId.slice(SCHEDULE_PREFIX.length);
    if (wanted.has(integrationId)) continue;
    // Deployed after our snapshot? Then it is not an orphan.
    const current = await findScheduledIntegration(deps.sql, integrationId);
    if (current && wantsSchedule(current)) continue;
    await deleteSchedule(deps.temporal, integrationId);
    report.removed += 1;
  }
  return report;
}
