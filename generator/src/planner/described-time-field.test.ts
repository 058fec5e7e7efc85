import { getCatalogEntry, importOpenApi } from '@patchbay/catalog';
import type { TApiDescription } from '@patchbay/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { planGrounded } from './grounded-plan.ts';

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
const doc = {
  openapi: '3.0.3',
  info: { title: 'Contracts Desk', version: '1' },
  servers: [{ url: 'https://contracts.example.test/v1' }],
  paths: {
    '/contracts': {
      get: {
        operationId: 'listContracts',
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { type: 'array', items: contract } } },
          },
        },
      },
    },
  },
};

let contracts: TApiDescription;
const slack = getCatalogEntry('slack') as TApiDescription;
beforeAll(async () => {
  contracts = (await importOpenApi(doc)).description;
});

const periodFields = (userPrompt: string) =>
  planGrounded(
    {
      sourceApiName: 'Contracts Desk',
      sourceApiUrl: 'https://contracts.example.test/v1',
      destApiName: 'Slack',
      destApiUrl: slack.baseUrl,
      userPrompt,
    },
    contracts,
    slack,
  ).filters.map((f) => f.field);

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
