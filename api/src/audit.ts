import type { Sql } from './db/client.ts';

/** Everything the audit log records (issue "Accounts"; kept 1 year, spec §9). */
export type AuditAction =
  | 'signup'
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'password_change'
  | 'token_create'
  | 'token_revoke'
  | 'account_delete';

export async function audit(
  sql: Sql,
  entry: { userId: string | null; action: AuditAction; target?: string | null; ip: string },
): Promise<void> {
  await sql`
    insert into audit_log (user_id, action, target, ip)
    values (${entry.userId}, ${entry.action}, ${entry.target ?? null}, ${entry.ip})`;
}
