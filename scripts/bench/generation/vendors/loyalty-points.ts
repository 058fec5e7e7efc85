// The in-house Loyalty Points API, exactly as openapi/loyalty-points.yaml describes it: members
// and point grants under https://loyalty.corp.example/api/v1, X-API-Key header, page/page_size
// paging (default 5, max 10) with a `meta` object, errors `{error: {code, message, details}}`.
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json } from '../mock-kit.ts';

type Rec = Record<string, unknown>;
const TIERS = ['bronze', 'silver', 'gold', 'platinum'];
const SOURCES = ['web', 'store', 'partner'];
const STATUSES = ['active', 'suspended', 'closed'];
const REASONS = ['purchase', 'referral', 'support_goodwill', 'promotion', 'manual_adjustment'];

function fail(
  status: number,
  code: string,
  message: string,
  details?: Array<{ field: string; issue: string }>,
): MockResponse {
  return json(status, { error: { code, message, ...(details ? { details } : {}) } });
}

function paging(q: URLSearchParams): { page: number; size: number } | MockResponse {
  const page = q.get('page') === null ? 1 : Number(q.get('page'));
  const size = q.get('page_size') === null ? 5 : Number(q.get('page_size'));
  const details: Array<{ field: string; issue: string }> = [];
  if (!Number.isInteger(page) || page < 1)
    details.push({ field: 'page', issue: 'must be an integer >= 1' });
  if (!Number.isInteger(size) || size < 1 || size > 10)
    details.push({ field: 'page_size', issue: 'must be an integer between 1 and 10' });
  if (details.length) return fail(400, 'bad_request', 'Invalid paging parameters', details);
  return { page, size };
}

function pageOf(items: Rec[], page: number, size: number): Rec {
  return {
    data: items.slice((page - 1) * size, page * size),
    meta: {
      page,
      page_size: size,
      total: items.length,
      total_pages: Math.max(1, Math.ceil(items.length / size)),
    },
  };
}

export const mock: VendorMock = {
  vendor: 'loyalty-points',
  references: ['openapi/loyalty-points.yaml'],
  unauthorized: () => fail(401, 'unauthorized', 'Missing or invalid X-API-Key'),
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as { members?: Rec[]; grants?: Rec[] };
    const store: { members: Rec[]; grants: Rec[] } = {
      members: data.members ?? [],
      grants: data.grants ?? [],
    };
    let next = store.grants.length + 1;

    function listMembers(q: URLSearchParams): MockResponse {
      const p = paging(q);
      if ('status' in p) return p;
      const details: Array<{ field: string; issue: string }> = [];
      let items = [...store.members];
      const status = q.get('status');
      if (status !== null && !STATUSES.includes(status))
        details.push({ field: 'status', issue: `must be one of ${STATUSES.join(', ')}` });
      items = items.filter((m) => (status === null ? m.status !== 'closed' : m.status === status));
      const tier = q.get('tier');
      if (tier !== null) {
        const tiers = tier.split(',').map((s) => s.trim());
        if (tiers.some((t) => !TIERS.includes(t)))
          details.push({ field: 'tier', issue: `must be one or more of ${TIERS.join(', ')}` });
        items = items.filter((m) => tiers.includes(String(m.tier)));
      }
      const source = q.get('source');
      if (source !== null) {
        if (!SOURCES.includes(source))
          details.push({ field: 'source', issue: `must be one of ${SOURCES.join(', ')}` });
        items = items.filter((m) => m.source === source);
      }
      const email = q.get('email');
      if (email !== null)
        items = items.filter((m) => String(m.email).toLowerCase() === email.trim().toLowerCase());
      for (const [name, test] of [
        ['joined_from', (t: number, b: number) => t >= b],
        ['joined_to', (t: number, b: number) => t < b],
      ] as const) {
        const raw = q.get(name);
        if (raw === null) continue;
        const bound = Date.parse(raw);
        if (Number.isNaN(bound)) {
          details.push({ field: name, issue: 'must be an ISO 8601 date-time' });
          continue;
        }
        items = items.filter((m) => test(Date.parse(String(m.joined_at)), bound));
      }
      if (details.length) return fail(400, 'bad_request', 'Invalid query parameters', details);
      items.sort(
        (a, b) =>
          Date.parse(String(a.joined_at)) - Date.parse(String(b.joined_at)) ||
          String(a.id).localeCompare(String(b.id)),
      );
      return json(200, pageOf(items, p.page, p.size));
    }

    function createGrant(member: Rec, body: unknown): MockResponse {
      if (!body || typeof body !== 'object' || Array.isArray(body))
        return fail(400, 'bad_request', 'Body must be a JSON object');
      const input = body as Rec;
      const details: Array<{ field: string; issue: string }> = [];
      const allowed = ['points', 'reason', 'reference', 'note'];
      for (const key of Object.keys(input))
        if (!allowed.includes(key)) details.push({ field: key, issue: 'unknown field' });
      if (
        typeof input.points !== 'number' ||
        !Number.isInteger(input.points) ||
        input.points < 1 ||
        input.points > 10000
      ) {
        details.push({ field: 'points', issue: 'must be an integer between 1 and 10000' });
      }
      if (typeof input.reason !== 'string' || !REASONS.includes(input.reason)) {
        details.push({ field: 'reason', issue: `must be one of ${REASONS.join(', ')}` });
      }
      if (typeof input.reference !== 'string' || !input.reference || input.reference.length > 100) {
        details.push({ field: 'reference', issue: 'is required (1-100 characters)' });
      }
      if (input.note !== undefined && (typeof input.note !== 'string' || input.note.length > 500)) {
        details.push({ field: 'note', issue: 'must be a string of at most 500 characters' });
      }
      if (details.length) return fail(422, 'validation_failed', 'The grant is not valid', details);
      if (member.status !== 'active') {
        return fail(
          422,
          'validation_failed',
          `Member ${String(member.id)} is ${String(member.status)} and cannot receive points`,
        );
      }
      if (store.grants.some((g) => g.member_id === member.id && g.reference === input.reference)) {
        return fail(
          409,
          'duplicate_reference',
          `A grant with reference ${String(input.reference)} already exists for this member`,
        );
      }
      const grant: Rec = {
        id: `grt_${String(next++).padStart(5, '0')}`,
        member_id: member.id,
        points: input.points,
        reason: input.reason,
        reference: input.reference,
        ...(input.note !== undefined ? { note: input.note } : {}),
        created_at: context.now().toISOString(),
      };
      store.grants.push(grant);
      member.points_balance = Number(member.points_balance ?? 0) + (input.points as number);
      return json(201, grant);
    }

    return {
      collections: () => store,
      handle(request: MockRequest): MockResponse {
        const m = request.path.match(/^\/api\/v1\/members(?:\/([^/]+)(\/point-grants)?)?$/);
        if (!m) return fail(404, 'not_found', `No route for ${request.method} ${request.path}`);
        const [, id, grants] = m;
        if (!id) {
          if (request.method !== 'GET') return fail(405, 'bad_request', 'Method not allowed');
          return listMembers(request.query);
        }
        const member = store.members.find((x) => x.id === decodeURIComponent(id));
        if (!member) return fail(404, 'not_found', `Member ${id} not found`);
        if (!grants) {
          if (request.method !== 'GET') return fail(405, 'bad_request', 'Method not allowed');
          return json(200, member);
        }
        if (request.method === 'GET') {
          const p = paging(request.query);
          if ('status' in p) return p;
          const items = store.grants.filter((g) => g.member_id === member.id).reverse();
          return json(200, pageOf(items, p.page, p.size));
        }
        if (request.method === 'POST') return createGrant(member, request.body);
        return fail(405, 'bad_request', 'Method not allowed');
      },
    };
  },
};
