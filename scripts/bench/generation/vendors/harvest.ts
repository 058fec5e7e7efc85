// Harvest API v2 (https://api.harvestapp.com/v2), from Harvest's public API reference.
// Modelled: Bearer personal access token (checked by the mock server) plus the required
// Harvest-Account-Id header (refused with 401 invalid_token without the right one) and a required
// User-Agent (400 without one); list envelopes named after the resource ({"time_entries": […]})
// with per_page / page, total_pages, total_entries, next_page, previous_page and `links`
// (first/next/previous/last) whose `next` is a cursor URL — on pages reached by cursor, page /
// next_page / previous_page are null as the docs say (per_page defaults to 2000; capped small here
// so that paging matters); time entries filtered by from / to (spent_date, inclusive), client_id,
// project_id, user_id, is_billed, is_running, updated_since (there is no `billable` filter:
// callers check each entry's `billable`); projects filtered by is_active, client_id; clients;
// contacts by client_id. Error bodies: {"error": …, "error_description": …} or {"message": …}.
//
// Seed dates may be relative to the run's clock so that "last month" tasks stay valid: a string
// "{MONTH-1:15}" is day 15 of last month, "{MONTH+0:01}" the 1st of this month, "{MONTH-1:END}"
// the last day of last month (as YYYY-MM-DD, UTC).
import type { MockRequest, MockResponse, VendorMock, VendorContext } from '../contract.ts';
import { json, intParam } from '../mock-kit.ts';

// Vendor JSON is loosely shaped; the mock reads and writes it field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = Record<string, any>;

const MAX_PER_PAGE = 4; // Harvest allows 2000; small here so that paging matters

interface Seed {
  accountId: string;
  time_entries?: Rec[];
  projects?: Rec[];
  clients?: Rec[];
  contacts?: Rec[];
}

function resolveDates(value: unknown, now: Date): unknown {
  if (typeof value === 'string') {
    const m = /^\{MONTH([+-]\d+):(\d{2}|END)\}$/.exec(value);
    if (!m) return value;
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + Number(m[1]), 1));
    const day =
      m[2] === 'END'
        ? new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
        : Number(m[2]);
    return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), day))
      .toISOString()
      .slice(0, 10);
  }
  if (Array.isArray(value)) return value.map((v) => resolveDates(v, now));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveDates(v, now)]));
  return value;
}

function boolParam(query: URLSearchParams, name: string): boolean | undefined | 'bad' {
  const raw = query.get(name);
  if (raw === null) return undefined;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return 'bad';
}

export const mock: VendorMock = {
  vendor: 'harvest',
  references: [
    'https://help.getharvest.com/api-v2/introduction/overview/general/',
    'https://help.getharvest.com/api-v2/introduction/overview/pagination/',
    'https://help.getharvest.com/api-v2/authentication-api/authentication/authentication/',
    'https://help.getharvest.com/api-v2/timesheets-api/timesheets/time-entries/',
    'https://help.getharvest.com/api-v2/projects-api/projects/projects/',
    'https://help.getharvest.com/api-v2/clients-api/clients/clients/',
    'https://help.getharvest.com/api-v2/clients-api/clients/contacts/',
  ],
  unauthorized: () =>
    json(401, {
      error: 'invalid_token',
      error_description:
        'The access token provided is expired, revoked, malformed or invalid for other reasons.',
    }),
  create(seedRaw: unknown, context: VendorContext) {
    const seed = resolveDates(seedRaw, context.now()) as Seed;
    const accountId = String(seed.accountId);
    const timeEntries = (seed.time_entries ?? []).map((r) => structuredClone(r));
    const projects = (seed.projects ?? []).map((r) => structuredClone(r));
    const clients = (seed.clients ?? []).map((r) => structuredClone(r));
    const contacts = (seed.contacts ?? []).map((r) => structuredClone(r));

    function paged(request: MockRequest, key: string, items: Rec[]): MockResponse {
      const q = request.query;
      const requested = intParam(q, 'per_page', 2000);
      if (requested < 1 || requested > 2000)
        return json(422, { message: 'per_page must be between 1 and 2000' });
      const perPage = Math.min(requested, MAX_PER_PAGE);
      const cursor = q.get('cursor');
      let offset: number;
      let page: number | null;
      if (cursor) {
        try {
          offset = Number(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')).offset);
        } catch {
          return json(422, { message: 'Invalid cursor' });
        }
        if (!Number.isInteger(offset) || offset < 0)
          return json(422, { message: 'Invalid cursor' });
        page = null;
      } else {
        page = Math.max(1, intParam(q, 'page', 1));
        offset = (page - 1) * perPage;
      }
      const total = items.length;
      const totalPages = Math.max(1, Math.ceil(total / perPage));
      const currentPage = Math.floor(offset / perPage) + 1;
      const isLast = offset + perPage >= total;
      const url = (params: Record<string, string>) => {
        const u = new URLSearchParams(q);
        u.delete('cursor');
        u.delete('page');
        u.delete('ref');
        for (const [k, v] of Object.entries(params)) u.set(k, v);
        u.set('per_page', String(perPage));
        return `${context.origin}${request.path}?${u.toString()}`;
      };
      const next = isLast
        ? null
        : url({
            cursor: Buffer.from(JSON.stringify({ offset: offset + perPage })).toString('base64url'),
            ref: 'next_cursor',
          });
      const previous =
        offset === 0
          ? null
          : url({
              cursor: Buffer.from(
                JSON.stringify({ offset: Math.max(0, offset - perPage) }),
              ).toString('base64url'),
              ref: 'previous_cursor',
            });
      // Page numbers are given on page-number requests and, for cursor requests, only on the
      // first and last pages (as the pagination docs say).
      const showPage = page !== null || currentPage === 1 || isLast;
      return json(200, {
        [key]: items.slice(offset, offset + perPage),
        per_page: perPage,
        total_pages: totalPages,
        total_entries: total,
        next_page: showPage && !isLast ? currentPage + 1 : null,
        previous_page: showPage && currentPage > 1 ? currentPage - 1 : null,
        page: showPage ? currentPage : null,
        links: {
          first: url({ page: '1', ref: 'first' }),
          next,
          previous,
          last: url({ page: String(totalPages), ref: 'last' }),
        },
      });
    }

    function handle(request: MockRequest): MockResponse {
      if (request.headers['harvest-account-id'] !== accountId) {
        return json(401, {
          error: 'invalid_token',
          error_description:
            'The access token provided is expired, revoked, malformed or invalid for other reasons.',
        });
      }
      if (!request.headers['user-agent'])
        return json(400, {
          message:
            'A User-Agent header is required: include your application name and a link or email address.',
        });
      const path = request.path.replace(/\/+$/, '');
      if (!path.startsWith('/v2/'))
        return json(404, {
          error: 'not_found',
          error_description: 'The requested resource was not found.',
        });
      const rest = path.slice(3);
      const q = request.query;
      if (request.method !== 'GET')
        return json(405, { message: 'Method not allowed in this mock' });
      let m: RegExpExecArray | null;

      if (rest === '/time_entries') {
        let items = timeEntries;
        for (const key of ['client_id', 'project_id', 'user_id', 'task_id'] as const) {
          const v = q.get(key);
          if (v !== null) items = items.filter((e) => String(e[key.replace('_id', '')]?.id) === v);
        }
        for (const key of ['is_billed', 'is_running'] as const) {
          const v = boolParam(q, key);
          if (v === 'bad') return json(422, { message: `${key} must be true or false` });
          if (v !== undefined) items = items.filter((e) => e[key] === v);
        }
        const from = q.get('from');
        const to = q.get('to');
        for (const [name, v] of [
          ['from', from],
          ['to', to],
        ] as const) {
          if (v !== null && !/^\d{4}-\d{2}-\d{2}$/.test(v) && Number.isNaN(Date.parse(v)))
            return json(422, { message: `${name} is not a valid date` });
        }
        if (from) items = items.filter((e) => e.spent_date >= from.slice(0, 10));
        if (to) items = items.filter((e) => e.spent_date <= to.slice(0, 10));
        const since = q.get('updated_since');
        if (since) items = items.filter((e) => Date.parse(e.updated_at) >= Date.parse(since));
        items = [...items].sort((a, b) =>
          a.spent_date === b.spent_date ? b.id - a.id : a.spent_date < b.spent_date ? 1 : -1,
        );
        return paged(request, 'time_entries', items);
      }
      if ((m = /^\/time_entries\/(\d+)$/.exec(rest))) {
        const e = timeEntries.find((x) => String(x.id) === m![1]);
        return e
          ? json(200, e)
          : json(404, {
              error: 'not_found',
              error_description: 'The requested resource was not found.',
            });
      }
      if (rest === '/projects') {
        let items = projects;
        const active = boolParam(q, 'is_active');
        if (active === 'bad') return json(422, { message: 'is_active must be true or false' });
        if (active !== undefined) items = items.filter((p) => p.is_active === active);
        const client = q.get('client_id');
        if (client !== null) items = items.filter((p) => String(p.client?.id) === client);
        const since = q.get('updated_since');
        if (since) items = items.filter((p) => Date.parse(p.updated_at) >= Date.parse(since));
        return paged(
          request,
          'projects',
          [...items].sort((a, b) => b.id - a.id),
        );
      }
      if ((m = /^\/projects\/(\d+)$/.exec(rest))) {
        const p = projects.find((x) => String(x.id) === m![1]);
        return p
          ? json(200, p)
          : json(404, {
              error: 'not_found',
              error_description: 'The requested resource was not found.',
            });
      }
      if (rest === '/clients') {
        let items = clients;
        const active = boolParam(q, 'is_active');
        if (active === 'bad') return json(422, { message: 'is_active must be true or false' });
        if (active !== undefined) items = items.filter((c) => c.is_active === active);
        return paged(
          request,
          'clients',
          [...items].sort((a, b) => b.id - a.id),
        );
      }
      if ((m = /^\/clients\/(\d+)$/.exec(rest))) {
        const c = clients.find((x) => String(x.id) === m![1]);
        return c
          ? json(200, c)
          : json(404, {
              error: 'not_found',
              error_description: 'The requested resource was not found.',
            });
      }
      if (rest === '/contacts') {
        let items = contacts;
        const client = q.get('client_id');
        if (client !== null) items = items.filter((c) => String(c.client?.id) === client);
        return paged(
          request,
          'contacts',
          [...items].sort((a, b) => b.id - a.id),
        );
      }
      if ((m = /^\/contacts\/(\d+)$/.exec(rest))) {
        const c = contacts.find((x) => String(x.id) === m![1]);
        return c
          ? json(200, c)
          : json(404, {
              error: 'not_found',
              error_description: 'The requested resource was not found.',
            });
      }
      return json(404, {
        error: 'not_found',
        error_description: 'The requested resource was not found.',
      });
    }

    return {
      handle,
      collections: () => ({ time_entries: timeEntries, projects, clients, contacts }),
    };
  },
};
