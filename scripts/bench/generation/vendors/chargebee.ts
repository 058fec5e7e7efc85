// Chargebee API v2 (subscriptions, customers) under https://{site}.chargebee.com/api/v2, as the
// public reference describes it. HTTP Basic auth with the API key as the user name and an empty
// password. Lists are `{list: [{subscription: {…}, customer: {…}}], next_offset}` (each entry
// wraps its resources by name; subscription lists carry the customer too), paged with `limit`
// (default 10, max 100; this mock serves at most 5) and the opaque `offset` taken from
// `next_offset`, which is absent on the last page. Filters use operators in brackets:
// `status[is]=cancelled`, `status[in]=["active","cancelled"]`, `cancelled_at[between]=[from,to]`,
// `cancelled_at[after]=…` (Unix seconds), `auto_collection[is]=off`, `email[is]=…`; `sort_by[asc]`
// / `sort_by[desc]` take created_at or updated_at. Deleted records are left out unless
// `include_deleted=true`. Errors: `{message, type, api_error_code, param, error_code, error_msg,
// http_status_code}`.
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json } from '../mock-kit.ts';

type Rec = Record<string, unknown>;
type Resource = 'subscriptions' | 'customers';
const PAGE_MAX = 5;

function invalid(
  message: string,
  param?: string,
  status = 400,
  code = 'invalid_request',
): MockResponse {
  return json(status, {
    message,
    type: 'invalid_request',
    api_error_code: code,
    ...(param ? { param } : {}),
    error_code: param ? 'param_invalid' : code,
    error_msg: message,
    http_status_code: status,
  });
}

const FIELDS: Record<
  Resource,
  Record<string, 'string' | 'enum' | 'timestamp' | 'number' | 'boolean'>
> = {
  subscriptions: {
    id: 'string',
    customer_id: 'string',
    plan_id: 'string',
    item_id: 'string',
    item_price_id: 'string',
    status: 'enum',
    cancel_reason: 'enum',
    remaining_billing_cycles: 'number',
    created_at: 'timestamp',
    activated_at: 'timestamp',
    next_billing_at: 'timestamp',
    cancelled_at: 'timestamp',
    updated_at: 'timestamp',
    has_scheduled_changes: 'boolean',
    offline_payment_method: 'enum',
    auto_close_invoices: 'boolean',
    channel: 'enum',
  },
  customers: {
    id: 'string',
    first_name: 'string',
    last_name: 'string',
    email: 'string',
    company: 'string',
    phone: 'string',
    auto_collection: 'enum',
    taxability: 'enum',
    created_at: 'timestamp',
    updated_at: 'timestamp',
    offline_payment_method: 'enum',
    auto_close_invoices: 'boolean',
    channel: 'enum',
    business_entity_id: 'string',
  },
};
const ENUMS: Record<string, string[]> = {
  status: ['future', 'in_trial', 'active', 'non_renewing', 'paused', 'cancelled', 'transferred'],
  auto_collection: ['on', 'off'],
  taxability: ['taxable', 'exempt'],
  cancel_reason: [
    'not_paid',
    'no_card',
    'fraud_review_failed',
    'non_compliant_eu_customer',
    'tax_calculation_failed',
    'currency_incompatible_with_gateway',
    'non_compliant_customer',
  ],
};

function fieldValue(resource: Resource, record: Rec, field: string): unknown {
  if (resource === 'subscriptions' && (field === 'item_price_id' || field === 'item_id')) {
    const items = Array.isArray(record.subscription_items)
      ? (record.subscription_items as Rec[])
      : [];
    return items.map((i) => i[field]);
  }
  return record[field];
}

function parseList(raw: string): unknown[] | null {
  try {
    const value = JSON.parse(raw);
    return Array.isArray(value) ? value : null;
  } catch {
    // Chargebee also takes [a,b] without quotes for numbers and ids.
    const inner = raw.match(/^\[(.*)\]$/);
    return inner ? (inner[1] ?? '').split(',').map((s) => s.trim().replace(/^"|"$/g, '')) : null;
  }
}

function buildFilter(
  resource: Resource,
  key: string,
  raw: string,
): ((r: Rec) => boolean) | MockResponse {
  const m = key.match(/^([a-z_]+)\[([a-z_]+)\]$/);
  if (!m) return invalid(`${key} : unknown parameter`, key);
  const field = m[1] ?? '';
  const op = m[2] ?? '';
  const type = FIELDS[resource][field];
  const options = ENUMS[field];
  if (!type) return invalid(`${field}[${op}] : unknown filter parameter`, key);
  const test = (value: unknown, check: (v: unknown) => boolean) =>
    Array.isArray(value) ? value.some(check) : check(value);
  if (op === 'is_present') {
    const want = raw === 'true';
    return (r) => (fieldValue(resource, r, field) != null) === want;
  }
  if (type === 'timestamp') {
    if (op === 'between') {
      const pair = parseList(raw);
      if (!pair || pair.length !== 2 || pair.some((x) => !Number.isFinite(Number(x)))) {
        return invalid(`${key} : invalid value, expected [from_timestamp,to_timestamp]`, key);
      }
      const [from = 0, to = 0] = pair.map(Number);
      return (r) => {
        const v = r[field];
        return typeof v === 'number' && v >= from && v <= to;
      };
    }
    const bound = Number(raw);
    if (!Number.isInteger(bound)) return invalid(`${key} : invalid timestamp value`, key);
    return (r) => {
      const v = r[field];
      if (typeof v !== 'number') return false;
      if (op === 'after') return v > bound;
      if (op === 'before') return v < bound;
      if (op === 'on') return Math.floor(v / 86400) === Math.floor(bound / 86400);
      return false;
    };
  }
  if (type === 'enum' && options) {
    const values = op === 'in' || op === 'not_in' ? parseList(raw) : [raw];
    if (!values) return invalid(`${key} : invalid value`, key);
    for (const v of values) {
      if (!options.includes(String(v))) {
        return invalid(
          `${key} : invalid value ${String(v)}, must be one of ${options.join(', ')}`,
          key,
        );
      }
    }
  }
  switch (op) {
    case 'is':
      return (r) => test(fieldValue(resource, r, field), (v) => String(v) === raw);
    case 'is_not':
      return (r) => !test(fieldValue(resource, r, field), (v) => String(v) === raw);
    case 'starts_with':
      return (r) =>
        test(fieldValue(resource, r, field), (v) => typeof v === 'string' && v.startsWith(raw));
    case 'in':
    case 'not_in': {
      const values = (parseList(raw) ?? []).map(String);
      const inside = (r: Rec) =>
        test(fieldValue(resource, r, field), (v) => values.includes(String(v)));
      return op === 'in' ? inside : (r) => !inside(r);
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const bound = Number(raw);
      return (r) => {
        const v = Number(r[field]);
        return op === 'gt'
          ? v > bound
          : op === 'gte'
            ? v >= bound
            : op === 'lt'
              ? v < bound
              : v <= bound;
      };
    }
    default:
      return invalid(`${key} : unsupported operator`, key);
  }
}

export const mock: VendorMock = {
  vendor: 'chargebee',
  references: [
    'https://apidocs.chargebee.com/docs/api/subscriptions#list_subscriptions',
    'https://apidocs.chargebee.com/docs/api/customers#list_customers',
    'https://apidocs.chargebee.com/docs/api/subscriptions#subscription_attributes',
    'https://apidocs.chargebee.com/docs/api/customers#customer_attributes',
    'https://apidocs.chargebee.com/docs/api/#api_authentication',
    'https://apidocs.chargebee.com/docs/api/#pagination_and_filtering',
    'https://apidocs.chargebee.com/docs/api/#error_handling',
  ],
  unauthorized: () =>
    json(401, {
      message: 'Sorry,authentication failed. Invalid api key',
      type: 'invalid_request',
      api_error_code: 'api_authentication_failed',
      error_code: 'api_authentication_invalid_key',
      error_msg: 'Sorry,authentication failed. Invalid api key',
      http_status_code: 401,
    }),
  create(seed: unknown, context: VendorContext): VendorInstance {
    void context;
    const data = (seed ?? {}) as Record<string, Rec[]>;
    const store: Record<Resource, Rec[]> = {
      subscriptions: data.subscriptions ?? [],
      customers: data.customers ?? [],
    };

    function list(resource: Resource, request: MockRequest): MockResponse {
      const q = request.query;
      const limitRaw = q.get('limit');
      const limit = limitRaw === null ? 10 : Number(limitRaw);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
        return invalid('limit : The value must be between 1 and 100', 'limit');
      }
      let items = [...store[resource]];
      if (q.get('include_deleted') !== 'true') items = items.filter((r) => r.deleted !== true);
      let sortField = 'created_at';
      let descending = true;
      for (const [key, value] of q) {
        if (['limit', 'offset', 'include_deleted'].includes(key)) continue;
        if (key === 'sort_by[asc]' || key === 'sort_by[desc]') {
          if (!['created_at', 'updated_at'].includes(value))
            return invalid(`${key} : invalid value ${value}`, key);
          sortField = value;
          descending = key === 'sort_by[desc]';
          continue;
        }
        const filter = buildFilter(resource, key, value);
        if (typeof filter !== 'function') return filter;
        items = items.filter(filter);
      }
      items.sort((a, b) => {
        const c =
          Number(a[sortField] ?? 0) - Number(b[sortField] ?? 0) ||
          String(a.id).localeCompare(String(b.id));
        return descending ? -c : c;
      });
      let start = 0;
      const offset = q.get('offset');
      if (offset !== null) {
        const parsed = parseList(offset);
        if (!parsed || parsed.length !== 2 || !Number.isInteger(Number(parsed[1]))) {
          return invalid('offset : invalid value', 'offset');
        }
        start = Number(parsed[1]);
      }
      const size = Math.min(limit, PAGE_MAX);
      const page = items.slice(start, start + size);
      const singular = resource === 'subscriptions' ? 'subscription' : 'customer';
      const entries = page.map((record) => {
        const entry: Rec = { [singular]: record };
        if (resource === 'subscriptions') {
          const customer = store.customers.find((c) => c.id === record.customer_id);
          if (customer) entry.customer = customer;
        }
        return entry;
      });
      const body: Rec = { list: entries };
      if (start + size < items.length) {
        const last = page[page.length - 1];
        body.next_offset = JSON.stringify([
          String(Number(last?.[sortField] ?? 0) * 1000),
          String(start + size),
        ]);
      }
      return json(200, body);
    }

    return {
      collections: () => store,
      handle(request: MockRequest): MockResponse {
        const m = request.path.match(/^\/api\/v2\/(subscriptions|customers)(?:\/([^/]+))?$/);
        if (!m)
          return invalid(
            "Sorry, we couldn't find that resource",
            undefined,
            404,
            'resource_not_found',
          );
        const resource = m[1] as Resource;
        const id = m[2];
        if (request.method !== 'GET')
          return invalid('Sorry, the operation is not supported in this mock', undefined, 405);
        if (!id) return list(resource, request);
        const record = store[resource].find((r) => r.id === id && r.deleted !== true);
        const singular = resource === 'subscriptions' ? 'subscription' : 'customer';
        if (!record)
          return invalid(
            `Sorry, we couldn't find that resource`,
            undefined,
            404,
            'resource_not_found',
          );
        const body: Rec = { [singular]: record };
        if (resource === 'subscriptions') {
          const customer = store.customers.find((c) => c.id === record.customer_id);
          if (customer) body.customer = customer;
        }
        return json(200, body);
      },
    };
  },
};
