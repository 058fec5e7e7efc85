// The in-house "Warehouse Shipments API", exactly as openapi/warehouse-shipments.yaml describes
// it: Bearer auth (checked by the mock server), /api/v2/shipments filtered by status (comma list),
// channel, shipped_after / updated_after (strictly later), order_ref, oldest first, paged by an
// opaque cursor (limit at most 5); /api/v2/restock-requests listed and created (required sku,
// product_name, requested_quantity ≥ 1, integer current_stock, priority enum, no unknown fields,
// 409 when an open request for the SKU exists). Errors are RFC 7807 problem documents.
import type { MockRequest, MockResponse, VendorMock, VendorContext } from '../contract.ts';
import { json } from '../mock-kit.ts';

// Vendor JSON is loosely shaped; the mock reads and writes it field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = Record<string, any>;

const STATUSES = ['pending', 'packed', 'shipped', 'delivered', 'returned', 'cancelled'];
const CHANNELS = ['woocommerce', 'amazon', 'wholesale'];
const PROBLEM = { 'content-type': 'application/problem+json' };

function problem(
  status: number,
  title: string,
  detail: string,
  errors?: { field: string; message: string }[],
): MockResponse {
  const body: Rec = {
    type: `https://wms.acme-logistics.example/problems/${title.toLowerCase().replace(/\s+/g, '-')}`,
    title,
    status,
    detail,
  };
  if (errors) body.errors = errors;
  return json(status, body, PROBLEM);
}

export const mock: VendorMock = {
  vendor: 'warehouse-shipments',
  references: ['openapi/warehouse-shipments.yaml'],
  unauthorized: () => problem(401, 'Unauthorized', 'A valid bearer token is required.'),
  create(seedRaw: unknown, context: VendorContext) {
    const seed = (seedRaw ?? {}) as { shipments?: Rec[]; restock_requests?: Rec[] };
    const shipments = (seed.shipments ?? []).map((r) => structuredClone(r));
    const restock = (seed.restock_requests ?? []).map((r) => structuredClone(r));
    let nextRestock = restock.length + 1;

    function page(request: MockRequest, items: Rec[]): MockResponse {
      const q = request.query;
      const rawLimit = q.get('limit');
      const limit = rawLimit === null ? 5 : /^\d+$/.test(rawLimit) ? Number(rawLimit) : Number.NaN;
      if (!(limit >= 1 && limit <= 5))
        return problem(400, 'Bad Request', 'limit must be an integer from 1 to 5.', [
          { field: 'limit', message: 'must be from 1 to 5' },
        ]);
      let offset = 0;
      const cursor = q.get('cursor');
      if (cursor) {
        const m = /^c1\.([0-9]+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
        if (!m)
          return problem(400, 'Bad Request', 'cursor is not valid.', [
            { field: 'cursor', message: 'unknown cursor' },
          ]);
        offset = Number(m[1]);
      }
      const data = items.slice(offset, offset + limit);
      const next =
        offset + limit < items.length
          ? Buffer.from(`c1.${offset + limit}`).toString('base64url')
          : null;
      return json(200, { data, next_cursor: next });
    }

    function instant(q: URLSearchParams, name: string): number | undefined | MockResponse {
      const raw = q.get(name);
      if (raw === null) return undefined;
      const t = Date.parse(raw);
      if (Number.isNaN(t) || !/T/.test(raw))
        return problem(400, 'Bad Request', `${name} must be an RFC 3339 date-time.`, [
          { field: name, message: 'must be a date-time' },
        ]);
      return t;
    }

    function listShipments(request: MockRequest): MockResponse {
      const q = request.query;
      let items = shipments;
      const status = q.get('status');
      if (status !== null) {
        const wanted = status
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const bad = wanted.find((s) => !STATUSES.includes(s));
        if (bad)
          return problem(400, 'Bad Request', `Unknown status "${bad}".`, [
            { field: 'status', message: `must be among ${STATUSES.join(', ')}` },
          ]);
        items = items.filter((s) => wanted.includes(s.status));
      }
      const channel = q.get('channel');
      if (channel !== null) {
        if (!CHANNELS.includes(channel))
          return problem(400, 'Bad Request', `Unknown channel "${channel}".`, [
            { field: 'channel', message: `must be one of ${CHANNELS.join(', ')}` },
          ]);
        items = items.filter((s) => s.channel === channel);
      }
      for (const [param, field] of [
        ['shipped_after', 'shipped_at'],
        ['updated_after', 'updated_at'],
      ] as const) {
        const t = instant(q, param);
        if (t !== undefined && typeof t !== 'number') return t;
        if (typeof t === 'number')
          items = items.filter((s) => s[field] && Date.parse(s[field]) > t);
      }
      const ref = q.get('order_ref');
      if (ref !== null) items = items.filter((s) => s.order_ref === ref);
      items = [...items].sort(
        (a, b) =>
          Date.parse(a.created_at) - Date.parse(b.created_at) ||
          String(a.id).localeCompare(String(b.id)),
      );
      return page(request, items);
    }

    function createRestock(body: unknown): MockResponse {
      if (!body || typeof body !== 'object' || Array.isArray(body))
        return problem(422, 'Validation Failed', 'The body must be a JSON object.');
      const b = body as Rec;
      const errors: { field: string; message: string }[] = [];
      const allowed = [
        'sku',
        'product_name',
        'requested_quantity',
        'current_stock',
        'priority',
        'note',
      ];
      for (const k of Object.keys(b))
        if (!allowed.includes(k)) errors.push({ field: k, message: 'is not a known field' });
      for (const k of ['sku', 'product_name'])
        if (typeof b[k] !== 'string' || b[k].trim() === '')
          errors.push({ field: k, message: 'is required and must be a non-empty string' });
      if (!Number.isInteger(b.requested_quantity) || b.requested_quantity < 1)
        errors.push({
          field: 'requested_quantity',
          message: 'is required and must be an integer of at least 1',
        });
      if (!Number.isInteger(b.current_stock))
        errors.push({ field: 'current_stock', message: 'is required and must be an integer' });
      if (b.priority !== undefined && !['normal', 'urgent'].includes(b.priority))
        errors.push({ field: 'priority', message: 'must be normal or urgent' });
      if (b.note !== undefined && (typeof b.note !== 'string' || b.note.length > 500))
        errors.push({ field: 'note', message: 'must be a string of at most 500 characters' });
      if (errors.length)
        return problem(422, 'Validation Failed', 'The restock request is not valid.', errors);
      if (restock.some((r) => r.sku === b.sku && r.status === 'open'))
        return problem(409, 'Conflict', `There is already an open restock request for ${b.sku}.`);
      const record: Rec = {
        id: `rr_${String(nextRestock++).padStart(4, '0')}`,
        sku: b.sku,
        product_name: b.product_name,
        requested_quantity: b.requested_quantity,
        current_stock: b.current_stock,
        priority: b.priority ?? 'normal',
        note: b.note ?? null,
        status: 'open',
        created_at: context.now().toISOString(),
      };
      restock.push(record);
      return json(201, record);
    }

    function handle(request: MockRequest): MockResponse {
      const path = request.path.replace(/\/+$/, '');
      if (path === '/api/v2/shipments' && request.method === 'GET') return listShipments(request);
      const m = /^\/api\/v2\/shipments\/([^/]+)$/.exec(path);
      if (m && request.method === 'GET') {
        const s = shipments.find((x) => x.id === decodeURIComponent(m[1]!));
        return s ? json(200, s) : problem(404, 'Not Found', `No shipment ${m[1]}.`);
      }
      if (path === '/api/v2/restock-requests') {
        if (request.method === 'GET') {
          let items = restock;
          const status = request.query.get('status');
          if (status !== null) items = items.filter((r) => r.status === status);
          const sku = request.query.get('sku');
          if (sku !== null) items = items.filter((r) => r.sku === sku);
          return page(request, items);
        }
        if (request.method === 'POST') return createRestock(request.body);
      }
      return problem(404, 'Not Found', `No route for ${request.method} ${request.path}.`);
    }

    return { handle, collections: () => ({ shipments, restock_requests: restock }) };
  },
};
