// Asana's REST API 1.0 (https://app.asana.com/api/1.0), from its public reference. Every body,
// in and out, sits in a `data` envelope; errors are `{"errors":[{"message", "help"}]}`. Records
// come back compact (gid, name, resource_type, resource_subtype) unless `opt_fields` names more.
// Lists page with `limit` (1-100) and an opaque `offset`, answering `next_page` (null on the
// last page); an unpaginated request whose result is large is refused. `completed_since` limits
// a task list to incomplete tasks and those completed since then ("now": incomplete only).
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json } from '../mock-kit.ts';

type Rec = Record<string, unknown>;

// Pages never hold more than this, and an unpaginated list longer than it is refused.
const PAGE_CAP = 5;
const BASE = '/api/1.0';
const HELP =
  'For more information on API status codes and how to handle them, read the docs on errors: https://developers.asana.com/docs/errors';

function fail(status: number, message: string): MockResponse {
  return json(status, { errors: [{ message, help: HELP }] });
}

const TASK_FIELDS = new Set([
  'name',
  'notes',
  'html_notes',
  'completed',
  'assignee',
  'assignee_status',
  'due_on',
  'due_at',
  'start_on',
  'start_at',
  'projects',
  'workspace',
  'parent',
  'followers',
  'tags',
  'custom_fields',
  'resource_subtype',
  'approval_status',
  'assignee_section',
  'liked',
  'external',
  'memberships',
]);

function compactTask(t: Rec): Rec {
  return {
    gid: t.gid,
    name: t.name,
    resource_type: 'task',
    resource_subtype: t.resource_subtype ?? 'default_task',
  };
}

/** Keeps the compact fields plus every top-level field that opt_fields names (or a dotted path starts with). */
function project(t: Rec, optFields: string | null): Rec {
  const out = compactTask(t);
  if (!optFields) return out;
  const wanted = new Set(
    optFields
      .split(',')
      .map((f) => f.trim().split('.')[0] ?? '')
      .filter(Boolean),
  );
  for (const f of wanted) {
    if (f in t) out[f] = t[f];
    else if (f === 'this') Object.assign(out, t);
    else out[f] = null;
  }
  for (const f of ['gid', 'resource_type']) out[f] = t[f] ?? out[f];
  if (!wanted.has('name')) out.name = t.name;
  return out;
}

export const mock: VendorMock = {
  vendor: 'asana',
  references: [
    'https://developers.asana.com/reference/gettasksforproject',
    'https://developers.asana.com/reference/gettasks',
    'https://developers.asana.com/reference/createtask',
    'https://developers.asana.com/reference/gettask',
    'https://developers.asana.com/docs/pagination',
    'https://developers.asana.com/docs/inputoutput-options',
    'https://developers.asana.com/docs/errors',
    'https://developers.asana.com/reference/tasks',
  ],
  unauthorized: () => fail(401, 'Not Authorized'),
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as {
      workspace?: Rec;
      projects?: Rec[];
      users?: Rec[];
      tasks?: Rec[];
    };
    const workspace: Rec = data.workspace ?? { gid: '1201000000000001', name: 'acme.com' };
    const wsCompact = { gid: workspace.gid, name: workspace.name, resource_type: 'workspace' };
    const projects: Rec[] = structuredClone(data.projects ?? []).map((p) => ({
      resource_type: 'project',
      archived: false,
      workspace: wsCompact,
      ...p,
    }));
    const users: Rec[] = structuredClone(data.users ?? []);
    let nextGid = 1208800000000001;
    const projectCompact = (gid: string): Rec | undefined => {
      const p = projects.find((x) => x.gid === gid);
      return p ? { gid: p.gid, name: p.name, resource_type: 'project' } : undefined;
    };
    function normalise(t: Rec): Rec {
      const projs = ((t.projects ?? []) as unknown[]).map((p) =>
        typeof p === 'string' ? (projectCompact(p) ?? { gid: p, resource_type: 'project' }) : p,
      );
      return {
        resource_type: 'task',
        resource_subtype: 'default_task',
        notes: '',
        completed: false,
        completed_at: null,
        due_on: null,
        due_at: null,
        start_on: null,
        assignee: null,
        parent: null,
        tags: [],
        custom_fields: [],
        workspace: wsCompact,
        created_at: '2026-10-01T09:00:00.000Z',
        modified_at: t.created_at ?? '2026-10-01T09:00:00.000Z',
        permalink_url: `https://app.asana.com/0/${String((projs[0] as Rec | undefined)?.gid ?? 0)}/${String(t.gid)}`,
        ...t,
        projects: projs,
        memberships: t.memberships ?? projs.map((p) => ({ project: p })),
      };
    }
    // A seed may give a relative date ("{NOW+2880}"): due_on and start_on keep its date part.
    const tasks: Rec[] = structuredClone(data.tasks ?? []).map((t) => {
      for (const k of ['due_on', 'start_on'])
        if (typeof t[k] === 'string' && String(t[k]).length > 10) t[k] = String(t[k]).slice(0, 10);
      return normalise(t);
    });

    function list(items: Rec[], req: MockRequest, path: string): MockResponse {
      const q = req.query;
      const limitRaw = q.get('limit');
      const optFields = q.get('opt_fields');
      if (limitRaw === null) {
        if (items.length > PAGE_CAP) {
          return fail(
            400,
            'The result is too large. You should use pagination (may require specifying a workspace)!',
          );
        }
        return json(200, { data: items.map((t) => project(t, optFields)) });
      }
      const limit = Number(limitRaw);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
        return fail(400, 'limit: Value must be between 1 and 100');
      }
      let start = 0;
      const offset = q.get('offset');
      if (offset) {
        const decoded = /^eyJ/.test(offset)
          ? JSON.parse(Buffer.from(offset, 'base64url').toString())
          : null;
        if (!decoded || typeof decoded.i !== 'number')
          return fail(400, 'offset: Your pagination token is invalid.');
        start = decoded.i;
      }
      const size = Math.min(limit, PAGE_CAP);
      const page = items.slice(start, start + size);
      let nextPage: Rec | null = null;
      if (start + size < items.length) {
        const token = Buffer.from(JSON.stringify({ i: start + size })).toString('base64url');
        const params = new URLSearchParams(q);
        params.set('offset', token);
        const rel = `${path}?${params.toString()}`;
        nextPage = { offset: token, path: rel, uri: `${context.origin}${BASE}${rel}` };
      }
      return json(200, { data: page.map((t) => project(t, optFields)), next_page: nextPage });
    }

    function taskFilter(q: URLSearchParams): ((t: Rec) => boolean) | string {
      const since = q.get('completed_since');
      const modified = q.get('modified_since');
      let sinceMs: number | undefined;
      if (since) {
        sinceMs = since === 'now' ? context.now().getTime() : Date.parse(since);
        if (Number.isNaN(sinceMs)) return 'completed_since: Not a valid date-time or "now"';
      }
      const modMs = modified ? Date.parse(modified) : undefined;
      if (modified && Number.isNaN(modMs)) return 'modified_since: Not a valid date-time';
      return (t) => {
        if (sinceMs !== undefined && t.completed === true) {
          if (!t.completed_at || Date.parse(String(t.completed_at)) < sinceMs) return false;
        }
        if (modMs !== undefined && Date.parse(String(t.modified_at)) < modMs) return false;
        return true;
      };
    }

    function tasksOfProject(gid: string): Rec[] {
      // A subtask shows up in a project's list only when it was added to the project itself.
      return tasks.filter((t) => (t.projects as Rec[]).some((p) => p.gid === gid));
    }

    function createTask(req: MockRequest): MockResponse {
      const body = req.body as Rec | undefined;
      if (!body || typeof body !== 'object' || !body.data || typeof body.data !== 'object') {
        return fail(400, 'data: Missing input');
      }
      const input = body.data as Rec;
      for (const key of Object.keys(input)) {
        if (!TASK_FIELDS.has(key)) return fail(400, `${key}: Unknown property`);
      }
      const projIds = input.projects === undefined ? [] : input.projects;
      if (!Array.isArray(projIds)) return fail(400, 'projects: Value is not an array');
      if (projIds.length === 0 && !input.workspace && !input.parent) {
        return fail(400, 'You should specify one of workspace, parent, projects');
      }
      for (const p of projIds) {
        if (typeof p !== 'string' || !projects.some((x) => x.gid === p)) {
          return fail(400, `projects: Not a valid project: ${String(p)}`);
        }
      }
      if (input.workspace !== undefined && input.workspace !== workspace.gid) {
        return fail(400, `workspace: Not a recognized ID: ${String(input.workspace)}`);
      }
      for (const k of ['name', 'notes', 'html_notes']) {
        if (input[k] !== undefined && typeof input[k] !== 'string')
          return fail(400, `${k}: Value is not a string`);
      }
      for (const k of ['due_on', 'start_on']) {
        if (
          input[k] !== undefined &&
          input[k] !== null &&
          !/^\d{4}-\d\d-\d\d$/.test(String(input[k]))
        ) {
          return fail(400, `${k}: Invalid date: ${String(input[k])}`);
        }
      }
      if (
        input.due_at !== undefined &&
        input.due_at !== null &&
        Number.isNaN(Date.parse(String(input.due_at)))
      ) {
        return fail(400, `due_at: Invalid date-time: ${String(input.due_at)}`);
      }
      if (input.due_on && input.due_at)
        return fail(400, 'You may only provide one of due_on or due_at!');
      if (input.completed !== undefined && typeof input.completed !== 'boolean') {
        return fail(400, 'completed: Value is not a boolean');
      }
      const now = context.now().toISOString();
      const gid = String(nextGid++);
      const record = normalise({
        ...input,
        gid,
        name: input.name ?? '',
        projects: projIds,
        created_at: now,
        modified_at: now,
        completed_at: input.completed ? now : null,
      });
      if (input.due_at) record.due_on = String(input.due_at).slice(0, 10);
      tasks.push(record);
      return json(201, { data: record });
    }

    return {
      collections: () => ({ tasks, projects, users }),
      handle(req: MockRequest): MockResponse {
        if (!req.path.startsWith(`${BASE}/`)) return fail(404, 'No matching route for request');
        const path = req.path.slice(BASE.length).replace(/\/+$/, '');
        const method = req.method;
        if (path === '/users/me' && method === 'GET') {
          const me = users[0] ?? {
            gid: '1201000000000100',
            name: 'API User',
            email: 'api@acme.com',
          };
          return json(200, { data: { ...me, resource_type: 'user', workspaces: [wsCompact] } });
        }
        if (path === '/workspaces' && method === 'GET')
          return json(200, { data: [wsCompact], next_page: null });
        if (path === '/projects' && method === 'GET') {
          const items = projects.filter((p) => req.query.get('archived') === 'true' || !p.archived);
          return list(items as Rec[], req, path);
        }
        let m = /^\/projects\/([^/]+)$/.exec(path);
        if (m && method === 'GET') {
          const p = projects.find((x) => x.gid === m![1]);
          return p ? json(200, { data: p }) : fail(404, 'project: Unknown object: ' + m[1]);
        }
        m = /^\/projects\/([^/]+)\/tasks$/.exec(path);
        if (m && method === 'GET') {
          if (!projects.some((x) => x.gid === m![1]))
            return fail(404, 'project: Unknown object: ' + m[1]);
          const filter = taskFilter(req.query);
          if (typeof filter === 'string') return fail(400, filter);
          return list(tasksOfProject(m[1]!).filter(filter), req, path);
        }
        if (path === '/tasks' && method === 'GET') {
          const projectGid = req.query.get('project');
          if (
            !projectGid &&
            !req.query.get('section') &&
            !req.query.get('tag') &&
            !(req.query.get('assignee') && req.query.get('workspace'))
          ) {
            return fail(
              400,
              'Must specify exactly one of project, tag, section, user task list, or assignee + workspace',
            );
          }
          const filter = taskFilter(req.query);
          if (typeof filter === 'string') return fail(400, filter);
          let items = projectGid ? tasksOfProject(projectGid) : tasks.filter((t) => !t.parent);
          const assignee = req.query.get('assignee');
          if (assignee && !projectGid)
            items = items.filter((t) => (t.assignee as Rec | null)?.gid === assignee);
          return list(items.filter(filter), req, path);
        }
        if (path === '/tasks' && method === 'POST') return createTask(req);
        m = /^\/tasks\/([^/]+)$/.exec(path);
        if (m && method === 'GET') {
          const t = tasks.find((x) => x.gid === m![1]);
          if (!t) return fail(404, 'task: Unknown object: ' + m[1]);
          return json(200, {
            data: req.query.get('opt_fields') ? project(t, req.query.get('opt_fields')) : t,
          });
        }
        m = /^\/tasks\/([^/]+)\/subtasks$/.exec(path);
        if (m && method === 'GET') {
          return list(
            tasks.filter((t) => (t.parent as Rec | null)?.gid === m![1]),
            req,
            path,
          );
        }
        return fail(404, 'No matching route for request');
      },
    };
  },
};
