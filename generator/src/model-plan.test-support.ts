import type { TGenerationPlan } from '@patchbay/schema';

// A plan as a model writes it from the plan prompt (plan-prompt.ts) for "copy Stripe customers
// into HubSpot contacts": operations named as the compact operations list them, the
// pagination copied from their line, and a mapping with a name split. Written by hand rather
// than taken from the rule planner, so the model's path is tested on a plan the planner did not
// shape.
export function stripeToHubSpotPlan(): TGenerationPlan {
  return {
    version: 1,
    source: {
      resource: 'customer',
      operation: { operationId: 'listCustomers', method: 'GET', path: '/v1/customers' },
      pathParams: {},
      query: {},
      itemsPath: 'data',
      pagination: {
        style: 'starting-after',
        cursorParam: 'starting_after',
        hasMorePath: 'has_more',
        idField: 'id',
        limitParam: 'limit',
        maxLimit: 100,
      },
      pageSize: 100,
      form: false,
      headers: {},
    },
    destination: {
      resource: 'contact',
      operation: {
        operationId: 'createContact',
        method: 'POST',
        path: '/crm/v3/objects/contacts',
      },
      kind: 'record',
      pathParams: {},
      query: {},
      headers: {},
      container: { field: 'properties', kind: 'object' },
      form: false,
      mapping: [
        { to: 'email', from: 'email', type: 'string', format: 'email', reason: 'same field' },
        { to: 'firstname', from: 'name', how: 'first-name', type: 'string', reason: 'name split' },
        { to: 'lastname', from: 'name', how: 'last-name', type: 'string', reason: 'name split' },
      ],
    },
    filters: [],
    lookups: [],
    remember: true,
    understood: [
      'Read Stripe customers with listCustomers.',
      'Create one HubSpot contact per customer with createContact.',
    ],
    assumptions: ['No cursor: the ids already sent are kept, so a customer is sent once.'],
    unresolved: [],
    blocking: [],
  };
}
