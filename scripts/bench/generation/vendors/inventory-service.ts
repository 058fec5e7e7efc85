// The in-house "inventory-service" API, exactly as openapi/inventory-service.yaml describes it
// (servers: https://inventory.internal.example.com/api/v2, X-API-Key header): stock items by
// SKU, page-number paging with `meta`, discontinued items hidden unless include_discontinued,
// RFC 7807 problem documents for errors, 409 for a duplicate SKU, 422 for invalid bodies.
// Collection `items`.
// The mock handles arbitrary JSON from the code under test: records are loosely typed on purpose.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';

type Rec = Record<string, any>;
const PAGE_MAX = 5;
const UNITS = ['pcs', 'box', 'kg', 'm', 'l'];
const BASE = '/api/v2';

function problem(
  status: number,
  title: string,
  detail: string,
  errors?: { field: string; message: string }[],
): MockResponse {
  const body: Rec = {
    type: `https://inventory.internal.example.com/problems/${title.toLowerCase().replace(/[^a-z]+/g, '-')}`,
    title,
    status,
    detail,
  };
  if (errors) body.errors = errors;
  return { status, headers: { 'content-type': 'application/problem+json' }, body };
}

const NEW_FIELDS: Record<string, string> = {
  sku: 'string',
  name: 'string',
  category: 'string',
  quantity_on_hand: 'int',
  reorder_level: 'int',
  reorder_quantity: 'int',
  unit: 'unit',
  warehouse: 'string',
  supplier: 'string',
};
const PATCH_FIELDS: Record<string, string> = {
  name: 'string',
  category: 'string',
  quantity_on_hand: 'int',
  reorder_level: 'int',
  reorder_quantity: 'int',
  unit: 'unit',
  warehouse: 'string',
  supplier: 'string',
  status: 'status',
};

function validate(
  body: unknown,
  allowed: Record<string, string>,
  required: string[],
): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return [{ field: '', message: 'must be a JSON object' }];
  const b = body as Rec;
  for (const r of required)
    if (b[r] === undefined || b[r] === null) errors.push({ field: r, message: 'is required' });
  for (const [k, v] of Object.entries(b)) {
    const kind = allowed[k];
    if (!kind) {
      errors.push({ field: k, message: 'is not a known property' });
      continue;
    }
    if (v === null || v === undefined) continue;
    if (kind === 'string' && (typeof v !== 'string' || (k === 'name' && v.trim() === '')))
      errors.push({ field: k, message: 'must be a non-empty string' });
    if (kind === 'int' && (!Number.isInteger(v) || (v as number) < 0))
      errors.push({ field: k, message: 'must be an integer ≥ 0' });
    if (kind === 'unit' && !UNITS.includes(v as string))
      errors.push({ field: k, message: `must be one of ${UNITS.join(', ')}` });
    if (kind === 'status' && !['active', 'discontinued'].includes(v as string))
      errors.push({ field: k, message: 'must be one of active, discontinued' });
  }
  if (typeof b.sku === 'string' && !/^[A-Z0-9-]{3,32}$/.test(b.sku))
    errors.push({ field: 'sku', message: 'must match ^[A-Z0-9-]{3,32}$' });
  return errors;
}

export const mock: VendorMock = {
  vendor: 'inventory-service',
  references: ['openapi/inventory-service.yaml', 'https://www.rfc-editor.org/rfc/rfc7807'],
  unauthorized: () => problem(401, 'Unauthorized', 'A valid X-API-Key header is required.'),
  create(seedInput: unknown, ctx: VendorContext): VendorInstance {
    const seed = (seedInput ?? {}) as { items?: Rec[] };
    const items: Rec[] = (seed.items ?? []).map((i) => ({
      category: null,
      reorder_quantity: 0,
      supplier: null,
      status: 'active',
      updated_at: '2026-11-01T08:00:00Z',
      ...i,
    }));
    const stamp = () =>
      ctx
        .now()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z');
    return {
      collections: () => ({ items }),
      handle(req: MockRequest): MockResponse {
        if (!req.path.startsWith(BASE))
          return problem(404, 'Not Found', `No route for ${req.method} ${req.path}.`);
        const path = req.path.slice(BASE.length).replace(/\/+$/, '');
        if (path === '/items' && req.method === 'GET') {
          const q = req.query;
          const page = q.get('page') === null ? 1 : Number(q.get('page'));
          const size = q.get('page_size') === null ? PAGE_MAX : Number(q.get('page_size'));
          if (!Number.isInteger(page) || page < 1)
            return problem(400, 'Bad Request', 'page must be an integer ≥ 1.', [
              { field: 'page', message: 'must be an integer ≥ 1' },
            ]);
          if (!Number.isInteger(size) || size < 1 || size > PAGE_MAX)
            return problem(400, 'Bad Request', `page_size must be between 1 and ${PAGE_MAX}.`, [
              { field: 'page_size', message: `must be between 1 and ${PAGE_MAX}` },
            ]);
          const includeDiscontinued = q.get('include_discontinued') === 'true';
          let list = items.filter((i) => includeDiscontinued || i.status !== 'discontinued');
          const wh = q.get('warehouse');
          if (wh) list = list.filter((i) => i.warehouse === wh);
          const cat = q.get('category');
          if (cat) list = list.filter((i) => i.category === cat);
          list = [...list].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
          const totalPages = Math.max(1, Math.ceil(list.length / size));
          return {
            status: 200,
            body: {
              data: list.slice((page - 1) * size, page * size),
              meta: { page, page_size: size, total_items: list.length, total_pages: totalPages },
            },
          };
        }
        if (path === '/items' && req.method === 'POST') {
          const errors = validate(req.body, NEW_FIELDS, [
            'sku',
            'name',
            'quantity_on_hand',
            'unit',
            'warehouse',
          ]);
          if (errors.length)
            return problem(422, 'Unprocessable Entity', 'The item is not valid.', errors);
          const b = req.body as Rec;
          if (items.some((i) => i.sku === b.sku))
            return problem(409, 'Conflict', `An item with SKU ${b.sku} exists already.`);
          const item = {
            sku: b.sku,
            name: b.name,
            category: b.category ?? null,
            quantity_on_hand: b.quantity_on_hand,
            reorder_level: b.reorder_level ?? 0,
            reorder_quantity: b.reorder_quantity ?? 0,
            unit: b.unit,
            warehouse: b.warehouse,
            supplier: b.supplier ?? null,
            status: 'active',
            updated_at: stamp(),
          };
          items.push(item);
          return { status: 201, headers: { location: `${BASE}/items/${item.sku}` }, body: item };
        }
        const one = /^\/items\/([^/]+)$/.exec(path);
        if (one) {
          const sku = decodeURIComponent(one[1]!);
          const item = items.find((i) => i.sku === sku);
          if (!item) return problem(404, 'Not Found', `No item with SKU ${sku}.`);
          if (req.method === 'GET') return { status: 200, body: item };
          if (req.method === 'PATCH') {
            const errors = validate(req.body, PATCH_FIELDS, []);
            if (!errors.length && Object.keys(req.body as Rec).length === 0)
              errors.push({ field: '', message: 'at least one property is required' });
            if (errors.length)
              return problem(422, 'Unprocessable Entity', 'The change is not valid.', errors);
            Object.assign(item, req.body as Rec, { updated_at: stamp() });
            return { status: 200, body: item };
          }
          return problem(
            405,
            'Method Not Allowed',
            `${req.method} is not allowed on /items/{sku}.`,
          );
        }
        return problem(404, 'Not Found', `No route for ${req.method} ${req.path}.`);
      },
    };
  },
};
