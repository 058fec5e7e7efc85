// Jira Cloud platform REST API v3 (https://{site}.atlassian.net/rest/api/3), Basic auth with an
// Atlassian account email and an API token. From developer.atlassian.com (see `references`):
// - Search is GET/POST /rest/api/3/search/jql (the "enhanced search"): jql, maxResults (default
//   50), nextPageToken, fields. Its `fields` defaults to `id` only: ask for summary, status, …
//   explicitly (or `*all` / `*navigable`). The answer is {issues, nextPageToken?, isLast}. The
//   JQL must be bounded (a restriction, not only ORDER BY). The old GET/POST /rest/api/3/search
//   has been removed and answers 410.
// - JQL dates take 'yyyy/MM/dd HH:mm', 'yyyy-MM-dd HH:mm', 'yyyy/MM/dd', 'yyyy-MM-dd' or a
//   relative period such as '-5d' / '-4h' / '-15m', or a date function: now(), startOfDay(),
//   endOfDay(), startOfWeek(), endOfWeek(), startOfMonth(), endOfMonth(), each with an optional
//   increment ("-7d", -1, "+2w"); anything else (an ISO timestamp with T and seconds) is a 400
//   with the error Jira gives.
// - POST /rest/api/3/issue {fields:{project:{key|id}, summary, issuetype:{name|id},
//   description}} → 201 {id, key, self}. In v3 `description` must be an Atlassian Document
//   Format document; a plain string is refused. Errors: 400 {errorMessages:[], errors:{field: msg}}.
// - PUT /rest/api/3/issue/{idOrKey} {fields:{…}} → 204. GET /rest/api/3/issue/{idOrKey}.
// Page size: maxResults is honoured up to Jira's ceiling (5000 when only id/key are asked for,
// 100 with other fields: Jira returns fewer when more fields are requested); without it the mock
// serves 4 a page, standing in for the default of 50, so that nextPageToken matters.
// Each stored issue also carries `descriptionText` (the description's text, paragraphs joined
// with "\n") and `projectSummary` ("KEY: summary"): a checker's convenience, not Jira fields.
// The mock handles arbitrary JSON from the code under test: records are loosely typed on purpose.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json, pageSize } from '../mock-kit.ts';
import { adfText, textDoc, validAdf } from './jira/adf.ts';
import { DATE_FIELDS, evaluate, parseJql, type Node } from './jira/jql.ts';

// Atlassian Document Format is handled in jira/adf.ts, JQL in jira/jql.ts.
export { adfText } from './jira/adf.ts';

type Rec = Record<string, any>;
const DEFAULT_MAX_RESULTS = 4; // stands in for Jira's default maxResults of 50

interface JiraSeed {
  site?: string;
  projects?: { key: string; name: string; id?: string; issueTypes?: string[] }[];
  /** Status name → category key (new | indeterminate | done). Defaults cover the usual ones. */
  statuses?: Record<string, string>;
  issues?: Rec[];
}

const CATEGORY: Record<string, { id: number; key: string; colorName: string; name: string }> = {
  new: { id: 2, key: 'new', colorName: 'blue-gray', name: 'To Do' },
  indeterminate: { id: 4, key: 'indeterminate', colorName: 'yellow', name: 'In Progress' },
  done: { id: 3, key: 'done', colorName: 'green', name: 'Done' },
};
const DEFAULT_STATUSES: Record<string, string> = {
  'To Do': 'new',
  Open: 'new',
  Backlog: 'new',
  'In Progress': 'indeterminate',
  'In Review': 'indeterminate',
  Done: 'done',
  Closed: 'done',
  "Won't Do": 'done',
};

function err(
  status: number,
  errors: Record<string, string>,
  errorMessages: string[] = [],
): MockResponse {
  return json(status, { errorMessages, errors });
}

// --- the mock ----------------------------------------------------------------------------------

export const mock: VendorMock = {
  vendor: 'jira',
  references: [
    'https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issue-search/#api-rest-api-3-search-jql-get',
    'https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issues/#api-rest-api-3-issue-post',
    'https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issues/#api-rest-api-3-issue-issueidorkey-put',
    'https://developer.atlassian.com/cloud/jira/platform/apis/document/structure/',
    'https://developer.atlassian.com/cloud/jira/platform/basic-auth-for-rest-apis/',
    'https://developer.atlassian.com/changelog/#CHANGE-2046',
    'https://support.atlassian.com/jira-software-cloud/docs/jql-fields/',
    'https://support.atlassian.com/jira-software-cloud/docs/jql-functions/',
  ],
  unauthorized: () => ({
    status: 401,
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body: 'Client must be authenticated to access this resource.',
  }),
  create(seedInput: unknown, ctx: VendorContext): VendorInstance {
    const seed = (seedInput ?? {}) as JiraSeed;
    const site = seed.site ?? 'https://acme.atlassian.net';
    const statuses = { ...DEFAULT_STATUSES, ...(seed.statuses ?? {}) };
    const projects = (seed.projects ?? []).map((pr, i) => ({
      key: pr.key,
      name: pr.name,
      id: pr.id ?? String(10000 + i),
      issueTypes: pr.issueTypes ?? ['Task', 'Bug', 'Story', 'Epic'],
    }));
    const typeId = (name: string) =>
      String(10001 + ['Task', 'Bug', 'Story', 'Epic', 'Subtask'].indexOf(name) + 1);
    const stamp = (d: Date) => d.toISOString().replace('Z', '+0000');
    let nextId = 10100;
    const issues: Rec[] = [];

    const statusObj = (name: string) => {
      const cat = CATEGORY[statuses[name] ?? 'new']!;
      return {
        self: `${site}/rest/api/3/status/${name}`,
        description: '',
        name,
        id: String(1 + Object.keys(statuses).indexOf(name)),
        statusCategory: { self: `${site}/rest/api/3/statuscategory/${cat.id}`, ...cat },
      };
    };
    const normalise = (raw: Rec): Rec => {
      if (raw.self && raw.fields?.status?.statusCategory) return raw;
      const f: Rec = { ...(raw.fields ?? {}) };
      const key = String(raw.key);
      const projectKey = key.split('-')[0];
      const project = projects.find((p) => p.key === projectKey) ?? {
        key: projectKey,
        name: projectKey,
        id: '10000',
      };
      f.project = {
        self: `${site}/rest/api/3/project/${project.id}`,
        id: project.id,
        key: project.key,
        name: project.name,
      };
      if (typeof f.status === 'string' || !f.status)
        f.status = statusObj(typeof f.status === 'string' ? f.status : 'To Do');
      if (typeof f.issuetype === 'string' || !f.issuetype) {
        const n = typeof f.issuetype === 'string' ? f.issuetype : 'Task';
        f.issuetype = {
          self: `${site}/rest/api/3/issuetype/${typeId(n)}`,
          id: typeId(n),
          name: n,
          subtask: false,
        };
      }
      if (typeof f.priority === 'string')
        f.priority = {
          name: f.priority,
          id: String(['Highest', 'High', 'Medium', 'Low', 'Lowest'].indexOf(f.priority) + 1),
        };
      f.priority ??= { name: 'Medium', id: '3' };
      if (typeof f.description === 'string') f.description = textDoc(f.description);
      f.description ??= null;
      f.labels ??= [];
      f.assignee ??= null;
      f.resolution ??=
        f.status.statusCategory.key === 'done' ? { name: 'Done', id: '10000' } : null;
      f.updated ??= f.created;
      f.resolutiondate ??= f.status.statusCategory.key === 'done' ? f.updated : null;
      f.statuscategorychangedate ??= f.updated;
      // Jira writes its timestamps as 2026-11-20T10:00:00.000+0000.
      for (const k of ['created', 'updated', 'resolutiondate', 'statuscategorychangedate']) {
        if (typeof f[k] === 'string' && f[k].endsWith('Z'))
          f[k] = new Date(f[k]).toISOString().replace('Z', '+0000');
      }
      const id = String(raw.id ?? nextId++);
      return {
        expand:
          'renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations',
        id,
        self: `${site}/rest/api/3/issue/${id}`,
        key,
        fields: f,
        descriptionText: adfText(f.description),
        projectSummary: `${project.key}: ${f.summary}`,
      };
    };
    for (const raw of seed.issues ?? []) issues.push(normalise(raw));
    const refresh = () => {
      for (let i = 0; i < issues.length; i++) issues[i] = normalise(issues[i]!);
    };

    const pick = (issue: Rec, fieldsParam: string[] | null, expand: string): Rec => {
      const out: Rec = { expand: issue.expand, id: issue.id, self: issue.self, key: issue.key };
      const wanted = fieldsParam ?? ['id'];
      const all = wanted.includes('*all') || wanted.includes('*navigable');
      const fields: Rec = {};
      for (const [k, v] of Object.entries(issue.fields)) {
        if (k === 'previous') continue;
        if (all ? !wanted.includes(`-${k}`) : wanted.includes(k)) fields[k] = v;
      }
      if (Object.keys(fields).length || wanted.some((w) => w !== 'id' && w !== 'key'))
        out.fields = fields;
      if (expand.includes('renderedFields') && out.fields) out.renderedFields = {};
      return out;
    };

    const search = (params: {
      jql?: string;
      maxResults?: unknown;
      nextPageToken?: unknown;
      fields?: unknown;
      expand?: unknown;
    }): MockResponse => {
      const jql = params.jql ?? '';
      let parsed;
      try {
        parsed = parseJql(jql);
      } catch (e) {
        return err(400, {}, [(e as Error).message]);
      }
      if (!parsed.where) {
        return err(400, {}, [
          'Unbounded JQL queries are not allowed here. Please add a search restriction to your query.',
        ]);
      }
      let list: Rec[];
      try {
        const now = ctx.now();
        list = issues.filter((i) => evaluate(parsed.where as Node, i, now));
      } catch (e) {
        return err(400, {}, [(e as Error).message]);
      }
      const order = parsed.order.length ? parsed.order : [{ field: 'created', dir: 'desc' }];
      list = [...list].sort((a, b) => {
        for (const o of order) {
          const key = DATE_FIELDS[o.field] ?? o.field;
          const av =
            key === 'key'
              ? Number(a.key.split('-')[1])
              : DATE_FIELDS[o.field]
                ? Date.parse(a.fields[key])
                : String(a.fields[key]?.name ?? a.fields[key] ?? '');
          const bv =
            key === 'key'
              ? Number(b.key.split('-')[1])
              : DATE_FIELDS[o.field]
                ? Date.parse(b.fields[key])
                : String(b.fields[key]?.name ?? b.fields[key] ?? '');
          if (av < bv) return o.dir === 'asc' ? -1 : 1;
          if (av > bv) return o.dir === 'asc' ? 1 : -1;
        }
        return Number(b.id) - Number(a.id);
      });
      const start = params.nextPageToken
        ? Number(
            Buffer.from(String(params.nextPageToken), 'base64url').toString().replace('p:', ''),
          )
        : 0;
      if (!Number.isFinite(start) || start < 0)
        return err(400, {}, ['The provided next page token is invalid or expired.']);
      const fieldsParam =
        params.fields === undefined || params.fields === null
          ? null
          : (Array.isArray(params.fields) ? params.fields : String(params.fields).split(','))
              .map((s) => String(s).trim())
              .filter(Boolean);
      const idsOnly = (fieldsParam ?? []).every((f) => f === 'id' || f === 'key');
      const max = pageSize(params.maxResults, DEFAULT_MAX_RESULTS, idsOnly ? 5000 : 100);
      const pageItems = list
        .slice(start, start + max)
        .map((i) => pick(i, fieldsParam, String(params.expand ?? '')));
      const body: Rec = { issues: pageItems, isLast: start + max >= list.length };
      if (start + max < list.length)
        body.nextPageToken = Buffer.from(`p:${start + max}`).toString('base64url');
      return json(200, body);
    };

    const validateFields = (
      f: Rec,
      creating: boolean,
      existing?: Rec,
    ): { errors: Record<string, string>; project?: (typeof projects)[number]; type?: string } => {
      const errors: Record<string, string> = {};
      let project = existing
        ? projects.find((p) => p.key === existing.fields.project.key)
        : undefined;
      if (creating) {
        const ref = f.project;
        if (!ref || typeof ref !== 'object') errors.project = 'Specify a valid project ID or key';
        else {
          project = projects.find(
            (p) => (ref.key && p.key === ref.key) || (ref.id && p.id === String(ref.id)),
          );
          if (!project) errors.project = 'Specify a valid project ID or key';
        }
      }
      let type: string | undefined;
      if (creating || f.issuetype !== undefined) {
        const ref = f.issuetype;
        if (!ref || typeof ref !== 'object') errors.issuetype = 'Specify an issue type';
        else if (project) {
          type = project.issueTypes.find(
            (t) => (ref.name && t === ref.name) || (ref.id && typeId(t) === String(ref.id)),
          );
          if (!type) errors.issuetype = 'Specify a valid issue type';
        }
      }
      if (creating || f.summary !== undefined) {
        if (typeof f.summary !== 'string' || f.summary.trim() === '')
          errors.summary = 'You must specify a summary of the issue.';
        else if (f.summary.length > 255)
          errors.summary = 'Summary must be less than 255 characters.';
        else if (/[\r\n]/.test(f.summary))
          errors.summary = 'The summary is invalid because it contains newline characters.';
      }
      if (f.description !== undefined && f.description !== null && !validAdf(f.description)) {
        errors.description =
          'Operation value must be an Atlassian Document (see the Atlassian Document Format)';
      }
      if (f.labels !== undefined) {
        if (
          !Array.isArray(f.labels) ||
          f.labels.some((l: unknown) => typeof l !== 'string' || /\s/.test(l))
        )
          errors.labels = 'The label must not contain spaces.';
      }
      if (
        f.priority !== undefined &&
        (!f.priority ||
          !['Highest', 'High', 'Medium', 'Low', 'Lowest'].includes(f.priority.name ?? ''))
      ) {
        errors.priority = 'Specify a valid priority';
      }
      const known = [
        'project',
        'issuetype',
        'summary',
        'description',
        'labels',
        'priority',
        'assignee',
        'duedate',
        'reporter',
      ];
      for (const k of Object.keys(f)) {
        if (!known.includes(k))
          errors[k] =
            `Field '${k}' cannot be set. It is not on the appropriate screen, or unknown.`;
      }
      return { errors, project, type };
    };

    const findIssue = (idOrKey: string) =>
      issues.find((i) => i.key === idOrKey || i.id === idOrKey);

    return {
      collections: () => ({ issues }),
      handle(req: MockRequest): MockResponse {
        refresh();
        const path = req.path.replace(/\/+$/, '');
        if (path === '/rest/api/3/search' || path === '/rest/api/2/search') {
          return err(410, {}, [
            'The requested API has been removed. Please migrate to the /rest/api/3/search/jql API. A full migration guideline is available at https://developer.atlassian.com/changelog/#CHANGE-2046',
          ]);
        }
        if (path === '/rest/api/3/search/jql') {
          if (req.method === 'GET') {
            const fieldsAll = req.query.getAll('fields');
            return search({
              jql: req.query.get('jql') ?? '',
              maxResults: req.query.get('maxResults') ?? undefined,
              nextPageToken: req.query.get('nextPageToken') ?? undefined,
              fields: fieldsAll.length ? fieldsAll.join(',') : undefined,
              expand: req.query.get('expand') ?? undefined,
            });
          }
          if (req.method === 'POST') {
            if (!req.body || typeof req.body !== 'object')
              return err(400, {}, [
                'Invalid request payload. Refer to the REST API documentation and try again.',
              ]);
            return search(req.body as Rec);
          }
          return { status: 405, body: '' };
        }
        if (path === '/rest/api/3/project' || path === '/rest/api/3/project/search') {
          const values = projects.map((p) => ({
            self: `${site}/rest/api/3/project/${p.id}`,
            id: p.id,
            key: p.key,
            name: p.name,
          }));
          return json(
            200,
            path.endsWith('search')
              ? { startAt: 0, maxResults: 50, total: values.length, isLast: true, values }
              : values,
          );
        }
        if (path === '/rest/api/3/issue' && req.method === 'POST') {
          const body = req.body as Rec | undefined;
          if (
            !body ||
            typeof body !== 'object' ||
            !body.fields ||
            typeof body.fields !== 'object'
          ) {
            return err(400, {}, ['Issue must be created with fields.']);
          }
          const { errors, project, type } = validateFields(body.fields, true);
          if (Object.keys(errors).length || !project || !type) return err(400, errors);
          const number =
            1 +
            Math.max(
              0,
              ...issues
                .filter((i) => i.fields.project.key === project.key)
                .map((i) => Number(i.key.split('-')[1])),
            );
          const now = stamp(ctx.now());
          const f = body.fields;
          const issue = normalise({
            key: `${project.key}-${number}`,
            fields: {
              summary: f.summary,
              issuetype: type,
              status: 'To Do',
              description: f.description ?? null,
              labels: f.labels ?? [],
              priority: f.priority?.name ?? 'Medium',
              duedate: f.duedate ?? null,
              created: now,
              updated: now,
            },
          });
          issues.push(issue);
          return json(201, { id: issue.id, key: issue.key, self: issue.self });
        }
        const one = /^\/rest\/api\/3\/issue\/([^/]+)$/.exec(path);
        if (one) {
          const issue = findIssue(decodeURIComponent(one[1]!));
          if (!issue)
            return err(404, {}, ['Issue does not exist or you do not have permission to see it.']);
          if (req.method === 'GET') {
            const fieldsParam = req.query.get('fields');
            return json(
              200,
              pick(
                issue,
                fieldsParam ? fieldsParam.split(',') : ['*all'],
                req.query.get('expand') ?? '',
              ),
            );
          }
          if (req.method === 'PUT') {
            const body = req.body as Rec | undefined;
            if (!body || typeof body !== 'object')
              return err(400, {}, [
                'Invalid request payload. Refer to the REST API documentation and try again.',
              ]);
            const f = (body.fields ?? {}) as Rec;
            const { errors, type } = validateFields(f, false, issue);
            if (f.project !== undefined)
              errors.project =
                "Field 'project' cannot be set. It is not on the appropriate screen, or unknown.";
            if (Object.keys(errors).length) return err(400, errors);
            if (f.summary !== undefined) issue.fields.summary = f.summary;
            if (f.description !== undefined) issue.fields.description = f.description;
            if (f.labels !== undefined) issue.fields.labels = f.labels;
            if (f.priority !== undefined)
              issue.fields.priority = {
                name: f.priority.name,
                id: String(
                  ['Highest', 'High', 'Medium', 'Low', 'Lowest'].indexOf(f.priority.name) + 1,
                ),
              };
            if (type)
              issue.fields.issuetype = {
                self: `${site}/rest/api/3/issuetype/${typeId(type)}`,
                id: typeId(type),
                name: type,
                subtask: false,
              };
            if (f.duedate !== undefined) issue.fields.duedate = f.duedate;
            issue.fields.updated = stamp(ctx.now());
            issue.descriptionText = adfText(issue.fields.description);
            issue.projectSummary = `${issue.fields.project.key}: ${issue.fields.summary}`;
            return { status: 204 };
          }
        }
        return err(404, {}, ['No resource found for this path.']);
      },
    };
  },
};
