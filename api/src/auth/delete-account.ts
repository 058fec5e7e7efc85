import { deleteUserAndData, listIntegrationIdsOfUser } from '@patchbay/db';
import type { AppDeps } from '../app-deps.ts';
import { deleteScheduleOrLeaveToReconciler } from '../runtime/schedule-sync.ts';

/**
 * Removes everything an account owns, leaving nothing orphaned: the integrations' Temporal
 * schedules first (a Temporal outage leaves them to the reconciler), then, in one
 * transaction, the account's rows (deleteUserAndData). Audit rows stay.
 */
export async function deleteAccount(deps: AppDeps, userId: string): Promise<void> {
  for (const id of await listIntegrationIdsOfUser(deps.sql, userId)) {
    await deleteScheduleOrLeaveToReconciler(deps, id);
  }
  await deleteUserAndData(deps.sql, userId);
}
