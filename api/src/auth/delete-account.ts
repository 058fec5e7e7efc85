import type { AppDeps } from '../app-deps.ts';
import { deleteScheduleOrLeaveToReconciler } from '../runtime/schedule-sync.ts';

/**
 * Removes everything an account owns, leaving nothing orphaned: the integrations' Temporal
 * schedules, then the integrations (with their versions, state and runs), API tokens,
 * sessions and Google links, then the user. Audit rows stay, detached from the user, for
 * the retention the policy states.
 */
export async function deleteAccount(deps: AppDeps, userId: string): Promise<void> {
  const integrations = await deps.sql<
    { id: string }[]
  >`select id from integrations where user_id = ${userId}`;
  for (const { id } of integrations) await deleteScheduleOrLeaveToReconciler(deps, id);
  await deps.sql.begin(async (tx) => {
    await tx`delete from integrations where user_id = ${userId}`;
    await tx`delete from api_tokens where user_id = ${userId}`;
    await tx`delete from sessions where user_id = ${userId}`;
    await tx`delete from oauth_accounts where user_id = ${userId}`;
    await tx`delete from users where id = ${userId}`;
  });
}
