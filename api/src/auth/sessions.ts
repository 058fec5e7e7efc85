// Database sessions (Lucia's current guide): 30 days, renewed when less than 15 remain,
// so an active user stays signed in and an idle one is signed out after 30 days.
import {
  deleteSession,
  findSessionWithUser,
  insertSession,
  renewSession,
  type Sql,
  type UserRow,
} from '@patchbay/db';
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
  const row = await insertSession(sql, {
    id,
    secretHash,
    userId,
    expiresAt: new Date(Date.now() + SESSION_MS),
  });
  return {
    token,
    session: { id, userId, createdAt: row.created_at, expiresAt: row.expires_at },
  };
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
  const found = await findSessionWithUser(sql, parts.id);
  if (!found || !secretMatches(parts.secret, found.session.secret_hash)) return null;
  const { session: row, user } = found;
  if (row.expires_at.getTime() <= Date.now()) {
    await deleteSession(sql, row.id);
    return null;
  }
  const session: Session = {
    id: row.id,
    userId: user.id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
  let renewed = false;
  if (row.expires_at.getTime() - Date.now() < RENEW_WHEN_LEFT_MS) {
    session.expiresAt = new Date(Date.now() + SESSION_MS);
    await renewSession(sql, session.id, session.expiresAt);
    renewed = true;
  }
  return { session, user, renewed };
}
