// The in-house Billing Ledger API, exactly as openapi/billing-ledger.yaml describes it: ledger
// entries under https://ledger.finance.example/v2, Bearer token, integer minor-unit amounts with
// an upper-case ISO 4217 currency, unique `external_id` (409 on a duplicate), page_token paging
// (default 10, max 20), RFC 7807 problem documents for errors.
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json } from '../mock-kit.ts';

type Rec = Record<string, unknown>;
const ACCOUNTS = ['sales', 'subscriptions', 'services', 'refunds', 'fees'];
const SOURCES = ['stripe', 'pipedrive', 'shopify', 'manual'];
const FIELDS = [
  'external_id',
  'account',
  'direction',
  'amount_minor',
  'currency',
  'occurred_at',
  'source',
  'description',
  'customer_ref',
  'metadata',
];
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

function problem(
  status: number,
  kind: string,
  title: string,
  detail?: string,
  errors?: Array<{ field: string; message: string }>,
): MockResponse {
  return {
    status,
    headers: { 'content-type': 'application/problem+json' },
    body: {
      type: `https://ledger.finance.example/problems/${kind}`,
      title,
      status,
      ...(detail ? { detail } : {}),
      ...(errors ? { errors } : {}),
    },
  };
}

export const mock: VendorMock = {
  vendor: 'billing-ledger',
  references: ['openapi/billing-ledger.yaml'],
  unauthorized: () =>
    problem(401, 'unauthorized', 'Unauthorized', 'A valid bearer token is required'),
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as { entries?: Rec[] };
    const store: { entries: Rec[] } = { entries: data.entries ?? [] };
    let next = store.entries.length + 1;

    function validate(input: Rec): Array<{ field: string; message: string }> {
      const errors: Array<{ field: string; message: string }> = [];
      for (const key of Object.keys(input))
        if (!FIELDS.includes(key)) errors.push({ field: key, message: 'is not a known field' });
      const required = [
        'external_id',
        'account',
        'direction',
        'amount_minor',
        'currency',
        'occurred_at',
        'source',
      ];
      for (const key of required)
        if (input[key] === undefined || input[key] === null)
          errors.push({ field: key, message: 'is required' });
      if (
        input.external_id != null &&
        (typeof input.external_id !== 'string' ||
          !input.external_id ||
          input.external_id.length > 120)
      ) {
        errors.push({
          field: 'external_id',
          message: 'must be a non-empty string of at most 120 characters',
        });
      }
      if (input.account != null && !ACCOUNTS.includes(String(input.account)))
        errors.push({ field: 'account', message: `must be one of ${ACCOUNTS.join(', ')}` });
      if (input.direction != null && input.direction !== 'credit' && input.direction !== 'debit')
        errors.push({ field: 'direction', message: 'must be credit or debit' });
      if (
        input.amount_minor != null &&
        (typeof input.amount_minor !== 'number' ||
          !Number.isInteger(input.amount_minor) ||
          input.amount_minor < 0)
      ) {
        errors.push({
          field: 'amount_minor',
          message: 'must be a non-negative integer (minor units)',
        });
      }
      if (
        input.currency != null &&
        (typeof input.currency !== 'string' || !/^[A-Z]{3}$/.test(input.currency))
      ) {
        errors.push({
          field: 'currency',
          message: 'must be an upper-case ISO 4217 code such as USD',
        });
      }
      if (
        input.occurred_at != null &&
        (typeof input.occurred_at !== 'string' ||
          !RFC3339.test(input.occurred_at) ||
          Number.isNaN(Date.parse(input.occurred_at)))
      ) {
        errors.push({
          field: 'occurred_at',
          message: 'must be an RFC 3339 date-time with a time zone',
        });
      }
      if (input.source != null && !SOURCES.includes(String(input.source)))
        errors.push({ field: 'source', message: `must be one of ${SOURCES.join(', ')}` });
      if (
        input.description !== undefined &&
        input.description !== null &&
        (typeof input.description !== 'string' || input.description.length > 255)
      ) {
        errors.push({
          field: 'description',
          message: 'must be a string of at most 255 characters',
        });
      }
      if (
        input.customer_ref !== undefined &&
        input.customer_ref !== null &&
        (typeof input.customer_ref !== 'string' || input.customer_ref.length > 120)
      ) {
        errors.push({
          field: 'customer_ref',
          message: 'must be a string of at most 120 characters',
        });
      }
      if (input.metadata !== undefined && input.metadata !== null) {
        if (
          typeof input.metadata !== 'object' ||
          Array.isArray(input.metadata) ||
          Object.values(input.metadata as Rec).some((v) => typeof v !== 'string')
        ) {
          errors.push({ field: 'metadata', message: 'must be an object of string values' });
        }
      }
      return errors;
    }

    return {
      collections: () => store,
      handle(request: MockRequest): MockResponse {
        const m = request.path.match(/^\/v2\/entries(?:\/([^/]+))?$/);
        if (!m)
          return problem(
            404,
            'not-found',
            'Not Found',
            `No route for ${request.method} ${request.path}`,
          );
        const id = m[1];
        if (id) {
          if (request.method !== 'GET')
            return problem(405, 'method-not-allowed', 'Method Not Allowed');
          const entry = store.entries.find((e) => e.id === id);
          return entry
            ? json(200, entry)
            : problem(404, 'not-found', 'Not Found', `Entry ${id} does not exist`);
        }
        if (request.method === 'GET') {
          const q = request.query;
          const limit = q.get('limit') === null ? 10 : Number(q.get('limit'));
          if (!Number.isInteger(limit) || limit < 1 || limit > 20) {
            return problem(400, 'bad-request', 'Bad Request', undefined, [
              { field: 'limit', message: 'must be between 1 and 20' },
            ]);
          }
          let items = [...store.entries].sort(
            (a, b) => Date.parse(String(b.occurred_at)) - Date.parse(String(a.occurred_at)),
          );
          const ext = q.get('external_id');
          if (ext !== null) items = items.filter((e) => e.external_id === ext);
          const source = q.get('source');
          if (source !== null) items = items.filter((e) => e.source === source);
          const token = q.get('page_token');
          const start =
            token === null
              ? 0
              : Number(Buffer.from(token, 'base64url').toString('utf8').replace(/^o:/, ''));
          if (!Number.isInteger(start) || start < 0)
            return problem(400, 'bad-request', 'Bad Request', 'page_token is not valid');
          const page = items.slice(start, start + limit);
          const more = start + limit < items.length;
          return json(200, {
            entries: page,
            next_page_token: more ? Buffer.from(`o:${start + limit}`).toString('base64url') : null,
          });
        }
        if (request.method === 'POST') {
          const input = request.body;
          if (!input || typeof input !== 'object' || Array.isArray(input)) {
            return problem(400, 'bad-request', 'Bad Request', 'The body must be a JSON object');
          }
          const errors = validate(input as Rec);
          if (errors.length)
            return problem(
              422,
              'validation',
              'Validation failed',
              'The entry is not valid',
              errors,
            );
          const entryInput = input as Rec;
          if (store.entries.some((e) => e.external_id === entryInput.external_id)) {
            return problem(
              409,
              'duplicate',
              'Conflict',
              `An entry with external_id ${String(entryInput.external_id)} exists already`,
            );
          }
          const entry: Rec = {
            id: `le_${String(next++).padStart(6, '0')}`,
            ...entryInput,
            created_at: context.now().toISOString(),
          };
          store.entries.push(entry);
          return json(201, entry);
        }
        return problem(405, 'method-not-allowed', 'Method Not Allowed');
      },
    };
  },
};
