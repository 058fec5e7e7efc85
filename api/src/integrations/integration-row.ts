import type {
  TAuthConfig,
  TAuthType,
  TIntegration,
  TIntegrationStatus,
  TSchedule,
} from '@patchbay/schema';

/** An `integrations` row as postgres.js returns it. */
export interface IntegrationRow {
  id: string;
  user_id: string;
  name: string;
  user_prompt: string;
  source_api_name: string;
  source_api_url: string;
  source_auth_type: TAuthType;
  source_auth_config: TAuthConfig;
  source_credential: string | null;
  source_credential_hint: string | null;
  dest_api_name: string;
  dest_api_url: string;
  dest_auth_type: TAuthType;
  dest_auth_config: TAuthConfig;
  dest_credential: string | null;
  dest_credential_hint: string | null;
  generated_code: string;
  status: TIntegrationStatus;
  schedule: TSchedule;
  created_at: Date;
  updated_at: Date;
}

/** The API's view: credentials only as "set" and a hint, never plaintext or ciphertext. */
export function toIntegration(row: IntegrationRow): TIntegration {
  return {
    id: row.id,
    name: row.name,
    sourceApiName: row.source_api_name,
    sourceApiUrl: row.source_api_url,
    sourceAuthType: row.source_auth_type,
    sourceAuthConfig: row.source_auth_config,
    sourceApiKeySet: row.source_credential !== null,
    sourceApiKeyHint: row.source_credential_hint,
    destApiName: row.dest_api_name,
    destApiUrl: row.dest_api_url,
    destAuthType: row.dest_auth_type,
    destAuthConfig: row.dest_auth_config,
    destApiKeySet: row.dest_credential !== null,
    destApiKeyHint: row.dest_credential_hint,
    userPrompt: row.user_prompt,
    generatedCode: row.generated_code,
    status: row.status,
    schedule: row.schedule,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
