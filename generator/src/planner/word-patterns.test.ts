import type { TApiDescription } from '@patchbay/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { entry, inHouseList, planOver } from './catalog-plan.test-support.ts';

// Lines shaped with words rather than placeholders (word-patterns.ts), and the keys that order
// records the first sort key leaves tied (plan-order.ts).

const volunteer = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    given_name: { type: 'string' },
    family_name: { type: 'string' },
    venue: { type: 'string' },
    rota_start: {
      type: 'string',
      format: 'date',
      description: 'First shift of the block (YYYY-MM-DD).',
    },
    created_at: { type: 'string', format: 'date-time' },
  },
};
let rota: TApiDescription;
const slack = entry('slack');
beforeAll(async () => {
  rota = await inHouseList(
    'Rota Keeper',
    'https://rota.example.test/api',
    '/volunteers',
    volunteer,
    {
      operationId: 'listVolunteers',
    },
  );
});

const planned = (prompt: string) => planOver(prompt, rota, slack);

describe('a line shaped with field words', () => {
  it('fills the fields its words name and the date its own words name, in the format shown', () => {
    const plan = planned(
      'Once a week put a single message in #rota listing every volunteer, one per row, shaped as: Familyname, Givenname / Venue / first shift MM/DD/YYYY',
    );
    expect(plan.destination?.message?.template).toBe(
      '{family_name}, {given_name} / {venue} / first shift {rota_start@MM/DD/YYYY}',
    );
  });

  it('reads the same line when it is quoted after "like"', () => {
    const plan = planned(
      'Send #rota one message with every volunteer, a row each like `Venue: Givenname Familyname`.',
    );
    expect(plan.destination?.message?.template).toBe('{venue}: {given_name} {family_name}');
  });

  it('leaves an example made of sample values alone', () => {
    for (const prompt of [
      'Send #rota one message with every volunteer, a row each like "Okafor, Ada / Harbour Hall".',
      'Send #rota one message with every volunteer, a row each like this: Okafor, Ada / Harbour Hall 2',
      'Post each volunteer to #rota like "New helper on the rota".',
    ])
      expect(planned(prompt).destination?.message?.template ?? '').not.toMatch(
        /Okafor|Harbour|New helper/,
      );
  });
});

describe('ties in the order', () => {
  it('orders the records a first key ties by the next one', () => {
    const plan = planned(
      'Post every volunteer to #rota. Sort by first shift, and where two share a date by family name, then by given name.',
    );
    expect(plan.sort).toMatchObject({
      field: 'rota_start',
      direction: 'asc',
      then: [
        { field: 'family_name', direction: 'asc' },
        { field: 'given_name', direction: 'asc' },
      ],
    });
  });

  it('reads a direction for each key, and keeps one key when no tie is named', () => {
    expect(
      planned('Post every volunteer to #rota sorted by venue z to a, ties broken by family name')
        .sort,
    ).toMatchObject({ field: 'venue', direction: 'desc', then: [{ field: 'family_name' }] });
    const single = planned('Post every volunteer to #rota sorted by venue, then thank them.').sort;
    expect(single).toMatchObject({ field: 'venue' });
    expect(single?.then).toBeUndefined();
  });
});
