// Personal API tokens, sent as `Authorization: Bearer`: `pbt_<id>.<secret>`, shown once,
// stored as SHA-256(secret), revocable.
import type { TApiToken, TCreatedApiToken } from '@patchbay/schema';
import {
  findApiTokenWithUser,
  insertApiToken,
  listApiTokensOfUser,
  toApiToken,
  touchApiToken,
  type Sql,
  type UserRow,
} from '@patchbay/db';
import { newToken, secretMatches, splitToken } from './tokens.ts';

export const API_TOKEN_PREFIX = 'pbt_';

export async function createApiToken(
  sql: Sql,
  userId: string,
  name: string,
): Promise<TCreatedApiToken> {
  const { id, token, secretHash } = newToken(API_TOKEN_PREFIX);
  const row = await insertApiToken(sql, { id, userId, name, secretHash });
  return { ...toApiToken(row), token };
}

export async function listApiTokens(sql: Sql, userId: string): Promise<TApiToken[]> {
  return (await listApiTokensOfUser(sql, userId)).map(toApiToken);
}

export async function validateApiToken(
  sql: Sql,
  token: string,
): Promise<{ tokenId: string; user: UserRow } | null> {
  const parts = splitToken(token);
  if (!parts?.id.startsWith(API_TOKEN_PREFIX)) return null;
  const found = await findApiTokenWithUser(sql, parts.id);
  if (!found || !secretMatches(parts.secret, found.token.secret_hash)) return null;
  const lastUsed = found.token.last_used_at;
  // At most one write a minute per token, however busy it is.
  if (!lastUsed || Date.now() - lastUsed.getTime() > 60_000) await touchApiToken(sql, parts.id);
  return { tokenId: parts.id, user: found.user };
}
