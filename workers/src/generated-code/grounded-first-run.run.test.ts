import { describe, expect, it } from 'vitest';
import {
  entry,
  expectSuccess,
  generate,
  mock,
  run,
  useSandbox,
} from './grounded-generator.test-support.ts';

// What the first run of an incremental sync takes (generator/src/reader/read-first-run.ts):
// the generated code, run in the real sandbox against loopback APIs that behave as their
// descriptions say, starts where the prompt said the first run should, and later runs go on
// from the cursor that first run saved.

useSandbox();

const HOUR = 3_600;
const FIRST = Date.parse('2025-06-10T12:00:00.000Z') / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** Stripe customers created 1 hour, 2 days and 10 days before the first run. */
function customersBefore(first: number) {
  return [
    {
      id: 'cus_old',
      object: 'customer',
      email: 'old@example.com',
      name: 'Olga Old',
      created: first - 240 * HOUR,
    },
    {
      id: 'cus_mid',
      object: 'customer',
      email: 'mid@example.com',
      name: 'Mina Mid',
      created: first - 48 * HOUR,
    },
    {
      id: 'cus_new',
      object: 'customer',
      email: 'new@example.com',
      name: 'Nils New',
      created: first - HOUR,
    },
  ];
}

describe('grounded template generator: the first run of an incremental sync', () => {
  it('reaches back the window the prompt gives, then only takes what came after', async () => {
    const stripe = await mock(entry('stripe'), { customer: customersBefore(FIRST) });
    const hubspot = await mock(entry('hubspot'));
    const generated = generate(
      'Add Stripe customers created since the previous sync to HubSpot as contacts (email, name). ' +
        'The first sync should reach back 3 days.',
      stripe,
      hubspot,
    );
    expect(generated.unresolved).toEqual([]);
    expect(generated.requirements.filter((r) => r.status === 'missing')).toEqual([]);
    const first = await run(generated.code, stripe, hubspot, {}, iso(FIRST));
    expectSuccess(first);
    expect(hubspot.written().map((c) => (c.properties as { email: string }).email)).toEqual([
      'mid@example.com',
      'new@example.com',
    ]);

    stripe.seed('customer', [
      {
        id: 'cus_later',
        object: 'customer',
        email: 'later@example.com',
        name: 'Lea Later',
        created: FIRST + HOUR,
      },
    ]);
    expectSuccess(await run(generated.code, stripe, hubspot, first.state, iso(FIRST + 2 * HOUR)));
    expect(hubspot.written().map((c) => (c.properties as { email: string }).email)).toEqual([
      'mid@example.com',
      'new@example.com',
      'later@example.com',
    ]);
  });

  it('starts from now when the prompt says the first run sends nothing old, and keeps that start', async () => {
    const stripe = await mock(entry('stripe'), { customer: customersBefore(FIRST) });
    const hubspot = await mock(entry('hubspot'));
    const generated = generate(
      'Whenever new customers show up in Stripe, create them as HubSpot contacts. ' +
        'On the first run do not copy anything that exists already, only remember where we are.',
      stripe,
      hubspot,
    );
    expect(generated.requirements.filter((r) => r.status === 'missing')).toEqual([]);
    const first = await run(generated.code, stripe, hubspot, {}, iso(FIRST));
    expectSuccess(first);
    expect(hubspot.written()).toEqual([]);
    expect(first.state.cursor).toBeDefined();

    // A run that again finds nothing new keeps the first run's start.
    const second = await run(generated.code, stripe, hubspot, first.state, iso(FIRST + HOUR));
    expectSuccess(second);
    stripe.seed('customer', [
      {
        id: 'cus_later',
        object: 'customer',
        email: 'later@example.com',
        name: 'Lea Later',
        created: FIRST + 90 * 60,
      },
    ]);
    expectSuccess(await run(generated.code, stripe, hubspot, second.state, iso(FIRST + 2 * HOUR)));
    expect(hubspot.written().map((c) => (c.properties as { email: string }).email)).toEqual([
      'later@example.com',
    ]);
  });

  it('takes every record on the first run when the prompt says so, and says it did', async () => {
    const stripe = await mock(entry('stripe'), { customer: customersBefore(FIRST) });
    const hubspot = await mock(entry('hubspot'));
    const generated = generate(
      'Sync only newly created Stripe customers into HubSpot contacts; the first run may take all of them.',
      stripe,
      hubspot,
    );
    const requirement = generated.requirements.find((r) =>
      r.text.includes('first run may take all'),
    );
    expect(requirement?.status).toBe('done');
    expectSuccess(await run(generated.code, stripe, hubspot, {}, iso(FIRST)));
    expect(hubspot.written()).toHaveLength(3);
  });
});
