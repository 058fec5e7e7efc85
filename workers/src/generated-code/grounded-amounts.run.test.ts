import { describe, expect, it } from 'vitest';
import {
  entry,
  expectSuccess,
  generate,
  mock,
  run,
  useSandbox,
} from './grounded-generator.test-support.ts';

// Money counted in cents on one side and in whole units on the other
// (generator/src/planner/amount-units.ts), in the generated code: rescaled by each record's
// currency, which for JPY has no cents and for KWD has thousandths.

useSandbox();

describe('an amount in cents written where whole units are wanted', () => {
  it('is divided by its own currency’s factor', async () => {
    const charge = (id: string, amount: number, currency: string) => ({
      id,
      object: 'charge',
      amount,
      currency,
      description: `Order ${id}`,
      status: 'succeeded',
      created: 1_700_000_000,
    });
    const stripe = await mock(entry('stripe'), {
      charge: [charge('a', 4999, 'usd'), charge('b', 5000, 'jpy'), charge('c', 12345, 'kwd')],
    });
    const hubspot = await mock(entry('hubspot'));
    const generated = generate(
      'Each succeeded Stripe charge becomes a HubSpot deal with dealstage "closedwon"; dealname = description.',
      stripe,
      hubspot,
    );
    expectSuccess(await run(generated.code, stripe, hubspot));
    const amounts = hubspot.writes.map((w) => {
      const properties = (w.body as { properties: Record<string, unknown> }).properties;
      return [properties.dealname, String(properties.amount)];
    });
    expect(amounts).toEqual([
      ['Order a', '49.99'],
      ['Order b', '5000'],
      ['Order c', '12.345'],
    ]);
  });

  it('a span of time in seconds goes to a field counted in hours; a running timer’s negative seconds are no span', async () => {
    const entry_ = (id: number, seconds: number, description: string) => ({
      id,
      workspace_id: 3131,
      description,
      start: '2025-06-03T08:00:00+00:00',
      stop: seconds < 0 ? null : '2025-06-03T10:00:00+00:00',
      duration: seconds,
      at: '2025-06-03T10:00:00+00:00',
    });
    const toggl = await mock(entry('toggl-track'), {
      'time entry': [
        entry_(1, 5400, 'Design review'),
        entry_(2, 1234, 'Standup'),
        entry_(3, -1748937600, 'Still running'),
      ],
    });
    const harvest = await mock(entry('harvest'));
    const generated = generate(
      'Nightly, send Toggl entries from workspace 3131 to Harvest account 77 under project 40512, task 40613. The date is the day the entry started, hours = the duration in hours, notes = description.',
      toggl,
      harvest,
    );
    expectSuccess(await run(generated.code, toggl, harvest));
    expect(
      harvest
        .written('time entry')
        .map((t) => [t.notes, t.spent_date, t.hours, t.project_id, t.task_id]),
    ).toEqual([
      ['Design review', '2025-06-03', 1.5, 40512, 40613],
      ['Standup', '2025-06-03', 0.34, 40512, 40613],
      ['Still running', '2025-06-03', undefined, 40512, 40613],
    ]);
  });
});
