// Webhook intake's tables (migration 0010, ADR 021): the integration a token names,
// token rotation, and webhook_events, the log of deliveries with what they started.
import { RETENTION_DAYS, type TWebhookEventRecord, type TWebhookEvent } from '@patchbay/schema';
import { jsonbText, type JsonValue, type Sql } from './client.ts';
import { isIntegrationId, type IntegrationRow } from './integrations.ts';

/** A `webhook_events` row, with the run its workflow recorded (if any). */
export interface WebhookEventRow {
  /** bigint, as postgres.js returns it. */
  id: string;
  integration_id: string;
  event_id: string;
  received_at: Date;
  verified: boolean;
  duplicate: boolean;
  status: TWebhookEventRecord['status'];
  workflow_id: string | null;
  headers: Record<string, string>;
  body: unknown;
  error: string | null;
  replay_of: string | null;
  accepted: boolean;
}

/** A listed row: the event and the latest run record of its workflow. */
export interface WebhookEventListRow extends Omit<
  WebhookEventRow,
  'headers' | 'body' | 'accepted'
> {
  run_record_id: string | null;
  run_status: 'success' | 'failed' | null;
  run_temporal_id: string | null;
}

/**
 * The integrations whose webhook URLs carry these tokens, in one statement; a token that names
 * none (unknown or rotated) is left out.
 */
export async function findIntegrationsByWebhookTokens(
  sql: Sql,
  tokens: string[],
): Promise<IntegrationRow[]> {
  if (tokens.length === 0) return [];
  return sql<IntegrationRow[]>`
    select * from integrations where webhook_token = any(${tokens}::text[])`;
}

/** Gives the user's integration a new token; false when there is no such integration. */
export async function rotateWebhookToken(
  sql: Sql,
  userId: string,
  integrationId: string,
  token: string,
): Promise<boolean> {
  if (!isIntegrationId(integrationId)) return false;
  const rows = await sql`
    update integrations set webhook_token = ${token}, updated_at = now()
    where id = ${integrationId} and user_id = ${userId} returning id`;
  return rows.length === 1;
}

export interface NewWebhookEvent {
  integrationId: string;
  eventId: string;
  receivedAt: Date;
  verified: boolean;
  status: TWebhookEventRecord['status'];
  workflowId: string | null;
  headers: Record<string, string>;
  /** Null for a rejected delivery: an unverified body is not kept. */
  body: unknown;
  error: string | null;
  replayOf?: string;
}

export async function insertWebhookEvent(sql: Sql, event: NewWebhookEvent): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into webhook_events ${sql({
      integration_id: event.integrationId,
      event_id: event.eventId,
      received_at: event.receivedAt,
      verified: event.verified,
      duplicate: event.status === 'duplicate',
      status: event.status,
      workflow_id: event.workflowId,
      headers: sql.json(event.headers),
      // jsonb holds objects, arrays and strings alike; JSON null when there is no body.
      body: sql.json((event.body ?? null) as JsonValue),
      error: event.error,
      replay_of: event.replayOf ?? null,
    })}
    returning id`;
  if (!row) throw new Error('insert into webhook_events returned no row');
  return row.id;
}

/** A verified delivery to be run: the log row, and the workflow it is to start with its input. */
export interface AcceptedWebhookEvent {
  integrationId: string;
  eventId: string;
  receivedAt: Date;
  verified: boolean;
  workflowId: string;
  headers: Record<string, string>;
  body: unknown;
  /** The run's ctx.event, kept until the workflow is started. */
  input: TWebhookEvent;
}

/** Text as createSql's text parameter stores it, U+FFFD for each NUL: the returned rows say so. */
function storable(text: string): string {
  return text.replaceAll('\u0000', '\ufffd');
}

/**
 * Keeps deliveries as the accepted ones of their events, status `queued` (ADR 047), in one
 * statement and one commit: once this returns, they survive any process. For each event, in
 * order, its row id, or null when the event was already accepted (a redelivery, or an earlier
 * delivery of the same event in this call): the unique (integration_id, event_id) index where
 * accepted decides, so two API replicas receiving the same event at once accept it once. One
 * refused row (an integration deleted meanwhile) refuses the whole statement.
 */
export async function acceptWebhookEvents(
  sql: Sql,
  events: AcceptedWebhookEvent[],
): Promise<(string | null)[]> {
  if (events.length === 0) return [];
  // Columns as arrays, so the statement is the same (and prepared once) for any number of rows.
  // Every column goes as text and is cast per row: postgres.js infers an array of booleans as
  // one boolean, and would serialize json[] elements again. JSON is made storable by jsonbText
  // as createSql's json serializer would; the input is cast to json, not jsonb (key order).
  const rows = await sql<{ id: string; integration_id: string; event_id: string }[]>`
    insert into webhook_events
      (integration_id, event_id, received_at, verified, status, accepted, workflow_id,
       headers, body, input)
    select e.integration_id::uuid, e.event_id, e.received_at::timestamptz, e.verified::boolean,
      'queued', true,
      e.workflow_id, e.headers::jsonb, e.body::jsonb, e.input::json
    from unnest(
      ${events.map((e) => e.integrationId)}::text[],
      ${events.map((e) => storable(e.eventId))}::text[],
      ${events.map((e) => e.receivedAt.toISOString())}::text[],
      ${events.map((e) => String(e.verified))}::text[],
      ${events.map((e) => storable(e.workflowId))}::text[],
      ${events.map((e) => jsonbText(e.headers))}::text[],
      ${events.map((e) => jsonbText(e.body ?? null))}::text[],
      ${events.map((e) => jsonbText(e.input))}::text[]
    ) with ordinality as e(integration_id, event_id, received_at, verified, workflow_id,
      headers, body, input, n)
    order by e.n
    on conflict (integration_id, event_id) where accepted do nothing
    returning id, integration_id, event_id`;
  const ids = new Map(rows.map((row) => [`${row.integration_id} ${row.event_id}`, row.id]));
  return events.map((e) => {
    const key = `${e.integrationId} ${storable(e.eventId)}`;
    const id = ids.get(key) ?? null;
    // The first delivery of an event in this call took the row; a later one is a duplicate.
    ids.delete(key);
    return id;
  });
}

/** An accepted event whose workflow has not been started yet. */
export interface QueuedWebhookEvent {
  id: string;
  integration_id: string;
  workflow_id: string;
  input: unknown;
}

/** The oldest queued events, at most `limit`. */
export async function queuedWebhookEvents(sql: Sql, limit: number): Promise<QueuedWebhookEvent[]> {
  // Read as text and parsed here, so the input's keys come back in the order they were kept.
  const rows = await sql<(Omit<QueuedWebhookEvent, 'input'> & { input: string })[]>`
    select id, integration_id, workflow_id, input::text as input from webhook_events
    where status = 'queued' order by id limit ${limit}`;
  return rows.map((row) => ({ ...row, input: JSON.parse(row.input) as unknown }));
}

/** Their workflows exist now: `started`, and the copy of the input is no longer needed. */
export async function markWebhookEventsStarted(sql: Sql, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    update webhook_events set status = 'started', input = null
    where id = any(${ids}::bigint[]) and status = 'queued'`;
}

/**
 * A page of the integration's events, newest first, each with the newest run record of its
 * workflow (the unique (workflow_id, run_id, attempt) index finds it).
 */
export async function listWebhookEventsPage(
  sql: Sql,
  integrationId: string,
  page: { limit: number; before?: number | undefined },
): Promise<{ rows: WebhookEventListRow[]; nextBefore: number | null }> {
  const rows = await sql<WebhookEventListRow[]>`
    select e.id, e.integration_id, e.event_id, e.received_at, e.verified, e.duplicate, e.status,
      e.workflow_id, e.error, e.replay_of,
      run.id as run_record_id, run.status as run_status, run.run_id as run_temporal_id
    from webhook_events e
    left join lateral (
      select r.id, r.status, r.run_id from runs r
      where e.status = 'started' and r.workflow_id = e.workflow_id and r.kind <> 'test'
      order by (r.status = 'success') desc, r.id desc
      limit 1
    ) run on true
    where e.integration_id = ${integrationId}
      and (${page.before ?? null}::bigint is null or e.id < ${page.before ?? null})
    order by e.id desc
    limit ${page.limit + 1}`;
  const more = rows.length > page.limit;
  const shown = more ? rows.slice(0, page.limit) : rows;
  return { rows: shown, nextBefore: more ? Number(shown.at(-1)?.id) : null };
}

/** One event of the integration, with its headers and body (for a replay). */
export async function findWebhookEvent(
  sql: Sql,
  integrationId: string,
  id: string,
): Promise<WebhookEventRow | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  const [row] = await sql<WebhookEventRow[]>`
    select * from webhook_events where id = ${id} and integration_id = ${integrationId}`;
  return row;
}

/** The event as ctx.event shows it again (a replay): same id, headers and body. */
export function toWebhookEvent(row: WebhookEventRow): TWebhookEvent {
  return {
    id: row.event_id,
    receivedAt: row.received_at.toISOString(),
    headers: row.headers,
    body: row.body,
  };
}

/** The run-log retention (RETENTION_DAYS.runLogs) applies to event bodies: whole rows go. */
export async function pruneWebhookEvents(sql: Sql): Promise<number> {
  const deleted = await sql`
    delete from webhook_events
    where received_at < now() - make_interval(days => ${RETENTION_DAYS.runLogs})`;
  return deleted.count;
}
