// The API's rules for integrations over @patchbay/db: every call is scoped by the owner (another
// user's id is 404), credentials are sealed by the vault before they reach the data layer, status
// changes follow canTransition, and code changes append versions.
import {
  canTransition,
  FREE_INTEGRATION_LIMIT,
  DEFAULT_INTEGRATION_NAME,
  type TCreateIntegrationRequest,
  type TIntegrationVersion,
  type TListIntegrationsQuery,
  type TUpdateIntegrationRequest,
} from '@patchbay/schema';
import { MIN_REDACTED_CHARS } from '@patchbay/schema/limits';
import { credentialContext, encrypt, secretHint, type KeyRing } from '@patchbay/schema/vault';
import {
  createIntegrationWithSlot,
  deleteIntegrationOfUser,
  findIntegrationOfUser,
  listIntegrationsOfUser,
  listVersions as listVersionRows,
  storedGenerationReport,
  toIntegrationVersion,
  updateIntegrationOfUser,
  endOAuthConnection,
  lastDeployedRunStatus,
  findVersionCode,
  type IntegrationChanges,
  type IntegrationListRow,
  type IntegrationRow,
  type NewVersion,
  type OAuthConnectionRow,
  type Sql,
  isIntegrationId,
} from '@patchbay/db';
import { ApiError } from '../errors.ts';
import {
  movedEndpoints,
  movedReason,
  sideSettings,
  sideSettingsAfter,
} from '../oauth/endpoint-origins.ts';
import { connectedAccounts, keepsRunnable } from './deploy-readiness.ts';
import { webhookColumns } from './webhook-settings.ts';

type Side = 'source' | 'destination';

/** A connected account an update ended, as it was: its tokens are revoked at its old endpoints. */
export interface EndedConnection {
  side: Side;
  connection: OAuthConnectionRow;
  reason: string;
}

export function notFound(): ApiError {
  return new ApiError(404, 'NOT_FOUND', 'Integration not found');
}

/** `secret` undefined: leave as is; '' or auth type none: clear; else encrypt. */
function sealCredential(
  vault: KeyRing,
  integrationId: string,
  side: Side,
  secret: string | undefined,
  authType: string,
): { credential: string | null; hint: string | null } | undefined {
  if (authType === 'none' || secret === '') return { credential: null, hint: null };
  if (secret === undefined) return undefined;
  // Servers trim header values, so an echo of a padded key would not match it in redaction;
  // keys never begin or end with spaces. credentialNotices says so.
  secret = secret.trim();
  if (secret === '') return { credential: null, hint: null };
  return {
    credential: encrypt(vault, secret, credentialContext(integrationId, side)),
    hint: secretHint(secret),
  };
}

/**
 * What the user should know about the credentials they just saved:
 * spaces that were trimmed, and values too short to be hidden in transcripts.
 */
export function credentialNotices(
  body: Pick<TUpdateIntegrationRequest, 'sourceApiKeyEncrypted' | 'destApiKeyEncrypted'>,
): string[] {
  const notices: string[] = [];
  for (const [label, secret] of [
    ['source', body.sourceApiKeyEncrypted],
    ['destination', body.destApiKeyEncrypted],
  ] as const) {
    if (!secret) continue;
    const trimmed = secret.trim();
    if (trimmed !== secret) {
      notices.push(`The ${label} credential had spaces at its start or end; they were removed.`);
    }
    if (trimmed.length > 0 && trimmed.length < MIN_REDACTED_CHARS) {
      notices.push(
        `The ${label} credential is shorter than ${MIN_REDACTED_CHARS} characters, so it cannot be hidden safely where an API echoes it back in a run's transcript.`,
      );
    }
  }
  return notices;
}

export async function listIntegrations(
  sql: Sql,
  userId: string,
  query: TListIntegrationsQuery,
): Promise<IntegrationListRow[]> {
  return listIntegrationsOfUser(sql, userId, query);
}

/** The user's integration; 404 for a missing, malformed or another user's id. */
export async function getIntegration(
  sql: Sql,
  userId: string,
  id: string,
): Promise<IntegrationRow> {
  const row = await findIntegrationOfUser(sql, userId, id);
  if (!row) throw notFound();
  return row;
}

export async function createIntegration(
  sql: Sql,
  vault: KeyRing,
  userId: string,
  body: TCreateIntegrationRequest,
): Promise<IntegrationRow> {
  refuseReportWithoutCode(body);
  const row = await createIntegrationWithSlot(sql, {
    userId,
    freeLimit: FREE_INTEGRATION_LIMIT,
    build: (id) => {
      const source = sealCredential(
        vault,
        id,
        'source',
        body.sourceApiKeyEncrypted,
        body.sourceAuthType,
      );
      const dest = sealCredential(
        vault,
        id,
        'destination',
        body.destApiKeyEncrypted,
        body.destAuthType,
      );
      return {
        values: {
          name: body.name || DEFAULT_INTEGRATION_NAME,
          user_prompt: body.userPrompt,
          source_api_name: body.sourceApiName,
          source_api_url: body.sourceApiUrl,
          source_auth_type: body.sourceAuthType,
          source_auth_config: body.sourceAuthConfig ?? {},
          source_credential: source?.credential ?? null,
          source_credential_hint: source?.hint ?? null,
          dest_api_name: body.destApiName,
          dest_api_url: body.destApiUrl,
          dest_auth_type: body.destAuthType,
          dest_auth_config: body.destAuthConfig ?? {},
          dest_credential: dest?.credential ?? null,
          dest_credential_hint: dest?.hint ?? null,
          generated_code: body.generatedCode ?? '',
          generation_report: storedGenerationReport(
            body.generatedCode ?? '',
            body.generationReport,
          ),
          schedule: body.schedule ?? { everyMinutes: 15 },
          trigger: body.trigger,
          source_description: body.sourceDescription,
          dest_description: body.destDescription,
          ...webhookColumns(vault, id, body),
        },
        version: body.generatedCode
          ? {
              origin: 'generated',
              code: body.generatedCode,
              generationReport: body.generationReport,
            }
          : null,
      };
    },
  });
  if (!row) throw new ApiError(403, 'TIER_LIMIT_REACHED', 'Integration limit reached');
  return row;
}

export async function updateIntegration(
  sql: Sql,
  vault: KeyRing,
  userId: string,
  id: string,
  body: TUpdateIntegrationRequest,
): Promise<{ before: IntegrationRow; after: IntegrationRow; ended: EndedConnection[] }> {
  refuseReportWithoutCode(body);
  // Before any query with it: PostgreSQL refuses a malformed uuid with an error, not a miss.
  if (!isIntegrationId(id)) throw notFound();
  await refuseFalseRestore(sql, userId, id, body);
  const accounts = await connectedAccounts(sql, id);
  // A failure stays visible until a run succeeds (ADR 037); pausing and resuming is no fix.
  const lastRunFailed = (await lastDeployedRunStatus(sql, id)) === 'failed';
  const ended: EndedConnection[] = [];
  const result = await updateIntegrationOfUser(
    sql,
    userId,
    id,
    decide,
    async (tx, before, after) => {
      // The same rule for connected accounts, in the transaction that moves the endpoints: no run
      // that reads the new URLs can find the old tokens (ADR 029).
      for (const side of ['source', 'destination'] as const) {
        const moved = movedEndpoints(sideSettings(before, side), sideSettings(after, side));
        if (moved.length === 0) continue;
        const reason = movedReason(moved);
        const connection = await endOAuthConnection(tx, { integrationId: id, side }, reason);
        if (connection) ended.push({ side, connection, reason });
      }
    },
  );
  if (!result) throw notFound();
  return { ...result, ended };

  function decide(before: IntegrationRow) {
    if (body.status && !canTransition(before.status, body.status)) {
      throw new ApiError(
        409,
        'INVALID_TRANSITION',
        `Cannot change the status from ${before.status} to ${body.status}`,
      );
    }
    const code = body.generatedCode ?? before.generated_code;
    if (body.status === 'active' && code.trim() === '') {
      throw new ApiError(
        409,
        'NO_CODE',
        'This integration has no code yet: generate or write it before deploying',
      );
    }

    const sourceAuthType = body.sourceAuthType ?? before.source_auth_type;
    const destAuthType = body.destAuthType ?? before.dest_auth_type;
    // A stored secret only ever goes where it was entered for: pointing the connection at
    // another origin without re-entering the secret drops it (else a stolen session could
    // redirect the key to its own server and read it in a test run). ADR 029.
    const keptUnlessMoved = (side: Side) =>
      movedEndpoints(sideSettings(before, side), sideSettingsAfter(before, body, side)).length
        ? ''
        : undefined;
    const sourceSecret = body.sourceApiKeyEncrypted ?? keptUnlessMoved('source');
    const destSecret = body.destApiKeyEncrypted ?? keptUnlessMoved('destination');
    const source = sealCredential(vault, id, 'source', sourceSecret, sourceAuthType);
    const dest = sealCredential(vault, id, 'destination', destSecret, destAuthType);
    const changes: IntegrationChanges = {
      name: body.name === undefined ? undefined : body.name || DEFAULT_INTEGRATION_NAME,
      user_prompt: body.userPrompt,
      source_api_name: body.sourceApiName,
      source_api_url: body.sourceApiUrl,
      source_auth_type: body.sourceAuthType,
      source_auth_config: body.sourceAuthConfig,
      source_credential: source?.credential,
      source_credential_hint: source?.hint,
      dest_api_name: body.destApiName,
      dest_api_url: body.destApiUrl,
      dest_auth_type: body.destAuthType,
      dest_auth_config: body.destAuthConfig,
      dest_credential: dest?.credential,
      dest_credential_hint: dest?.hint,
      generated_code: body.generatedCode,
      // A hand edit keeps the last report: the API then says it no longer describes the code.
      generation_report: body.generatedCode
        ? storedGenerationReport(body.generatedCode, body.generationReport)
        : undefined,
      status:
        body.status === 'active' && isResume(before, body) && lastRunFailed
          ? 'failed'
          : body.status,
      schedule: body.schedule,
      trigger: body.trigger,
      source_description: body.sourceDescription,
      dest_description: body.destDescription,
      // The webhook's signature settings and sealed signing secret.
      ...webhookColumns(vault, id, body),
    };
    keepsRunnable(
      before,
      changes,
      accounts,
      (side) =>
        movedEndpoints(sideSettings(before, side), sideSettingsAfter(before, body, side)).length >
        0,
    );
    return { changes, version: versionFor(before, body, code) };
  }
}

/** Resume: a paused integration made active again without new code (a deploy sends code). */
function isResume(before: IntegrationRow, body: TUpdateIntegrationRequest): boolean {
  return before.status === 'paused' && body.generatedCode === undefined;
}

/**
 * Every change to the code is a version. A deploy (code sent, or a draft going live)
 * records what it deployed; a resume does not.
 */
function versionFor(
  before: IntegrationRow,
  body: TUpdateIntegrationRequest,
  code: string,
): NewVersion | null {
  const generationReport = body.generationReport;
  if (body.status === 'active' && (body.generatedCode !== undefined || before.status === 'draft')) {
    return { origin: 'deployed', code, generationReport };
  }
  if (body.generatedCode !== undefined && body.generatedCode !== before.generated_code) {
    return {
      // Code that comes with the generator's report is generated, even over earlier code.
      origin: before.generated_code === '' || generationReport ? 'generated' : 'edited',
      code: body.generatedCode,
      generationReport,
      restoredFrom: body.restoredFrom,
    };
  }
  return null;
}

/** "Restored from vN" is only said of version N's own code. */
async function refuseFalseRestore(
  sql: Sql,
  userId: string,
  integrationId: string,
  body: Pick<TUpdateIntegrationRequest, 'generatedCode' | 'restoredFrom'>,
): Promise<void> {
  if (body.restoredFrom === undefined) return;
  const refuse = (message: string) =>
    new ApiError(400, 'VALIDATION_FAILED', message, [{ path: ['restoredFrom'], message }]);
  if (body.generatedCode === undefined)
    throw refuse('restoredFrom needs the generatedCode it restores');
  // Someone else's integration, or none: the update itself answers 404.
  if (!(await findIntegrationOfUser(sql, userId, integrationId))) return;
  const code = await findVersionCode(sql, integrationId, body.restoredFrom);
  if (code === undefined) throw refuse(`There is no version ${body.restoredFrom} to restore`);
  if (code !== body.generatedCode)
    throw refuse(`generatedCode is not the code of version ${body.restoredFrom}`);
}

/** A report describes the code it came with: alone, it would describe whatever is saved. */
function refuseReportWithoutCode(
  body: Pick<TUpdateIntegrationRequest, 'generatedCode' | 'generationReport'>,
): void {
  if (body.generationReport && !body.generatedCode) {
    throw new ApiError(
      400,
      'VALIDATION_FAILED',
      'generationReport needs the generatedCode it describes',
      [{ path: ['generationReport'], message: 'needs generatedCode in the same request' }],
    );
  }
}

export async function deleteIntegration(sql: Sql, userId: string, id: string): Promise<void> {
  if (!(await deleteIntegrationOfUser(sql, userId, id))) throw notFound();
}

export async function listVersions(
  sql: Sql,
  userId: string,
  id: string,
): Promise<TIntegrationVersion[]> {
  const integration = await getIntegration(sql, userId, id);
  return (await listVersionRows(sql, integration.id)).map(toIntegrationVersion);
}
