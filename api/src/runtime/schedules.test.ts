// Cron schedules with an IANA time zone, and triggers that have no Schedule, through
// the API on the real Temporal dev server. No worker: nothing here needs a run to finish.
// Other test files share the Temporal server; their reconcilers leave these Schedules alone,
// since each Schedule's note names the task queue of the deployment (test app) that made it.
import { intervalOffsetSeconds, nextFireTimes } from '@patchbay/schema';
import { integrationScheduleId } from '@patchbay/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';
import { findScheduledIntegration, listDeployedIntegrations } from '@patchbay/db';
import { describeSchedule, scheduleMatches, syncSchedule, wantsSchedule } from './schedules.ts';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createTestUser(t, { plan: 'pro' });
});
afterAll(async () => {
  await t.close();
});

async function createDeployed(body: Record<string, unknown> = {}): Promise<string> {
  const created = await user.request('POST', '/api/integrations', {
    userPrompt: 'Copy new customers from the source into contacts at the destination.',
    sourceApiName: 'Source',
    sourceApiUrl: 'http://127.0.0.1:9/source',
    sourceAuthType: 'none',
    destApiName: 'Destination',
    destApiUrl: 'http://127.0.0.1:9/destination',
    destAuthType: 'none',
    generatedCode: 'export default async function run() { return 1; }\n',
    ...body,
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const deployed = await user.request('PUT', `/api/integrations/${id}`, { status: 'active' });
  expect(deployed.status).toBe(200);
  return id;
}

/** Hour and minute of `time` on the wall clock of `timeZone`, e.g. "09:30 Mon". */
function wallClock(time: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  }).format(time);
}

describe('cron schedules', () => {
  it('creates a Temporal cron schedule in the zone, with the next times the console shows', async () => {
    const id = await createDeployed();
    const schedule = { cron: '30 9 * * 1-5', timeZone: 'America/New_York' };
    const describedAt = new Date();
    const saved = await user.request('PUT', `/api/integrations/${id}`, { schedule });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ schedule, trigger: 'schedule' });

    const actual = await describeSchedule(t.deps.temporal, id);
    expect(actual).toMatchObject({ paused: false, everyMs: null });
    expect(actual?.cron?.timeZone).toBe('America/New_York');
    const next = actual?.cron?.nextActionTimes.slice(0, 5) ?? [];
    expect(next).toHaveLength(5);
    // 09:30 on weekdays in New York, whatever the server's own zone, as croner computes it.
    for (const time of next)
      expect(wallClock(time, 'America/New_York')).toMatch(/^[A-Z][a-z]{2} 09:30$/);
    expect(next.map((time) => time.toISOString())).toEqual(
      nextFireTimes(schedule, 5, describedAt).map((time) => time.toISOString()),
    );
    expect(next.some((time) => /^(Sat|Sun)/.test(wallClock(time, 'America/New_York')))).toBe(false);

    const integration = { id, status: 'active' as const, schedule, trigger: 'schedule' as const };
    expect(scheduleMatches(integration, actual!, describedAt)).toBe(true);
    // Another zone or expression is a different schedule, which the reconciler would fix.
    expect(
      scheduleMatches(
        { ...integration, schedule: { ...schedule, timeZone: 'Europe/Berlin' } },
        actual!,
        describedAt,
      ),
    ).toBe(false);
    expect(
      scheduleMatches(
        { ...integration, schedule: { ...schedule, cron: '30 10 * * 1-5' } },
        actual!,
        describedAt,
      ),
    ).toBe(false);
    expect(
      scheduleMatches({ ...integration, schedule: { everyMinutes: 15 } }, actual!, describedAt),
    ).toBe(false);
  });

  it('reads weekday and month names as Temporal does, and switches back to an interval', async () => {
    const id = await createDeployed();
    const schedule = { cron: '0 8 1-7 JAN,JUL MON', timeZone: 'Asia/Kolkata' };
    const describedAt = new Date();
    expect((await user.request('PUT', `/api/integrations/${id}`, { schedule })).status).toBe(200);
    const actual = await describeSchedule(t.deps.temporal, id);
    // Day-of-month and day-of-week both restricted: both must match (the first Monday), as
    // Temporal's calendars read it, not classic cron's either-or.
    expect(actual?.cron?.nextActionTimes.slice(0, 4).map((time) => time.toISOString())).toEqual(
      nextFireTimes(schedule, 4, describedAt).map((time) => time.toISOString()),
    );

    await user.request('PUT', `/api/integrations/${id}`, { schedule: { everyMinutes: 30 } });
    expect(await describeSchedule(t.deps.temporal, id)).toEqual({
      paused: false,
      everyMs: 30 * 60_000,
      offsetMs: intervalOffsetSeconds(30, id) * 1000,
    });
  });

  it('a paused cron schedule still matches, and a healed one is made again', async () => {
    const id = await createDeployed({ schedule: { cron: '15 */6 * * *', timeZone: 'UTC' } });
    expect(
      (await user.request('PUT', `/api/integrations/${id}`, { status: 'paused' })).status,
    ).toBe(200);
    const integration = {
      id,
      status: 'paused' as const,
      schedule: { cron: '15 */6 * * *', timeZone: 'UTC' },
      trigger: 'schedule' as const,
    };
    const describedAt = new Date();
    const actual = await describeSchedule(t.deps.temporal, id);
    expect(actual?.paused).toBe(true);
    expect(scheduleMatches(integration, actual!, describedAt)).toBe(true);
    expect(scheduleMatches({ ...integration, status: 'active' }, actual!, describedAt)).toBe(false);

    await t.deps.temporal.schedule.getHandle(integrationScheduleId(id)).delete();
    await syncSchedule(t.deps.temporal, t.deps.taskQueue, integration);
    expect((await describeSchedule(t.deps.temporal, id))?.cron?.timeZone).toBe('UTC');
  });
});

describe('triggers without a schedule', () => {
  it('manual and webhook triggers delete the Schedule; Run now still starts a run', async () => {
    const id = await createDeployed();
    expect(await describeSchedule(t.deps.temporal, id)).not.toBeNull();

    const manual = await user.request('PUT', `/api/integrations/${id}`, { trigger: 'manual' });
    expect(manual.status).toBe(200);
    expect(await manual.json()).toMatchObject({ trigger: 'manual', status: 'active' });
    expect(await describeSchedule(t.deps.temporal, id)).toBeNull();
    const runNow = await user.request('POST', `/api/integrations/${id}/run`);
    expect(runNow.status).toBe(202);

    // Pausing and resuming a manual integration makes no Schedule either.
    await user.request('PUT', `/api/integrations/${id}`, { status: 'paused' });
    await user.request('PUT', `/api/integrations/${id}`, { status: 'active' });
    expect(await describeSchedule(t.deps.temporal, id)).toBeNull();

    await user.request('PUT', `/api/integrations/${id}`, { trigger: 'webhook' });
    expect(await describeSchedule(t.deps.temporal, id)).toBeNull();

    await user.request('PUT', `/api/integrations/${id}`, { trigger: 'schedule' });
    const actual = await describeSchedule(t.deps.temporal, id);
    expect(actual).toEqual({
      paused: false,
      everyMs: 15 * 60_000,
      offsetMs: intervalOffsetSeconds(15, id) * 1000,
    });
    // The interval fires at the integration's own offset; a Schedule written before offsets
    // (on the epoch's multiples) does not match, so the reconciler rewrites it at the API's start.
    const integration = {
      id,
      status: 'active' as const,
      schedule: { everyMinutes: 15 },
      trigger: 'schedule' as const,
    };
    expect(scheduleMatches(integration, actual!, new Date())).toBe(true);
    if (intervalOffsetSeconds(15, id) !== 0)
      expect(scheduleMatches(integration, { ...actual!, offsetMs: 0 }, new Date())).toBe(false);
  });
});

describe('what the reconciler wants', () => {
  it('lists deployed schedule-triggered integrations only, and treats a manual one as an orphan', async () => {
    const scheduled = await createDeployed({ schedule: { cron: '0 6 * * *', timeZone: 'UTC' } });
    const manual = await createDeployed();
    await user.request('PUT', `/api/integrations/${manual}`, { trigger: 'manual' });
    const listed = await listDeployedIntegrations(t.db.sql);
    expect(listed.find((row) => row.id === scheduled)).toEqual({
      id: scheduled,
      status: 'active',
      schedule: { cron: '0 6 * * *', timeZone: 'UTC' },
      trigger: 'schedule',
    });
    expect(listed.some((row) => row.id === manual)).toBe(false);
    // The orphan check reads the row as it is now: a manual integration wants no Schedule.
    const row = await findScheduledIntegration(t.db.sql, manual);
    expect(row && wantsSchedule(row)).toBe(false);
    expect(wantsSchedule({ status: 'draft', trigger: 'schedule' })).toBe(false);
    expect(wantsSchedule({ status: 'paused', trigger: 'schedule' })).toBe(true);
  });
});

describe('bad schedules', () => {
  const cases: [string, unknown, RegExp][] = [
    ['four fields', { cron: '0 9 * *', timeZone: 'UTC' }, /must have 5 fields/],
    ['a minute of 61', { cron: '61 9 * * *', timeZone: 'UTC' }, /./],
    ['a Quartz extension', { cron: '0 9 L * *', timeZone: 'UTC' }, /day-of-month "L"/],
    ['a date that never comes', { cron: '0 0 30 2 *', timeZone: 'UTC' }, /never fires/],
    ['an unknown zone', { cron: '0 9 * * *', timeZone: 'Mars/Olympus' }, /IANA time zone/],
    ['neither form', { every: 5 }, /everyMinutes.*cron, timeZone/],
  ];
  it.each(cases)('refuses %s with 400 and says why', async (_name, schedule, message) => {
    const id = await createDeployed();
    const response = await user.request('PUT', `/api/integrations/${id}`, { schedule });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toMatch(message);
    // Nothing changed: the interval schedule it was deployed with is still there.
    expect((await describeSchedule(t.deps.temporal, id))?.everyMs).toBe(15 * 60_000);
  });
});
