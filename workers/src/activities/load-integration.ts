import { resolveDescription } from '@patchbay/catalog';
import type { TApiDescription, TAuthConfig, TAuthType } from '@patchbay/schema';
import { credentialContext, decrypt, type KeyRing } from '@patchbay/schema/vault';
import { loadIntegrationForRun, type Sql } from '@patchbay/db';

export interface LoadedConnection {
  /** The API's name as the user gave it ("Salesforce"), for messages. */
  apiName: string;
  baseUrl: string;
  authType: TAuthType;
  authConfig: TAuthConfig;
  /** Decrypted here, inside the activity, and handed only to the sandbox host (never the isolate). */
  secret: string | null;
  /** The API description the side uses, for dry runs; null without one. */
  description: TApiDescription | null;
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
  /** The saved version whose code `code` is (ADR 023), or null. */
  codeVersion: number | null;
}

/** The integration as a run needs it, credentials opened; null when it no longer exists. */
export async function loadIntegration(
  sql: Sql,
  vault: KeyRing,
  id: string,
): Promise<LoadedIntegration | null> {
  const loaded = await loadIntegrationForRun(sql, id);
  if (!loaded) return null;
  const { row, state, codeVersion } = loaded;
  const open = (stored: string | null, side: 'source' | 'destination') =>
    stored === null ? null : decrypt(vault, stored, credentialContext(row.id, side));
  return {
    id: row.id,
    code: row.generated_code,
    status: row.status,
    source: {
      apiName: row.source_api_name,
      baseUrl: row.source_api_url,
      authType: row.source_auth_type,
      authConfig: row.source_auth_config,
      secret: open(row.source_credential, 'source'),
      description: resolveDescription(
        row.source_description,
        row.source_api_name,
        row.source_api_url,
      ).description,
    },
    destination: {
      apiName: row.dest_api_name,
      baseUrl: row.dest_api_url,
      authType: row.dest_auth_type,
      authConfig: row.dest_auth_config,
      secret: open(row.dest_credential, 'destination'),
      description: resolveDescription(row.dest_description, row.dest_api_name, row.dest_api_url)
        .description,
    },
    state: state.values,
    stateVersion: state.version,
    codeVersion,
  };
}
