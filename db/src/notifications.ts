// Notification channels and alerts (ADR 022; schema/migrations/0011_notifications.sql).
// The API manages channels; the transaction that records a run records its alert (decideAlert,
// by the rule in schema/src/alert-rule.ts) and the worker's sendAlert activity delivers it.
import {
  RETENTION_DAYS,
  transitionAlerts,
  type TAlertTransition,
  type TChannelRouting,
  type TNotificationChannel,
} from '@patchbay/schema';
import type { Queryable, Sql } from './client.ts';
import type { UserRow } from './users.ts';

/** A `notification_channels` row, with the account's address for email channels. */
export interface NotificationChannelRow {
  id: string;
  user_id: string;
  type: TNotificationChannel['type'];
  name: string;
  /** Email: the address or null (the account's); webhook: the sealed URL. */
  target: string | null;
  target_hint: string | null;
  enabled: boolean;
  integration_ids: string[] | null;
  created_at: Date;
  /** users.email of the channel's account. */
  account_email: string;
}

/** The API's view of a channel: never the sealed URL. */
export function toNotificationChannel(row: NotificationChannelRow): TNotificationChannel {
  const accountEmail = row.type === 'email' && row.target === null;
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    target:
      row.type === 'email' ? (row.target ?? row.account_email) : (row.target_hint ?? 'webhook'),
    accountEmail,
    enabled: row.enabled,
    integrationIds: row.integration_ids ?? 'all',
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The default channel, so that alerts go to the account's email until the user says otherwise:
 * an email channel to the account's own address for every integration, made the first time the
 * account's channels are read or alerted. Made once: a user who deletes it does not get it back.
 */
export async function ensureDefaultChannel(sql: Queryable, userId: string): Promise<void> {
  await sql`
    with made as (
      insert into notification_defaults (user_id) values (${userId})
      on conflict do nothing
      returning user_id
    )
    insert into notification_channels (user_id, type, name, target, target_hint, integration_ids)
    select user_id, 'email', 'Account email', null, null, null from made`;
}

/** The account's channels, oldest first (the default one included). */
export async function listChannels(sql: Sql, userId: string): Promise<NotificationChannelRow[]> {
  await ensureDefaultChannel(sql, userId);
  return sql<NotificationChannelRow[]>`
    select c.*, u.email as account_email
    from notification_channels c join users u on u.id = c.user_id
    where c.user_id = ${userId}
    order by c.created_at, c.id`;
}

export async function findChannelOfUser(
  sql: Queryable,
  userId: string,
  channelId: string,
): Promise<NotificationChannelRow | undefined> {
  if (!isUuid(channelId)) return undefined;
  const [row] = await sql<NotificationChannelRow[]>`
    select c.*, u.email as account_email
    from notification_channels c join users u on u.id = c.user_id
    where c.user_id = ${userId} and c.id = ${channelId}`;
  return row;
}

export interface ChannelFields {
  name: string;
  /** Email: address or null; webhook: the sealed URL. */
  target: string | null;
  targetHint: string | null;
  enabled: boolean;
  integrationIds: TChannelRouting;
}

/** Inserts a channel under an id the caller chose (a webhook URL is sealed for that id). */
export async function insertChannel(
  sql: Sql,
  channel: ChannelFields & { id: string; userId: string; type: TNotificationChannel['type'] },
): Promise<NotificationChannelRow> {
  await ensureDefaultChannel(sql, channel.userId);
  await sql`
    insert into notification_channels ${sql({
      id: channel.id,
      user_id: channel.userId,
      type: channel.type,
      name: channel.name,
      target: channel.target,
      target_hint: channel.targetHint,
      enabled: channel.enabled,
      integration_ids: routingColumn(channel.integrationIds),
    })}`;
  const row = await findChannelOfUser(sql, channel.userId, channel.id);
  if (!row) throw new Error(`channel ${channel.id} vanished after insert`);
  return row;
}

/** Changes the given fields; undefined when the channel is not the user's. */
export async function updateChannel(
  sql: Sql,
  userId: string,
  channelId: string,
  changes: Partial<ChannelFields>,
): Promise<NotificationChannelRow | undefined> {
  if (!isUuid(channelId)) return undefined;
  const columns: Record<string, unknown> = {};
  if (changes.name !== undefined) columns.name = changes.name;
  if (changes.target !== undefined) columns.target = changes.target;
  if (changes.targetHint !== undefined) columns.target_hint = changes.targetHint;
  if (changes.enabled !== undefined) columns.enabled = changes.enabled;
  if (changes.integrationIds !== undefined) {
    columns.integration_ids = routingColumn(changes.integrationIds);
  }
  if (Object.keys(columns).length > 0) {
    await sql`
      update notification_channels set ${sql(columns)}
      where id = ${channelId} and user_id = ${userId}`;
  }
  return findChannelOfUser(sql, userId, channelId);
}

export async function deleteChannel(sql: Sql, userId: string, channelId: string): Promise<boolean> {
  if (!isUuid(channelId)) return false;
  const rows = await sql`
    delete from notification_channels where id = ${channelId} and user_id = ${userId}
    returning id`;
  return rows.length === 1;
}

/** Which of these ids are integrations of the user (routing may name only those). */
export async function integrationIdsOfUser(
  sql: Sql,
  userId: string,
  ids: string[],
): Promise<Set<string>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Set();
  const rows = await sql<{ id: string }[]>`
    select id from integrations where user_id = ${userId} and id in ${sql(valid)}`;
  return new Set(rows.map((row) => row.id));
}

/** The run that made the alert, and what it says. */
export interface AlertCause {
  integrationId: string;
  transition: TAlertTransition;
  workflowId: string;
  runId: string;
  errorMessage: string | null;
}

/**
 * Records the alert a run's transition sends, when the rule (schema/src/alert-rule.ts) says it
 * sends one. Call it in the transaction that records the run, holding the integration's row lock
 * (`select … for update`), so two racing runs see each other's alert. Returns the new alert's
 * id, or null when nothing is to be sent.
 */
export async function decideAlert(sql: Queryable, cause: AlertCause): Promise<string | null> {
  const [state] = await sql<{ last_alert: TAlertTransition }[]>`
    select last_alert from integration_alert_state where integration_id = ${cause.integrationId}`;
  if (!transitionAlerts(cause.transition, state?.last_alert ?? null)) return null;
  await sql`
    insert into integration_alert_state (integration_id, last_alert)
    values (${cause.integrationId}, ${cause.transition})
    on conflict (integration_id) do update set last_alert = excluded.last_alert, changed_at = now()`;
  const [alert] = await sql<{ id: string }[]>`
    insert into alerts (integration_id, transition, workflow_id, run_id, run_record_id, error_message)
    values (
      ${cause.integrationId}, ${cause.transition}, ${cause.workflowId}, ${cause.runId},
      (select max(id) from runs where workflow_id = ${cause.workflowId} and run_id = ${cause.runId}),
      ${cause.errorMessage}
    )
    on conflict (workflow_id, run_id, transition) do nothing
    returning id`;
  return alert?.id ?? null;
}

/** The alert decided for this execution, if any: a committed run whose answer Temporal lost. */
export async function findAlertOfRun(
  sql: Queryable,
  workflowId: string,
  runId: string,
  transition: TAlertTransition,
): Promise<string | null> {
  const [row] = await sql<{ id: string }[]>`
    select id from alerts
    where workflow_id = ${workflowId} and run_id = ${runId} and transition = ${transition}`;
  return row?.id ?? null;
}

/** An alert with what its message needs. */
export interface AlertForDelivery {
  id: string;
  transition: TAlertTransition;
  integrationId: string;
  integrationName: string;
  workflowId: string;
  runId: string;
  errorMessage: string | null;
  createdAt: Date;
  user: Pick<UserRow, 'id' | 'email' | 'role'>;
}

/** Undefined when the alert is gone (its integration was deleted, which cascades). */
export async function loadAlert(sql: Sql, alertId: string): Promise<AlertForDelivery | undefined> {
  const [row] = await sql<
    {
      id: string;
      transition: TAlertTransition;
      integration_id: string;
      integration_name: string;
      workflow_id: string;
      run_id: string;
      error_message: string | null;
      created_at: Date;
      user_id: string;
      email: string;
      role: UserRow['role'];
    }[]
  >`
    select a.*, i.name as integration_name, u.id as user_id, u.email, u.role
    from alerts a
    join integrations i on i.id = a.integration_id
    join users u on u.id = i.user_id
    where a.id = ${alertId}`;
  if (!row) return undefined;
  return {
    id: row.id,
    transition: row.transition,
    integrationId: row.integration_id,
    integrationName: row.integration_name,
    workflowId: row.workflow_id,
    runId: row.run_id,
    errorMessage: row.error_message,
    createdAt: row.created_at,
    user: { id: row.user_id, email: row.email, role: row.role },
  };
}

/** Enabled channels routed to the integration that have not got this alert yet. */
export async function listUndeliveredChannels(
  sql: Sql,
  alert: Pick<AlertForDelivery, 'id' | 'integrationId' | 'user'>,
): Promise<NotificationChannelRow[]> {
  await ensureDefaultChannel(sql, alert.user.id);
  return sql<NotificationChannelRow[]>`
    select c.*, u.email as account_email
    from notification_channels c join users u on u.id = c.user_id
    where c.user_id = ${alert.user.id} and c.enabled
      and (c.integration_ids is null or ${alert.integrationId}::uuid = any (c.integration_ids))
      and not exists (
        select 1 from alert_deliveries d where d.alert_id = ${alert.id} and d.channel_id = c.id)
    order by c.created_at, c.id`;
}

/**
 * What a channel did with an alert: 'sent', or 'refused' for what no retry can change (an
 * address the network guard blocks, mail not configured). Both end its delivery.
 */
export async function recordDelivery(
  sql: Sql,
  delivery: { alertId: string; channelId: string; status: 'sent' | 'refused'; detail: string },
): Promise<void> {
  await sql`
    insert into alert_deliveries (alert_id, channel_id, status, detail)
    values (${delivery.alertId}, ${delivery.channelId}, ${delivery.status}, ${delivery.detail})
    on conflict do nothing`;
}

/** The alerts of an integration, newest first, with their deliveries (tests, support). */
export async function listAlertsOfIntegration(
  sql: Sql,
  integrationId: string,
): Promise<
  Array<{
    id: string;
    transition: TAlertTransition;
    deliveries: Array<{ channel_id: string; status: string; detail: string }>;
  }>
> {
  return sql`
    select a.id, a.transition, coalesce((
      select json_agg(json_build_object('channel_id', d.channel_id, 'status', d.status,
        'detail', d.detail) order by d.attempted_at)
      from alert_deliveries d where d.alert_id = a.id), '[]') as deliveries
    from alerts a where a.integration_id = ${integrationId}
    order by a.created_at desc, a.id`;
}

/** Webhook channels whose URL is sealed with a key other than `activeKid` (key rotation). */
export async function listChannelUrlsNotSealedWith(
  sql: Sql,
  activeKid: string,
): Promise<{ id: string; value: string }[]> {
  return sql<{ id: string; value: string }[]>`
    select id, target as value from notification_channels
    where type = 'webhook' and split_part(target, ':', 1) <> ${activeKid}`;
}

/** Swaps a sealed URL for its re-encrypted form, only if nobody changed it meanwhile. */
export async function replaceChannelUrl(
  sql: Sql,
  change: { channelId: string; from: string; to: string },
): Promise<boolean> {
  const updated = await sql`
    update notification_channels set target = ${change.to}
    where id = ${change.channelId} and target = ${change.from}`;
  return updated.count === 1;
}

/** Alerts older than the run logs they quote (RETENTION_DAYS.runLogs); deliveries go with them. */
export async function pruneAlerts(sql: Sql): Promise<number> {
  const deleted = await sql`
    delete from alerts where created_at < now() - make_interval(days => ${RETENTION_DAYS.runLogs})`;
  return deleted.count;
}

function routingColumn(routing: TChannelRouting): string[] | null {
  return routing === 'all' ? null : [...new Set(routing)];
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
