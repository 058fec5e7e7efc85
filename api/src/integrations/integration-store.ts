// Integration rows: every query is scoped by the owner (DESIGN.md §10), credentials are
// sealed by the vault before they reach SQL, and code changes append versions.
import { randomUUID } from 'node:crypto';
import {
  canTransition,
  FREE_INTEGRATION_LIMIT,
  DEFAULT_INTEGRATION_NAME,
  type TAuthConfig,
  type TCreateIntegrationRequest,
  type TIntegrationVersion,
  type TListIntegrationsQuery,
  type TUpdateIntegrationRequest,
} from '@patchbay/schema';
import { credentialContext, encrypt, secretHint, type KeyRing } from '@patchbay/schema/vault';
import type { Sql, TransactionSql } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import type { IntegrationRow } from './integration-row.ts';

type Side = 'source' | 'destination';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  return {
    credential: encrypt(vault, secret, credentialContext(integrationId, side)),
    hint: secretHint(secret),
  };
}

export async function listIntegrations(
  sql: Sql,
  userId: string,
  query: TListIntegrationsQuery,
): Promise<IntegrationRow[]> {
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return sql<IntegrationRow[]>`
    select * from integrations
    where user_id = ${userId}
      and (${query.status ?? null}::text is null or status = ${query.status ?? null})
      and (${pattern}::text is null
           or name ilike ${pattern} or source_api_name ilike ${pattern} or dest_api_name ilike ${pattern}
           or user_prompt ilike ${pattern})
    order by created_at desc, id`;
}

export async function getIntegration(
  sql: Sql | TransactionSql,
  userId: string,
  id: string,
  lock = false,
): Promise<IntegrationRow> {
  if (!UUID.test(id)) throw notFound();
  const [row] = lock
    ? await sql<
        IntegrationRow[]
      >`select * from integrations where id = ${id} and user_id = ${userId} for update`
    : await sql<
        IntegrationRow[]
      >`select * from integrations where id = ${id} and user_id = ${userId}`;
  if (!row) throw notFound();
  return row;
}

export async function createIntegration(
  sql: Sql,
  vault: KeyRing,
  userId: string,
  body: TCreateIntegrationRequest,
): Promise<IntegrationRow> {
  return sql.begin(async (tx) => {
    // One statement takes the slot, so two parallel creates at 4 cannot both pass.
    const [slot] = await tx`
      update users set integrations_created = integrations_created + 1
      where id = ${userId} and (plan = 'pro' or integrations_created < ${FREE_INTEGRATION_LIMIT})
      returning id`;
    if (!slot) throw new ApiError(403, 'TIER_LIMIT_REACHED', 'Integration limit reached');

    const id = randomUUID();
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
    const [row] = await tx<IntegrationRow[]>`
      insert into integrations ${tx({
        id,
        user_id: userId,
        name: body.name || DEFAULT_INTEGRATION_NAME,
        user_prompt: body.userPrompt,
        source_api_name: body.sourceApiName,
        source_api_url: body.sourceApiUrl,
        source_auth_type: body.sourceAuthType,
        source_auth_config: tx.json(body.sourceAuthConfig ?? {}),
        source_credential: source?.credential ?? null,
        source_credential_hint: source?.hint ?? null,
        dest_api_name: body.destApiName,
        dest_api_url: body.destApiUrl,
        dest_auth_type: body.destAuthType,
        dest_auth_config: tx.json(body.destAuthConfig ?? {}),
        dest_credential: dest?.credential ?? null,
        dest_credential_hint: dest?.hint ?? null,
        generated_code: body.generatedCode ?? '',
        schedule: tx.json(body.schedule ?? { everyMinutes: 15 }),
      })}
      returning *`;
    if (!row) throw new Error('insert returned no row');
    if (body.generatedCode) await appendVersion(tx, id, 'generated', body.generatedCode);
    return row;
  });
}

export async function updateIntegration(
  sql: Sql,
  vault: KeyRing,
  userId: string,
  id: string,
  body: TUpdateIntegrationRequest,
): Promise<{ before: IntegrationRow; after: IntegrationRow }> {
  return sql.begin(async (tx) => {
    const before = await getIntegration(tx, userId, id, true);
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
    // redirect the key to its own server and read it in a test run).
    const sourceSecret =
      body.sourceApiKeyEncrypted ??
      (movedAway(
        before.source_api_url,
        body.sourceApiUrl,
        before.source_auth_config,
        body.sourceAuthConfig,
      )
        ? ''
        : undefined);
    const destSecret =
      body.destApiKeyEncrypted ??
      (movedAway(before.dest_api_url, body.destApiUrl, before.dest_auth_config, body.destAuthConfig)
        ? ''
        : undefined);
    const source = sealCredential(vault, id, 'source', sourceSecret, sourceAuthType);
    const dest = sealCredential(vault, id, 'destination', destSecret, destAuthType);
    const changes: Record<string, unknown> = {
      name: body.name === undefined ? undefined : body.name || DEFAULT_INTEGRATION_NAME,
      user_prompt: body.userPrompt,
      source_api_name: body.sourceApiName,
      source_api_url: body.sourceApiUrl,
      source_auth_type: body.sourceAuthType,
      source_auth_config: body.sourceAuthConfig && tx.json(body.sourceAuthConfig),
      source_credential: source?.credential,
      source_credential_hint: source?.hint,
      dest_api_name: body.destApiName,
      dest_api_url: body.destApiUrl,
      dest_auth_type: body.destAuthType,
      dest_auth_config: body.destAuthConfig && tx.json(body.destAuthConfig),
      dest_credential: dest?.credential,
      dest_credential_hint: dest?.hint,
      generated_code: body.generatedCode,
      status: body.status,
      schedule: body.schedule && tx.json(body.schedule),
    };
    const set = Object.fromEntries(
      Object.entries(changes).filter(([, value]) => value !== undefined),
    );
    const [after] = await tx<IntegrationRow[]>`
      update integrations set ${tx({ ...set, updated_at: new Date() })}
      where id = ${id} and user_id = ${userId}
      returning *`;
    if (!after) throw notFound();

    // Every change to the code is a version; a deploy records what it deployed.
    // A deploy (code sent, or a draft going live) records what it deployed; a resume does not.
    if (
      body.status === 'active' &&
      (body.generatedCode !== undefined || before.status === 'draft')
    ) {
      await appendVersion(tx, id, 'deployed', code);
    } else if (body.generatedCode !== undefined && body.generatedCode !== before.generated_code) {
      await appendVersion(
        tx,
        id,
        before.generated_code === '' ? 'generated' : 'edited',
        body.generatedCode,
      );
    }
    return { before, after };
  });
}

/** True when the base URL's or the OAuth token URL's origin changes. */
function movedAway(
  beforeUrl: string,
  afterUrl: string | undefined,
  beforeConfig: TAuthConfig,
  afterConfig: TAuthConfig | undefined,
): boolean {
  const origin = (url: string | undefined) => (url ? new URL(url).origin : null);
  if (afterUrl !== undefined && origin(afterUrl) !== origin(beforeUrl)) return true;
  return (
    afterConfig !== undefined && origin(afterConfig.tokenUrl) !== origin(beforeConfig.tokenUrl)
  );
}

export async function deleteIntegration(sql: Sql, userId: string, id: string): Promise<void> {
  if (!UUID.test(id)) throw notFound();
  const rows =
    await sql`delete from integrations where id = ${id} and user_id = ${userId} returning id`;
  if (rows.length === 0) throw notFound();
}

async function appendVersion(
  tx: TransactionSql,
  integrationId: string,
  origin: TIntegrationVersion['origin'],
  code: string,
): Promise<void> {
  // The integration row is locked (or new) in this transaction, so max+1 cannot race.
  await tx`
    insert into integration_versions (integration_id, version, origin, code)
    select ${integrationId}, coalesce(max(version), 0) + 1, ${origin}, ${code}
    from integration_versions where integration_id = ${integrationId}`;
}

export async function listVersions(
  sql: Sql,
  userId: string,
  id: string,
): Promise<TIntegrationVersion[]> {
  await getIntegration(sql, userId, id);
  const rows = await sql<
    { version: number; origin: TIntegrationVersion['origin']; code: string; created_at: Date }[]
  >`
    select version, origin, code, created_at from integration_versions
    where integration_id = ${id} order by version desc`;
  return rows.map((row) => ({
    version: row.version,
    origin: row.origin,
    code: row.code,
    createdAt: row.created_at.toISOString(),
  }));
}
