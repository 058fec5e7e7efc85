// WooCommerce REST API v3 (https://example.com/wp-json/wc/v3), from WooCommerce's public REST API
// reference. Modelled: HTTP Basic with consumer key:secret (checked by the mock server); page /
// per_page paging (per_page 1–100, default 10; pages are capped small here so that paging
// matters) with X-WP-Total, X-WP-TotalPages and Link headers; orders filtered by status (a
// comma-separated list or status[]; "any" by default, which leaves out trashed orders), after /
// before / modified_after, customer, search; order money fields as strings ("45.00") while line
// item `price` is a number; PUT to update an order (status enum checked); order notes
// (POST /orders/{id}/notes needs `note`); products with manage_stock / stock_quantity /
// stock_status (list defaults to status "any"); customers listed with role "customer" by
// default, filterable by email, created with a unique email (registration-error-email-exists)
// and updated with PUT. Errors use WordPress's body {"code", "message", "data": {"status"}}.
import type { MockRequest, MockResponse, VendorMock, VendorContext } from '../contract.ts';
import { json, intParam } from '../mock-kit.ts';

// Vendor JSON is loosely shaped; the mock reads and writes it field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = Record<string, any>;

const MAX_PAGE = 4; // WooCommerce allows 100 a page; small here so that paging matters

const ORDER_STATUSES = [
  'pending',
  'processing',
  'on-hold',
  'completed',
  'cancelled',
  'refunded',
  'failed',
  'trash',
  'checkout-draft',
];

interface Seed {
  orders?: Rec[];
  order_notes?: Rec[];
  products?: Rec[];
  customers?: Rec[];
}

function wpError(status: number, code: string, message: string, extra: Rec = {}): MockResponse {
  return json(status, { code, message, data: { status, ...extra } });
}

function invalidParam(name: string, reason: string): MockResponse {
  return wpError(400, 'rest_invalid_param', `Invalid parameter(s): ${name}`, {
    params: { [name]: reason },
    details: { [name]: { code: 'rest_invalid_param', message: reason, data: null } },
  });
}

/** A WordPress list parameter: "a,b", or repeated name[] / name. */
function listParam(query: URLSearchParams, name: string): string[] | null {
  const values = [...query.getAll(name), ...query.getAll(`${name}[]`)];
  if (values.length === 0) return null;
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

function paged(request: MockRequest, items: Rec[], origin: string): MockResponse {
  const requested = intParam(request.query, 'per_page', 10);
  if (requested < 1 || requested > 100)
    return invalidParam('per_page', 'per_page must be between 1 (inclusive) and 100 (inclusive)');
  const perPage = Math.min(requested, MAX_PAGE);
  const page = intParam(request.query, 'page', 1);
  if (page < 1) return invalidParam('page', 'page must be greater than or equal to 1');
  const total = items.length;
  const totalPages = Math.ceil(total / perPage);
  const link = (p: number) => {
    const q = new URLSearchParams(request.query);
    q.set('page', String(p));
    return `<${origin}${request.path}?${q.toString()}>`;
  };
  const links: string[] = [];
  if (page > 1) links.push(`${link(page - 1)}; rel="prev"`);
  if (page < totalPages) links.push(`${link(page + 1)}; rel="next"`);
  const headers: Record<string, string> = {
    'x-wp-total': String(total),
    'x-wp-totalpages': String(totalPages),
  };
  if (links.length) headers.link = links.join(', ');
  return json(200, items.slice((page - 1) * perPage, page * perPage), headers);
}

function dateFilter(
  items: Rec[],
  query: URLSearchParams,
  param: string,
  field: string,
  after: boolean,
): Rec[] | MockResponse {
  const raw = query.get(param);
  if (raw === null) return items;
  const bound = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? raw : `${raw}Z`);
  if (Number.isNaN(bound)) return invalidParam(param, `Invalid date.`);
  return items.filter((r) => {
    const t = Date.parse(`${String(r[field]).replace(/Z$/, '')}Z`);
    return after ? t > bound : t < bound;
  });
}

function sortItems(
  items: Rec[],
  orderby: string,
  order: string,
  map: Record<string, string>,
): Rec[] {
  const field = map[orderby] ?? orderby;
  const sign = order === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    if (x === y) return (a.id - b.id) * sign;
    return (x < y ? -1 : 1) * sign;
  });
}

function wcDate(date: Date): string {
  return date.toISOString().slice(0, 19);
}

export const mock: VendorMock = {
  vendor: 'woocommerce',
  references: [
    'https://woocommerce.github.io/woocommerce-rest-api-docs/#introduction',
    'https://woocommerce.github.io/woocommerce-rest-api-docs/#authentication-over-https',
    'https://woocommerce.github.io/woocommerce-rest-api-docs/#pagination',
    'https://woocommerce.github.io/woocommerce-rest-api-docs/#errors',
    'https://woocommerce.github.io/woocommerce-rest-api-docs/#list-all-orders',
    'https://woocommerce.github.io/woocommerce-rest-api-docs/#update-an-order',
    'https://woocommerce.github.io/woocommerce-rest-api-docs/#create-an-order-note',
    'https://woocommerce.github.io/woocommerce-rest-api-docs/#list-all-products',
    'https://woocommerce.github.io/woocommerce-rest-api-docs/#list-all-customers',
    'https://woocommerce.github.io/woocommerce-rest-api-docs/#create-a-customer',
    'https://woocommerce.github.io/woocommerce-rest-api-docs/#update-a-customer',
  ],
  unauthorized: () =>
    wpError(401, 'woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.'),
  create(seedRaw: unknown, context: VendorContext) {
    const seed = (seedRaw ?? {}) as Seed;
    const orders = (seed.orders ?? []).map((r) => structuredClone(r));
    const orderNotes = (seed.order_notes ?? []).map((r) => structuredClone(r));
    const products = (seed.products ?? []).map((r) => structuredClone(r));
    const customers = (seed.customers ?? []).map((r) => structuredClone(r));
    let nextNote = 5000 + orderNotes.length;
    let nextCustomer = customers.reduce((n, c) => Math.max(n, Number(c.id) + 1), 100);

    const blankAddress = (withEmail: boolean) => {
      const a: Rec = {
        first_name: '',
        last_name: '',
        company: '',
        address_1: '',
        address_2: '',
        city: '',
        postcode: '',
        country: '',
        state: '',
      };
      if (withEmail) {
        a.email = '';
        a.phone = '';
      } else {
        a.phone = '';
      }
      return a;
    };

    function listOrders(request: MockRequest): MockResponse {
      const q = request.query;
      let items = orders;
      const statuses = listParam(q, 'status') ?? ['any'];
      for (const s of statuses) {
        if (s !== 'any' && !ORDER_STATUSES.includes(s))
          return invalidParam(
            'status',
            `status[0] is not one of any, ${ORDER_STATUSES.join(', ')}.`,
          );
      }
      items = statuses.includes('any')
        ? items.filter((o) => o.status !== 'trash' && o.status !== 'checkout-draft')
        : items.filter((o) => statuses.includes(o.status));
      for (const [param, field, after] of [
        ['after', 'date_created_gmt', true],
        ['before', 'date_created_gmt', false],
        ['modified_after', 'date_modified_gmt', true],
        ['modified_before', 'date_modified_gmt', false],
      ] as const) {
        const r = dateFilter(items, q, param, field, after);
        if (!Array.isArray(r)) return r;
        items = r;
      }
      const customer = q.get('customer');
      if (customer !== null) items = items.filter((o) => String(o.customer_id) === customer);
      const include = listParam(q, 'include');
      if (include) items = items.filter((o) => include.includes(String(o.id)));
      const search = q.get('search');
      if (search)
        items = items.filter((o) =>
          JSON.stringify([o.billing, o.shipping, o.line_items?.map((l: Rec) => l.name), o.number])
            .toLowerCase()
            .includes(search.toLowerCase()),
        );
      items = sortItems(items, q.get('orderby') ?? 'date', q.get('order') ?? 'desc', {
        date: 'date_created_gmt',
        id: 'id',
        title: 'number',
        modified: 'date_modified_gmt',
      });
      return paged(request, items, context.origin);
    }

    function updateOrder(order: Rec, body: Rec): MockResponse {
      if (body.status !== undefined) {
        if (!ORDER_STATUSES.includes(body.status))
          return invalidParam('status', `status is not one of ${ORDER_STATUSES.join(', ')}.`);
      }
      const now = context.now();
      for (const [k, v] of Object.entries(body)) {
        if (
          ['id', 'line_items', 'date_created', 'date_created_gmt', 'number', 'order_key'].includes(
            k,
          )
        )
          continue;
        if ((k === 'billing' || k === 'shipping') && v && typeof v === 'object')
          order[k] = { ...order[k], ...(v as Rec) };
        else order[k] = v;
      }
      if (body.status === 'completed' && !order.date_completed) {
        order.date_completed = wcDate(now);
        order.date_completed_gmt = wcDate(now);
      }
      order.date_modified = wcDate(now);
      order.date_modified_gmt = wcDate(now);
      return json(200, order);
    }

    function listProducts(request: MockRequest): MockResponse {
      const q = request.query;
      let items = products.filter((p) => p.status !== 'trash');
      const status = q.get('status') ?? 'any';
      if (!['any', 'draft', 'pending', 'private', 'publish', 'future', 'trash'].includes(status))
        return invalidParam(
          'status',
          'status is not one of any, future, trash, draft, pending, private, publish.',
        );
      if (status !== 'any') items = products.filter((p) => p.status === status);
      const stock = q.get('stock_status');
      if (stock !== null) {
        if (!['instock', 'outofstock', 'onbackorder'].includes(stock))
          return invalidParam(
            'stock_status',
            'stock_status is not one of instock, outofstock, onbackorder.',
          );
        items = items.filter((p) => p.stock_status === stock);
      }
      for (const key of ['sku', 'type'] as const) {
        const v = q.get(key);
        if (v !== null) items = items.filter((p) => String(p[key]) === v);
      }
      const search = q.get('search');
      if (search)
        items = items.filter((p) => String(p.name).toLowerCase().includes(search.toLowerCase()));
      const include = listParam(q, 'include');
      if (include) items = items.filter((p) => include.includes(String(p.id)));
      items = sortItems(items, q.get('orderby') ?? 'date', q.get('order') ?? 'desc', {
        date: 'date_created_gmt',
        id: 'id',
        title: 'name',
        slug: 'slug',
        modified: 'date_modified_gmt',
      });
      return paged(request, items, context.origin);
    }

    function listCustomers(request: MockRequest): MockResponse {
      const q = request.query;
      let items = customers;
      const role = q.get('role') ?? 'customer';
      if (role !== 'all') items = items.filter((c) => c.role === role);
      const email = q.get('email');
      if (email !== null)
        items = items.filter((c) => String(c.email).toLowerCase() === email.toLowerCase());
      const search = q.get('search');
      if (search)
        items = items.filter((c) =>
          `${c.email} ${c.first_name} ${c.last_name} ${c.username}`
            .toLowerCase()
            .includes(search.toLowerCase()),
        );
      items = sortItems(items, q.get('orderby') ?? 'name', q.get('order') ?? 'asc', {
        name: 'username',
        id: 'id',
        registered_date: 'date_created_gmt',
        include: 'id',
      });
      return paged(request, items, context.origin);
    }

    function validCustomerBody(body: Rec): MockResponse | null {
      if (
        body.email !== undefined &&
        (typeof body.email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.email))
      ) {
        return invalidParam('email', 'Invalid email address.');
      }
      for (const k of ['first_name', 'last_name', 'username', 'password']) {
        if (body[k] !== undefined && typeof body[k] !== 'string')
          return invalidParam(k, `${k} is not of type string.`);
      }
      for (const k of ['billing', 'shipping']) {
        if (
          body[k] !== undefined &&
          (typeof body[k] !== 'object' || body[k] === null || Array.isArray(body[k]))
        )
          return invalidParam(k, `${k} is not of type object.`);
        if (
          k === 'billing' &&
          body.billing?.email !== undefined &&
          body.billing.email !== '' &&
          !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(String(body.billing.email))
        ) {
          return invalidParam('billing', 'billing[email] is not a valid email address.');
        }
      }
      return null;
    }

    function createCustomer(body: Rec): MockResponse {
      if (body.email === undefined || body.email === '')
        return wpError(400, 'rest_missing_callback_param', 'Missing parameter(s): email', {
          params: ['email'],
        });
      const invalid = validCustomerBody(body);
      if (invalid) return invalid;
      if (customers.some((c) => String(c.email).toLowerCase() === body.email.toLowerCase())) {
        return wpError(
          400,
          'registration-error-email-exists',
          'An account is already registered with your email address. <a href="#" class="showlogin">Please log in.</a>',
        );
      }
      const username = body.username ?? body.email.split('@')[0];
      if (customers.some((c) => c.username === username)) {
        return wpError(
          400,
          'registration-error-username-exists',
          'An account is already registered with that username. Please choose another.',
        );
      }
      const now = wcDate(context.now());
      const customer: Rec = {
        id: nextCustomer++,
        date_created: now,
        date_created_gmt: now,
        date_modified: now,
        date_modified_gmt: now,
        email: body.email,
        first_name: body.first_name ?? '',
        last_name: body.last_name ?? '',
        role: 'customer',
        username,
        billing: { ...blankAddress(true), ...(body.billing ?? {}) },
        shipping: { ...blankAddress(false), ...(body.shipping ?? {}) },
        is_paying_customer: false,
        avatar_url: 'https://secure.gravatar.com/avatar/?s=96&d=mm&r=g',
        meta_data: Array.isArray(body.meta_data) ? body.meta_data : [],
      };
      customers.push(customer);
      return json(201, customer);
    }

    function updateCustomer(customer: Rec, body: Rec): MockResponse {
      const invalid = validCustomerBody(body);
      if (invalid) return invalid;
      if (
        body.email !== undefined &&
        String(body.email).toLowerCase() !== String(customer.email).toLowerCase() &&
        customers.some(
          (c) => c !== customer && String(c.email).toLowerCase() === body.email.toLowerCase(),
        )
      ) {
        return wpError(400, 'woocommerce_rest_customer_invalid_email', 'Email address is invalid.');
      }
      if (body.username !== undefined && body.username !== customer.username) {
        return wpError(
          400,
          'woocommerce_rest_customer_invalid_argument',
          "Username isn't editable.",
        );
      }
      for (const [k, v] of Object.entries(body)) {
        if (
          [
            'id',
            'date_created',
            'date_created_gmt',
            'role',
            'is_paying_customer',
            'avatar_url',
            'password',
          ].includes(k)
        )
          continue;
        if ((k === 'billing' || k === 'shipping') && v && typeof v === 'object')
          customer[k] = { ...customer[k], ...(v as Rec) };
        else customer[k] = v;
      }
      const now = wcDate(context.now());
      customer.date_modified = now;
      customer.date_modified_gmt = now;
      return json(200, customer);
    }

    function handle(request: MockRequest): MockResponse {
      const path = request.path.replace(/\/+$/, '');
      const prefix = '/wp-json/wc/v3';
      if (!path.startsWith(prefix))
        return wpError(
          404,
          'rest_no_route',
          'No route was found matching the URL and request method.',
        );
      const rest = path.slice(prefix.length);
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Rec;
      let m: RegExpExecArray | null;

      if (rest === '/orders') {
        if (request.method === 'GET') return listOrders(request);
        return wpError(
          404,
          'rest_no_route',
          'No route was found matching the URL and request method.',
        );
      }
      if ((m = /^\/orders\/(\d+)$/.exec(rest))) {
        const order = orders.find((o) => String(o.id) === m![1]);
        if (!order) return wpError(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
        if (request.method === 'GET') return json(200, order);
        if (request.method === 'PUT' || request.method === 'POST' || request.method === 'PATCH')
          return updateOrder(order, body);
        return wpError(
          404,
          'rest_no_route',
          'No route was found matching the URL and request method.',
        );
      }
      if ((m = /^\/orders\/(\d+)\/notes(?:\/(\d+))?$/.exec(rest))) {
        const order = orders.find((o) => String(o.id) === m![1]);
        if (!order) return wpError(404, 'woocommerce_rest_order_invalid_id', 'Invalid order ID.');
        if (request.method === 'GET') {
          const notes = orderNotes
            .filter((n) => n.order_id === order.id)
            .map(({ order_id: _omit, ...n }) => n);
          if (m[2]) {
            const note = notes.find((n) => String(n.id) === m![2]);
            return note
              ? json(200, note)
              : wpError(404, 'woocommerce_rest_invalid_id', 'Invalid resource ID.');
          }
          return json(200, notes.reverse());
        }
        if (request.method === 'POST' && !m[2]) {
          if (typeof body.note !== 'string' || body.note === '')
            return wpError(400, 'rest_missing_callback_param', 'Missing parameter(s): note', {
              params: ['note'],
            });
          if (body.customer_note !== undefined && typeof body.customer_note !== 'boolean')
            return invalidParam('customer_note', 'customer_note is not of type boolean.');
          const now = wcDate(context.now());
          const note: Rec = {
            id: nextNote++,
            order_id: order.id,
            author: 'WooCommerce',
            date_created: now,
            date_created_gmt: now,
            note: body.note,
            customer_note: body.customer_note ?? false,
          };
          orderNotes.push(note);
          const { order_id: _omit, ...shown } = note;
          return json(201, shown);
        }
        return wpError(
          404,
          'rest_no_route',
          'No route was found matching the URL and request method.',
        );
      }
      if (rest === '/products' && request.method === 'GET') return listProducts(request);
      if ((m = /^\/products\/(\d+)$/.exec(rest)) && request.method === 'GET') {
        const p = products.find((x) => String(x.id) === m![1]);
        return p
          ? json(200, p)
          : wpError(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
      }
      if (rest === '/customers') {
        if (request.method === 'GET') return listCustomers(request);
        if (request.method === 'POST') return createCustomer(body);
        return wpError(
          404,
          'rest_no_route',
          'No route was found matching the URL and request method.',
        );
      }
      if ((m = /^\/customers\/(\d+)$/.exec(rest))) {
        const c = customers.find((x) => String(x.id) === m![1]);
        if (!c) return wpError(404, 'woocommerce_rest_invalid_id', 'Invalid resource ID.');
        if (request.method === 'GET') return json(200, c);
        if (request.method === 'PUT' || request.method === 'POST' || request.method === 'PATCH')
          return updateCustomer(c, body);
        return wpError(
          404,
          'rest_no_route',
          'No route was found matching the URL and request method.',
        );
      }
      return wpError(
        404,
        'rest_no_route',
        'No route was found matching the URL and request method.',
      );
    }

    return {
      handle,
      collections: () => ({ orders, order_notes: orderNotes, products, customers }),
    };
  },
};
