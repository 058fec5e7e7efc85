// The vault's tables and columns (ADR 009): vault_key_checks, and the sealed credentials of
// integrations as `kid:…` strings. Decryption and the checks' meaning live in the API
// (vault-check.ts, vault-rotate.ts); this module only reads and writes.
import type { Sql } from './client.ts';

/** 'webhook': the webhook's signing secret (migration 0010). */
export type CredentialSide = 'source' | 'destination' | 'webhook';

const COLUMN = {
  source: 'source_credential',
  destination: 'dest_credential',
  webhook: 'webhook_secret',
} as const;

/** A `vault_key_checks` row: a known value encrypted with key `kid`. */
export interface VaultKeyCheckRow {
  kid: string;
  check_value: string;
  created_at: Date;
}

export async function listVaultKeyChecks(sql: Sql): Promise<VaultKeyCheckRow[]> {
  return sql<VaultKeyCheckRow[]>`select * from vault_key_checks`;
}

export async function insertVaultKeyCheck(
  sql: Sql,
  kid: string,
  checkValue: string,
): Promise<void> {
  await sql`
    insert into vault_key_checks (kid, check_value) values (${kid}, ${checkValue})
    on conflict do nothing`;
}

/** The key ids that sealed at least one stored credential (alert webhook URLs too). */
export async function credentialKeyIdsInUse(sql: Sql): Promise<string[]> {
  const rows = await sql<{ kid: string }[]>`
    select distinct split_part(c, ':', 1) as kid
    from integrations,
      lateral (values (source_credential), (dest_credential), (webhook_secret)) as v(c)
    where c is not null
    union
    select split_part(target, ':', 1) from notification_channels where type = 'webhook'
    union
    select split_part(c, ':', 1)
    from oauth_connections, lateral (values (access_token), (refresh_token)) as v(c)
    where c is not null
    union
    select split_part(client_secret, ':', 1) from oauth_apps
    union
    select split_part(code_verifier, ':', 1) from oauth_authorizations`;
  return rows.map((row) => row.kid);
}

/** Credentials of one side sealed with a key other than `activeKid`. */
export async function listCredentialsNotSealedWith(
  sql: Sql,
  side: CredentialSide,
  activeKid: string,
): Promise<{ id: string; value: string }[]> {
  const column = sql(COLUMN[side]);
  return sql<{ id: string; value: string }[]>`
    select id, ${column} as value from integrations
    where ${column} is not null and split_part(${column}, ':', 1) <> ${activeKid}`;
}

/** Swaps one sealed credential for another, only if nobody changed it meanwhile. */
export async function replaceCredential(
  sql: Sql,
  change: { integrationId: string; side: CredentialSide; from: string; to: string },
): Promise<boolean> {
  const column = sql(COLUMN[change.side]);
  const updated = await sql`
    update integrations set ${column} = ${change.to}
    where id = ${change.integrationId} and ${column} = ${change.from}`;
  return updated.count === 1;
}
