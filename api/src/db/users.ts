import type { TUser } from '@patchbay/schema';
import type { Sql } from './client.ts';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  plan: 'free' | 'pro';
  created_at: Date;
}

export function toUser(row: UserRow): TUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    plan: row.plan,
    hasPassword: row.password_hash !== null,
    createdAt: row.created_at.toISOString(),
  };
}

export async function findUserByEmail(sql: Sql, email: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`select * from users where lower(email) = lower(${email})`;
  return row;
}

export async function findUserById(sql: Sql, id: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`select * from users where id = ${id}`;
  return row;
}

/** Returns undefined when the email is taken (case-insensitively). */
export async function insertUser(
  sql: Sql,
  user: {
    email: string;
    passwordHash: string | null;
    firstName?: string | null;
    lastName?: string | null;
  },
): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    insert into users (email, password_hash, first_name, last_name)
    values (${user.email}, ${user.passwordHash}, ${user.firstName || null}, ${user.lastName || null})
    on conflict ((lower(email))) do nothing
    returning *`;
  return row;
}
