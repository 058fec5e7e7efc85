// Notification channels and failure/recovery alerts (ADR 022). One source for the
// API's routes, the worker's deliveries and the console's Notifications tab.
import { z } from 'zod';

export const CHANNEL_TYPES = ['email', 'webhook'] as const;
export const ZChannelType = z.enum(CHANNEL_TYPES);
export type TChannelType = z.infer<typeof ZChannelType>;

/** What an alert says happened: the integration turned failed, or it works again. */
export const ALERT_TRANSITIONS = ['failed', 'recovered'] as const;
export const ZAlertTransition = z.enum(ALERT_TRANSITIONS);
export type TAlertTransition = z.infer<typeof ZAlertTransition>;

/** Which integrations a channel alerts: every one of the account's, or these. */
export const ZChannelRouting = z.union([z.literal('all'), z.array(z.uuid()).max(500)]);
export type TChannelRouting = z.infer<typeof ZChannelRouting>;

const ZChannelName = z.string().trim().min(1, 'is required').max(100);

/** An alert URL: http(s), no user:password@ (the worker's network guard checks the address). */
export const ZAlertWebhookUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .max(2000)
  // zod runs this check after a failed url check too: an unparsable value is that check's error.
  .refine((url) => {
    try {
      const parsed = new URL(url);
      return parsed.username === '' && parsed.password === '';
    } catch {
      return true;
    }
  }, 'must not carry user:password@');

export const ZNotificationChannel = z.object({
  id: z.uuid(),
  type: ZChannelType,
  name: z.string(),
  /**
   * Email: the address alerts go to. Webhook: the URL's origin and the last characters of its
   * path (`https://hooks.slack.com/…x9Kq`); the whole URL is sealed and never shown again.
   */
  target: z.string(),
  /** Email only: the account's own address, which follows a change of the account's email. */
  accountEmail: z.boolean(),
  enabled: z.boolean(),
  integrationIds: ZChannelRouting,
  createdAt: z.iso.datetime(),
});
export type TNotificationChannel = z.infer<typeof ZNotificationChannel>;

export const ZNotificationChannelList = z.object({ channels: z.array(ZNotificationChannel) });
export type TNotificationChannelList = z.infer<typeof ZNotificationChannelList>;

const channelOptions = {
  enabled: z.boolean().optional(),
  /** Default 'all'. */
  integrationIds: ZChannelRouting.optional(),
};

/** POST /api/notifications/channels. */
export const ZCreateChannelRequest = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('email'),
    name: ZChannelName,
    /** Null or absent: the account's own address. */
    address: z.email().max(320).nullable().optional(),
    ...channelOptions,
  }),
  z.strictObject({
    type: z.literal('webhook'),
    name: ZChannelName,
    url: ZAlertWebhookUrl,
    ...channelOptions,
  }),
]);
export type TCreateChannelRequest = z.infer<typeof ZCreateChannelRequest>;

/** PUT /api/notifications/channels/:id: what is left out stays. */
export const ZUpdateChannelRequest = z.strictObject({
  name: ZChannelName.optional(),
  /** Email channels: a new address, or null for the account's own. */
  address: z.email().max(320).nullable().optional(),
  /** Webhook channels: a new URL. */
  url: ZAlertWebhookUrl.optional(),
  ...channelOptions,
});
export type TUpdateChannelRequest = z.infer<typeof ZUpdateChannelRequest>;

/** POST /api/notifications/channels/:id/test when the test alert arrived. */
export const ZChannelTestResult = z.object({
  delivered: z.literal(true),
  /** What the receiving server answered, e.g. 'SMTP server accepted it: 250 OK'. */
  detail: z.string(),
});
export type TChannelTestResult = z.infer<typeof ZChannelTestResult>;

/** Discord refuses a message longer than this. */
export const DISCORD_CONTENT_MAX = 2000;

/**
 * The JSON body a webhook channel receives: `text` is what a Slack incoming webhook shows and
 * `content` (the same words, at most 2000 characters) what a Discord one shows, so either URL
 * works as it is; the rest is for receivers that parse it.
 */
export const ZAlertWebhookBody = z.object({
  text: z.string(),
  content: z.string().max(DISCORD_CONTENT_MAX),
  /** 'test' for a channel's Send test. */
  status: z.enum([...ALERT_TRANSITIONS, 'test']),
  integration: z.object({ id: z.string(), name: z.string() }).nullable(),
  error: z.string().nullable(),
  runUrl: z.string().nullable(),
  /** Operators' alerts only, as in the console. */
  temporalUrl: z.string().nullable(),
  sentAt: z.iso.datetime(),
});
export type TAlertWebhookBody = z.infer<typeof ZAlertWebhookBody>;

/** Workflow deliverAlert and activity sendAlert: one decided alert (db alerts.id). */
export const ZSendAlertInput = z.object({ alertId: z.uuid() });
export type TSendAlertInput = z.infer<typeof ZSendAlertInput>;

/** Workflow and activity sendTestAlert: one channel's Send test. */
export const ZSendTestAlertInput = z.object({ channelId: z.uuid(), userId: z.uuid() });
export type TSendTestAlertInput = z.infer<typeof ZSendTestAlertInput>;

/** How a test alert went: never thrown, so the API answers the receiver's own words. */
export const ZSendTestAlertResult = z.object({
  delivered: z.boolean(),
  detail: z.string(),
  /** Set when the worker has no SMTP server: the API answers as password reset does (503). */
  mailNotConfigured: z.boolean().optional(),
});
export type TSendTestAlertResult = z.infer<typeof ZSendTestAlertResult>;

/** Activity recordFailedRun's answer: the alert it decided, if any. */
export const ZRecordFailedRunResult = z.object({ alertId: z.uuid().nullable() });
export type TRecordFailedRunResult = z.infer<typeof ZRecordFailedRunResult>;

/** The vault's additional data for a webhook channel's URL: a copied ciphertext does not open. */
export function alertUrlContext(channelId: string): string {
  return `patchbay:notification-channel:${channelId}:url`;
}

/**
 * What the console shows of a webhook URL: its origin and the last 4 characters of the rest,
 * since a Slack or Discord URL's path is its secret.
 */
export function alertUrlHint(url: string): string {
  const parsed = new URL(url);
  const rest = `${parsed.pathname}${parsed.search}`;
  return rest.length > 8 ? `${parsed.origin}/…${rest.slice(-4)}` : `${parsed.origin}/…`;
}

/** A workflow execution in the Temporal Web UI (run history and operators' alerts). */
export function temporalWorkflowUrl(
  ui: { baseUrl: string; namespace: string },
  workflowId: string,
  runId: string,
): string {
  return `${ui.baseUrl.replace(/\/$/, '')}/namespaces/${encodeURIComponent(ui.namespace)}/workflows/${encodeURIComponent(workflowId)}/${encodeURIComponent(runId)}/history`;
}
