// integrations and integration_versions (schema/migrations/0002_integrations.sql). Every
// read and write the API makes is scoped by the owner, so another account's id finds nothing;
// the worker reads by id alone. Credentials arrive here already sealed by the vault (ADR 009).
import type {
  TAuthConfig,
  TAuthType,
  TDescriptionChoice,
  TGenerationReport,
  TIntegration,
  TIntegrationStatus,
  TIntegrationVersion,
  TListIntegrationsQuery,
  TSchedule,
  TTriggerType,
  TWebhookSignature,
} from '@patchbay/schema';
import { DEPLOYED_RUN_KINDS } from '@patchbay/schema';
import { createHash } from 'node:crypto';
import type { JsonValue, Queryable, Sql, TransactionSql } from './client.ts';

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
  /** AES-256-GCM ciphertext `kid:…`, bound to (id, 'source'); never plaintext. */
  source_credential: string | null;
  source_credential_hint: string | null;
  dest_api_name: string;
  dest_api_url: string;
  dest_auth_type: TAuthType;
  dest_auth_config: TAuthConfig;
  dest_credential: string | null;
  dest_credential_hint: string | null;
  generated_code: string;
  /** The last generation's report and the SHA-256 of the code it describes (migration 0015). */
  generation_report: StoredGenerationReport | null;
  /** Which API description each side uses (migration 0005); `{kind:'auto'}` by default. */
  source_description: TDescriptionChoice;
  dest_description: TDescriptionChoice;
  status: TIntegrationStatus;
  schedule: TSchedule;
  /** How deployed runs start (migration 0009). */
  trigger: TTriggerType;
  /** `POST /hooks/<token>` (migration 0010, ADR 021): unique, replaced by a rotation. */
  webhook_token: string;
  /** The integration's own signature settings; null: its source description's. */
  webhook_signature: TWebhookSignature | null;
  /** The provider's signing secret, sealed by the vault and bound to (id, 'webhook'). */
  webhook_secret: string | null;
  webhook_secret_hint: string | null;
  /** bigint, which postgres.js returns as a string; see state.ts. */
  state_version: string;
  created_at: Date;
  updated_at: Date;
}

export interface StoredGenerationReport {
  report: TGenerationReport;
  codeSha256: string;
}

export function codeSha256(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** The report to keep with code saved now: the one sent with it, else none. */
export function storedGenerationReport(
  code: string,
  report: TGenerationReport | undefined,
): StoredGenerationReport | undefined {
  return report ? { report, codeSha256: codeSha256(code) } : undefined;
}

/**
 * The API's view: credentials only as "set" and a hint, never plaintext or ciphertext. Which
 * description each side uses is added by the API, which resolves catalog matches, and so is
 * the webhook's URL, which needs the public origin.
 */
export function toIntegration(
  row: IntegrationRow,
): Omit<TIntegration, 'sourceDescription' | 'destDescription' | 'webhook'> {
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
    generationReport: row.generation_report
      ? {
          ...row.generation_report.report,
          current: row.generation_report.codeSha256 === codeSha256(row.generated_code),
        }
      : null,
    status: row.status,
    schedule: row.schedule,
    trigger: row.trigger,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The columns a caller writes; the rest are the table's defaults or kept as they are. */
export type IntegrationValues = Omit<
  IntegrationRow,
  | 'id'
  | 'user_id'
  | 'status'
  | 'state_version'
  | 'created_at'
  | 'updated_at'
  | 'source_description'
  | 'dest_description'
  | 'trigger'
  | 'generation_report'
  | WebhookColumn
> &
  Partial<
    Pick<
      IntegrationRow,
      'source_description' | 'dest_description' | 'trigger' | 'generation_report' | WebhookColumn
    >
  >;
/** The webhook's columns; the token is the table's default, then only rotated. */
type WebhookColumn =
  'webhook_token' | 'webhook_signature' | 'webhook_secret' | 'webhook_secret_hint';
/** An update: the columns to change (status included); undefined ones stay as they are. */
export type IntegrationChanges = Partial<IntegrationValues & { status: TIntegrationStatus }>;

/** A version to append in the same transaction as the change it records. */
export interface NewVersion {
  origin: TIntegrationVersion['origin'];
  code: string;
  /** What the generator said about this code, when it comes from generation. */
  generationReport?: TGenerationReport | undefined;
  /** The earlier version whose code this one restores. */
  restoredFrom?: number | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names no integration: answer "none" instead of a PostgreSQL cast error. */
export function isIntegrationId(id: string): boolean {
  return UUID.test(id);
}

// jsonb columns are written through sql.json; everything else as it is.
const JSON_COLUMNS = new Set([
  'source_auth_config',
  'dest_auth_config',
  'schedule',
  'source_description',
  'dest_description',
  'webhook_signature',
  'generation_report',
]);

function columns(sql: Queryable, values: IntegrationChanges): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([column, value]) => [
        column,
        JSON_COLUMNS.has(column) ? sql.json(value as JsonValue) : value,
      ]),
  );
}

/**
 * A list row: only the columns the list shows (no code, no credentials) and the last deployed
 * run, null when it never ran.
 */
export interface IntegrationListRow extends Pick<
  IntegrationRow,
  | 'id'
  | 'name'
  | 'source_api_name'
  | 'source_api_url'
  | 'dest_api_name'
  | 'dest_api_url'
  | 'user_prompt'
  | 'status'
  | 'trigger'
  | 'schedule'
  | 'created_at'
  | 'updated_at'
> {
  last_run_at: Date | null;
  last_run_status: 'success' | 'failed' | null;
  last_error: string | null;
}

/**
 * One query for the whole list: a lateral join picks each integration's newest non-test run
 * through runs_integration_started_idx, so the list never asks once per integration.
 */
export async function listIntegrationsOfUser(
  sql: Sql,
  userId: string,
  query: TListIntegrationsQuery,
): Promise<IntegrationListRow[]> {
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return sql<IntegrationListRow[]>`
    select i.id, i.name, i.source_api_name, i.source_api_url, i.dest_api_name, i.dest_api_url,
           i.user_prompt, i.status, i.trigger, i.schedule, i.created_at, i.updated_at,
           last_run.started_at as last_run_at, last_run.status as last_run_status,
           case when last_run.status = 'failed' then last_run.error->>'message' end as last_error
    from integrations i
    left join lateral (
      select r.started_at, r.status, r.error from runs r
      where r.integration_id = i.id and r.kind in ${sql(DEPLOYED_RUN_KINDS)}
      order by r.started_at desc, r.id desc
      limit 1
    ) last_run on true
    where i.user_id = ${userId}
      and (${query.status ?? null}::text is null or i.status = ${query.status ?? null})
      and (${pattern}::text is null
           or i.name ilike ${pattern} or i.source_api_name ilike ${pattern}
           or i.dest_api_name ilike ${pattern} or i.user_prompt ilike ${pattern})
    order by i.created_at desc, i.id`;
}

/** The user's integration, or undefined (also for a malformed id or another user's). */
export async function findIntegrationOfUser(
  sql: Queryable,
  userId: string,
  id: string,
): Promise<IntegrationRow | undefined> {
  if (!isIntegrationId(id)) return undefined;
  const [row] = await sql<IntegrationRow[]>`
    select * from integrations where id = ${id} and user_id = ${userId}`;
  return row;
}

/**
 * Takes a Free-plan slot and inserts the integration in one transaction (ADR 010): one
 * `update users … integrations_created < limit` takes the slot, so two parallel creates at
 * the limit cannot both pass. Undefined when the user has no slot left. `build` gets the
 * new id first, since a sealed credential is bound to it.
 */
export async function createIntegrationWithSlot(
  sql: Sql,
  options: {
    userId: string;
    freeLimit: number;
    build: (id: string) => { values: IntegrationValues; version: NewVersion | null };
  },
): Promise<IntegrationRow | undefined> {
  return sql.begin(async (tx) => {
    const [slot] = await tx`
      update users set integrations_created = integrations_created + 1
      where id = ${options.userId} and (plan = 'pro' or integrations_created < ${options.freeLimit})
      returning id`;
    if (!slot) return undefined;
    const id = crypto.randomUUID();
    const { values, version } = options.build(id);
    const [row] = await tx<IntegrationRow[]>`
      insert into integrations ${tx({ id, user_id: options.userId, ...columns(tx, values) })}
      returning *`;
    if (!row) throw new Error('insert into integrations returned no row');
    if (version) await appendVersion(tx, row, version);
    return row;
  });
}

/**
 * Changes the user's integration in one transaction, under its row lock: `decide` sees the
 * row as it is and returns the columns to change and the version to append (or throws,
 * which changes nothing). Undefined when the integration does not exist.
 */
export async function updateIntegrationOfUser(
  sql: Sql,
  userId: string,
  id: string,
  decide: (before: IntegrationRow) => {
    changes: IntegrationChanges;
    version: NewVersion | null;
  },
  /** Runs in the same transaction, after the update: what must change with it (ADR 029). */
  alongside?: (tx: TransactionSql, before: IntegrationRow, after: IntegrationRow) => Promise<void>,
): Promise<{ before: IntegrationRow; after: IntegrationRow } | undefined> {
  if (!isIntegrationId(id)) return undefined;
  return sql.begin(async (tx) => {
    const [before] = await tx<IntegrationRow[]>`
      select * from integrations where id = ${id} and user_id = ${userId} for update`;
    if (!before) return undefined;
    const { changes, version } = decide(before);
    const [after] = await tx<IntegrationRow[]>`
      update integrations set ${tx({ ...columns(tx, changes), updated_at: new Date() })}
      where id = ${id} and user_id = ${userId}
      returning *`;
    if (!after) throw new Error('update of a locked integration returned no row');
    if (version) await appendVersion(tx, after, version);
    if (alongside) await alongside(tx, before, after);
    return { before, after };
  });
}

/** True when the user's integration existed and is gone (with its versions, state and runs). */
export async function deleteIntegrationOfUser(
  sql: Sql,
  userId: string,
  id: string,
): Promise<boolean> {
  if (!isIntegrationId(id)) return false;
  const rows = await sql`
    delete from integrations where id = ${id} and user_id = ${userId} returning id`;
  return rows.length > 0;
}

/** Appends a version with the descriptions the integration uses now. */
async function appendVersion(
  tx: TransactionSql,
  integration: IntegrationRow,
  version: NewVersion,
): Promise<void> {
  // The integration row is locked (or new) in this transaction, so max+1 cannot race.
  await tx`
    insert into integration_versions
      (integration_id, version, origin, code, source_description, dest_description,
       generation_report, restored_from)
    select ${integration.id}, coalesce(max(version), 0) + 1, ${version.origin}, ${version.code},
      ${tx.json(integration.source_description as JsonValue)},
      ${tx.json(integration.dest_description as JsonValue)},
      ${version.generationReport ? tx.json(version.generationReport as unknown as JsonValue) : null},
      ${version.restoredFrom ?? null}
    from integration_versions where integration_id = ${integration.id}`;
}

/** An `integration_versions` row as postgres.js returns it. */
export interface IntegrationVersionRow {
  integration_id: string;
  version: number;
  origin: TIntegrationVersion['origin'];
  code: string;
  /** The descriptions the code was written against; null for versions before migration 0005. */
  source_description: TDescriptionChoice | null;
  dest_description: TDescriptionChoice | null;
  generation_report: TGenerationReport | null;
  /** Migration 0017. */
  restored_from: number | null;
  created_at: Date;
}

export function toIntegrationVersion(row: IntegrationVersionRow): TIntegrationVersion {
  return {
    version: row.version,
    origin: row.origin,
    code: row.code,
    generationReport: row.generation_report,
    restoredFrom: row.restored_from,
    createdAt: row.created_at.toISOString(),
  };
}

/** Newest first. The caller checks ownership (findIntegrationOfUser) first. */
export async function listVersions(
  sql: Sql,
  integrationId: string,
): Promise<IntegrationVersionRow[]> {
  return sql<IntegrationVersionRow[]>`
    select * from integration_versions where integration_id = ${integrationId}
    order by version desc`;
}

/** What a Temporal Schedule is made from (api/src/runtime/schedules.ts). */
export type ScheduledIntegrationRow = Pick<
  IntegrationRow,
  'id' | 'status' | 'schedule' | 'trigger'
>;

/**
 * Every integration that should have a Schedule: deployed (all but drafts) and triggered by a
 * schedule (webhook and manual integrations have none).
 */
export async function listDeployedIntegrations(sql: Sql): Promise<ScheduledIntegrationRow[]> {
  return sql<ScheduledIntegrationRow[]>`
    select id, status, schedule, trigger from integrations
    where status <> 'draft' and trigger = 'schedule'`;
}

/** The integration's schedule fields as they are now, or undefined when it is gone. */
export async function findScheduledIntegration(
  sql: Sql,
  id: string,
): Promise<ScheduledIntegrationRow | undefined> {
  if (!isIntegrationId(id)) return undefined;
  const [row] = await sql<ScheduledIntegrationRow[]>`
    select id, status, schedule, trigger from integrations where id = ${id}`;
  return row;
}
