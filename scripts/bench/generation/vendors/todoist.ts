// Todoist REST API v2 (https://api.todoist.com/rest/v2), from its public reference. Bearer
// token. GET /tasks answers a bare array of the active (not completed) tasks, narrowed by
// `project_id`, `section_id`, `label`, `ids` or a `filter` query; there is no paging. POST /tasks
// takes JSON (`content` required; `description`, `project_id`, `labels`, `priority` 1-4 where 4
// is the most urgent, one of `due_string`/`due_date`/`due_datetime`) and answers 200 with the
// task. Errors are plain-text bodies. Ids are strings.
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json } from '../mock-kit.ts';

type Rec = Record<string, unknown>;

const text = (status: number, body: string): MockResponse => ({
  status,
  headers: { 'content-type': 'text/plain; charset=utf-8' },
  body,
});

const TASK_ARGS = new Set([
  'content',
  'description',
  'project_id',
  'section_id',
  'parent_id',
  'order',
  'labels',
  'priority',
  'due_string',
  'due_date',
  'due_datetime',
  'due_lang',
  'assignee_id',
  'duration',
  'duration_unit',
]);

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** A date a filter or due_string names: today, tomorrow, yesterday, 2026-11-28, Nov 28 [2026], 28 Nov [2026], 11/28/2026. */
function parseDay(raw: string, now: Date): string | undefined {
  const s = raw.trim().toLowerCase().replace(/,/g, ' ').replace(/\s+/g, ' ');
  const day = (offset: number): string =>
    isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)));
  if (s === 'today') return day(0);
  if (s === 'tomorrow') return day(1);
  if (s === 'yesterday') return day(-1);
  let m = /^(\d{4})-(\d\d)-(\d\d)$/.exec(s);
  if (m) return s;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (m) return `${m[3]}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}`;
  m = /^([a-z]{3})[a-z]*\.? (\d{1,2})(?:st|nd|rd|th)?(?: (\d{4}))?$/.exec(s) ?? null;
  let month: number | undefined, dayOfMonth: number | undefined, year: number | undefined;
  if (m) {
    month = MONTHS.indexOf(m[1]!);
    dayOfMonth = Number(m[2]);
    year = m[3] ? Number(m[3]) : undefined;
  } else {
    m = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]{3})[a-z]*\.?(?: (\d{4}))?$/.exec(s);
    if (m) {
      month = MONTHS.indexOf(m[2]!);
      dayOfMonth = Number(m[1]);
      year = m[3] ? Number(m[3]) : undefined;
    }
  }
  if (month === undefined || month < 0 || dayOfMonth === undefined) return undefined;
  if (year === undefined) {
    year = now.getUTCFullYear();
    if (
      Date.UTC(year, month, dayOfMonth) <
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
    )
      year++;
  }
  return isoDay(new Date(Date.UTC(year, month, dayOfMonth)));
}

export const mock: VendorMock = {
  vendor: 'todoist',
  references: [
    'https://developer.todoist.com/rest/v2/#get-active-tasks',
    'https://developer.todoist.com/rest/v2/#create-a-new-task',
    'https://developer.todoist.com/rest/v2/#get-all-projects',
    'https://developer.todoist.com/rest/v2/#tasks',
    'https://todoist.com/help/articles/introduction-to-filters-V98wIH',
  ],
  unauthorized: () => text(401, 'Forbidden'),
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as {
      projects?: Rec[];
      tasks?: Rec[];
      sections?: Rec[];
      labels?: Rec[];
    };
    const projects: Rec[] = structuredClone(
      data.projects ?? [{ id: '2203306141', name: 'Inbox', is_inbox_project: true }],
    ).map((p, i) => ({
      color: 'charcoal',
      parent_id: null,
      order: i,
      comment_count: 0,
      is_shared: false,
      is_favorite: false,
      is_inbox_project: false,
      is_team_inbox: false,
      view_style: 'list',
      url: `https://todoist.com/showProject?id=${String(p.id)}`,
      ...p,
    }));
    const sections: Rec[] = structuredClone(data.sections ?? []);
    const labels: Rec[] = structuredClone(data.labels ?? []);
    const inbox = String(
      (projects.find((p) => p.is_inbox_project) ?? projects[0] ?? { id: '0' }).id,
    );
    let nextId = 8123400001;
    const normalise = (t: Rec): Rec => ({
      assigner_id: null,
      assignee_id: null,
      comment_count: 0,
      is_completed: false,
      description: '',
      due: null,
      duration: null,
      labels: [],
      order: 1,
      priority: 1,
      project_id: inbox,
      section_id: null,
      parent_id: null,
      url: `https://todoist.com/showTask?id=${String(t.id)}`,
      created_at: '2026-11-01T09:00:00.000000Z',
      creator_id: '2671355',
      ...t,
    });
    const tasks: Rec[] = structuredClone(data.tasks ?? []).map(normalise);

    /** A small subset of Todoist's filter language: terms joined with &, | between alternatives. */
    function filterMatcher(filter: string): ((t: Rec) => boolean) | undefined {
      const now = context.now();
      const term = (raw: string): ((t: Rec) => boolean) | undefined => {
        let s = raw
          .trim()
          .replace(/^\(|\)$/g, '')
          .trim();
        let negate = false;
        if (s.startsWith('!')) {
          negate = true;
          s = s.slice(1).trim();
        }
        let test: ((t: Rec) => boolean) | undefined;
        const dueDay = (t: Rec): string | undefined =>
          ((t.due as Rec | null)?.date as string | undefined)?.slice(0, 10);
        if (s.startsWith('@')) {
          const name = s.slice(1).toLowerCase();
          test = (t) => ((t.labels ?? []) as string[]).some((l) => l.toLowerCase() === name);
        } else if (s.startsWith('##') || s.startsWith('#')) {
          const name = s.replace(/^#+/, '').toLowerCase();
          const ids = projects
            .filter((p) => String(p.name).toLowerCase() === name)
            .map((p) => String(p.id));
          test = (t) => ids.includes(String(t.project_id));
        } else if (/^(no date|no due date)$/i.test(s)) {
          test = (t) => !t.due;
        } else if (/^overdue$/i.test(s) || /^od$/i.test(s)) {
          const today = isoDay(now);
          test = (t) => !!dueDay(t) && dueDay(t)! < today;
        } else if (/^p[1-4]$/i.test(s)) {
          const p = 5 - Number(s[1]);
          test = (t) => t.priority === p;
        } else {
          const m = /^due (before|after):\s*(.+)$/i.exec(s);
          if (m) {
            const d = parseDay(m[2]!, now);
            if (!d) return undefined;
            test =
              m[1]!.toLowerCase() === 'before'
                ? (t) => !!dueDay(t) && dueDay(t)! < d
                : (t) => !!dueDay(t) && dueDay(t)! > d;
          } else {
            const d = parseDay(s.replace(/^due:\s*/i, ''), now);
            if (!d) return undefined;
            test = (t) => dueDay(t) === d;
          }
        }
        return negate ? (t) => !test!(t) : test;
      };
      const alternatives = filter.split(',').length > 1 ? undefined : filter.split('|');
      if (!alternatives) return undefined; // several queries at once: the REST API refuses them
      const compiled = alternatives.map((alt) => alt.split('&').map(term));
      if (compiled.some((terms) => terms.some((t) => t === undefined))) return undefined;
      return (t) => compiled.some((terms) => terms.every((fn) => fn!(t)));
    }

    function createTask(req: MockRequest): MockResponse {
      const body = req.body as Rec | undefined;
      if (!body || typeof body !== 'object' || Array.isArray(body))
        return text(400, 'Request body must be a JSON object');
      for (const key of Object.keys(body))
        if (!TASK_ARGS.has(key)) return text(400, `Unknown argument: ${key}`);
      if (typeof body.content !== 'string' || body.content.trim() === '')
        return text(400, 'Argument content is missing');
      if (body.description !== undefined && typeof body.description !== 'string')
        return text(400, 'Invalid argument value: description');
      if (
        body.project_id !== undefined &&
        !projects.some((p) => String(p.id) === String(body.project_id))
      ) {
        return text(400, 'Invalid argument value: project_id');
      }
      if (
        body.priority !== undefined &&
        (!Number.isInteger(body.priority) ||
          (body.priority as number) < 1 ||
          (body.priority as number) > 4)
      ) {
        return text(400, 'Invalid argument value: priority');
      }
      if (
        body.labels !== undefined &&
        (!Array.isArray(body.labels) || body.labels.some((l) => typeof l !== 'string'))
      ) {
        return text(400, 'Invalid argument value: labels');
      }
      const dueArgs = ['due_string', 'due_date', 'due_datetime'].filter(
        (k) => body[k] !== undefined && body[k] !== null,
      );
      if (dueArgs.length > 1)
        return text(400, 'Only one of due_string, due_date or due_datetime can be set');
      let due: Rec | null = null;
      if (body.due_date !== undefined && body.due_date !== null) {
        const d = String(body.due_date);
        if (!/^\d{4}-\d\d-\d\d$/.test(d) || Number.isNaN(Date.parse(`${d}T00:00:00Z`)))
          return text(400, 'Invalid argument value: due_date');
        due = { date: d, string: d, lang: 'en', is_recurring: false };
      } else if (body.due_datetime !== undefined && body.due_datetime !== null) {
        const ms = Date.parse(String(body.due_datetime));
        if (Number.isNaN(ms)) return text(400, 'Invalid argument value: due_datetime');
        const iso = new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
        due = {
          date: iso.slice(0, 10),
          datetime: iso,
          string: String(body.due_datetime),
          lang: 'en',
          is_recurring: false,
          timezone: 'UTC',
        };
      } else if (body.due_string !== undefined && body.due_string !== null) {
        const d = parseDay(String(body.due_string).replace(/^(on|due)\s+/i, ''), context.now());
        if (!d) return text(400, 'Invalid argument value: due_string');
        due = {
          date: d,
          string: String(body.due_string),
          lang: String(body.due_lang ?? 'en'),
          is_recurring: false,
        };
      }
      const id = String(nextId++);
      const record = normalise({
        id,
        content: body.content,
        description: body.description ?? '',
        project_id: body.project_id !== undefined ? String(body.project_id) : inbox,
        section_id: body.section_id ?? null,
        parent_id: body.parent_id ?? null,
        labels: body.labels ?? [],
        priority: body.priority ?? 1,
        due,
        assignee_id: body.assignee_id ?? null,
        order: tasks.filter((t) => t.project_id === (body.project_id ?? inbox)).length + 1,
        created_at: context
          .now()
          .toISOString()
          .replace(/Z$/, '000Z')
          .replace(/\.(\d{3})000Z$/, '.$1000Z'),
      });
      tasks.push(record);
      return json(200, record);
    }

    return {
      collections: () => ({ tasks, projects, sections, labels }),
      handle(req: MockRequest): MockResponse {
        if (!req.path.startsWith('/rest/v2/')) return text(404, 'Not Found');
        const path = req.path.slice('/rest/v2'.length).replace(/\/+$/, '');
        const q = req.query;
        if (path === '/projects' && req.method === 'GET') return json(200, projects);
        let m = /^\/projects\/([^/]+)$/.exec(path);
        if (m && req.method === 'GET') {
          const p = projects.find((x) => String(x.id) === m![1]);
          return p ? json(200, p) : text(404, 'Project not found');
        }
        if (path === '/sections' && req.method === 'GET') {
          const pid = q.get('project_id');
          return json(
            200,
            sections.filter((s) => !pid || String(s.project_id) === pid),
          );
        }
        if (path === '/labels' && req.method === 'GET') return json(200, labels);
        if (path === '/tasks' && req.method === 'GET') {
          let items = tasks.filter((t) => t.is_completed !== true);
          const pid = q.get('project_id');
          if (pid) items = items.filter((t) => String(t.project_id) === pid);
          const sid = q.get('section_id');
          if (sid) items = items.filter((t) => String(t.section_id) === sid);
          const label = q.get('label');
          if (label) items = items.filter((t) => ((t.labels ?? []) as string[]).includes(label));
          const ids = q.get('ids');
          if (ids) items = items.filter((t) => ids.split(',').includes(String(t.id)));
          const filter = q.get('filter');
          if (filter) {
            const match = filterMatcher(filter);
            if (!match) return text(400, `Invalid filter query: ${filter}`);
            items = items.filter(match);
          }
          return json(200, items);
        }
        if (path === '/tasks' && req.method === 'POST') return createTask(req);
        m = /^\/tasks\/([^/]+)$/.exec(path);
        if (m && req.method === 'GET') {
          const t = tasks.find((x) => String(x.id) === m![1]);
          return t ? json(200, t) : text(404, 'Task not found');
        }
        m = /^\/tasks\/([^/]+)\/close$/.exec(path);
        if (m && req.method === 'POST') {
          const t = tasks.find((x) => String(x.id) === m![1]);
          if (!t) return text(404, 'Task not found');
          t.is_completed = true;
          return { status: 204 };
        }
        return text(404, 'Not Found');
      },
    };
  },
};
