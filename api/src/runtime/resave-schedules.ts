// ADR 009 "Payload codec": a Schedule stores its start arguments encrypted with the key that
// was active when it was saved. After a key rotation, `npm run rotate-keys` saves every
// Schedule again, so its arguments are sealed with the new key and the old key can go.
import type { Client } from '@temporalio/client';
import { findScheduledIntegration, listDeployedIntegrations, type Sql } from '@patchbay/db';
import { syncSchedule } from './schedules.ts';

/** Saves every deployed integration's Schedule again (through the codec); returns how many. */
export async function resaveSchedules(deps: {
  sql: Sql;
  temporal: Client;
  taskQueue: string;
}): Promise<number> {
  let saved = 0;
  for (const { id } of await listDeployedIntegrations(deps.sql)) {
    // The row as it is now: a user may have paused or deleted it since the list was read.
    const current = await findScheduledIntegration(deps.sql, id);
    if (!current) continue;
    await syncSchedule(deps.temporal, deps.taskQueue, current);
    saved += 1;
  }
  return saved;
}
