// GitLab REST API v4 (https://gitlab.com/api/v4), from GitLab's public API reference.
// Modelled: PRIVATE-TOKEN auth (checked by the mock server), projects addressed by numeric id or
// URL-encoded full path ("acme%2Fweb-app"), offset pagination with page/per_page and the
// X-Page / X-Next-Page / X-Total(-Pages) / Link headers (per_page capped low here so that paging
// matters), merge request lists that return every state unless `state` narrows them (there is no
// merged_after filter: callers filter merged_at themselves), pipelines lists ordered by id desc,
// and issue creation with comma-separated `labels` (unknown labels are created on the fly).
// Error bodies follow GitLab: {"message": "404 Project Not Found"}, {"error": "title is missing"}.
import type { MockRequest, MockResponse, VendorMock, VendorContext } from '../contract.ts';
import { json, intParam } from '../mock-kit.ts';

// Vendor JSON is loosely shaped; the mock reads and writes it field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = Record<string, any>;

const MAX_PER_PAGE = 4; // gitlab.com allows 100; kept small so that the tasks' data spans pages

interface Seed {
  projects?: Rec[];
  merge_requests?: Rec[];
  pipelines?: Rec[];
  issues?: Rec[];
  labels?: Rec[];
}

function paged(request: MockRequest, items: Rec[], origin: string): MockResponse {
  const perPage = Math.min(Math.max(1, intParam(request.query, 'per_page', 20)), MAX_PER_PAGE);
  const page = Math.max(1, intParam(request.query, 'page', 1));
  const total = items.length;
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const body = items.slice((page - 1) * perPage, page * perPage);
  const link = (p: number) => {
    const q = new URLSearchParams(request.query);
    q.set('page', String(p));
    q.set('per_page', String(perPage));
    return `<${origin}${request.path}?${q.toString()}>`;
  };
  const links: string[] = [];
  if (page > 1) links.push(`${link(page - 1)}; rel="prev"`);
  if (page < totalPages) links.push(`${link(page + 1)}; rel="next"`);
  links.push(`${link(1)}; rel="first"`, `${link(totalPages)}; rel="last"`);
  return json(200, body, {
    'x-page': String(page),
    'x-per-page': String(perPage),
    'x-next-page': page < totalPages ? String(page + 1) : '',
    'x-prev-page': page > 1 ? String(page - 1) : '',
    'x-total': String(total),
    'x-total-pages': String(totalPages),
    link: links.join(', '),
  });
}

function time(value: unknown): number {
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}

/** created_/updated_ after and before: merge requests include the bound ("on or after"), pipelines do not. */
function afterBefore(
  items: Rec[],
  query: URLSearchParams,
  field: string,
  prefix: string,
  inclusive = true,
): Rec[] | string {
  let out = items;
  for (const [suffix, keep] of [
    ['after', (a: number, b: number) => (inclusive ? a >= b : a > b)],
    ['before', (a: number, b: number) => (inclusive ? a <= b : a < b)],
  ] as const) {
    const raw = query.get(`${prefix}_${suffix}`);
    if (raw === null || raw === '') continue;
    const bound = Date.parse(raw);
    if (Number.isNaN(bound)) return `${prefix}_${suffix} is invalid`;
    out = out.filter((r) => keep(time(r[field]), bound));
  }
  return out;
}

function sortBy(items: Rec[], field: string, dir: string): Rec[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    return (x < y ? -1 : 1) * sign;
  });
}

export const mock: VendorMock = {
  vendor: 'gitlab',
  references: [
    'https://docs.gitlab.com/api/rest/',
    'https://docs.gitlab.com/api/rest/#pagination',
    'https://docs.gitlab.com/api/rest/#namespaced-paths',
    'https://docs.gitlab.com/api/merge_requests/#list-project-merge-requests',
    'https://docs.gitlab.com/api/pipelines/#list-project-pipelines',
    'https://docs.gitlab.com/api/issues/#new-issue',
    'https://docs.gitlab.com/api/rest/troubleshooting/#status-codes',
  ],
  unauthorized: () => json(401, { message: '401 Unauthorized' }),
  create(seedRaw: unknown, context: VendorContext) {
    const seed = (seedRaw ?? {}) as Seed;
    const projects = (seed.projects ?? []).map((p) => ({ ...p }));
    const mergeRequests = (seed.merge_requests ?? []).map((m) => ({ ...m }));
    const pipelines = (seed.pipelines ?? []).map((p) => ({ ...p }));
    const issues = (seed.issues ?? []).map((i) => ({ ...i }));
    const labels = (seed.labels ?? []).map((l) => ({ ...l }));
    let nextIssueId = 90001;

    const findProject = (raw: string): Rec | undefined => {
      const id = decodeURIComponent(raw);
      return projects.find((p) => String(p.id) === id || p.path_with_namespace === id);
    };

    function handle(request: MockRequest): MockResponse {
      const path = request.path.replace(/\/+$/, '');
      if (!path.startsWith('/api/v4/')) return json(404, { error: '404 Not Found' });
      const rest = path.slice('/api/v4'.length);

      if (rest === '/projects' && request.method === 'GET') {
        return paged(request, sortBy(projects, 'id', 'desc'), context.origin);
      }
      const m =
        /^\/projects\/(.+?)(?:\/(merge_requests|pipelines|issues|labels)(?:\/(\d+))?)?$/.exec(rest);
      if (!m) return json(404, { error: '404 Not Found' });
      const project = findProject(m[1]!);
      if (!project) return json(404, { message: '404 Project Not Found' });
      const resource = m[2];
      const itemId = m[3];
      const q = request.query;

      if (!resource) {
        if (request.method !== 'GET') return json(405, { error: '405 Method Not Allowed' });
        return json(200, project);
      }

      if (resource === 'merge_requests' && request.method === 'GET') {
        let items = mergeRequests.filter((r) => r.project_id === project.id);
        if (itemId) {
          const one = items.find((r) => String(r.iid) === itemId);
          return one ? json(200, one) : json(404, { message: '404 Not found' });
        }
        const state = q.get('state') ?? 'all';
        if (!['opened', 'closed', 'locked', 'merged', 'all'].includes(state)) {
          return json(400, { error: 'state does not have a valid value' });
        }
        if (state !== 'all') items = items.filter((r) => r.state === state);
        for (const key of ['target_branch', 'source_branch'] as const) {
          const v = q.get(key);
          if (v) items = items.filter((r) => r[key] === v);
        }
        const labelFilter = q.get('labels');
        if (labelFilter) {
          const wanted = labelFilter.split(',').map((s) => s.trim());
          items = items.filter((r) => wanted.every((l) => (r.labels ?? []).includes(l)));
        }
        for (const f of ['created', 'updated'] as const) {
          const filtered = afterBefore(items, q, `${f}_at`, f);
          if (typeof filtered === 'string') return json(400, { error: filtered });
          items = filtered;
        }
        const orderBy = q.get('order_by') ?? 'created_at';
        if (
          ![
            'created_at',
            'updated_at',
            'merged_at',
            'title',
            'label_priority',
            'milestone_due',
            'popularity',
            'priority',
          ].includes(orderBy)
        ) {
          return json(400, { error: 'order_by does not have a valid value' });
        }
        items = sortBy(items, orderBy, q.get('sort') ?? 'desc');
        return paged(request, items, context.origin);
      }

      if (resource === 'pipelines' && request.method === 'GET') {
        let items = pipelines.filter((r) => r.project_id === project.id);
        if (itemId) {
          const one = items.find((r) => String(r.id) === itemId);
          return one ? json(200, one) : json(404, { message: '404 Not found' });
        }
        const status = q.get('status');
        const statuses = [
          'created',
          'waiting_for_resource',
          'preparing',
          'pending',
          'running',
          'success',
          'failed',
          'canceled',
          'skipped',
          'manual',
          'scheduled',
        ];
        if (status && !statuses.includes(status))
          return json(400, { error: 'status does not have a valid value' });
        if (status) items = items.filter((r) => r.status === status);
        const scope = q.get('scope');
        if (scope === 'finished')
          items = items.filter((r) => ['success', 'failed', 'canceled'].includes(r.status));
        if (scope === 'running') items = items.filter((r) => r.status === 'running');
        if (scope === 'pending') items = items.filter((r) => r.status === 'pending');
        for (const key of ['ref', 'sha', 'source'] as const) {
          const v = q.get(key);
          if (v) items = items.filter((r) => r[key] === v);
        }
        for (const f of ['updated', 'created'] as const) {
          const filtered = afterBefore(items, q, `${f}_at`, f, false);
          if (typeof filtered === 'string') return json(400, { error: filtered });
          items = filtered;
        }
        const orderBy = q.get('order_by') ?? 'id';
        if (!['id', 'status', 'ref', 'updated_at', 'user_id'].includes(orderBy)) {
          return json(400, { error: 'order_by does not have a valid value' });
        }
        items = sortBy(items, orderBy, q.get('sort') ?? 'desc');
        // The list shows the pipeline summary; user, started_at etc. come from the single GET.
        const summary = items.map((p) => ({
          id: p.id,
          iid: p.iid,
          project_id: p.project_id,
          sha: p.sha,
          ref: p.ref,
          status: p.status,
          source: p.source,
          created_at: p.created_at,
          updated_at: p.updated_at,
          web_url: p.web_url,
        }));
        return paged(request, summary, context.origin);
      }

      if (resource === 'labels' && request.method === 'GET') {
        return paged(
          request,
          labels.filter((l) => l.project_id === project.id),
          context.origin,
        );
      }

      if (resource === 'issues') {
        if (request.method === 'GET') {
          let items = issues.filter((r) => r.project_id === project.id);
          if (itemId) {
            const one = items.find((r) => String(r.iid) === itemId);
            return one ? json(200, one) : json(404, { message: '404 Not found' });
          }
          const state = q.get('state') ?? 'all';
          if (state !== 'all') items = items.filter((r) => r.state === state);
          const search = q.get('search');
          if (search)
            items = items.filter((r) =>
              `${r.title} ${r.description ?? ''}`.toLowerCase().includes(search.toLowerCase()),
            );
          const labelFilter = q.get('labels');
          if (labelFilter) {
            const wanted = labelFilter.split(',').map((s) => s.trim());
            items = items.filter((r) => wanted.every((l) => (r.labels ?? []).includes(l)));
          }
          return paged(
            request,
            sortBy(items, 'created_at', q.get('sort') ?? 'desc'),
            context.origin,
          );
        }
        if (request.method === 'POST' && !itemId) {
          const body = (
            request.body && typeof request.body === 'object' ? request.body : Object.fromEntries(q)
          ) as Rec;
          if (typeof body.title !== 'string' || body.title.trim() === '')
            return json(400, { error: 'title is missing' });
          let issueLabels: string[] = [];
          if (Array.isArray(body.labels)) issueLabels = body.labels.map(String);
          else if (typeof body.labels === 'string') issueLabels = body.labels.split(',');
          else if (body.labels !== undefined && body.labels !== null)
            return json(400, { error: 'labels is invalid' });
          // GitLab holds labels as a set and returns them sorted by title.
          issueLabels = [...new Set(issueLabels.map((l) => l.trim()).filter((l) => l !== ''))].sort(
            (a, b) => a.localeCompare(b),
          );
          for (const name of issueLabels) {
            if (!labels.some((l) => l.project_id === project.id && l.name === name)) {
              labels.push({
                id: 7000 + labels.length,
                project_id: project.id,
                name,
                color: '#6699cc',
              });
            }
          }
          if (
            body.description !== undefined &&
            body.description !== null &&
            typeof body.description !== 'string'
          ) {
            return json(400, { error: 'description is invalid' });
          }
          const iid =
            issues
              .filter((r) => r.project_id === project.id)
              .reduce((n, r) => Math.max(n, Number(r.iid) || 0), 0) + 1;
          const now = context.now().toISOString();
          const issue: Rec = {
            id: nextIssueId++,
            iid,
            project_id: project.id,
            title: body.title,
            description: typeof body.description === 'string' ? body.description : null,
            state: 'opened',
            created_at: now,
            updated_at: now,
            closed_at: null,
            labels: issueLabels,
            assignees: [],
            confidential: body.confidential === true || body.confidential === 'true',
            web_url: `${project.web_url ?? `https://gitlab.com/${project.path_with_namespace}`}/-/issues/${iid}`,
          };
          issues.push(issue);
          return json(201, issue);
        }
        return json(405, { error: '405 Method Not Allowed' });
      }
      return json(404, { error: '404 Not Found' });
    }

    return {
      handle,
      collections: () => ({ projects, merge_requests: mergeRequests, pipelines, issues, labels }),
    };
  },
};
