import { describe, expect, it } from 'vitest';
import { intervalOffsetSeconds, type TIntegration } from '@patchbay/schema';
import {
  readsEvent,
  describeTrigger,
  draftFrom,
  draftSchedule,
  formatFireTimes,
  timeZoneChoices,
  triggerRequest,
  type TriggerDraft,
} from './trigger-form.ts';
import { parseEventBody, sampleEvents } from './sample-event.ts';

type Saved = Pick<TIntegration, 'trigger' | 'schedule' | 'webhook'>;

const ID = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const interval: Saved = { trigger: 'schedule', schedule: { everyMinutes: 15 }, webhook: null };

describe('formatFireTimes', () => {
  it('shows the next five cron times in the schedule’s zone, with the zone’s name', () => {
    const times = formatFireTimes(
      { cron: '30 9 * * 1-5', timeZone: 'America/New_York' },
      ID,
      5,
      new Date('2026-11-27T15:00:00Z'), // Friday 10:00 in New York
    );
    expect(times.map((time) => time.label)).toEqual([
      'Mon, 30 Nov 2026, 09:30 GMT-5',
      'Tue, 1 Dec 2026, 09:30 GMT-5',
      'Wed, 2 Dec 2026, 09:30 GMT-5',
      'Thu, 3 Dec 2026, 09:30 GMT-5',
      'Fri, 4 Dec 2026, 09:30 GMT-5',
    ]);
    expect(times[0]?.iso).toBe('2026-11-30T14:30:00.000Z');
  });

  it('shows interval ticks at the integration’s offset, in the viewer’s zone', () => {
    // This id's offset in an hour is 3,116 s (schema's intervalOffsetSeconds): 51 min 56 s.
    expect(intervalOffsetSeconds(60, ID)).toBe(3116);
    const times = formatFireTimes(
      { everyMinutes: 60 },
      ID,
      2,
      new Date('2026-06-01T10:10:00Z'),
      'Europe/Berlin',
    );
    expect(times.map((time) => time.label)).toEqual([
      'Mon, 1 Jun 2026, 12:51 CEST',
      'Mon, 1 Jun 2026, 13:51 CEST',
    ]);
    expect(times[0]?.iso).toBe('2026-06-01T10:51:56.000Z');
  });
});

describe('draftFrom and triggerRequest', () => {
  const cronDraft = (changes: Partial<TriggerDraft> = {}): TriggerDraft => ({
    ...draftFrom(interval, undefined, 'Europe/Berlin'),
    scheduleKind: 'cron',
    ...changes,
  });

  it('starts a new cron schedule in the browser’s zone, and sends nothing unchanged', () => {
    const draft = draftFrom(interval, undefined, 'Europe/Berlin');
    expect(draft).toMatchObject({
      trigger: 'schedule',
      scheduleKind: 'interval',
      everyMinutes: 15,
    });
    expect(draft.timeZone).toBe('Europe/Berlin');
    expect(triggerRequest(draft, interval)).toEqual({ body: null, problem: null });
  });

  it('sends a cron schedule with its zone', () => {
    expect(triggerRequest(cronDraft({ cron: ' 0 8 * * MON ' }), interval)).toEqual({
      body: { schedule: { cron: '0 8 * * MON', timeZone: 'Europe/Berlin' } },
      problem: null,
    });
  });

  it('names what is wrong with a cron expression, a zone or an interval', () => {
    expect(draftSchedule(cronDraft({ cron: '0 9 * *' })).problem).toMatch(
      /^Cron must have 5 fields/,
    );
    expect(draftSchedule(cronDraft({ cron: '0 9 L * *' })).problem).toMatch(/day-of-month "L"/);
    expect(draftSchedule(cronDraft({ timeZone: 'Mars/Olympus' })).problem).toMatch(
      /^Time zone must be an IANA time zone/,
    );
    expect(
      draftSchedule({ ...cronDraft(), scheduleKind: 'interval', everyMinutes: '' }).problem,
    ).toBe('Every 1 to 1440 minutes');
    expect(triggerRequest(cronDraft({ cron: 'nope' }), interval)).toMatchObject({ body: null });
  });

  it('changes to manual without touching the schedule', () => {
    expect(triggerRequest({ ...cronDraft({ cron: 'bad' }), trigger: 'manual' }, interval)).toEqual({
      body: { trigger: 'manual' },
      problem: null,
    });
  });

  it('a new webhook sends the signature it shows (the description’s) and a typed secret', () => {
    const draft = draftFrom(interval, { scheme: 'stripe', toleranceSeconds: 300 });
    expect(
      triggerRequest({ ...draft, trigger: 'webhook', signingSecret: ' whsec_abc ' }, interval),
    ).toEqual({
      body: {
        trigger: 'webhook',
        webhookSignature: { scheme: 'stripe', toleranceSeconds: 300 },
        webhookSigningSecret: 'whsec_abc',
      },
      problem: null,
    });
  });

  it('a saved webhook sends only what changed; generic HMAC needs its header', () => {
    const saved: Saved = {
      trigger: 'webhook',
      schedule: { everyMinutes: 15 },
      webhook: {
        url: 'http://localhost/hooks/abc',
        signature: { scheme: 'github' },
        signingSecretSet: true,
        signingSecretHint: '…1234',
      },
    };
    const draft = draftFrom(saved);
    expect(draft.signature).toEqual({ scheme: 'github' });
    expect(triggerRequest(draft, saved)).toEqual({ body: null, problem: null });
    const hmac = { ...draft, signature: { scheme: 'hmac-sha256' as const } };
    expect(triggerRequest(hmac, saved).problem).toMatch(/header/);
    expect(
      triggerRequest(
        { ...hmac, signature: { scheme: 'hmac-sha256', header: 'X-Sig', encoding: 'base64' } },
        saved,
      ).body,
    ).toEqual({
      webhookSignature: { scheme: 'hmac-sha256', header: 'X-Sig', encoding: 'base64' },
    });
  });
});

describe('describeTrigger and zones', () => {
  it('reads the saved trigger in one line', () => {
    expect(describeTrigger(interval)).toBe('every 15 minutes');
    expect(
      describeTrigger({ trigger: 'schedule', schedule: { cron: '0 9 * * *', timeZone: 'UTC' } }),
    ).toBe('on cron 0 9 * * * (UTC)');
    expect(describeTrigger({ ...interval, trigger: 'manual' })).toMatch(/Run now/);
  });

  it('offers UTC and the IANA zones', () => {
    const zones = timeZoneChoices();
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Berlin');
  });
});

describe('sample events', () => {
  it('lists the source description’s example events', () => {
    expect(sampleEvents(null)).toEqual([]);
    expect(
      sampleEvents({
        webhooks: {
          signature: { scheme: 'stripe' },
          events: [{ name: 'customer.created', example: { id: 'evt_1' } }],
        },
      } as never),
    ).toEqual([
      { name: 'customer.created', summary: undefined, body: { id: 'evt_1' }, headers: {} },
    ]);
  });

  it('parses pasted JSON or says what is wrong', () => {
    expect(parseEventBody('{"id": "evt_1"}')).toEqual({ body: { id: 'evt_1' }, error: null });
    expect(parseEventBody('  ')).toEqual({ error: 'Paste the event body as JSON' });
    expect(parseEventBody('{"id": ')).toMatchObject({
      error: expect.stringMatching(/^Not valid JSON: /),
    });
  });
});

describe('readsEvent', () => {
  it('sees ctx.event read directly, optionally or taken out of ctx', () => {
    expect(readsEvent('const order = ctx.event.body;')).toBe(true);
    expect(readsEvent('const order = ctx?.event?.body;')).toBe(true);
    expect(readsEvent('const body = ctx .event?.body;')).toBe(true);
    expect(readsEvent('const { event, log } = ctx;')).toBe(true);
  });

  it('is false for polling code, even where the word event appears', () => {
    expect(
      readsEvent("const page = await ctx.source.get('/events'); // every event since the cursor"),
    ).toBe(false);
  });
});
