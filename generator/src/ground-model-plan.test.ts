import { getCatalogEntry } from '@patchbay/catalog';
import type { TApiDescription, TGenerationPlan } from '@patchbay/schema';
import { describe, expect, it } from 'vitest';
import { groundModelPlan } from './ground-model-plan.ts';
import { stripeToHubSpotPlan } from './model-plan.test-support.ts';

// A model's plan may copy an operation's facts wrong; the descriptions own them (ADR 035).

function entry(id: string): TApiDescription {
  const found = getCatalogEntry(id);
  if (!found) throw new Error(`catalog entry ${id} is missing`);
  return found;
}

describe('groundModelPlan', () => {
  const stripe = entry('stripe');
  const hubspot = entry('hubspot');

  it("takes the path, records, pagination and page limit from the chosen operation's description", () => {
    const plan = stripeToHubSpotPlan();
    const read = plan.source!;
    read.operation = { operationId: 'listCustomers', method: 'POST', path: '/customers' };
    read.itemsPath = 'customers';
    read.pagination = { style: 'page', pageParam: 'page', firstPage: 1 };
    read.pageSize = 1000;
    read.form = true;
    plan.destination!.operation.path = '/contacts';
    plan.destination!.form = true;
    const before = structuredClone(plan);

    const grounded = groundModelPlan(plan, { source: stripe, destination: hubspot });
    expect(grounded.source).toMatchObject({
      operation: { operationId: 'listCustomers', method: 'GET', path: '/v1/customers' },
      itemsPath: 'data',
      pagination: {
        style: 'starting-after',
        cursorParam: 'starting_after',
        hasMorePath: 'has_more',
        idField: 'id',
      },
      pageSize: 100,
      form: false,
    });
    expect(grounded.destination).toMatchObject({
      operation: { method: 'POST', path: '/crm/v3/objects/contacts' },
      form: false,
    });
    // What the model chose stays its choice: the mapping, and the plan it handed in.
    expect(grounded.destination?.mapping).toEqual(before.destination?.mapping);
    expect(plan).toEqual(before);
  });

  it('drops headers and query parameters that would carry a credential, and keeps the others', () => {
    const trello = entry('trello');
    const plan: TGenerationPlan = {
      ...stripeToHubSpotPlan(),
      destination: {
        ...stripeToHubSpotPlan().destination!,
        resource: 'card',
        operation: { operationId: 'createCard', method: 'POST', path: '/cards' },
        container: undefined,
        headers: { authorization: 'OAuth made-up', 'X-Trace': 'patchbay' },
        query: { token: 'made-up', idList: '64f1' },
      },
    };
    plan.source!.headers = {
      Authorization: 'Bearer sk_live_made_up',
      'Stripe-Version': '2024-06-20',
    };
    const grounded = groundModelPlan(plan, { source: stripe, destination: trello });
    expect(grounded.source?.headers).toEqual({ 'Stripe-Version': '2024-06-20' });
    expect(grounded.destination?.headers).toEqual({ 'X-Trace': 'patchbay' });
    // Trello's key and token travel in the query: the plan's made-up token does not.
    expect(grounded.destination?.query).toEqual({ idList: '64f1' });
  });

  it("keeps the plan's way round a Link header, which ctx cannot read", () => {
    const github = entry('github');
    const plan: TGenerationPlan = {
      ...stripeToHubSpotPlan(),
      source: {
        resource: 'issue',
        operation: {
          operationId: 'listRepoIssues',
          method: 'GET',
          path: '/repos/{owner}/{repo}/issues',
        },
        pathParams: { owner: 'acme', repo: 'web' },
        query: {},
        itemsPath: '',
        pagination: {
          style: 'page',
          pageParam: 'page',
          firstPage: 1,
          sizeParam: 'per_page',
          maxSize: 100,
        },
        pageSize: 100,
        form: false,
        headers: {},
      },
    };
    const grounded = groundModelPlan(plan, { source: github, destination: hubspot });
    expect(grounded.source?.pagination).toEqual(plan.source?.pagination);
  });
});
