// The trigger editor's state and what it sends, kept apart from the components so
// the rules (what is valid, what changed, how fire times read) are plain functions with tests.
import {
  nextFireTimes,
  ZCronSchedule,
  ZIntervalSchedule,
  ZWebhookSignature,
  type TIntegration,
  type TSchedule,
  type TTriggerType,
  type TUpdateIntegrationRequest,
  type TWebhookSignature,
} from '@patchbay/schema';

export const TRIGGER_LABELS: Record<TTriggerType, string> = {
  schedule: 'Schedule',
  webhook: 'Webhook',
  manual: 'Manual',
};

/** How many upcoming fire times the editor shows before the user saves a schedule. */
export const FIRE_TIMES_SHOWN = 5;

export type ScheduleKind = 'interval' | 'cron';

/** Everything the editor's fields hold; strings as typed, checked by `triggerRequest`. */
export interface TriggerDraft {
  trigger: TTriggerType;
  scheduleKind: ScheduleKind;
  everyMinutes: number | string;
  cron: string;
  timeZone: string;
  signature: TWebhookSignature;
  /** Write-only: empty keeps the saved secret. */
  signingSecret: string;
}

/** The zone the browser runs in, the default for a new cron schedule. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every IANA zone the browser knows, UTC included (some engines list only Etc/UTC). */
export function timeZoneChoices(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

/**
 * The editor's fields as the integration is saved. `describedSignature`: the source description's
 * scheme, the default before the integration has its own webhook settings.
 */
export function draftFrom(
  integration: Pick<TIntegration, 'trigger' | 'schedule' | 'webhook'>,
  describedSignature?: TWebhookSignature,
  zone: string = browserTimeZone(),
): TriggerDraft {
  const { schedule } = integration;
  return {
    trigger: integration.trigger,
    scheduleKind: 'cron' in schedule ? 'cron' : 'interval',
    everyMinutes: 'everyMinutes' in schedule ? schedule.everyMinutes : 15,
    cron: 'cron' in schedule ? schedule.cron : '0 9 * * 1-5',
    timeZone: 'cron' in schedule ? schedule.timeZone : zone,
    signature: integration.webhook?.signature ?? describedSignature ?? { scheme: 'none' },
    signingSecret: '',
  };
}

/** The schedule the draft describes, or the first problem with it (for the field under it). */
export function draftSchedule(
  draft: TriggerDraft,
): { schedule: TSchedule; problem: null } | { schedule: null; problem: string } {
  const parsed =
    draft.scheduleKind === 'interval'
      ? ZIntervalSchedule.safeParse({
          everyMinutes: typeof draft.everyMinutes === 'number' ? draft.everyMinutes : Number.NaN,
        })
      : ZCronSchedule.safeParse({ cron: draft.cron, timeZone: draft.timeZone });
  if (parsed.success) return { schedule: parsed.data, problem: null };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0];
  const message = issue?.message ?? 'is not a valid schedule';
  if (field === 'everyMinutes') return { schedule: null, problem: 'Every 1 to 1440 minutes' };
  if (field === 'timeZone') return { schedule: null, problem: `Time zone ${message}` };
  return { schedule: null, problem: `Cron ${message}` };
}

/**
 * The PUT body for the draft, only what changed, or the problem that stops saving. Null body:
 * nothing to save.
 */
export function triggerRequest(
  draft: TriggerDraft,
  saved: Pick<TIntegration, 'trigger' | 'schedule' | 'webhook'>,
): { body: TUpdateIntegrationRequest | null; problem: string | null } {
  const body: TUpdateIntegrationRequest = {};
  if (draft.trigger !== saved.trigger) body.trigger = draft.trigger;
  if (draft.trigger === 'schedule') {
    const result = draftSchedule(draft);
    if (result.problem !== null) return { body: null, problem: result.problem };
    if (JSON.stringify(result.schedule) !== JSON.stringify(saved.schedule))
      body.schedule = result.schedule;
  }
  if (draft.trigger === 'webhook') {
    const signature = cleanSignature(draft.signature);
    const parsed = ZWebhookSignature.safeParse(signature);
    if (!parsed.success)
      return { body: null, problem: `Signature: ${parsed.error.issues[0]?.message ?? 'invalid'}` };
    if (signature.scheme === 'hmac-sha256' && !signature.header)
      return { body: null, problem: 'Name the header that carries the HMAC signature' };
    // The saved settings may be the description's defaults: send them once they differ.
    if (JSON.stringify(parsed.data) !== JSON.stringify(saved.webhook?.signature ?? null))
      body.webhookSignature = parsed.data;
    if (draft.signingSecret.trim() !== '') body.webhookSigningSecret = draft.signingSecret.trim();
  }
  return { body: Object.keys(body).length > 0 ? body : null, problem: null };
}

/** The header and encoding belong to generic HMAC only; the vendor schemes know theirs. */
function cleanSignature(signature: TWebhookSignature): TWebhookSignature {
  if (signature.scheme === 'hmac-sha256') {
    return {
      scheme: 'hmac-sha256',
      header: signature.header?.trim() || undefined,
      encoding: signature.encoding ?? 'hex',
      ...(signature.toleranceSeconds ? { toleranceSeconds: signature.toleranceSeconds } : {}),
    };
  }
  return {
    scheme: signature.scheme,
    ...(signature.toleranceSeconds ? { toleranceSeconds: signature.toleranceSeconds } : {}),
  };
}

/**
 * The next fire times of a schedule as the user reads them: in the schedule's zone (the cron's,
 * or the browser's for an interval), weekday, date, time and the zone's short name.
 */
export function formatFireTimes(
  schedule: TSchedule,
  /** An interval fires at the integration's own offset (schema's intervalOffsetSeconds). */
  integrationId: string,
  count: number = FIRE_TIMES_SHOWN,
  from: Date = new Date(),
  viewerZone: string = browserTimeZone(),
): { iso: string; label: string }[] {
  const timeZone = 'cron' in schedule ? schedule.timeZone : viewerZone;
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  });
  return nextFireTimes(schedule, count, from, integrationId).map((time) => ({
    iso: time.toISOString(),
    label: format.format(time),
  }));
}

/**
 * How the saved trigger starts runs, to follow "runs": "every 15 minutes",
 * "on cron 0 9 * * 1-5 (Europe/Berlin)", "when the webhook receives an event".
 */
export function describeTrigger(integration: Pick<TIntegration, 'trigger' | 'schedule'>): string {
  if (integration.trigger === 'webhook') return 'when the webhook receives an event';
  if (integration.trigger === 'manual') return 'only when started with Run now';
  const { schedule } = integration;
  if ('cron' in schedule) return `on cron ${schedule.cron} (${schedule.timeZone})`;
  return schedule.everyMinutes === 1 ? 'every minute' : `every ${schedule.everyMinutes} minutes`;
}

/**
 * Whether the code looks at the webhook's event at all (`ctx.event`, or `event`
 * taken out of ctx), so switching a polling integration to a webhook can warn that it does not.
 */
export function readsEvent(code: string): boolean {
  return (
    /\bctx\s*(?:\.\s*|\?\.\s*)event\b/.test(code) ||
    /\{[^}]*\bevent\b[^}]*\}\s*=\s*ctx\b/.test(code)
  );
}
