// OAuth 2.0 connections (schema/migrations/0013, ADR 024): operators' OAuth apps,
// pending authorizations and connected accounts. Secrets arrive sealed by the vault and leave
// sealed; the API and the worker open them (schema/src/oauth.ts names the vault contexts).
import { randomUUID } from 'node:crypto';
import type { TConnectionSide, TOAuthConnectionStatus } from '@patchbay/schema';
import type { Queryable, Sql, TransactionSql } from './client.ts';

// ── Operator OAuth apps ─────────────────────────────────────────────────────────────────────

export interface OAuthAppRow {
  id: string;
  provider: string;
  client_id: string;
  /** Sealed with oauthAppContext(id). */
  client_secret: string;
  client_secret_hint: string;
  /** The token URL an app registered under an authorize URL was registered with (migration 0019). */
  token_url: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export async function listOAuthApps(sql: Queryable): Promise<OAuthAppRow[]> {
  return sql<OAuthAppRow[]>`select * from oauth_apps order by provider`;
}

/** The app registered under the first of `providerKeys` that has one (catalog id first). */
export async function findOAuthApp(
  sql: Queryable,
  providerKeys: readonly string[],
): Promise<OAuthAppRow | undefined> {
  if (providerKeys.length === 0) return undefined;
  const rows = await sql<OAuthAppRow[]>`
    select * from oauth_apps where provider = any(${providerKeys as string[]})`;
  for (const key of providerKeys) {
    const row = rows.find((candidate) => candidate.provider === key);
    if (row) return row;
  }
  return undefined;
}

/**
 * Registers the provider's app, or replaces its client id, secret and token URL. `seal` gets the row's id
 * first, since the sealed secret is bound to it.
 */
export async function saveOAuthApp(
  sql: Sql,
  app: {
    provider: string;
    clientId: string;
    tokenUrl: string | null;
    createdBy: string;
    seal: (id: string) => { clientSecret: string; hint: string };
  },
): Promise<OAuthAppRow> {
  return sql.begin(async (tx) => {
    const [existing] = await tx<{ id: string }[]>`
      select id from oauth_apps where provider = ${app.provider} for update`;
    const id = existing?.id ?? randomUUID();
    const sealed = app.seal(id);
    const [row] = existing
      ? await tx<OAuthAppRow[]>`
          update oauth_apps set client_id = ${app.clientId}, client_secret = ${sealed.clientSecret},
            client_secret_hint = ${sealed.hint}, token_url = ${app.tokenUrl},
            updated_at = now()
          where id = ${id} returning *`
      : await tx<OAuthAppRow[]>`
          insert into oauth_apps (id, provider, client_id, client_secret, client_secret_hint,
                                  token_url, created_by)
          values (${id}, ${app.provider}, ${app.clientId}, ${sealed.clientSecret}, ${sealed.hint},
                  ${app.tokenUrl}, ${app.createdBy})
          returning *`;
    return row as OAuthAppRow;
  });
}

export async function deleteOAuthApp(sql: Queryable, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await sql`delete from oauth_apps where id = ${id}`;
  return deleted.count === 1;
}

// ── Pending authorizations ──────────────────────────────────────────────────────────────────

export interface OAuthAuthorizationRow {
  state_hash: string;
  integration_id: string;
  side: TConnectionSide;
  user_id: string;
  /** Sealed with oauthVerifierContext(state_hash). */
  code_verifier: string;
  expires_at: Date;
  created_at: Date;
}

/** Stores a pending authorization; expired ones go at the same time. */
export async function insertOAuthAuthorization(
  sql: Queryable,
  row: Omit<OAuthAuthorizationRow, 'created_at'>,
): Promise<void> {
  await sql`delete from oauth_authorizations where expires_at < now()`;
  await sql`
    insert into oauth_authorizations (state_hash, integration_id, side, user_id, code_verifier, expires_at)
    values (${row.state_hash}, ${row.integration_id}, ${row.side}, ${row.user_id},
            ${row.code_verifier}, ${row.expires_at})`;
}

/**
 * Spends a pending authorization: it is deleted whatever happens next, so a state works once.
 * Undefined when unknown or already spent; the caller checks expiry and owner.
 */
export async function consumeOAuthAuthorization(
  sql: Queryable,
  stateHash: string,
): Promise<OAuthAuthorizationRow | undefined> {
  const [row] = await sql<OAuthAuthorizationRow[]>`
    delete from oauth_authorizations where state_hash = ${stateHash} returning *`;
  return row;
}

// ── Connected accounts ──────────────────────────────────────────────────────────────────────

export interface OAuthConnectionRow {
  integration_id: string;
  side: TConnectionSide;
  status: TOAuthConnectionStatus;
  account_label: string | null;
  /**
   * Sealed with oauthTokenContext(integration, side, 'access'). Null once the connection was
   * ended because an endpoint moved to another origin (ADR 029).
   */
  access_token: string | null;
  /** Sealed with oauthTokenContext(integration, side, 'refresh'); null when none was issued. */
  refresh_token: string | null;
  expires_at: Date | null;
  scopes: string | null;
  last_error: string | null;
  connected_at: Date;
  refreshed_at: Date | null;
}

export interface ConnectionKey {
  integrationId: string;
  side: TConnectionSide;
}

export async function listOAuthConnections(
  sql: Queryable,
  integrationId: string,
): Promise<OAuthConnectionRow[]> {
  return sql<OAuthConnectionRow[]>`
    select * from oauth_connections where integration_id = ${integrationId}`;
}

export async function findOAuthConnection(
  sql: Queryable,
  key: ConnectionKey,
): Promise<OAuthConnectionRow | undefined> {
  const [row] = await sql<OAuthConnectionRow[]>`
    select * from oauth_connections
    where integration_id = ${key.integrationId} and side = ${key.side}`;
  return row;
}

/** After a consent: the side's account, replacing any earlier one (a reconnect). */
export async function saveOAuthConnection(
  sql: Queryable,
  key: ConnectionKey,
  values: {
    accountLabel: string | null;
    accessToken: string;
    refreshToken: string | null;
    expiresAt: Date | null;
    scopes: string | null;
  },
): Promise<void> {
  await sql`
    insert into oauth_connections (integration_id, side, status, account_label, access_token,
      refresh_token, expires_at, scopes)
    values (${key.integrationId}, ${key.side}, 'connected', ${values.accountLabel},
      ${values.accessToken}, ${values.refreshToken}, ${values.expiresAt}, ${values.scopes})
    on conflict (integration_id, side) do update set
      status = 'connected', account_label = excluded.account_label,
      access_token = excluded.access_token, refresh_token = excluded.refresh_token,
      expires_at = excluded.expires_at, scopes = excluded.scopes, last_error = null,
      connected_at = now(), refreshed_at = null`;
}

export async function deleteOAuthConnection(sql: Queryable, key: ConnectionKey): Promise<void> {
  await sql`
    delete from oauth_connections
    where integration_id = ${key.integrationId} and side = ${key.side}`;
}

/**
 * Ends the side's connection because its endpoints moved to another origin (ADR 029): it becomes
 * 'needs-reconnect' with `reason`, its tokens are wiped, and authorizations still pending for the
 * side are dropped (their code would be exchanged at the new endpoints). Returns the row as it
 * was, sealed tokens included, so the caller can revoke them at the old endpoints; undefined when
 * nothing was connected. Call it in the transaction that moves the endpoints.
 */
export async function endOAuthConnection(
  tx: TransactionSql,
  key: ConnectionKey,
  reason: string,
): Promise<OAuthConnectionRow | undefined> {
  await tx`
    delete from oauth_authorizations
    where integration_id = ${key.integrationId} and side = ${key.side}`;
  const [before] = await tx<OAuthConnectionRow[]>`
    select * from oauth_connections
    where integration_id = ${key.integrationId} and side = ${key.side}
    for update`;
  if (!before || before.access_token === null) return undefined;
  await tx`
    update oauth_connections set status = 'needs-reconnect', last_error = ${reason},
      access_token = null, refresh_token = null, expires_at = null
    where integration_id = ${key.integrationId} and side = ${key.side}`;
  return before;
}

/**
 * Runs `work` holding the connection's row lock (SELECT … FOR UPDATE), in one transaction:
 * "read, refresh if still stale, save" is serialised per connection, so two runs never refresh
 * the same token at once, and the second waiter reads the token the first saved.
 */
export async function withLockedOAuthConnection<T>(
  sql: Sql,
  key: ConnectionKey,
  work: (row: OAuthConnectionRow | undefined, tx: TransactionSql) => Promise<T>,
): Promise<T> {
  return sql.begin(async (tx) => {
    const [row] = await tx<OAuthConnectionRow[]>`
      select * from oauth_connections
      where integration_id = ${key.integrationId} and side = ${key.side}
      for update`;
    return work(row, tx);
  }) as Promise<T>;
}

/** A refresh's result: the access token and, when the provider rotated it, the refresh token. */
export async function updateOAuthTokens(
  sql: Queryable,
  key: ConnectionKey,
  values: {
    accessToken: string;
    /** Null keeps the stored one (the provider did not rotate it). */
    refreshToken: string | null;
    expiresAt: Date | null;
    scopes: string | null;
  },
): Promise<void> {
  await sql`
    update oauth_connections set access_token = ${values.accessToken},
      refresh_token = coalesce(${values.refreshToken}, refresh_token),
      expires_at = ${values.expiresAt}, scopes = coalesce(${values.scopes}, scopes),
      status = 'connected', last_error = null, refreshed_at = now()
    where integration_id = ${key.integrationId} and side = ${key.side}`;
}

/**
 * The refresh failed for good (`invalid_grant`): the user must connect again. True only for
 * the call that changed the status, so whoever alerts does it once.
 */
export async function markOAuthNeedsReconnect(
  sql: Queryable,
  key: ConnectionKey,
  error: string,
): Promise<boolean> {
  const updated = await sql`
    update oauth_connections set status = 'needs-reconnect', last_error = ${error}
    where integration_id = ${key.integrationId} and side = ${key.side}
      and status = 'connected'`;
  return updated.count === 1;
}

function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

// ── Key rotation (ADR 009: npm run rotate-keys) ─────────────────────────────────────────────

/** One sealed OAuth value and where it lives: what `npm run rotate-keys` re-seals. */
export type SealedOAuthValue =
  | { kind: 'access' | 'refresh'; integrationId: string; side: TConnectionSide; value: string }
  | { kind: 'app'; appId: string; value: string }
  | { kind: 'verifier'; stateHash: string; value: string };

/** Every sealed OAuth value whose key id is not `activeKid`. */
export async function listOAuthSecretsNotSealedWith(
  sql: Sql,
  activeKid: string,
): Promise<SealedOAuthValue[]> {
  const stale = (column: string) => sql`split_part(${sql(column)}, ':', 1) <> ${activeKid}`;
  const tokens = await sql<
    { integration_id: string; side: TConnectionSide; kind: string; value: string }[]
  >`
    select integration_id, side, 'access' as kind, access_token as value
    from oauth_connections where access_token is not null and ${stale('access_token')}
    union all
    select integration_id, side, 'refresh', refresh_token
    from oauth_connections where refresh_token is not null and ${stale('refresh_token')}`;
  const apps = await sql<{ id: string; value: string }[]>`
    select id, client_secret as value from oauth_apps where ${stale('client_secret')}`;
  const verifiers = await sql<{ state_hash: string; value: string }[]>`
    select state_hash, code_verifier as value from oauth_authorizations
    where ${stale('code_verifier')}`;
  return [
    ...tokens.map((row) => ({
      kind: row.kind as 'access' | 'refresh',
      integrationId: row.integration_id,
      side: row.side,
      value: row.value,
    })),
    ...apps.map((row) => ({ kind: 'app' as const, appId: row.id, value: row.value })),
    ...verifiers.map((row) => ({
      kind: 'verifier' as const,
      stateHash: row.state_hash,
      value: row.value,
    })),
  ];
}

/** Swaps one sealed OAuth value for another, only if nobody changed it meanwhile. */
export async function replaceOAuthSecret(
  sql: Sql,
  sealed: SealedOAuthValue,
  to: string,
): Promise<boolean> {
  let updated;
  switch (sealed.kind) {
    case 'access':
    case 'refresh': {
      const column = sql(sealed.kind === 'access' ? 'access_token' : 'refresh_token');
      updated = await sql`
        update oauth_connections set ${column} = ${to}
        where integration_id = ${sealed.integrationId} and side = ${sealed.side}
          and ${column} = ${sealed.value}`;
      break;
    }
    case 'app':
      updated = await sql`
        update oauth_apps set client_secret = ${to}
        where id = ${sealed.appId} and client_secret = ${sealed.value}`;
      break;
    case 'verifier':
      updated = await sql`
        update oauth_authorizations set code_verifier = ${to}
        where state_hash = ${sealed.stateHash} and code_verifier = ${sealed.value}`;
      break;
  }
  return updated.count === 1;
}
