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
});
