// Lever API v1 (https://api.lever.co/v1), from Lever's public developer documentation
// (https://hire.lever.co/developer/documentation). Modelled: Basic auth with the API key as the
// user name and an empty password (checked by the mock server); list responses
// {"data": […], "hasNext": bool, "next": "<token>"} paged with `limit` (1–100; capped small here so
// that paging matters) and `offset` = the previous page's `next` token; opportunities filtered by
// archived, archived_at_start / archived_at_end, created_at_*, updated_at_* (Unix milliseconds),
// archive_reason_id, stage_id, posting_id, tag, email (repeatable parameters), both archived and
// active opportunities returned when `archived` is not given; `archived` as {archivedAt, reason}
// with the reason's id (archive reasons list at /archive_reasons, type hired / non-hired);
// expand=applications|stage|owner; /opportunities/:id/applications; postings filtered by state,
// distribution_channel, team, department, location, commitment, level, with
// distributionChannels ["public", "internal"]; error body {"code": …, "message": …}.
import type { MockRequest, MockResponse, VendorMock, VendorContext } from '../contract.ts';
import { json, intParam } from '../mock-kit.ts';

// Vendor JSON is loosely shaped; the mock reads and writes it field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = Record<string, any>;

const MAX_LIMIT = 3; // Lever allows 100; small here so that paging matters

interface Seed {
  opportunities?: Rec[];
  applications?: Rec[];
  postings?: Rec[];
  archive_reasons?: Rec[];
  stages?: Rec[];
  users?: Rec[];
}

function error(status: number, code: string, message: string): MockResponse {
  return json(status, { code, message });
}

function multi(query: URLSearchParams, name: string): string[] {
  return [...query.getAll(name), ...query.getAll(`${name}[]`)]
    .flatMap((v) => v.split(','))
    .filter((v) => v !== '');
}

export const mock: VendorMock = {
  vendor: 'lever',
  references: [
    'https://hire.lever.co/developer/documentation#authentication',
    'https://hire.lever.co/developer/documentation#pagination',
    'https://hire.lever.co/developer/documentation#responses-and-errors',
    'https://hire.lever.co/developer/documentation#list-all-opportunities',
    'https://hire.lever.co/developer/documentation#list-all-archive-reasons',
    'https://hire.lever.co/developer/documentation#list-all-applications',
    'https://hire.lever.co/developer/documentation#list-all-postings',
    'https://hire.lever.co/developer/documentation#expanding-fields',
  ],
  unauthorized: () => error(401, 'UnauthorizedError', 'Invalid API key'),
  create(seedRaw: unknown, context: VendorContext) {
    void context;
    const seed = (seedRaw ?? {}) as Seed;
    const opportunities = (seed.opportunities ?? []).map((r) => structuredClone(r));
    const applications = (seed.applications ?? []).map((r) => structuredClone(r));
    const postings = (seed.postings ?? []).map((r) => structuredClone(r));
    const reasons = (seed.archive_reasons ?? []).map((r) => structuredClone(r));
    const stages = (seed.stages ?? []).map((r) => structuredClone(r));
    const users = (seed.users ?? []).map((r) => structuredClone(r));

    function page(request: MockRequest, items: Rec[]): MockResponse {
      const q = request.query;
      const limit = intParam(q, 'limit', 100);
      if (limit < 1 || limit > 100)
        return error(400, 'BadRequestError', 'limit must be between 1 and 100');
      const size = Math.min(limit, MAX_LIMIT);
      const token = q.get('offset');
      let start = 0;
      if (token) {
        const m = /^0\.([0-9]+)\.([0-9a-f]+)$/.exec(token);
        if (!m) return error(400, 'BadRequestError', 'Invalid offset token');
        start = Number(m[1]);
      }
      const data = items.slice(start, start + size);
      const hasNext = start + size < items.length;
      const body: Rec = { data, hasNext };
      if (hasNext)
        body.next = `0.${start + size}.${
          Buffer.from(String(data[data.length - 1]?.id ?? ''))
            .toString('hex')
            .slice(0, 12) || '0'
        }`;
      return json(200, body);
    }

    function msRange(
      items: Rec[],
      q: URLSearchParams,
      param: string,
      get: (r: Rec) => number | null | undefined,
    ): Rec[] | MockResponse {
      for (const [suffix, keep] of [
        ['start', (a: number, b: number) => a >= b],
        ['end', (a: number, b: number) => a <= b],
      ] as const) {
        const raw = q.get(`${param}_${suffix}`);
        if (raw === null) continue;
        if (!/^\d+$/.test(raw))
          return error(
            400,
            'BadRequestError',
            `${param}_${suffix} must be a timestamp in milliseconds`,
          );
        const bound = Number(raw);
        items = items.filter((r) => {
          const v = get(r);
          return typeof v === 'number' && keep(v, bound);
        });
      }
      return items;
    }

    function expandOpportunity(o: Rec, expand: string[]): Rec {
      const out = { ...o };
      if (expand.includes('applications'))
        out.applications = (o.applications ?? []).map(
          (id: string) => applications.find((a) => a.id === id) ?? id,
        );
      if (expand.includes('stage')) out.stage = stages.find((s) => s.id === o.stage) ?? o.stage;
      if (expand.includes('owner')) out.owner = users.find((u) => u.id === o.owner) ?? o.owner;
      return out;
    }

    function handle(request: MockRequest): MockResponse {
      const path = request.path.replace(/\/+$/, '');
      if (!path.startsWith('/v1/')) return error(404, 'ResourceNotFound', 'Not found');
      const rest = path.slice(3);
      const q = request.query;
      if (request.method !== 'GET') return error(405, 'MethodNotAllowed', 'Method not allowed');
      const expand = multi(q, 'expand');
      let m: RegExpExecArray | null;

      if (rest === '/opportunities') {
        let items = opportunities;
        const archived = q.get('archived');
        if (archived !== null) {
          if (archived !== 'true' && archived !== 'false')
            return error(400, 'BadRequestError', 'archived must be true or false');
          items = items.filter((o) => (archived === 'true') === Boolean(o.archived));
        }
        const reasonIds = multi(q, 'archive_reason_id');
        if (reasonIds.length)
          items = items.filter((o) => o.archived && reasonIds.includes(o.archived.reason));
        for (const key of [
          'stage_id',
          'posting_id',
          'tag',
          'email',
          'origin',
          'contact_id',
        ] as const) {
          const wanted = multi(q, key);
          if (!wanted.length) continue;
          items = items.filter((o) => {
            if (key === 'stage_id') return wanted.includes(o.stage);
            if (key === 'posting_id')
              return (o.applications ?? []).some((id: string) =>
                wanted.includes(applications.find((a) => a.id === id)?.posting),
              );
            if (key === 'tag') return (o.tags ?? []).some((t: string) => wanted.includes(t));
            if (key === 'email') return (o.emails ?? []).some((e: string) => wanted.includes(e));
            if (key === 'origin') return wanted.includes(o.origin);
            return wanted.includes(o.contact);
          });
        }
        for (const [param, get] of [
          ['archived_at', (o: Rec) => o.archived?.archivedAt],
          ['created_at', (o: Rec) => o.createdAt],
          ['updated_at', (o: Rec) => o.updatedAt],
          ['advanced_at', (o: Rec) => o.lastAdvancedAt],
        ] as const) {
          const r = msRange(items, q, param, get);
          if (!Array.isArray(r)) return r;
          items = r;
        }
        items = [...items].sort((a, b) => b.createdAt - a.createdAt);
        const res = page(request, items);
        if (res.status === 200)
          (res.body as Rec).data = (res.body as Rec).data.map((o: Rec) =>
            expandOpportunity(o, expand),
          );
        return res;
      }
      if ((m = /^\/opportunities\/([^/]+)$/.exec(rest))) {
        const o = opportunities.find((x) => x.id === m![1]);
        return o
          ? json(200, { data: expandOpportunity(o, expand) })
          : error(404, 'ResourceNotFound', 'Opportunity not found');
      }
      if ((m = /^\/opportunities\/([^/]+)\/applications$/.exec(rest))) {
        const o = opportunities.find((x) => x.id === m![1]);
        if (!o) return error(404, 'ResourceNotFound', 'Opportunity not found');
        return page(
          request,
          (o.applications ?? [])
            .map((id: string) => applications.find((a) => a.id === id))
            .filter(Boolean),
        );
      }
      if ((m = /^\/opportunities\/([^/]+)\/applications\/([^/]+)$/.exec(rest))) {
        const a = applications.find((x) => x.id === m![2] && x.opportunityId === m![1]);
        return a ? json(200, { data: a }) : error(404, 'ResourceNotFound', 'Application not found');
      }
      if (rest === '/archive_reasons') {
        const type = q.get('type');
        if (type !== null && type !== 'hired' && type !== 'non-hired')
          return error(400, 'BadRequestError', 'type must be hired or non-hired');
        return page(request, type ? reasons.filter((r) => r.type === type) : reasons);
      }
      if ((m = /^\/archive_reasons\/([^/]+)$/.exec(rest))) {
        const r = reasons.find((x) => x.id === m![1]);
        return r
          ? json(200, { data: r })
          : error(404, 'ResourceNotFound', 'Archive reason not found');
      }
      if (rest === '/stages') return page(request, stages);
      if (rest === '/postings') {
        let items = postings;
        const states = multi(q, 'state');
        const allowed = ['published', 'internal', 'closed', 'draft', 'pending', 'rejected'];
        if (states.some((s) => !allowed.includes(s)))
          return error(400, 'BadRequestError', `state must be one of ${allowed.join(', ')}`);
        if (states.length) items = items.filter((p) => states.includes(p.state));
        const channels = multi(q, 'distribution_channel');
        if (channels.some((c) => c !== 'public' && c !== 'internal'))
          return error(400, 'BadRequestError', 'distribution_channel must be public or internal');
        if (channels.length)
          items = items.filter((p) =>
            (p.distributionChannels ?? []).some((c: string) => channels.includes(c)),
          );
        for (const key of ['team', 'department', 'location', 'commitment', 'level'] as const) {
          const wanted = multi(q, key);
          if (wanted.length) items = items.filter((p) => wanted.includes(p.categories?.[key]));
        }
        const r = msRange(items, q, 'updated_at', (p) => p.updatedAt);
        if (!Array.isArray(r)) return r;
        items = [...r].sort((a, b) => b.createdAt - a.createdAt);
        return page(request, items);
      }
      if ((m = /^\/postings\/([^/]+)$/.exec(rest))) {
        const p = postings.find((x) => x.id === m![1]);
        return p ? json(200, { data: p }) : error(404, 'ResourceNotFound', 'Posting not found');
      }
      return error(404, 'ResourceNotFound', 'Not found');
    }

    return {
      handle,
      collections: () => ({
        opportunities,
        applications,
        postings,
        archive_reasons: reasons,
        stages,
      }),
    };
  },
};
