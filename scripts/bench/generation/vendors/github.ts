// GitHub REST API (https://api.github.com), the parts the "a" tasks use: issues (which include
// pull requests, marked by a `pull_request` key), pull requests, releases, and issue creation.
// Facts from docs.github.com/en/rest (see `references`):
// - GET /repos/{owner}/{repo}/issues: state open|closed|all (default open), labels is a
//   comma-separated list that must ALL match, since (updated at or after), sort created|updated|
//   comments (default created), direction (default desc), per_page/page with a Link header.
//   "GitHub's REST API considers every pull request an issue": PRs come back with `pull_request`.
// - GET /repos/{owner}/{repo}/pulls: state open|closed|all (default open), base, head, sort
//   created|updated|popularity|long-running (default created), direction (desc default unless
//   sort=created... the docs: default desc when sort is created or not given).
//   A merged pull request is `state: "closed"` with a non-null `merged_at`.
// - GET /repos/{owner}/{repo}/releases: newest first by created_at; drafts are listed only for
//   users with push access (our token has it); `published_at` is null for drafts.
// - POST /repos/{owner}/{repo}/issues: `title` required; labels as strings or {name} objects;
//   422 {"message":"Validation Failed","errors":[{resource,code,field}],"documentation_url"}.
// - Errors: 404 {"message":"Not Found",...}; 401 {"message":"Bad credentials",...}.
// Page size: the real default is 30 (max 100); this mock serves at most 5 a page so that a run
// must follow the Link header's rel="next".
// The mock handles arbitrary JSON from the code under test: records are loosely typed on purpose.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { intParam, json } from '../mock-kit.ts';

const DOCS = 'https://docs.github.com/rest';
const PAGE_MAX = 5;

type Rec = Record<string, any>;

interface GithubSeed {
  /** "owner/name" of each repository that exists. */
  repos?: string[];
  /** Issues and pull-request issues; each with `repo: "owner/name"`. */
  issues?: Rec[];
  /** Pull requests (the pulls API's shape); each with `repo`. */
  pulls?: Rec[];
  releases?: Rec[];
  /** GitHub Enterprise Server: the web and API origins its links use (default github.com). */
  webBase?: string;
  apiBase?: string;
}

function notFound(): MockResponse {
  return json(404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
}

function validationFailed(errors: Rec[], message = 'Validation Failed'): MockResponse {
  return json(422, {
    message,
    errors,
    documentation_url: 'https://docs.github.com/rest/issues/issues#create-an-issue',
    status: '422',
  });
}

function time(value: unknown): number {
  return typeof value === 'string' ? Date.parse(value) : NaN;
}

function labelObject(
  name: string,
  repo: string,
  index: number,
  API = 'https://api.github.com',
): Rec {
  return {
    id: 900000 + index,
    node_id: `LA_kwDO${Buffer.from(`${repo}:${name}`).toString('base64').slice(0, 10)}`,
    url: `${API}/repos/${repo}/labels/${encodeURIComponent(name)}`,
    name,
    color: 'ededed',
    default: false,
    description: null,
  };
}

function page(req: MockRequest, ctx: VendorContext, items: Rec[]): MockResponse {
  const perPage = Math.min(Math.max(1, intParam(req.query, 'per_page', 30)), PAGE_MAX);
  const pageNo = Math.max(1, intParam(req.query, 'page', 1));
  const from = (pageNo - 1) * perPage;
  const body = items.slice(from, from + perPage);
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  const link = (n: number, rel: string) => {
    const q = new URLSearchParams(req.query);
    q.set('per_page', String(perPage));
    q.set('page', String(n));
    return `<${ctx.origin}${req.path}?${q.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (pageNo < lastPage) links.push(link(pageNo + 1, 'next'), link(lastPage, 'last'));
  if (pageNo > 1) links.push(link(1, 'first'), link(pageNo - 1, 'prev'));
  const headers: Record<string, string> = {};
  if (links.length) headers.link = links.join(', ');
  return json(200, body, headers);
}

function sortBy(items: Rec[], field: string, direction: string): Rec[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => sign * ((time(a[field]) || 0) - (time(b[field]) || 0)));
}

export const mock: VendorMock = {
  vendor: 'github',
  references: [
    'https://docs.github.com/en/rest/issues/issues#list-repository-issues',
    'https://docs.github.com/en/rest/issues/issues#create-an-issue',
    'https://docs.github.com/en/rest/pulls/pulls#list-pull-requests',
    'https://docs.github.com/en/rest/releases/releases#list-releases',
    'https://docs.github.com/en/rest/using-the-rest-api/using-pagination-in-the-rest-api',
    'https://docs.github.com/en/rest/using-the-rest-api/troubleshooting-the-rest-api',
    'https://docs.github.com/en/enterprise-server@3.14/rest/quickstart',
  ],
  unauthorized: () =>
    json(401, { message: 'Bad credentials', documentation_url: DOCS, status: '401' }),
  create(seedInput: unknown, ctx: VendorContext): VendorInstance {
    const seed = (seedInput ?? {}) as GithubSeed;
    const WEB = seed.webBase ?? 'https://github.com';
    const API = seed.apiBase ?? 'https://api.github.com';
    const repos = new Set((seed.repos ?? []).map((r) => r.toLowerCase()));
    const issues: Rec[] = [];
    const pulls: Rec[] = [];
    const releases: Rec[] = [];
    let labelCounter = 0;
    const normIssue = (raw: Rec): Rec => {
      const repo = String(raw.repo ?? [...repos][0] ?? 'octo/app');
      repos.add(repo.toLowerCase());
      const n = raw.number;
      const issue: Rec = {
        id: raw.id ?? 1000000 + Number(n),
        node_id: raw.node_id ?? `I_kwDO${n}`,
        url: `${API}/repos/${repo}/issues/${n}`,
        repository_url: `${API}/repos/${repo}`,
        html_url: `${WEB}/${repo}/issues/${n}`,
        number: n,
        state: 'open',
        state_reason: null,
        title: '',
        body: null,
        user: { login: 'octocat', id: 1, type: 'User' },
        labels: [],
        assignee: null,
        assignees: [],
        milestone: null,
        locked: false,
        comments: 0,
        closed_at: null,
        author_association: 'MEMBER',
        ...raw,
      };
      issue.labels = (issue.labels as unknown[]).map((l) =>
        typeof l === 'string' ? labelObject(l, repo, labelCounter++, API) : (l as Rec),
      );
      if (issue.pull_request === true) {
        issue.pull_request = {
          url: `${API}/repos/${repo}/pulls/${n}`,
          html_url: `${WEB}/${repo}/pull/${n}`,
          diff_url: `${WEB}/${repo}/pull/${n}.diff`,
          patch_url: `${WEB}/${repo}/pull/${n}.patch`,
          merged_at: null,
        };
        issue.html_url = `${WEB}/${repo}/pull/${n}`;
      }
      issue.updated_at ??= issue.created_at;
      issue.repo = repo;
      return issue;
    };
    const normPull = (raw: Rec): Rec => {
      const repo = String(raw.repo ?? [...repos][0] ?? 'octo/app');
      repos.add(repo.toLowerCase());
      const n = raw.number;
      const base =
        typeof raw.base === 'string'
          ? { ref: raw.base, label: `${repo.split('/')[0]}:${raw.base}` }
          : raw.base;
      const head =
        typeof raw.head === 'string'
          ? { ref: raw.head, label: `${repo.split('/')[0]}:${raw.head}` }
          : raw.head;
      return {
        id: raw.id ?? 2000000 + Number(n),
        node_id: `PR_kwDO${n}`,
        url: `${API}/repos/${repo}/pulls/${n}`,
        html_url: `${WEB}/${repo}/pull/${n}`,
        diff_url: `${WEB}/${repo}/pull/${n}.diff`,
        issue_url: `${API}/repos/${repo}/issues/${n}`,
        number: n,
        state: 'open',
        locked: false,
        title: '',
        user: { login: 'octocat', id: 1, type: 'User' },
        body: null,
        labels: [],
        draft: false,
        merged_at: null,
        closed_at: null,
        merge_commit_sha: null,
        author_association: 'MEMBER',
        ...raw,
        base,
        head,
        updated_at: raw.updated_at ?? raw.merged_at ?? raw.closed_at ?? raw.created_at,
        repo,
      };
    };
    const normRelease = (raw: Rec): Rec => {
      const repo = String(raw.repo ?? [...repos][0] ?? 'octo/app');
      repos.add(repo.toLowerCase());
      const id = raw.id;
      return {
        url: `${API}/repos/${repo}/releases/${id}`,
        html_url: raw.draft
          ? `${WEB}/${repo}/releases/tag/untagged-${id}`
          : `${WEB}/${repo}/releases/tag/${raw.tag_name}`,
        id,
        node_id: `RE_kwDO${id}`,
        tag_name: '',
        target_commitish: 'main',
        name: null,
        draft: false,
        prerelease: false,
        author: { login: 'octocat', id: 1, type: 'User' },
        body: null,
        assets: [],
        ...raw,
        published_at: raw.draft ? null : (raw.published_at ?? raw.created_at),
        repo,
      };
    };
    for (const raw of seed.issues ?? []) issues.push(normIssue(raw));
    for (const raw of seed.pulls ?? []) pulls.push(normPull(raw));
    for (const raw of seed.releases ?? []) releases.push(normRelease(raw));

    const ofRepo = (list: Rec[], repo: string) =>
      list.filter((r) => String(r.repo).toLowerCase() === repo.toLowerCase());

    return {
      collections: () => ({ issues, pulls, releases }),
      handle(req: MockRequest): MockResponse {
        // Late additions (mutations) may arrive in raw seed form: normalise them in place.
        for (let i = 0; i < issues.length; i++)
          if (!issues[i]!.url) issues[i] = normIssue(issues[i]!);
        for (let i = 0; i < pulls.length; i++) if (!pulls[i]!.url) pulls[i] = normPull(pulls[i]!);
        for (let i = 0; i < releases.length; i++)
          if (!releases[i]!.url) releases[i] = normRelease(releases[i]!);

        // GitHub Enterprise Server serves the same API under /api/v3.
        const path = req.path.startsWith('/api/v3/') ? req.path.slice('/api/v3'.length) : req.path;
        const m = /^\/repos\/([^/]+)\/([^/]+)\/(issues|pulls|releases)(?:\/([^/]+))?\/?$/.exec(
          path,
        );
        if (!m) return notFound();
        const repo = `${decodeURIComponent(m[1]!)}/${decodeURIComponent(m[2]!)}`;
        if (!repos.has(repo.toLowerCase())) return notFound();
        const kind = m[3]!;
        const sub = m[4]!;
        const q = req.query;

        if (req.method === 'GET' && sub) {
          const list = kind === 'issues' ? issues : kind === 'pulls' ? pulls : releases;
          const scope =
            kind === 'releases'
              ? sortBy(ofRepo(list, repo), 'created_at', 'desc')
              : ofRepo(list, repo);
          const found = scope.find((r) =>
            kind === 'releases'
              ? String(r.id) === sub || (sub === 'latest' && !r.draft && !r.prerelease)
              : String(r.number) === sub,
          );
          if (!found) return notFound();
          return json(200, found);
        }

        if (req.method === 'GET' && kind === 'issues') {
          const state = q.get('state') ?? 'open';
          if (!['open', 'closed', 'all'].includes(state)) {
            return validationFailed([{ resource: 'Issue', field: 'state', code: 'invalid' }]);
          }
          let list = ofRepo(issues, repo).filter((i) => state === 'all' || i.state === state);
          const labels = q.get('labels');
          if (labels) {
            const wanted = labels
              .split(',')
              .map((l) => l.trim().toLowerCase())
              .filter(Boolean);
            list = list.filter((i) =>
              wanted.every((w) =>
                (i.labels as Rec[]).some((l) => String(l.name).toLowerCase() === w),
              ),
            );
          }
          const since = q.get('since');
          if (since) list = list.filter((i) => time(i.updated_at) >= time(since));
          const creator = q.get('creator');
          if (creator) list = list.filter((i) => i.user?.login === creator);
          const sort = q.get('sort') ?? 'created';
          const field = sort === 'updated' ? 'updated_at' : 'created_at';
          list = sortBy(list, field, q.get('direction') ?? 'desc');
          return page(req, ctx, list);
        }

        if (req.method === 'GET' && kind === 'pulls') {
          const state = q.get('state') ?? 'open';
          let list = ofRepo(pulls, repo).filter((p) => state === 'all' || p.state === state);
          const base = q.get('base');
          if (base) list = list.filter((p) => p.base?.ref === base);
          const head = q.get('head');
          if (head) list = list.filter((p) => p.head?.label === head || p.head?.ref === head);
          const sort = q.get('sort') ?? 'created';
          const field = sort === 'updated' ? 'updated_at' : 'created_at';
          const direction =
            q.get('direction') ?? (sort === 'created' || !q.get('sort') ? 'desc' : 'asc');
          list = sortBy(list, field, direction);
          return page(req, ctx, list);
        }

        if (req.method === 'GET' && kind === 'releases') {
          return page(req, ctx, sortBy(ofRepo(releases, repo), 'created_at', 'desc'));
        }

        if (req.method === 'POST' && kind === 'issues' && !sub) {
          const body = req.body;
          if (
            body === undefined ||
            body === null ||
            typeof body !== 'object' ||
            Array.isArray(body)
          ) {
            return json(400, {
              message: 'Problems parsing JSON',
              documentation_url: 'https://docs.github.com/rest/issues/issues#create-an-issue',
              status: '400',
            });
          }
          const b = body as Rec;
          if (b.title === undefined || b.title === null || b.title === '') {
            return validationFailed([{ resource: 'Issue', code: 'missing_field', field: 'title' }]);
          }
          if (typeof b.title !== 'string' && typeof b.title !== 'number') {
            return json(422, {
              message:
                "Invalid request.\n\nFor 'properties/title', " +
                JSON.stringify(b.title) +
                ' is not a string or integer.',
              documentation_url: 'https://docs.github.com/rest/issues/issues#create-an-issue',
              status: '422',
            });
          }
          if (b.body !== undefined && b.body !== null && typeof b.body !== 'string') {
            return json(422, {
              message: `Invalid request.\n\nFor 'properties/body', ${JSON.stringify(b.body)} is not a string or null.`,
              documentation_url: 'https://docs.github.com/rest/issues/issues#create-an-issue',
              status: '422',
            });
          }
          const labelNames: string[] = [];
          if (b.labels !== undefined && b.labels !== null) {
            if (!Array.isArray(b.labels)) {
              return json(422, {
                message: `Invalid request.\n\nFor 'properties/labels', ${JSON.stringify(b.labels)} is not an array.`,
                documentation_url: 'https://docs.github.com/rest/issues/issues#create-an-issue',
                status: '422',
              });
            }
            for (const l of b.labels) {
              const name =
                typeof l === 'string'
                  ? l
                  : l && typeof l === 'object'
                    ? (l as Rec).name
                    : undefined;
              if (typeof name !== 'string' || name.trim() === '') {
                return validationFailed([
                  { resource: 'Label', code: 'invalid', field: 'name', value: l },
                ]);
              }
              if (!labelNames.includes(name)) labelNames.push(name);
            }
          }
          const number =
            Math.max(
              0,
              ...ofRepo(issues, repo).map((i) => Number(i.number)),
              ...ofRepo(pulls, repo).map((p) => Number(p.number)),
            ) + 1;
          const now = ctx
            .now()
            .toISOString()
            .replace(/\.\d{3}Z$/, 'Z');
          const issue = normIssue({
            repo,
            number,
            title: String(b.title),
            body: (b.body as string | undefined) ?? null,
            labels: labelNames,
            assignees: Array.isArray(b.assignees)
              ? b.assignees.map((login: unknown) => ({ login }))
              : [],
            created_at: now,
            updated_at: now,
          });
          issues.push(issue);
          return json(201, issue, { location: `${API}/repos/${repo}/issues/${number}` });
        }

        return notFound();
      },
    };
  },
};
