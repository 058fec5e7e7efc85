import type { AppDeps } from '../app-deps.ts';

/**
 * Removes everything an account owns, leaving nothing orphaned: its API tokens, sessions
 * and Google links, then the user. (Integrations, their Temporal schedules, versions,
 * state and runs join this list with the integrations issue, removed first.) Audit rows
 * stay, detached from the user, for the retention the policy states.
 */
export async function deleteAccount(deps: Pick<AppDeps, 'sql'>, userId: string): Promise<void> {
  await deps.sql.begin(async (tx) => {
    await tx`delete from api_tokens where user_id = ${userId}`;
    await tx`delete from sessions where user_id = ${userId}`;
    await tx`delete from oauth_accounts where user_id = ${userId}`;
    await tx`delete from users where id = ${userId}`;
  });
}
