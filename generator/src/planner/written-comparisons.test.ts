import type { TApiDescription } from '@patchbay/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { entry, inHouseList, plan, planOver } from './catalog-plan.test-support.ts';

// Conditions written as a spec writes them: a field's own name, an operator, and a value the
// field can hold (written-comparisons.ts).

const parcel = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    carrier: { type: 'string', enum: ['dhl', 'ups', 'fedex', 'usps'] },
    region: { type: 'string' },
    express: { type: 'boolean' },
    weight_kg: { type: 'number' },
    handed_over_at: { type: 'string', format: 'date-time' },
  },
};
let depot: TApiDescription;
beforeAll(async () => {
  depot = await inHouseList('Depot', 'https://depot.example.test/v2', '/parcels', parcel, {
    operationId: 'listParcels',
  });
});
const filtersOf = (prompt: string) =>
  planOver(prompt, depot, entry('slack')).filters.map(({ field, op, value }) => [field, op, value]);

describe('conditions written with operators', () => {
  it('reads each line of a pasted spec as a condition on the field it names', () => {
    expect(
      filtersOf(
        [
          'Parcels → Slack #dispatch, one post each.',
          'Conditions:',
          '* carrier == UPS (ground) or FedEx; anything else is ignored',
          '* region = "emea-north" (not emea-south)',
          '* express = true',
          '* handed_over_at from 2031-03-02T00:00:00Z to 2031-03-08T23:59:59Z',
        ].join('\n'),
      ),
    ).toEqual([
      ['carrier', 'in', ['ups', 'fedex']],
      ['region', 'eq', 'emea-north'],
      ['express', 'eq', true],
      ['handed_over_at', 'gte', '2031-03-02T00:00:00.000Z'],
      ['handed_over_at', 'lt', '2031-03-09T00:00:00.000Z'],
    ]);
  });

  it('reads a negated one as a value to leave out', () => {
    expect(filtersOf('Post each parcel to Slack #dispatch where carrier != usps.')).toEqual([
      ['carrier', 'ne', 'usps'],
    ]);
  });

  it('reads "must be" and "must not be" with the field’s choices or a quoted value', () => {
    expect(
      filtersOf(
        'Post each parcel to Slack #dispatch. Carrier must be either DHL or UPS, and region should not be "apac".',
      ),
    ).toEqual([
      ['carrier', 'in', ['dhl', 'ups']],
      ['region', 'ne', 'apac'],
    ]);
    // Prose after "must be" is no value.
    expect(filtersOf('Post each parcel to Slack #dispatch. The region must be readable.')).toEqual(
      [],
    );
  });

  it('takes no mapping or unknown value for a condition', () => {
    // `carrier` holds none of these words, and `title` is no field of a parcel.
    expect(filtersOf('Post each parcel to Slack #dispatch; carrier = the carrier name')).toEqual(
      [],
    );
    expect(
      plan(
        'Create a GitHub issue in octo/tools per Trello card. title = card name',
        'trello',
        'github',
      ).filters,
    ).toEqual([]);
  });
});
