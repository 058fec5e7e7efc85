// An example helpdesk API, the harness's own (not a real vendor): tickets behind an API key,
// listed a few at a time with a next_page link, closed tickets hidden unless asked for.
import type { MockResponse, VendorInstance, VendorMock } from '../contract.ts';
import { intParam, json } from '../mock-kit.ts';

interface Ticket {
  id: number;
  subject: string;
  status: 'open' | 'closed';
  priority: 'low' | 'normal' | 'high';
  updated_at: string;
}

/** The vendor's quirk the example relies on: a small default page. */
const DEFAULT_PAGE_SIZE = 2;
const MAX_PAGE_SIZE = 100;

function create(seed: unknown, context: { origin: string }): VendorInstance {
  const tickets = ((seed as { tickets?: Ticket[] }).tickets ?? []).map((t) => ({ ...t }));
  return {
    collections: () => ({ tickets: tickets as unknown as Record<string, unknown>[] }),
    handle(request): MockResponse {
      if (request.method === 'GET' && request.path === '/v1/tickets') {
        const status = request.query.get('status') ?? 'open';
        const matching = tickets.filter((t) => status === 'all' || t.status === status);
        const page = Math.max(1, intParam(request.query, 'page', 1));
        const size = Math.min(
          MAX_PAGE_SIZE,
          Math.max(1, intParam(request.query, 'per_page', DEFAULT_PAGE_SIZE)),
        );
        const items = matching.slice((page - 1) * size, page * size);
        const more = page * size < matching.length;
        const next = new URL(`${context.origin}/v1/tickets`);
        next.searchParams.set('status', status);
        next.searchParams.set('page', String(page + 1));
        next.searchParams.set('per_page', String(size));
        return json(200, { tickets: items, next_page: more ? next.href : null });
      }
      const one = /^\/v1\/tickets\/(\d+)$/.exec(request.path);
      if (request.method === 'GET' && one) {
        const ticket = tickets.find((t) => t.id === Number(one[1]));
        return ticket ? json(200, { ticket }) : json(404, { error: 'RecordNotFound' });
      }
      return json(404, {
        error: 'InvalidEndpoint',
        description: `${request.method} ${request.path}`,
      });
    },
  };
}

export const mock: VendorMock = {
  vendor: 'example-tickets',
  references: ['(none: an example API for trying the harness)'],
  create,
  unauthorized: () => json(401, { error: "Couldn't authenticate you" }),
};
