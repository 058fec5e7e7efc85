// audit_log (kept 1 year, RETENTION_DAYS.auditLog; pruned by pruneRetention in retention.ts).
import type { Sql } from './client.ts';

/** Everything the audit log records. */
export type AuditAction =
  | 'signup'
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'password_change'
  | 'password_reset_request'
  | 'password_reset'
  | 'token_create'
  | 'token_revoke'
  | 'account_delete';

export interface AuditEntry {
  userId: string | null;
  action: AuditAction;
  target?: string | null;
  ip: string;
}

export async function insertAuditEntry(sql: Sql, entry: AuditEntry): Promise<void> {
  await sql`
    insert into audit_log (user_id, action, target, ip)
    values (${entry.userId}, ${entry.action}, ${entry.target ?? null}, ${entry.ip})`;
}
