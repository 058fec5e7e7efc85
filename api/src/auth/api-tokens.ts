// Personal API tokens (spec §7's Bearer header): `pbt_<id>.<secret>`, shown once,
// stored as SHA-256(secret), revocable.
import type { TApiToken, TCreatedApiToken } from '@patchbay/schema';
import type { Sql } from '../db/client.ts';
import type { UserRow } from '../db/users.ts';
import { newToken, secretMatches, splitToken } from './tokens.ts';

export const API_TOKEN_PREFIX = 'pbt_';

interface ApiTokenRow {
  id: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

function toApiToken(row: ApiTokenRow): TApiToken {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

export async function createApiToken(
  sql: Sql,
  userId: string,
  name: string,
): Promise<TCreatedApiToken> {
  const { id, token, secretHash } = newToken(API_TOKEN_PREFIX);
  const [row] = await sql<ApiTokenRow[]>`
    insert into api_tokens (id, user_id, name, secret_hash) values (${id}, ${userId}, ${name}, ${secretHash})
    returning id, name, created_at, last_used_at`;
  if (!row) throw new Error('insert returned no row');
  return { ...toApiToken(row), token };
}

export async function listApiTokens(sql: Sql, userId: string): Promise<TApiToken[]> {
  const rows = await sql<ApiTokenRow[]>`
    select id, name, created_at, last_used_at from api_tokens where user_id = ${userId} order by created_at desc`;
  return rows.map(toApiToken);
}

/** True when the token existed and belonged to the user. */
export async function revokeApiToken(sql: Sql, userId: string, tokenId: string): Promise<boolean> {
  const rows =
    await sql`delete from api_tokens where id = ${tokenId} and user_id = ${userId} returning id`;
  return rows.length > 0;
}

export async function validateApiToken(
  sql: Sql,
  token: string,
): Promise<{ tokenId: string; user: UserRow } | null> {
  const parts = splitToken(token);
  if (!parts?.id.startsWith(API_TOKEN_PREFIX)) return null;
  const [row] = await sql<
    (UserRow & { token_id: string; secret_hash: Buffer; last_used_at: Date | null })[]
  >`
    select u.*, t.id as token_id, t.secret_hash, t.last_used_at
    from api_tokens t join users u on u.id = t.user_id
    where t.id = ${parts.id}`;
  if (!row || !secretMatches(parts.secret, row.secret_hash)) return null;
  // At most one write a minute per token, however busy it is.
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > 60_000) {
    await sql`update api_tokens set last_used_at = now() where id = ${row.token_id}`;
  }
  const { token_id: tokenId, secret_hash: _hash, last_used_at: _used, ...user } = row;
  return { tokenId, user };
}
