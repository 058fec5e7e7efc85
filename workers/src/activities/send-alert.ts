// Failure and recovery alerts (ADR 022). An alert was decided in the transaction that
// recorded the run (db decideAlert); the deliverAlert workflow calls sendAlert with retries
// until every channel routed to the integration has it. A channel that got it is recorded, so a
// retry sends only to the rest: a flaky SMTP server delays an alert, never drops or doubles it.
// Send test (sendTestAlert) is one attempt whose answer the API shows.
import { ApplicationFailure, Context } from '@temporalio/activity';
import {
  alertUrlContext,
  DISCORD_CONTENT_MAX,
  temporalWorkflowUrl,
  ZSendAlertInput,
  ZSendTestAlertInput,
  type TAlertWebhookBody,
  type TSendAlertInput,
  type TSendTestAlertInput,
  type TSendTestAlertResult,
} from '@patchbay/schema';
import { decrypt, type KeyRing } from '@patchbay/schema/vault';
import { parsePayload } from '@patchbay/workflows';
import {
  findChannelOfUser,
  listUndeliveredChannels,
  loadAlert,
  recordDelivery,
  type AlertForDelivery,
  type NotificationChannelRow,
  type Sql,
} from '@patchbay/db';
import { guardedRequest } from '@patchbay/runtime/network';
import { BlockedRequestError, type LookupAll } from '@patchbay/runtime/network';
import { Redactor } from '../sandbox/redact.ts';
import { loadIntegration } from './load-integration.ts';

/** What alerts need of the worker's environment (SMTP_URL, SMTP_FROM, APP_URL, TEMPORAL_UI_URL). */
export interface AlertSettings {
  /** Null: mail is not configured, and email channels say so instead of sending. */
  smtp: { url: string; from: string } | null;
  /** The console's public URL, for run links. */
  appUrl: string;
  temporalUi: { baseUrl: string; namespace: string };
}

export interface AlertDeps {
  sql: Sql;
  vault: KeyRing;
  /** SANDBOX_ALLOW_PRIVATE_NETWORK: alert URLs obey the sandbox's network guard. */
  allowPrivateNetwork: boolean;
  alerts: AlertSettings;
  /** Tests put a fake public host name in front of a loopback server. */
  lookup?: LookupAll;
}

/** A webhook receiver gets this long to answer. */
export const ALERT_WEBHOOK_TIMEOUT_MS = 15_000;

/** The message of one alert, for both channel types. */
export interface AlertMessage {
  subject: string;
  text: string;
  body: TAlertWebhookBody;
}

/** How one channel's delivery went. 'retry': trying later may help; 'refused': it cannot. */
type Delivery =
  | { status: 'sent'; detail: string }
  | { status: 'retry' | 'refused'; detail: string; mailNotConfigured?: boolean };

export function createAlertActivities(deps: AlertDeps) {
  return {
    async sendAlert(payload: TSendAlertInput): Promise<{ sent: number; refused: number }> {
      const { alertId } = parsePayload(ZSendAlertInput, payload, 'sendAlert');
      const alert = await loadAlert(deps.sql, alertId);
      // The integration was deleted since (its alerts went with it): nobody to tell.
      if (!alert) return { sent: 0, refused: 0 };
      const message = await composeAlert(deps, alert);
      const channels = await listUndeliveredChannels(deps.sql, alert);
      let sent = 0;
      let refused = 0;
      const pending: string[] = [];
      for (const channel of channels) {
        const delivery = await deliver(deps, channel, message);
        if (delivery.status === 'retry') {
          pending.push(`${channel.name}: ${delivery.detail}`);
          continue;
        }
        await recordDelivery(deps.sql, {
          alertId,
          channelId: channel.id,
          status: delivery.status,
          detail: delivery.detail,
        });
        if (delivery.status === 'sent') sent++;
        else refused++;
      }
      if (pending.length > 0) {
        // Temporal retries with backoff; the channels served above are not sent to again.
        throw ApplicationFailure.retryable(
          `The alert did not reach ${pending.join('; ')}`,
          'AlertNotDelivered',
        );
      }
      // What this attempt did; channels served by earlier attempts are in alert_deliveries.
      return { sent, refused };
    },

    async sendTestAlert(payload: TSendTestAlertInput): Promise<TSendTestAlertResult> {
      const { channelId, userId } = parsePayload(ZSendTestAlertInput, payload, 'sendTestAlert');
      const channel = await findChannelOfUser(deps.sql, userId, channelId);
      if (!channel) return { delivered: false, detail: 'The channel no longer exists' };
      const delivery = await deliver(deps, channel, testMessage(deps.alerts, channel));
      if (delivery.status === 'sent') return { delivered: true, detail: delivery.detail };
      return {
        delivered: false,
        detail: delivery.detail,
        ...(delivery.mailNotConfigured ? { mailNotConfigured: true } : {}),
      };
    },
  };
}

/**
 * The alert's words, redacted with the integration's credentials: the error
 * came from a run whose sandbox already redacted it, and this is the second line of defence.
 */
export async function composeAlert(
  deps: AlertDeps,
  alert: AlertForDelivery,
): Promise<AlertMessage> {
  const redactor = new Redactor();
  const integration = await loadIntegration(deps.sql, deps.vault, alert.integrationId);
  if (integration) {
    redactor.addConnection('source', integration.source);
    redactor.addConnection('destination', integration.destination);
  }
  // The review page opens the run given by its workflow id in the Runs tab.
  const runUrl = new URL(`/integrations/${alert.integrationId}/review`, deps.alerts.appUrl);
  runUrl.searchParams.set('run', alert.workflowId);
  // The Temporal Web UI is an operator's tool: only their alerts link it.
  const temporalUrl =
    alert.user.role === 'operator'
      ? temporalWorkflowUrl(deps.alerts.temporalUi, alert.workflowId, alert.runId)
      : null;
  const name = alert.integrationName;
  const error = alert.errorMessage;
  const failed = alert.transition === 'failed';
  const subject = failed ? `Patchbay: ${name} failed` : `Patchbay: ${name} works again`;
  const lines = failed
    ? [
        `${name} failed after its retries and is marked failed.`,
        `Error: ${error ?? 'unknown'}`,
        `Run: ${runUrl.href}`,
        ...(temporalUrl ? [`Temporal: ${temporalUrl}`] : []),
        '',
        'Its runs go on as scheduled; you get one more alert when one succeeds.',
      ]
    : [
        `${name} works again: a run succeeded after the failure alert.`,
        `Run: ${runUrl.href}`,
        ...(temporalUrl ? [`Temporal: ${temporalUrl}`] : []),
      ];
  const text = lines.join('\n');
  const summary = failed
    ? `Patchbay: ${name} failed: ${error ?? 'unknown error'} (${runUrl.href})`
    : `Patchbay: ${name} works again (${runUrl.href})`;
  const body: Omit<TAlertWebhookBody, 'content'> = {
    text: summary,
    status: alert.transition,
    integration: { id: alert.integrationId, name },
    error,
    runUrl: runUrl.href,
    temporalUrl,
    sentAt: new Date().toISOString(),
  };
  return {
    subject: redactor.text(subject),
    text: redactor.text(text),
    body: withChatContent(redactor.value(body) as Omit<TAlertWebhookBody, 'content'>),
  };
}

function testMessage(settings: AlertSettings, channel: NotificationChannelRow): AlertMessage {
  const text = `Patchbay: a test alert for the channel "${channel.name}". Alerts of your integrations arrive like this.`;
  return {
    subject: 'Patchbay: test alert',
    text: `${text}\n\nSettings: ${new URL('/settings?tab=notifications', settings.appUrl).href}`,
    body: withChatContent({
      text,
      status: 'test',
      integration: null,
      error: null,
      runUrl: null,
      temporalUrl: null,
      sentAt: new Date().toISOString(),
    }),
  };
}

function deliver(
  deps: AlertDeps,
  channel: NotificationChannelRow,
  message: AlertMessage,
): Promise<Delivery> {
  return channel.type === 'email'
    ? sendMail(deps.alerts, channel.target ?? channel.account_email, message)
    : postWebhook(deps, channel, message);
}

async function sendMail(
  settings: AlertSettings,
  to: string,
  message: AlertMessage,
): Promise<Delivery> {
  if (!settings.smtp) {
    return {
      status: 'refused',
      detail: 'mail is not configured on this server (the operator sets SMTP_URL and SMTP_FROM)',
      mailNotConfigured: true,
    };
  }
  // nodemailer speaks SMTP, as the API's password-reset mail does (api/src/auth/mailer.ts).
  // Loaded at the first mail, not at start: it holds ~4.5 MiB of heap for the worker's whole
  // life, and most servers never send one (ADR 039).
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(settings.smtp.url);
  try {
    const info = await transport.sendMail({
      from: settings.smtp.from,
      to,
      subject: message.subject,
      text: message.text,
    });
    return { status: 'sent', detail: `the SMTP server accepted it for ${to}: ${info.response}` };
  } catch (error) {
    // Refused connections, 4xx and 5xx answers alike: the operator may fix the server, and
    // the delivery keeps trying for a day (deliverAlert's retry policy).
    return { status: 'retry', detail: `the SMTP server did not take it: ${reason(error)}` };
  } finally {
    transport.close();
  }
}

async function postWebhook(
  deps: AlertDeps,
  channel: NotificationChannelRow,
  message: AlertMessage,
): Promise<Delivery> {
  if (channel.target === null) return { status: 'refused', detail: 'the channel has no URL' };
  const url = new URL(decrypt(deps.vault, channel.target, alertUrlContext(channel.id)));
  let signal: AbortSignal;
  try {
    signal = Context.current().cancellationSignal;
  } catch {
    signal = new AbortController().signal;
  }
  try {
    const response = await guardedRequest(
      {
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', 'user-agent': 'Patchbay alerts' },
        body: Buffer.from(JSON.stringify(message.body)),
      },
      {
        allowPrivateNetwork: deps.allowPrivateNetwork,
        maxResponseBytes: 64 * 1024,
        timeoutMs: ALERT_WEBHOOK_TIMEOUT_MS,
        signal,
        ...(deps.lookup ? { lookup: deps.lookup } : {}),
        onAttempt: () => {},
        record: () => () => {},
      },
    );
    const answered = `the receiver answered ${response.status}`;
    if (response.status >= 200 && response.status < 300)
      return { status: 'sent', detail: answered };
    // A revoked Slack or Discord URL answers 404 or 410 for good; 5xx, 408 and 429 may pass.
    const later = response.status >= 500 || response.status === 408 || response.status === 429;
    const said = response.body.toString('utf8').slice(0, 200).trim();
    return {
      status: later ? 'retry' : 'refused',
      detail: said ? `${answered}: ${said}` : answered,
    };
  } catch (error) {
    if (error instanceof BlockedRequestError) {
      return { status: 'refused', detail: `the URL is not allowed: ${error.message}` };
    }
    return { status: 'retry', detail: `the receiver could not be reached: ${reason(error)}` };
  }
}

/**
 * Discord's `content`: the same words as `text`, cut to its limit. Cut after redaction, so a
 * cut never leaves part of a secret that the redaction would no longer recognise.
 */
function withChatContent(body: Omit<TAlertWebhookBody, 'content'>): TAlertWebhookBody {
  const { text } = body;
  const content =
    text.length <= DISCORD_CONTENT_MAX ? text : `${text.slice(0, DISCORD_CONTENT_MAX - 1)}…`;
  return { ...body, content };
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
