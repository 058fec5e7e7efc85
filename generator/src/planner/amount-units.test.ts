import { importOpenApi } from '@patchbay/catalog';
import type { TApiDescription } from '@patchbay/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { entry, plan, planOver } from './catalog-plan.test-support.ts';

// Money counted in cents on one side and in whole units on the other: the rule rescales it by
// the record's currency (worded unlike any benchmark task).

let pledges: TApiDescription;
beforeAll(async () => {
  pledges = (
    await importOpenApi({
      openapi: '3.0.3',
      info: { title: 'Pledge Book', version: '1' },
      servers: [{ url: 'https://pledges.example.test/v1' }],
      paths: {
        '/pledges': {
          post: {
            operationId: 'createPledge',
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['donor', 'pledged_cents', 'currency'],
                    properties: {
                      donor: { type: 'string' },
                      pledged_cents: { type: 'integer' },
                      currency: { type: 'string' },
                    },
                  },
                },
              },
            },
            responses: { '201': { description: 'created' } },
          },
        },
      },
    })
  ).description;
});

describe('an amount between cents and whole units', () => {
  it('is multiplied into a field counted in cents, by the record’s own currency', () => {
    const planned = planOver(
      'Every won Pipedrive deal becomes a pledge: donor = title, pledged_cents = value, currency = currency.',
      entry('pipedrive'),
      pledges,
    );
    expect(planned.destination?.rules).toContainEqual(
      expect.objectContaining({
        to: 'pledged_cents',
        from: 'value',
        units: { scale: 'major-to-minor', currency: 'currency' },
      }),
    );
  });

  it('is divided out of cents for a field in whole units, and left alone between equals', () => {
    const deals = plan(
      'Each succeeded Stripe charge becomes a HubSpot deal with dealstage "closedwon".',
      'stripe',
      'hubspot',
    );
    expect(deals.destination?.rules).toContainEqual(
      expect.objectContaining({
        to: 'amount',
        units: { scale: 'minor-to-major', currency: 'currency' },
      }),
    );
    const same = planOver(
      'Each succeeded Stripe charge becomes a pledge; donor = description, pledged_cents = amount.',
      entry('stripe'),
      pledges,
    );
    const pledged = same.destination?.rules.find((r) => r.to === 'pledged_cents');
    expect(pledged?.from).toBe('amount');
    expect(pledged?.units).toBeUndefined();
  });
});

describe('a currency the records must be in', () => {
  it('is a condition with "only", and a unit without it', () => {
    const only = (prompt: string) =>
      plan(prompt, 'stripe', 'slack').filters.filter((f) => f.field === 'currency');
    expect(only('Stripe charges settled only in CHF go to #treasury')).toEqual([
      expect.objectContaining({ op: 'eq', value: 'CHF' }),
    ]);
    expect(only('Stripe charges go to #treasury with their amount in CHF')).toEqual([]);
  });
});
