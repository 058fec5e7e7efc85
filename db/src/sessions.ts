// sessions and api_tokens: only the SHA-256 of a token's secret is stored (ADR 007). The
// token format, renewal policy and secret comparison live in api/src/auth/.
import type { TApiToken } from '@patchbay/schema';
import type { Sql } from './client.ts';
import type { UserRow } from './users.ts';

/** A `sessions` row as postgres.js returns it. */
export interface SessionRow {
  id: string;
  secret_hash: Buffer;
  user_id: string;
  created_at: Date;
  expires_at: Date;
}

/** An `api_tokens` row as postgres.js returns it. */
export interface ApiTokenRow {
  id: string;
  user_id: string;
  name: string;
  secret_hash: Buffer;
  created_at: Date;
  last_used_at: Date | null;
}

/** The API's view of a token: never its secret or hash. */
export function toApiToken(row: ApiTokenRow): TApiToken {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

export async function insertSession(
  sql: Sql,
  session: { id: string; secretHash: Buffer; userId: string; expiresAt: Date },
): Promise<SessionRow> {
  const [row] = await sql<SessionRow[]>`
    insert into sessions (id, secret_hash, user_id, expires_at)
    values (${session.id}, ${session.secretHash}, ${session.userId}, ${session.expiresAt})
    returning *`;
  if (!row) throw new Error('insert into sessions returned no row');
  return row;
}

/** The session with this id and its user, in one query. */
export async function findSessionWithUser(
  sql: Sql,
  sessionId: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [row] = await sql<
    (UserRow & { session_secret_hash: Buffer; session_created_at: Date; expires_at: Date })[]
  >`
    select u.*, s.secret_hash as session_secret_hash, s.created_at as session_created_at, s.expires_at
    from sessions s join users u on u.id = s.user_id
    where s.id = ${sessionId}`;
  if (!row) return undefined;
  const { session_secret_hash, session_created_at, expires_at, ...user } = row;
  return {
    session: {
      id: sessionId,
      secret_hash: session_secret_hash,
      user_id: user.id,
      created_at: session_created_at,
      expires_at,
    },
    user,
  };
}

export async function renewSession(sql: Sql, sessionId: string, expiresAt: Date): Promise<void> {
  await sql`update sessions set expires_at = ${expiresAt} where id = ${sessionId}`;
}

export async function deleteSession(sql: Sql, sessionId: string): Promise<void> {
  await sql`delete from sessions where id = ${sessionId}`;
}

export async function insertApiToken(
  sql: Sql,
  token: { id: string; userId: string; name: string; secretHash: Buffer },
): Promise<ApiTokenRow> {
  const [row] = await sql<ApiTokenRow[]>`
    insert into api_tokens (id, user_id, name, secret_hash)
    values (${token.id}, ${token.userId}, ${token.name}, ${token.secretHash})
    returning *`;
  if (!row) throw new Error('insert into api_tokens returned no row');
  return row;
}

export async function listApiTokensOfUser(sql: Sql, userId: string): Promise<ApiTokenRow[]> {
  return sql<ApiTokenRow[]>`
    select * from api_tokens where user_id = ${userId} order by created_at desc`;
}

/** True when the token existed and belonged to the user. */
export async function deleteApiToken(sql: Sql, userId: string, tokenId: string): Promise<boolean> {
  const rows = await sql`
    delete from api_tokens where id = ${tokenId} and user_id = ${userId} returning id`;
  return rows.length > 0;
}

/** The API token with this id and its user, in one query. */
export async function findApiTokenWithUser(
  sql: Sql,
  tokenId: string,
): Promise<{ token: ApiTokenRow; user: UserRow } | undefined> {
  const [row] = await sql<
    (UserRow & {
      token_name: string;
      token_secret_hash: Buffer;
      token_created_at: Date;
      last_used_at: Date | null;
    })[]
  >`
    select u.*, t.name as token_name, t.secret_hash as token_secret_hash,
           t.created_at as token_created_at, t.last_used_at
    from api_tokens t join users u on u.id = t.user_id
    where t.id = ${tokenId}`;
  if (!row) return undefined;
  const { token_name, token_secret_hash, token_created_at, last_used_at, ...user } = row;
  return {
    token: {
      id: tokenId,
      user_id: user.id,
      name: token_name,
      secret_hash: token_secret_hash,
      created_at: token_created_at,
      last_used_at,
    },
    user,
  };
}

export async function touchApiToken(sql: Sql, tokenId: string): Promise<void> {
  await sql`update api_tokens set last_used_at = now() where id = ${tokenId}`;
}
