// password_resets (schema/migrations/0008): "Forgot password?" links. Only the
// SHA-256 of a link's token is stored, as for sessions (ADR 007); a token works once and
// until it expires. The API mails links; `npm run reset-password` prints one.
import { createHash, randomBytes } from 'node:crypto';
import type { Sql } from './client.ts';
import type { UserRow } from './users.ts';

/** How long a reset link works. */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;

function hashResetToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** A new single-use token for this user (256 random bits, URL-safe); only its hash is kept. */
export async function createPasswordReset(
  sql: Sql,
  userId: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MS);
  await sql`
    insert into password_resets (token_hash, user_id, created_at, expires_at)
    values (${hashResetToken(token)}, ${userId}, ${now}, ${expiresAt})`;
  return { token, expiresAt };
}

/**
 * Spends the token and sets the new password in one transaction; every session and API token
 * of the user goes too (whoever knew the old password is signed out), and so do the user's
 * other reset links. Null when the token is unknown, used or expired.
 */
export async function resetPasswordWithToken(
  sql: Sql,
  token: string,
  passwordHash: string,
): Promise<Pick<UserRow, 'id' | 'email'> | null> {
  return sql.begin(async (tx) => {
    const [reset] = await tx<{ user_id: string }[]>`
      update password_resets set used_at = now()
      where token_hash = ${hashResetToken(token)} and used_at is null and expires_at > now()
      returning user_id`;
    if (!reset) return null;
    const [user] = await tx<Pick<UserRow, 'id' | 'email'>[]>`
      update users set password_hash = ${passwordHash} where id = ${reset.user_id}
      returning id, email`;
    await tx`delete from sessions where user_id = ${reset.user_id}`;
    await tx`delete from api_tokens where user_id = ${reset.user_id}`;
    await tx`delete from password_resets where user_id = ${reset.user_id} and used_at is null`;
    return user ?? null;
  });
}
