import type { TApiDescription } from '@patchbay/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { entry, inHouseList, planOver } from './catalog-plan.test-support.ts';

// A period's field named by words its description uses, not its name ("final billing day" is
// `ends_on`, described as the final billing day).

const contract = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    customer: { type: 'string' },
    ends_on: { type: 'string', format: 'date', description: 'Final billing day (YYYY-MM-DD).' },
    renews_on: {
      type: 'string',
      format: 'date',
      description: 'Day the next billing period starts.',
    },
    created_at: { type: 'string', format: 'date-time', description: 'When it was signed.' },
  },
};
let contracts: TApiDescription;
const slack = entry('slack');
beforeAll(async () => {
  contracts = await inHouseList(
    'Contracts Desk',
    'https://contracts.example.test/v1',
    '/contracts',
    contract,
    {
      operationId: 'listContracts',
    },
  );
});

const periodFields = (prompt: string) =>
  planOver(prompt, contracts, slack).filters.map((f) => f.field);

describe('a period on a field its description names', () => {
  it('filters that field', () => {
    expect(
      periodFields('Tell #finance about each contract whose final billing day is in May 2027.'),
    ).toEqual(['ends_on', 'ends_on']);
  });

  it('does not guess when the words fit several descriptions, or only one word is said', () => {
    // "billing" is in both descriptions.
    expect(
      periodFields('Tell #finance about each contract with billing in May 2027.'),
    ).not.toContain('ends_on');
    expect(
      periodFields('Tell #finance about each contract with billing in May 2027.'),
    ).not.toContain('renews_on');
  });
});
