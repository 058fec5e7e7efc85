// users and oauth_accounts (schema/migrations/0001_accounts.sql, 0002 for the slot counter).
import type { TPlan, TUser, TUserRole } from '@patchbay/schema';
import type { Queryable, Sql } from './client.ts';

/** A `users` row as postgres.js returns it. */
export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  plan: TPlan;
  /** Operators see Temporal links and may use its codec endpoint (0006_operator-role.sql). */
  role: TUserRole;
  /** Free-plan slots taken in the account's lifetime (ADR 010); deleting does not free one. */
  integrations_created: number;
  /**
   * Moves with every write the integrations list would show (0014, ADR 027): the API serves
   * its kept list while this is unchanged. int8, so postgres.js returns a string.
   */
  integrations_revision: string;
  created_at: Date;
}

export function toUser(row: UserRow): TUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    plan: row.plan,
    role: row.role,
    hasPassword: row.password_hash !== null,
    createdAt: row.created_at.toISOString(),
  };
}

export async function findUserByEmail(sql: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`select * from users where lower(email) = lower(${email})`;
  return row;
}

export async function findUserById(sql: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`select * from users where id = ${id}`;
  return row;
}

/**
 * Returns undefined when the email is taken (case-insensitively). The first account of an
 * installation becomes its operator; two sign-ups racing on an empty database could
 * both be, which only the installation's first minute can see and `npm run set-role` undoes.
 */
export async function insertUser(
  sql: Queryable,
  user: {
    email: string;
    passwordHash: string | null;
    firstName?: string | null;
    lastName?: string | null;
  },
): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    insert into users (email, password_hash, first_name, last_name, role)
    values (
      ${user.email}, ${user.passwordHash}, ${user.firstName || null}, ${user.lastName || null},
      case when exists (select 1 from users) then 'user' else 'operator' end
    )
    on conflict ((lower(email))) do nothing
    returning *`;
  return row;
}

/** The account's email after the change, or undefined when no account has that email. */
export async function setPlanByEmail(
  sql: Sql,
  email: string,
  plan: TPlan,
): Promise<string | undefined> {
  const [row] = await sql<{ email: string }[]>`
    update users set plan = ${plan} where lower(email) = lower(${email}) returning email`;
  return row?.email;
}

/** The account's email after the change, or undefined when no account has that email. */
export async function setRoleByEmail(
  sql: Sql,
  email: string,
  role: TUserRole,
): Promise<string | undefined> {
  const [row] = await sql<{ email: string }[]>`
    update users set role = ${role} where lower(email) = lower(${email}) returning email`;
  return row?.email;
}

/**
 * A new password, and everyone else signed in as this user (a thief included) signed out:
 * their other sessions and every API token go, in one transaction with the change.
 */
export async function changePassword(
  sql: Sql,
  userId: string,
  passwordHash: string,
  keepSessionId: string | null,
): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`update users set password_hash = ${passwordHash} where id = ${userId}`;
    await tx`delete from sessions where user_id = ${userId} and id is distinct from ${keepSessionId}`;
    await tx`delete from api_tokens where user_id = ${userId}`;
  });
}

/** The ids of the account's integrations (their schedules go before the account does). */
export async function listIntegrationIdsOfUser(sql: Sql, userId: string): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`select id from integrations where user_id = ${userId}`;
  return rows.map((row) => row.id);
}

/**
 * Removes everything an account owns in one transaction: its integrations (with their
 * versions, state and runs), API tokens, sessions and Google links, then the user. Audit
 * rows stay, detached from the user (the policy keeps them a year).
 */
export async function deleteUserAndData(sql: Sql, userId: string): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`delete from integrations where user_id = ${userId}`;
    await tx`delete from api_tokens where user_id = ${userId}`;
    await tx`delete from sessions where user_id = ${userId}`;
    await tx`delete from oauth_accounts where user_id = ${userId}`;
    await tx`delete from users where id = ${userId}`;
  });
}

/** The user linked to this provider account, if any. */
export async function findUserByOAuthAccount(
  sql: Sql,
  provider: 'google',
  providerUserId: string,
): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    select u.* from oauth_accounts o join users u on u.id = o.user_id
    where o.provider = ${provider} and o.provider_user_id = ${providerUserId}`;
  return row;
}

/**
 * The provider has proven who owns the email, so a password set by whoever registered the
 * address first ("pre-hijacking") goes, with every session and API token it could have made.
 */
export async function dropPasswordAndSignOut(sql: Sql, userId: string): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`update users set password_hash = null where id = ${userId}`;
    await tx`delete from sessions where user_id = ${userId}`;
    await tx`delete from api_tokens where user_id = ${userId}`;
  });
}

export async function linkOAuthAccount(
  sql: Sql,
  provider: 'google',
  providerUserId: string,
  userId: string,
): Promise<void> {
  await sql`
    insert into oauth_accounts (provider, provider_user_id, user_id)
    values (${provider}, ${providerUserId}, ${userId})
    on conflict do nothing`;
}
