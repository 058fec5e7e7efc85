// Database sessions (Lucia's current guide): 30 days, renewed when less than 15 remain,
// so an active user stays signed in and an idle one is signed out after 30 days.
import type { Sql } from '../db/client.ts';
import type { UserRow } from '../db/users.ts';
import { newToken, secretMatches, splitToken } from './tokens.ts';

export const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_MS = SESSION_DAYS * DAY_MS;
const RENEW_WHEN_LEFT_MS = 15 * DAY_MS;

export interface Session {
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
}

export async function createSession(
  sql: Sql,
  userId: string,
): Promise<{ token: string; session: Session }> {
  const { id, token, secretHash } = newToken();
  const expiresAt = new Date(Date.now() + SESSION_MS);
  const [row] = await sql<{ created_at: Date }[]>`
    insert into sessions (id, secret_hash, user_id, expires_at)
    values (${id}, ${secretHash}, ${userId}, ${expiresAt})
    returning created_at`;
  return { token, session: { id, userId, createdAt: row?.created_at ?? new Date(), expiresAt } };
}

/**
 * The session and user of a token, or null. Expired sessions are deleted on sight;
 * `renewed` tells the caller to send the cookie again with the new expiry.
 */
export async function validateSessionToken(
  sql: Sql,
  token: string,
): Promise<{ session: Session; user: UserRow; renewed: boolean } | null> {
  const parts = splitToken(token);
  if (!parts) return null;
  const [row] = await sql<
    (UserRow & {
      session_id: string;
      secret_hash: Buffer;
      session_created_at: Date;
      expires_at: Date;
    })[]
  >`
    select u.*, s.id as session_id, s.secret_hash, s.created_at as session_created_at, s.expires_at
    from sessions s join users u on u.id = s.user_id
    where s.id = ${parts.id}`;
  if (!row || !secretMatches(parts.secret, row.secret_hash)) return null;
  if (row.expires_at.getTime() <= Date.now()) {
    await sql`delete from sessions where id = ${row.session_id}`;
    return null;
  }
  const session: Session = {
    id: row.session_id,
    userId: row.id,
    createdAt: row.session_created_at,
    expiresAt: row.expires_at,
  };
  let renewed = false;
  if (row.expires_at.getTime() - Date.now() < RENEW_WHEN_LEFT_MS) {
    session.expiresAt = new Date(Date.now() + SESSION_MS);
    await sql`update sessions set expires_at = ${session.expiresAt} where id = ${session.id}`;
    renewed = true;
  }
  const {
    session_id: _id,
    secret_hash: _hash,
    session_created_at: _created,
    expires_at: _expires,
    ...user
  } = row;
  return { session, user, renewed };
}

export async function invalidateSession(sql: Sql, sessionId: string): Promise<void> {
  await sql`delete from sessions where id = ${sessionId}`;
}

export async function invalidateOtherSessions(
  sql: Sql,
  userId: string,
  keepSessionId: string | null,
): Promise<void> {
  await sql`delete from sessions where user_id = ${userId} and id is distinct from ${keepSessionId}`;
}
