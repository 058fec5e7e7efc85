// Shopify Admin REST API (orders, customers, products) under
// https://{shop}.myshopify.com/admin/api/{version}, as the public reference describes it. Every
// path ends in `.json`; the credential is the X-Shopify-Access-Token header. Lists page with
// cursors in the `Link` response header (`<…?limit=5&page_info=…>; rel="next"`); a request with
// `page_info` may carry only `limit` and `fields` besides it. This mock serves at most 5 a page.
// Quirks: the orders list returns only OPEN orders unless `status=any` (or closed/cancelled) is
// asked for, so archived (closed) and cancelled orders are hidden by default; prices are strings.
// Errors: `{errors: "…"}` or `{errors: {field: ["…"]}}`.
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

function fail(status: number, errors: unknown): MockResponse {
  return json(status, { errors });
}

const FILTERS: Record<string, string[]> = {
  orders: [
    'status',
    'financial_status',
    'fulfillment_status',
    'created_at_min',
    'created_at_max',
    'updated_at_min',
    'updated_at_max',
    'processed_at_min',
    'processed_at_max',
    'since_id',
    'ids',
    'attribution_app_id',
  ],
  customers: [
    'created_at_min',
    'created_at_max',
    'updated_at_min',
    'updated_at_max',
    'since_id',
    'ids',
  ],
  products: [
    'status',
    'created_at_min',
    'created_at_max',
    'updated_at_min',
    'updated_at_max',
    'since_id',
    'ids',
    'product_type',
    'vendor',
    'title',
    'handle',
    'collection_id',
    'published_status',
  ],
};

function timeOf(value: unknown): number {
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}

export const mock: VendorMock = {
  vendor: 'shopify',
  references: [
    'https://shopify.dev/docs/api/admin-rest/2024-10/resources/order#get-orders',
    'https://shopify.dev/docs/api/admin-rest/2024-10/resources/customer#get-customers',
    'https://shopify.dev/docs/api/admin-rest/2024-10/resources/product#get-products',
    'https://shopify.dev/docs/api/usage/pagination-rest',
    'https://shopify.dev/docs/api/usage/authentication#making-authenticated-requests',
    'https://shopify.dev/docs/api/usage/response-codes',
  ],
  unauthorized: () =>
    fail(401, '[API] Invalid API key or access token (unrecognized login or wrong password)'),
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as Record<string, Rec[]>;
    type Resource = 'orders' | 'customers' | 'products';
    const store: Record<Resource, Rec[]> = {
      orders: data.orders ?? [],
      customers: data.customers ?? [],
      products: data.products ?? [],
    };

    function filtered(resource: Resource, params: URLSearchParams): Rec[] | MockResponse {
      let items = [...store[resource]];
      if (resource === 'orders') {
        const status = params.get('status') ?? 'open';
        if (!['open', 'closed', 'cancelled', 'any'].includes(status))
          return fail(400, { status: ['is invalid'] });
        if (status === 'open')
          items = items.filter((o) => o.closed_at == null && o.cancelled_at == null);
        if (status === 'closed') items = items.filter((o) => o.closed_at != null);
        if (status === 'cancelled') items = items.filter((o) => o.cancelled_at != null);
        const financial = params.get('financial_status');
        if (financial && financial !== 'any') {
          const allowed = [
            'authorized',
            'pending',
            'paid',
            'partially_paid',
            'refunded',
            'voided',
            'partially_refunded',
            'unpaid',
          ];
          const wanted = financial.split(',');
          if (wanted.some((w) => !allowed.includes(w)))
            return fail(400, { financial_status: ['is invalid'] });
          items = items.filter((o) =>
            wanted.some((w) =>
              w === 'unpaid'
                ? ['pending', 'authorized', 'partially_paid'].includes(String(o.financial_status))
                : o.financial_status === w,
            ),
          );
        }
        const fulfillment = params.get('fulfillment_status');
        if (fulfillment && fulfillment !== 'any') {
          items = items.filter((o) =>
            fulfillment === 'shipped'
              ? o.fulfillment_status === 'fulfilled'
              : fulfillment === 'unshipped'
                ? o.fulfillment_status == null
                : o.fulfillment_status === fulfillment,
          );
        }
      }
      if (resource === 'products') {
        const status = params.get('status');
        if (status) {
          const wanted = status.split(',');
          if (wanted.some((w) => !['active', 'archived', 'draft'].includes(w)))
            return fail(400, { status: ['is invalid'] });
          items = items.filter((p) => wanted.includes(String(p.status)));
        }
        for (const name of ['product_type', 'vendor', 'title', 'handle']) {
          const value = params.get(name);
          if (value !== null) items = items.filter((p) => p[name] === value);
        }
      }
      for (const field of ['created_at', 'updated_at', 'processed_at']) {
        const min = params.get(`${field}_min`);
        const max = params.get(`${field}_max`);
        if (min !== null) {
          const bound = Date.parse(min);
          if (Number.isNaN(bound)) return fail(400, { [`${field}_min`]: ['is invalid'] });
          items = items.filter((r) => timeOf(r[field]) >= bound);
        }
        if (max !== null) {
          const bound = Date.parse(max);
          if (Number.isNaN(bound)) return fail(400, { [`${field}_max`]: ['is invalid'] });
          items = items.filter((r) => timeOf(r[field]) <= bound);
        }
      }
      const since = params.get('since_id');
      if (since !== null) items = items.filter((r) => Number(r.id) > Number(since));
      const ids = params.get('ids');
      if (ids !== null) {
        const wanted = ids.split(',').map((s) => s.trim());
        items = items.filter((r) => wanted.includes(String(r.id)));
      }
      // Shopify lists newest first by default; since_id lists ascending by id.
      if (since !== null) items.sort((a, b) => Number(a.id) - Number(b.id));
      else
        items.sort(
          (a, b) => timeOf(b.created_at) - timeOf(a.created_at) || Number(b.id) - Number(a.id),
        );
      return items;
    }

    function project(record: Rec, fields: string | null): Rec {
      if (!fields) return record;
      const names = fields.split(',').map((s) => s.trim());
      return Object.fromEntries(Object.entries(record).filter(([k]) => names.includes(k)));
    }

    function list(resource: Resource, version: string, request: MockRequest): MockResponse {
      const q = request.query;
      const limitRaw = q.get('limit');
      const limit = limitRaw === null ? 50 : Number(limitRaw);
      if (!Number.isInteger(limit) || limit < 1 || limit > 250)
        return fail(400, { limit: ['must be between 1 and 250'] });
      let params: URLSearchParams;
      let offset = 0;
      const token = q.get('page_info');
      if (token !== null) {
        for (const key of q.keys()) {
          if (!['page_info', 'limit', 'fields'].includes(key)) {
            return fail(400, {
              [key]: [
                `${key} cannot be passed when page_info is present. See https://shopify.dev/api/usage/pagination-rest for more information.`,
              ],
            });
          }
        }
        try {
          const decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as {
            p: string;
            o: number;
            r: string;
          };
          if (decoded.r !== resource) throw new Error('wrong resource');
          params = new URLSearchParams(decoded.p);
          offset = decoded.o;
        } catch {
          return fail(400, { page_info: ['Invalid value.'] });
        }
      } else {
        params = new URLSearchParams();
        for (const [key, value] of q)
          if (FILTERS[resource]?.includes(key)) params.append(key, value);
      }
      const items = filtered(resource, params);
      if (!Array.isArray(items)) return items;
      const size = Math.min(limit, PAGE_MAX);
      const page = items.slice(offset, offset + size);
      const links: string[] = [];
      const link = (o: number, rel: string) => {
        const info = Buffer.from(JSON.stringify({ p: params.toString(), o, r: resource })).toString(
          'base64url',
        );
        const extra = q.get('fields')
          ? `&fields=${encodeURIComponent(q.get('fields') as string)}`
          : '';
        links.push(
          `<${context.origin}/admin/api/${version}/${resource}.json?limit=${limit}${extra}&page_info=${info}>; rel="${rel}"`,
        );
      };
      if (offset > 0) link(Math.max(0, offset - size), 'previous');
      if (offset + size < items.length) link(offset + size, 'next');
      const headers: Record<string, string> = { 'x-shopify-api-version': version };
      if (links.length) headers.link = links.join(', ');
      return json(200, { [resource]: page.map((r) => project(r, q.get('fields'))) }, headers);
    }

    return {
      collections: () => store,
      handle(request: MockRequest): MockResponse {
        const m = request.path.match(
          /^\/admin\/api\/(\d{4}-\d{2}|unstable)\/(orders|customers|products)(?:\/(\d+|count))?\.json$/,
        );
        if (!m) return fail(404, 'Not Found');
        const version = m[1] ?? '';
        const resource = m[2] as Resource;
        const id = m[3];
        if (request.method !== 'GET') return fail(406, 'Not Acceptable');
        if (id === 'count') {
          const items = filtered(resource, request.query);
          return Array.isArray(items) ? json(200, { count: items.length }) : items;
        }
        if (id) {
          const record = store[resource].find((r) => String(r.id) === id);
          if (!record) return fail(404, 'Not Found');
          const singular = resource.slice(0, -1);
          return json(200, { [singular]: project(record, request.query.get('fields')) });
        }
        return list(resource, version, request);
      },
    };
  },
};
