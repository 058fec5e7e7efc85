// Stripe API (read side): customers, charges and invoices under https://api.stripe.com/v1, as the
// public API reference describes them. Lists are `{object: "list", data, has_more, url}`, newest
// first, paged with `limit` (default 10) and `starting_after`/`ending_before`; this mock serves at
// most 5 objects a page so that paging matters. `created` filters take `created[gt|gte|lt|lte]`
// (Unix seconds). Invoices filter by `status`; charges have no status filter (the list returns
// failed and succeeded charges alike). `expand[]` expands `customer` on charges and invoices. The
// Search API (`/v1/<resource>/search?query=…`) pages with `page`/`next_page`.
// Errors: `{error: {type, message, param?, code?}}`, 404 `resource_missing` for unknown ids.
// Objects have the shape of API version 2024-06-20 (an invoice's `subscription` is a top-level
// field, as before the 2025-03-31 "basil" release moved it under `parent`).
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json } from '../mock-kit.ts';

type Rec = Record<string, unknown>;
const PAGE_MAX = 5;

function invalid(message: string, param?: string, status = 400): MockResponse {
  return json(status, {
    error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) },
  });
}

function missing(kind: string, id: string, param = 'id'): MockResponse {
  return json(404, {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${kind}: '${id}'`,
      param,
    },
  });
}

type Collection = 'customers' | 'charges' | 'invoices';
const RESOURCES: Record<
  Collection,
  { collection: Collection; object: string; kind: string; params: string[] }
> = {
  customers: {
    collection: 'customers',
    object: 'customer',
    kind: 'customer',
    params: ['email', 'created', 'test_clock'],
  },
  charges: {
    collection: 'charges',
    object: 'charge',
    kind: 'charge',
    params: ['customer', 'created', 'payment_intent', 'transfer_group'],
  },
  invoices: {
    collection: 'invoices',
    object: 'invoice',
    kind: 'invoice',
    params: ['customer', 'created', 'status', 'subscription', 'collection_method', 'due_date'],
  },
};
const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'];

/** The range filters Stripe accepts as `name[gt]=…` or `name=…`. */
function rangeFilter(
  query: URLSearchParams,
  name: string,
): ((value: number) => boolean) | MockResponse | null {
  const tests: Array<(v: number) => boolean> = [];
  for (const [key, raw] of query) {
    const match = key.match(new RegExp(`^${name}(?:\\[(gt|gte|lt|lte)\\])?$`));
    if (!match) continue;
    const bound = Number(raw);
    if (!Number.isInteger(bound)) return invalid(`Invalid integer: ${raw}`, key);
    const op = match[1];
    tests.push((v) =>
      op === 'gt'
        ? v > bound
        : op === 'gte'
          ? v >= bound
          : op === 'lt'
            ? v < bound
            : op === 'lte'
              ? v <= bound
              : v === bound,
    );
  }
  return tests.length ? (v) => tests.every((t) => t(v)) : null;
}

function expansions(query: URLSearchParams): string[] {
  const out: string[] = [];
  for (const [key, value] of query)
    if (key === 'expand[]' || /^expand\[\d+\]$/.test(key)) out.push(value);
  return out;
}

/** Parses Stripe's search query language: clauses joined by AND (or OR), field:'value', field>n. */
function parseSearch(text: string): ((r: Rec) => boolean) | string {
  const trimmed = text.trim();
  if (!trimmed) return 'query is required';
  const joiner = / OR /.test(trimmed) ? 'OR' : 'AND';
  if (/ OR /.test(trimmed) && / AND /.test(trimmed))
    return 'Mixing AND and OR in one query is not supported.';
  const clauses = trimmed.split(new RegExp(`\\s+${joiner}\\s+`));
  const tests: Array<(r: Rec) => boolean> = [];
  for (const clause of clauses) {
    const m = clause.match(
      /^(-)?([a-z_.[\]'"]+?)\s*(:|>=|<=|>|<)\s*(?:'([^']*)'|"([^"]*)"|([^\s]+))$/,
    );
    if (!m) return `Invalid query clause: ${clause}`;
    const negate = Boolean(m[1]);
    const field = (m[2] ?? '').replace(/\[['"]([^'"]+)['"]\]/, '.$1');
    const op = m[3] ?? ':';
    const literal = m[4] ?? m[5] ?? m[6] ?? '';
    tests.push((record) => {
      const value = field
        .split('.')
        .reduce<unknown>(
          (v, k) => (v && typeof v === 'object' ? (v as Rec)[k] : undefined),
          record,
        );
      let ok: boolean;
      if (op === ':') {
        if (literal === 'null') ok = value === null || value === undefined;
        else if (typeof value === 'number') ok = value === Number(literal);
        else ok = typeof value === 'string' && value.toLowerCase() === literal.toLowerCase();
      } else {
        const n = Number(value);
        const b = Number(literal);
        ok = op === '>' ? n > b : op === '>=' ? n >= b : op === '<' ? n < b : n <= b;
      }
      return negate ? !ok : ok;
    });
  }
  return joiner === 'AND' ? (r) => tests.every((t) => t(r)) : (r) => tests.some((t) => t(r));
}

export const mock: VendorMock = {
  vendor: 'stripe',
  references: [
    'https://docs.stripe.com/api/pagination',
    'https://docs.stripe.com/api/errors',
    'https://docs.stripe.com/api/customers/list',
    'https://docs.stripe.com/api/customers/object',
    'https://docs.stripe.com/api/charges/list',
    'https://docs.stripe.com/api/charges/object',
    'https://docs.stripe.com/api/invoices/list',
    'https://docs.stripe.com/api/invoices/object',
    'https://docs.stripe.com/search#search-query-language',
    'https://docs.stripe.com/api/expanding_objects',
  ],
  unauthorized: () =>
    json(401, {
      error: {
        type: 'invalid_request_error',
        message:
          'Invalid API Key provided. You can find your API keys at https://dashboard.stripe.com/apikeys.',
      },
    }),
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as Record<string, Rec[]>;
    const store: Record<Collection, Rec[]> = {
      customers: data.customers ?? [],
      charges: data.charges ?? [],
      invoices: data.invoices ?? [],
    };
    for (const [name, list] of Object.entries(store)) {
      const object = RESOURCES[name as Collection].object;
      for (const record of list) record.object ??= object;
    }

    function withExpansions(record: Rec, expand: string[], prefix: string): Rec {
      if (!expand.includes(`${prefix}customer`) || typeof record.customer !== 'string')
        return record;
      const customer = store.customers.find((c) => c.id === record.customer);
      return customer ? { ...record, customer } : record;
    }

    function sortNewest(list: Rec[]): Rec[] {
      return [...list].sort(
        (a, b) => Number(b.created) - Number(a.created) || String(b.id).localeCompare(String(a.id)),
      );
    }

    function list(resource: Collection, request: MockRequest): MockResponse {
      const spec = RESOURCES[resource];
      const q = request.query;
      const known = new Set([
        ...spec.params,
        'limit',
        'starting_after',
        'ending_before',
        'expand[]',
      ]);
      for (const key of q.keys()) {
        const base = key.replace(/\[[^\]]*\]$/, '');
        if (!known.has(key) && !known.has(base) && !/^expand\[\d+\]$/.test(key)) {
          return invalid(`Received unknown parameter: ${key}`, key);
        }
      }
      const limitRaw = q.get('limit');
      const limit = limitRaw === null ? 10 : Number(limitRaw);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
        return invalid(
          'This value must be greater than or equal to 1 and less than or equal to 100.',
          'limit',
        );
      }
      let items = sortNewest(store[spec.collection]);
      const created = rangeFilter(q, 'created');
      if (created && 'status' in created) return created;
      if (created)
        items = items.filter((r) => (created as (v: number) => boolean)(Number(r.created)));
      if (resource === 'invoices') {
        const due = rangeFilter(q, 'due_date');
        if (due && 'status' in due) return due;
        if (due)
          items = items.filter(
            (r) => r.due_date != null && (due as (v: number) => boolean)(Number(r.due_date)),
          );
        const status = q.get('status');
        if (status !== null) {
          if (!INVOICE_STATUSES.includes(status)) {
            return invalid(
              `Invalid status: must be one of ${INVOICE_STATUSES.join(', ')}`,
              'status',
            );
          }
          items = items.filter((r) => r.status === status);
        }
      }
      for (const name of [
        'email',
        'customer',
        'subscription',
        'collection_method',
        'payment_intent',
      ]) {
        const value = q.get(name);
        if (value !== null && spec.params.includes(name))
          items = items.filter((r) => r[name] === value);
      }
      const after = q.get('starting_after');
      const before = q.get('ending_before');
      let page: Rec[];
      let hasMore: boolean;
      const size = Math.min(limit, PAGE_MAX);
      if (after !== null) {
        const index = items.findIndex((r) => r.id === after);
        if (index < 0) return missing(spec.kind, after, 'starting_after');
        page = items.slice(index + 1, index + 1 + size);
        hasMore = index + 1 + size < items.length;
      } else if (before !== null) {
        const index = items.findIndex((r) => r.id === before);
        if (index < 0) return missing(spec.kind, before, 'ending_before');
        const from = Math.max(0, index - size);
        page = items.slice(from, index);
        hasMore = from > 0;
      } else {
        page = items.slice(0, size);
        hasMore = size < items.length;
      }
      const expand = expansions(q);
      return json(200, {
        object: 'list',
        url: `/v1/${resource}`,
        has_more: hasMore,
        data: page.map((r) => withExpansions(r, expand, 'data.')),
      });
    }

    function search(resource: Collection, request: MockRequest): MockResponse {
      const spec = RESOURCES[resource];
      const text = request.query.get('query');
      if (text === null) return invalid('Missing required param: query.', 'query');
      const test = parseSearch(text);
      if (typeof test === 'string') return invalid(test, 'query');
      const limitRaw = request.query.get('limit');
      const limit = limitRaw === null ? 10 : Number(limitRaw);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
        return invalid(
          'This value must be greater than or equal to 1 and less than or equal to 100.',
          'limit',
        );
      }
      const size = Math.min(limit, PAGE_MAX);
      const pageToken = request.query.get('page');
      let offset = 0;
      if (pageToken !== null) {
        const m = pageToken.match(/^page_(\d+)$/);
        if (!m) return invalid('Invalid page token.', 'page');
        offset = Number(m[1]);
      }
      const matched = sortNewest(store[spec.collection]).filter(test);
      const page = matched.slice(offset, offset + size);
      const hasMore = offset + size < matched.length;
      const expand = expansions(request.query);
      return json(200, {
        object: 'search_result',
        url: `/v1/${resource}/search`,
        has_more: hasMore,
        next_page: hasMore ? `page_${offset + size}` : null,
        data: page.map((r) => withExpansions(r, expand, 'data.')),
      });
    }

    return {
      collections: () => store,
      handle(request: MockRequest): MockResponse {
        void context;
        const m = request.path.match(/^\/v1\/(customers|charges|invoices)(?:\/([^/]+))?$/);
        if (!m) {
          return invalid(
            `Unrecognized request URL (${request.method}: ${request.path}).`,
            undefined,
            404,
          );
        }
        const resource = m[1] as Collection;
        const id = m[2];
        if (request.method !== 'GET') {
          return invalid(
            `Unrecognized request URL (${request.method}: ${request.path}).`,
            undefined,
            404,
          );
        }
        if (id === 'search') return search(resource, request);
        if (id === undefined) return list(resource, request);
        const record = store[RESOURCES[resource].collection].find((r) => r.id === id);
        if (!record) return missing(RESOURCES[resource].kind, id);
        return json(200, withExpansions(record, expansions(request.query), ''));
      },
    };
  },
};
