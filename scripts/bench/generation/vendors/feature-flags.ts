// The in-house "Feature Flags Service API", exactly as openapi/feature-flags.yaml describes it:
// Bearer auth (checked by the mock server), /api/v1/audit-events newest first, filtered by
// environment (exact key), flag_key, action (enum), since (inclusive) and until (exclusive),
// paged by cursor (limit at most 4) with has_more / next_cursor; /api/v1/environments. Errors are
// {"message", "param"}.
import type { MockRequest, MockResponse, VendorMock } from '../contract.ts';
import { json } from '../mock-kit.ts';

// Vendor JSON is loosely shaped; the mock reads and writes it field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = Record<string, any>;

const ACTIONS = [
  'flag.created',
  'flag.updated',
  'flag.toggled_on',
  'flag.toggled_off',
  'flag.archived',
  'flag.deleted',
  'targeting.updated',
];

const bad = (message: string, param: string | null = null): MockResponse =>
  json(400, { message, param });

export const mock: VendorMock = {
  vendor: 'feature-flags',
  references: ['openapi/feature-flags.yaml'],
  unauthorized: () => json(401, { message: 'Missing or invalid bearer token.', param: null }),
  create(seedRaw: unknown) {
    const seed = (seedRaw ?? {}) as { events?: Rec[]; environments?: Rec[] };
    const events = (seed.events ?? []).map((e) => structuredClone(e));
    const environments = (seed.environments ?? []).map((e) => structuredClone(e));

    function list(request: MockRequest): MockResponse {
      const q = request.query;
      let items = events;
      const env = q.get('environment');
      if (env !== null) items = items.filter((e) => e.environment === env);
      const flag = q.get('flag_key');
      if (flag !== null) items = items.filter((e) => e.flag_key === flag);
      const action = q.get('action');
      if (action !== null) {
        if (!ACTIONS.includes(action))
          return bad(`action must be one of ${ACTIONS.join(', ')}`, 'action');
        items = items.filter((e) => e.action === action);
      }
      for (const [param, keep] of [
        ['since', (t: number, b: number) => t >= b],
        ['until', (t: number, b: number) => t < b],
      ] as const) {
        const raw = q.get(param);
        if (raw === null) continue;
        const bound = Date.parse(raw);
        if (Number.isNaN(bound) || !/T/.test(raw))
          return bad(`${param} must be an RFC 3339 date-time`, param);
        items = items.filter((e) => keep(Date.parse(e.occurred_at), bound));
      }
      const rawLimit = q.get('limit');
      const limit = rawLimit === null ? 4 : /^\d+$/.test(rawLimit) ? Number(rawLimit) : Number.NaN;
      if (!(limit >= 1 && limit <= 4)) return bad('limit must be an integer from 1 to 4', 'limit');
      items = [...items].sort(
        (a, b) =>
          Date.parse(b.occurred_at) - Date.parse(a.occurred_at) ||
          String(b.id).localeCompare(String(a.id)),
      );
      let offset = 0;
      const cursor = q.get('cursor');
      if (cursor) {
        const m = /^cur_([0-9]+)_x$/.exec(cursor);
        if (!m) return bad('cursor is not valid', 'cursor');
        offset = Number(m[1]);
      }
      const page = items.slice(offset, offset + limit);
      const hasMore = offset + limit < items.length;
      return json(200, {
        events: page,
        has_more: hasMore,
        next_cursor: hasMore ? `cur_${offset + limit}_x` : null,
      });
    }

    function handle(request: MockRequest): MockResponse {
      if (request.method !== 'GET')
        return json(405, { message: 'Method not allowed.', param: null });
      const path = request.path.replace(/\/+$/, '');
      if (path === '/api/v1/audit-events') return list(request);
      if (path === '/api/v1/environments') return json(200, { environments });
      return json(404, { message: `No route ${request.path}`, param: null });
    }

    return { handle, collections: () => ({ events, environments }) };
  },
};
