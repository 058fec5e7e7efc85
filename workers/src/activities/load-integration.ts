import type { TAuthConfig, TAuthType } from '@patchbay/schema';
import { credentialContext, decrypt, type KeyRing } from '@patchbay/schema/vault';
import type postgres from 'postgres';

export interface LoadedConnection {
  baseUrl: string;
  authType: TAuthType;
  authConfig: TAuthConfig;
  /** Decrypted here, inside the activity, and handed only to the sandbox host (never the isolate). */
  secret: string | null;
}

export interface LoadedIntegration {
  id: string;
  code: string;
  status: 'draft' | 'active' | 'paused' | 'failed';
  source: LoadedConnection;
  destination: LoadedConnection;
  state: Record<string, unknown>;
  /** The state's version when it was read; a commit must still find it. */
  stateVersion: number;
}

interface Row {
  id: string;
  generated_code: string;
  status: LoadedIntegration['status'];
  source_api_url: string;
  source_auth_type: TAuthType;
  source_auth_config: TAuthConfig;
  source_credential: string | null;
  dest_api_url: string;
  dest_auth_type: TAuthType;
  dest_auth_config: TAuthConfig;
  dest_credential: string | null;
  state_version: string;
}

export async function loadIntegration(
  sql: postgres.Sql,
  vault: KeyRing,
  id: string,
): Promise<LoadedIntegration | null> {
  const [row] = await sql<Row[]>`
    select id, generated_code, status, source_api_url, source_auth_type, source_auth_config, source_credential,
           dest_api_url, dest_auth_type, dest_auth_config, dest_credential, state_version
    from integrations where id = ${id}`;
  if (!row) return null;
  const stateRows = await sql<{ key: string; value: unknown }[]>`
    select key, value from integration_state where integration_id = ${id}`;
  const open = (stored: string | null, side: 'source' | 'destination') =>
    stored === null ? null : decrypt(vault, stored, credentialContext(id, side));
  return {
    id: row.id,
    code: row.generated_code,
    status: row.status,
    source: {
      baseUrl: row.source_api_url,
      authType: row.source_auth_type,
      authConfig: row.source_auth_config,
      secret: open(row.source_credential, 'source'),
    },
    destination: {
      baseUrl: row.dest_api_url,
      authType: row.dest_auth_type,
      authConfig: row.dest_auth_config,
      secret: open(row.dest_credential, 'destination'),
    },
    state: Object.fromEntries(stateRows.map((entry) => [entry.key, entry.value])),
    stateVersion: Number(row.state_version),
  };
}
