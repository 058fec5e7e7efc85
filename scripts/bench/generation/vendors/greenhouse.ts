// Greenhouse Harvest API v1 (https://harvest.greenhouse.io/v1), from its public reference. HTTP
// Basic auth with the API key as the user name and an empty password. Lists are bare JSON arrays
// paged with `per_page` (1-500, default 100) and `page`; the `Link` header carries rel="next"
// (absent on the last page), rel="prev" and rel="last". Applications filter on `status`
// (active, rejected, hired, converted), `job_id`, `created_after`/`created_before`,
// `last_activity_after`; jobs on `status` (open, closed, draft) and `department_id`. An
// application's accepted offer (with its `starts_at` date) is at
// /applications/{id}/offers/current_offer; candidates carry `email_addresses` with a `type`.
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json } from '../mock-kit.ts';

type Rec = Record<string, unknown>;

// The ctx client shows a body, not the Link header, so a short page is the only end-of-list
// signal code can see: pages hold exactly `per_page` records (default 100), never fewer.

function unprocessable(message: string, field?: string): MockResponse {
  return json(422, {
    message: 'Validation error',
    errors: [{ message, ...(field ? { field } : {}) }],
  });
}
const notFound = (what: string): MockResponse =>
  json(404, { message: `Resource not found: ${what}` });

export const mock: VendorMock = {
  vendor: 'greenhouse',
  references: [
    'https://developers.greenhouse.io/harvest.html#get-list-applications',
    'https://developers.greenhouse.io/harvest.html#get-retrieve-candidate',
    'https://developers.greenhouse.io/harvest.html#get-retrieve-current-offer-for-application',
    'https://developers.greenhouse.io/harvest.html#get-list-offers',
    'https://developers.greenhouse.io/harvest.html#get-list-jobs',
    'https://developers.greenhouse.io/harvest.html#pagination',
    'https://developers.greenhouse.io/harvest.html#authentication',
  ],
  unauthorized: () => json(401, { message: 'Invalid Basic Auth credentials' }),
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as {
      applications?: Rec[];
      candidates?: Rec[];
      offers?: Rec[];
      jobs?: Rec[];
      departments?: Rec[];
    };
    const applications: Rec[] = structuredClone(data.applications ?? []);
    const candidates: Rec[] = structuredClone(data.candidates ?? []);
    const offers: Rec[] = structuredClone(data.offers ?? []);
    const jobs: Rec[] = structuredClone(data.jobs ?? []);
    const departments: Rec[] = structuredClone(data.departments ?? []);

    function paged(items: Rec[], req: MockRequest, path: string): MockResponse {
      const q = req.query;
      const perRaw = q.get('per_page');
      const per = perRaw === null ? 100 : Number(perRaw);
      if (!Number.isInteger(per) || per < 1 || per > 500)
        return unprocessable('per_page must be an integer between 1 and 500', 'per_page');
      const pageRaw = q.get('page');
      const page = pageRaw === null ? 1 : Number(pageRaw);
      if (!Number.isInteger(page) || page < 1)
        return unprocessable('page must be a positive integer', 'page');
      const size = per;
      const last = Math.max(1, Math.ceil(items.length / size));
      const link = (p: number): string => {
        const params = new URLSearchParams(q);
        params.set('page', String(p));
        params.set('per_page', String(per));
        return `${context.origin}${path}?${params.toString()}`;
      };
      const parts: string[] = [];
      if (page < last) parts.push(`<${link(page + 1)}>; rel="next"`);
      if (page > 1) parts.push(`<${link(page - 1)}>; rel="prev"`);
      parts.push(`<${link(last)}>; rel="last"`);
      return json(200, items.slice((page - 1) * size, page * size), { link: parts.join(', ') });
    }

    function timeFilter(q: URLSearchParams, name: string): number | undefined | MockResponse {
      const raw = q.get(name);
      if (raw === null || raw === '') return undefined;
      const ms = Date.parse(raw);
      return Number.isNaN(ms) ? unprocessable(`${name} must be an ISO-8601 timestamp`, name) : ms;
    }

    function candidateOut(c: Rec): Rec {
      return {
        company: null,
        title: null,
        is_private: false,
        photo_url: null,
        attachments: [],
        phone_numbers: [],
        addresses: [],
        website_addresses: [],
        social_media_addresses: [],
        recruiter: null,
        coordinator: null,
        can_email: true,
        tags: [],
        educations: [],
        employments: [],
        custom_fields: {},
        keyed_custom_fields: {},
        ...c,
        application_ids: applications.filter((a) => a.candidate_id === c.id).map((a) => a.id),
        applications: applications.filter((a) => a.candidate_id === c.id),
      };
    }

    return {
      collections: () => ({ applications, candidates, offers, jobs, departments }),
      handle(req: MockRequest): MockResponse {
        if (req.method !== 'GET') return json(405, { message: 'Method not allowed' });
        if (!req.path.startsWith('/v1/')) return notFound(req.path);
        const path = req.path.replace(/\/+$/, '');
        const sub = path.slice(3);
        const q = req.query;
        if (sub === '/applications') {
          const status = q.get('status');
          if (status && !['active', 'rejected', 'hired', 'converted'].includes(status)) {
            return unprocessable(
              'status must be one of active, rejected, hired, converted',
              'status',
            );
          }
          const filters: [string, (a: Rec, t: number) => boolean][] = [
            ['created_after', (a, t) => Date.parse(String(a.applied_at)) >= t],
            ['created_before', (a, t) => Date.parse(String(a.applied_at)) < t],
            ['last_activity_after', (a, t) => Date.parse(String(a.last_activity_at)) >= t],
          ];
          let items = applications.filter((a) => !status || a.status === status);
          for (const [name, test] of filters) {
            const t = timeFilter(q, name);
            if (typeof t === 'object') return t;
            if (t !== undefined) items = items.filter((a) => test(a, t));
          }
          const jobId = q.get('job_id');
          if (jobId)
            items = items.filter((a) =>
              ((a.jobs ?? []) as Rec[]).some((j) => String(j.id) === jobId),
            );
          return paged(items, req, path);
        }
        let m = /^\/applications\/(\d+)$/.exec(sub);
        if (m) {
          const a = applications.find((x) => String(x.id) === m![1]);
          return a ? json(200, a) : notFound('Application');
        }
        m = /^\/applications\/(\d+)\/offers\/current_offer$/.exec(sub);
        if (m) {
          if (!applications.some((x) => String(x.id) === m![1])) return notFound('Application');
          const current = offers
            .filter((o) => String(o.application_id) === m![1] && o.status !== 'deprecated')
            .sort((a, b) => Number(b.version ?? 1) - Number(a.version ?? 1))[0];
          return current ? json(200, current) : notFound('Offer');
        }
        m = /^\/applications\/(\d+)\/offers$/.exec(sub);
        if (m)
          return paged(
            offers.filter((o) => String(o.application_id) === m![1]),
            req,
            path,
          );
        if (sub === '/offers') {
          const status = q.get('status');
          let items = offers.filter((o) => !status || o.status === status);
          const after = q.get('starts_after');
          const before = q.get('starts_before');
          if (after)
            items = items.filter(
              (o) => o.starts_at !== null && String(o.starts_at) >= after.slice(0, 10),
            );
          if (before)
            items = items.filter(
              (o) => o.starts_at !== null && String(o.starts_at) < before.slice(0, 10),
            );
          return paged(items, req, path);
        }
        if (sub === '/candidates') {
          const ids = q.get('candidate_ids');
          let items = candidates;
          if (ids) items = items.filter((c) => ids.split(',').includes(String(c.id)));
          const email = q.get('email');
          if (email)
            items = items.filter((c) =>
              ((c.email_addresses ?? []) as Rec[]).some((e) => e.value === email),
            );
          return paged(items.map(candidateOut), req, path);
        }
        m = /^\/candidates\/(\d+)$/.exec(sub);
        if (m) {
          const c = candidates.find((x) => String(x.id) === m![1]);
          return c ? json(200, candidateOut(c)) : notFound('Candidate');
        }
        if (sub === '/jobs') {
          const status = q.get('status');
          if (status && !['open', 'closed', 'draft'].includes(status))
            return unprocessable('status must be one of open, closed, draft', 'status');
          const dep = q.get('department_id');
          const items = jobs.filter(
            (j) =>
              (!status || j.status === status) &&
              (!dep || ((j.departments ?? []) as Rec[]).some((d) => String(d.id) === dep)),
          );
          return paged(items, req, path);
        }
        m = /^\/jobs\/(\d+)$/.exec(sub);
        if (m) {
          const j = jobs.find((x) => String(x.id) === m![1]);
          return j ? json(200, j) : notFound('Job');
        }
        if (sub === '/departments') return paged(departments, req, path);
        return notFound(req.path);
      },
    };
  },
};
