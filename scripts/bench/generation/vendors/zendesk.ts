// Zendesk Support API v2 (tickets, ticket metrics, users, search, incremental user export) under
// https://{subdomain}.zendesk.com/api/v2, as the public reference describes it. Basic auth with
// "{email}/token" and the API token. Every path works with or without `.json`.
// Lists page by offset (`page`, `per_page`; `next_page` is a full URL or null, with `count`) or by
// cursor (`page[size]`, `page[after]`; `meta.has_more`, `meta.after_cursor`, `links.next`); this
// mock serves at most 5 a page. Tickets carry no solved time: it is in the ticket's metrics
// (`/tickets/{id}/metrics`, `/ticket_metrics`, or `include=metric_sets`). Search
// (`/search?query=type:ticket status:solved tags:vip solved>=2025-10-01`) returns `results` with
// `result_type` and pages by `page`. `GET /users` lists every role unless `role=` (or `role[]=`)
// asks for one. `GET /incremental/users?start_time=<unix>` returns users updated since then with
// `end_time`, `next_page` and `end_of_stream`. Creating a ticket needs a comment (422
// RecordInvalid otherwise); priority, status and type are checked against their values.
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json } from '../mock-kit.ts';

type Rec = Record<string, unknown>;
const PAGE_MAX = 5;
const STATUSES = ['new', 'open', 'pending', 'hold', 'solved', 'closed'];
const PRIORITIES = ['low', 'normal', 'high', 'urgent'];
const TYPES = ['problem', 'incident', 'question', 'task'];
const ROLES = ['end-user', 'agent', 'admin'];

function invalidRecord(
  details: Record<string, Array<{ description: string; error: string }>>,
): MockResponse {
  return json(422, { error: 'RecordInvalid', description: 'Record validation errors', details });
}
function notFound(): MockResponse {
  return json(404, { error: 'RecordNotFound', description: 'Not found' });
}
function badRequest(error: string, description: string): MockResponse {
  return json(400, { error, description });
}

function timeOf(value: unknown): number {
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}

/** Compares a timestamp with a search value: a date (whole UTC days) or a date-time. */
function compareDate(value: unknown, op: string, literal: string): boolean {
  const t = timeOf(value);
  if (Number.isNaN(t)) return false;
  const relative = literal.match(/^(\d+)(minutes|hours|days|weeks|months|years)$/);
  if (relative) {
    // Relative values: solved<2days etc. are not needed by the tasks; treat as "within".
    return op.includes('>') ? true : false;
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(literal)) {
    const day = new Date(t).toISOString().slice(0, 10);
    switch (op) {
      case ':':
        return day === literal;
      case '>':
        return day > literal;
      case '>=':
        return day >= literal;
      case '<':
        return day < literal;
      default:
        return day <= literal;
    }
  }
  const bound = Date.parse(literal);
  if (Number.isNaN(bound)) return false;
  switch (op) {
    case ':':
      return t === bound;
    case '>':
      return t > bound;
    case '>=':
      return t >= bound;
    case '<':
      return t < bound;
    default:
      return t <= bound;
  }
}

export const mock: VendorMock = {
  vendor: 'zendesk',
  references: [
    'https://developer.zendesk.com/api-reference/ticketing/tickets/tickets/',
    'https://developer.zendesk.com/api-reference/ticketing/tickets/ticket_metrics/',
    'https://developer.zendesk.com/api-reference/ticketing/users/users/',
    'https://developer.zendesk.com/api-reference/ticketing/ticket-management/search/',
    'https://support.zendesk.com/hc/en-us/articles/4408886879258-Zendesk-Support-search-reference',
    'https://developer.zendesk.com/api-reference/introduction/pagination/',
    'https://developer.zendesk.com/api-reference/ticketing/ticket-management/incremental_exports/#incremental-user-export',
    'https://developer.zendesk.com/api-reference/introduction/security-and-auth/',
    'https://developer.zendesk.com/api-reference/ticketing/introduction/#side-loading',
  ],
  unauthorized: () => json(401, { error: "Couldn't authenticate you" }),
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as { tickets?: Rec[]; users?: Rec[]; ticket_metrics?: Rec[] };
    const store: { tickets: Rec[]; users: Rec[]; ticket_metrics: Rec[] } = {
      tickets: data.tickets ?? [],
      users: data.users ?? [],
      ticket_metrics: data.ticket_metrics ?? [],
    };
    let nextTicket = Math.max(1000, ...store.tickets.map((t) => Number(t.id) + 1));
    let nextUser = Math.max(90000, ...store.users.map((u) => Number(u.id) + 1));
    const now = () =>
      context
        .now()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z');
    const url = (path: string, params: Record<string, string>) =>
      `${context.origin}/api/v2/${path}?${new URLSearchParams(params).toString()}`;

    function metricFor(ticket: Rec): Rec {
      const found = store.ticket_metrics.find((m) => m.ticket_id === ticket.id);
      return (
        found ?? {
          id: Number(ticket.id) * 10,
          ticket_id: ticket.id,
          created_at: ticket.created_at,
          updated_at: ticket.updated_at,
          solved_at: null,
          assigned_at: null,
          reopens: 0,
          replies: 0,
        }
      );
    }

    /** Offset or cursor pagination over `items`, answered under `key`. */
    function paged(
      key: string,
      path: string,
      items: Rec[],
      q: URLSearchParams,
      extra: (page: Rec[]) => Rec = () => ({}),
    ): MockResponse {
      const cursorSize = q.get('page[size]');
      const after = q.get('page[after]');
      if (cursorSize !== null || after !== null) {
        const size = Math.min(Math.max(1, Number(cursorSize ?? 100) || 100), 100);
        if (size > 100)
          return badRequest('InvalidPaginationParameter', 'page[size] must be at most 100');
        const start =
          after === null ? 0 : Number(Buffer.from(after, 'base64url').toString('utf8')) || 0;
        const take = Math.min(size, PAGE_MAX);
        const page = items.slice(start, start + take);
        const hasMore = start + take < items.length;
        const afterCursor = hasMore
          ? Buffer.from(String(start + take)).toString('base64url')
          : null;
        const base: Record<string, string> = {};
        for (const [k, v] of q) if (k !== 'page[after]' && k !== 'page[before]') base[k] = v;
        return json(200, {
          [key]: page,
          ...extra(page),
          meta: {
            has_more: hasMore,
            after_cursor: afterCursor,
            before_cursor:
              start > 0
                ? Buffer.from(String(Math.max(0, start - take))).toString('base64url')
                : null,
          },
          links: {
            next: hasMore ? url(path, { ...base, 'page[after]': afterCursor as string }) : null,
            prev: null,
          },
        });
      }
      const perPage = q.get('per_page') === null ? 100 : Number(q.get('per_page'));
      if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
        return badRequest('InvalidPaginationParameter', 'per_page must be between 1 and 100');
      }
      const pageNo = q.get('page') === null ? 1 : Number(q.get('page'));
      if (!Number.isInteger(pageNo) || pageNo < 1)
        return badRequest('InvalidPaginationParameter', 'page must be a positive integer');
      const take = Math.min(perPage, PAGE_MAX);
      const start = (pageNo - 1) * take;
      const page = items.slice(start, start + take);
      const base: Record<string, string> = {};
      for (const [k, v] of q) if (k !== 'page') base[k] = v;
      return json(200, {
        [key]: page,
        ...extra(page),
        next_page:
          start + take < items.length ? url(path, { ...base, page: String(pageNo + 1) }) : null,
        previous_page: pageNo > 1 ? url(path, { ...base, page: String(pageNo - 1) }) : null,
        count: items.length,
      });
    }

    function sideloads(q: URLSearchParams, tickets: Rec[]): Rec {
      const include = (q.get('include') ?? '').split(',').map((s) => s.trim());
      const out: Rec = {};
      if (include.includes('users')) {
        const ids = new Set(
          tickets
            .flatMap((t) => [t.requester_id, t.submitter_id, t.assignee_id])
            .filter((x) => x != null),
        );
        out.users = store.users.filter((u) => ids.has(u.id as never));
      }
      if (include.includes('metric_sets')) out.metric_sets = tickets.map(metricFor);
      return out;
    }

    function search(q: URLSearchParams): MockResponse {
      const text = q.get('query');
      if (!text) return badRequest('InvalidSearch', 'Query is required');
      const terms = text.match(/(?:[^\s"]+|"[^"]*")+/g) ?? [];
      let type: string | null = null;
      const groups = new Map<string, Array<(r: Rec) => boolean>>();
      const free: string[] = [];
      const add = (key: string, test: (r: Rec) => boolean) =>
        groups.set(key, [...(groups.get(key) ?? []), test]);
      for (const term of terms) {
        const negative = term.startsWith('-');
        const m = term.replace(/^-/, '').match(/^([a-z_]+)(:|>=|<=|>|<)(.+)$/);
        if (!m) {
          free.push(term.replace(/"/g, '').toLowerCase());
          continue;
        }
        const key = m[1] ?? '';
        const op = m[2] ?? ':';
        const value = (m[3] ?? '').replace(/^"|"$/g, '');
        const wrap = (test: (r: Rec) => boolean) => (negative ? (r: Rec) => !test(r) : test);
        if (key === 'type') {
          type = value;
          continue;
        }
        if (key === 'status') {
          const rank = STATUSES.indexOf(value);
          add(
            negative ? `-${key}${value}` : key,
            wrap((r) => {
              const have = STATUSES.indexOf(String(r.status));
              return op === ':'
                ? have === rank
                : op === '>'
                  ? have > rank
                  : op === '>='
                    ? have >= rank
                    : op === '<'
                      ? have < rank
                      : have <= rank;
            }),
          );
        } else if (key === 'priority') {
          const rank = PRIORITIES.indexOf(value);
          add(
            negative ? `-${key}${value}` : key,
            wrap((r) => {
              const have = PRIORITIES.indexOf(String(r.priority));
              if (value === 'none') return r.priority == null;
              return op === ':'
                ? have === rank
                : op === '>'
                  ? have > rank
                  : op === '>='
                    ? have >= rank
                    : op === '<'
                      ? have < rank
                      : have <= rank;
            }),
          );
        } else if (key === 'tags' || key === 'tag') {
          add(
            `tags${negative ? '-' + value : value}`,
            wrap((r) => Array.isArray(r.tags) && (r.tags as string[]).includes(value)),
          );
        } else if (['created', 'updated', 'solved', 'due_date'].includes(key)) {
          add(
            `${key}${op}${value}${negative}`,
            wrap((r) => {
              const source =
                key === 'solved'
                  ? metricFor(r).solved_at
                  : key === 'due_date'
                    ? r.due_at
                    : r[`${key}_at`];
              return compareDate(source, op, value);
            }),
          );
        } else if (key === 'role') {
          add(
            key,
            wrap((r) => r.role === value),
          );
        } else if (key === 'email') {
          add(
            key,
            wrap((r) => String(r.email ?? '').toLowerCase() === value.toLowerCase()),
          );
        } else if (key === 'ticket_type') {
          add(
            key,
            wrap((r) => r.type === value),
          );
        } else if (['requester', 'assignee', 'submitter'].includes(key)) {
          add(
            key,
            wrap((r) => {
              if (value === 'none') return r[`${key}_id`] == null;
              const user = store.users.find((u) => u.id === r[`${key}_id`]);
              return (
                String(r[`${key}_id`]) === value ||
                String(user?.email ?? '').toLowerCase() === value.toLowerCase()
              );
            }),
          );
        } else {
          return badRequest('InvalidSearch', `Unsupported search keyword: ${key}`);
        }
      }
      let pool: Array<{ type: string; record: Rec }> = [];
      if (type === null || type === 'ticket')
        pool.push(
          ...store.tickets.filter((t) => !t.archived).map((record) => ({ type: 'ticket', record })),
        );
      if (type === null || type === 'user')
        pool.push(...store.users.map((record) => ({ type: 'user', record })));
      pool = pool.filter(({ record }) => {
        for (const tests of groups.values()) if (!tests.some((t) => t(record))) return false;
        return free.every((word) => JSON.stringify(record).toLowerCase().includes(word));
      });
      const sortBy = q.get('sort_by');
      const desc = q.get('sort_order') !== 'asc';
      if (sortBy) {
        pool.sort((a, b) => {
          const c = String(a.record[sortBy] ?? a.record[`${sortBy}_at`] ?? '').localeCompare(
            String(b.record[sortBy] ?? b.record[`${sortBy}_at`] ?? ''),
          );
          return desc ? -c : c;
        });
      }
      const results = pool.map(({ type: t, record }) => ({ ...record, result_type: t }));
      return paged('results', 'search.json', results, q, () => ({ facets: null }));
    }

    function createTicket(request: MockRequest): MockResponse {
      const body = request.body as Rec | undefined;
      const input = body && typeof body === 'object' ? (body.ticket as Rec | undefined) : undefined;
      if (!input || typeof input !== 'object') {
        return badRequest('InvalidEndpoint', 'Invalid request body: expected {"ticket": {...}}');
      }
      const details: Record<string, Array<{ description: string; error: string }>> = {};
      const comment = input.comment as Rec | undefined;
      const commentBody =
        comment && typeof comment === 'object'
          ? typeof comment.body === 'string'
            ? comment.body
            : typeof comment.html_body === 'string'
              ? comment.html_body
              : ''
          : '';
      if (!commentBody.trim())
        details.base = [{ description: 'Description: cannot be blank', error: 'BlankValue' }];
      if (input.priority != null && !PRIORITIES.includes(String(input.priority))) {
        details.priority = [
          {
            description: `Priority: ${String(input.priority)} is not valid`,
            error: 'InvalidValue',
          },
        ];
      }
      if (input.status != null && !STATUSES.includes(String(input.status))) {
        details.status = [
          { description: `Status: ${String(input.status)} is not valid`, error: 'InvalidValue' },
        ];
      }
      if (input.type != null && !TYPES.includes(String(input.type))) {
        details.type = [
          { description: `Type: ${String(input.type)} is not valid`, error: 'InvalidValue' },
        ];
      }
      if (input.tags !== undefined && !Array.isArray(input.tags)) {
        details.tags = [
          { description: 'Tags: must be an array of strings', error: 'InvalidValue' },
        ];
      }
      let requesterId: unknown = input.requester_id ?? null;
      const requester = input.requester as Rec | undefined;
      if (requester && typeof requester === 'object') {
        const email =
          typeof requester.email === 'string' ? requester.email.trim().toLowerCase() : '';
        if (!email && !requester.name) {
          details.requester = [
            {
              description: 'Requester: Name:  is too short (minimum is 1 character)',
              error: 'InvalidValue',
            },
          ];
        } else {
          let user = email
            ? store.users.find((u) => String(u.email ?? '').toLowerCase() === email)
            : undefined;
          if (!user) {
            user = {
              id: nextUser++,
              name:
                typeof requester.name === 'string' && requester.name
                  ? requester.name
                  : email.split('@')[0],
              email: email || null,
              role: 'end-user',
              active: true,
              created_at: now(),
              updated_at: now(),
            };
            store.users.push(user);
          }
          requesterId = user.id;
        }
      } else if (requesterId !== null && !store.users.some((u) => u.id === requesterId)) {
        details.requester = [{ description: 'Requester: is invalid', error: 'InvalidValue' }];
      }
      if (Object.keys(details).length) return invalidRecord(details);
      const stamp = now();
      const ticket: Rec = {
        id: nextTicket++,
        url: `${context.origin}/api/v2/tickets/${nextTicket - 1}.json`,
        external_id: input.external_id ?? null,
        type: input.type ?? null,
        subject: typeof input.subject === 'string' ? input.subject : null,
        raw_subject: typeof input.subject === 'string' ? input.subject : null,
        description: commentBody,
        priority: input.priority ?? null,
        status: input.status ?? 'new',
        requester_id: requesterId,
        submitter_id: requesterId,
        assignee_id: input.assignee_id ?? null,
        group_id: input.group_id ?? null,
        tags: Array.isArray(input.tags)
          ? [
              ...new Set(
                (input.tags as unknown[]).map((t) => String(t).toLowerCase().replace(/\s+/g, '_')),
              ),
            ]
          : [],
        custom_fields: Array.isArray(input.custom_fields) ? input.custom_fields : [],
        comment_public: comment && typeof comment === 'object' ? comment.public !== false : true,
        via: { channel: 'api', source: { from: {}, to: {}, rel: null } },
        created_at: stamp,
        updated_at: stamp,
      };
      store.tickets.push(ticket);
      return json(201, {
        ticket,
        audit: { id: Number(ticket.id) * 100, ticket_id: ticket.id, created_at: stamp, events: [] },
      });
    }

    return {
      collections: () => store,
      handle(request: MockRequest): MockResponse {
        const path = request.path.replace(/\.json$/, '');
        const q = request.query;
        const m = path.match(/^\/api\/v2\/(.+)$/);
        if (!m) return json(404, { error: 'InvalidEndpoint', description: 'Not found' });
        const rest = m[1] ?? '';
        const get = request.method === 'GET';
        if (rest === 'tickets') {
          if (request.method === 'POST') return createTicket(request);
          if (!get) return json(405, { error: 'MethodNotAllowed' });
          const items = store.tickets
            .filter((t) => !t.archived)
            .sort((a, b) => Number(a.id) - Number(b.id));
          return paged('tickets', 'tickets.json', items, q, (page) => sideloads(q, page));
        }
        if (rest === 'tickets/show_many' && get) {
          const ids = (q.get('ids') ?? '').split(',').map(Number);
          const items = store.tickets.filter((t) => ids.includes(Number(t.id)));
          return json(200, { tickets: items, ...sideloads(q, items) });
        }
        let t = rest.match(/^tickets\/(\d+)(\/metrics)?$/);
        if (t && get) {
          const ticket = store.tickets.find((x) => Number(x.id) === Number(t?.[1]));
          if (!ticket) return notFound();
          if (t[2]) return json(200, { ticket_metric: metricFor(ticket) });
          return json(200, { ticket, ...sideloads(q, [ticket]) });
        }
        if (rest === 'ticket_metrics' && get) {
          const items = store.tickets
            .filter((x) => !x.archived)
            .sort((a, b) => Number(a.id) - Number(b.id))
            .map(metricFor);
          return paged('ticket_metrics', 'ticket_metrics.json', items, q);
        }
        t = rest.match(/^ticket_metrics\/(\d+)$/);
        if (t && get) {
          const metric = store.tickets
            .map(metricFor)
            .find((x) => Number(x.id) === Number(t?.[1]) || Number(x.ticket_id) === Number(t?.[1]));
          return metric ? json(200, { ticket_metric: metric }) : notFound();
        }
        if ((rest === 'search' || rest === 'search/export') && get) return search(q);
        if (rest === 'search/count' && get) {
          const res = search(q);
          return res.status === 200 ? json(200, { count: (res.body as Rec).count }) : res;
        }
        if (rest === 'users' && get) {
          const roles = [...q.getAll('role'), ...q.getAll('role[]')];
          for (const role of roles)
            if (!ROLES.includes(role))
              return badRequest('InvalidValue', `role: ${role} is not valid`);
          let items = [...store.users].sort((a, b) => Number(a.id) - Number(b.id));
          if (roles.length) items = items.filter((u) => roles.includes(String(u.role)));
          return paged('users', 'users.json', items, q);
        }
        if (rest === 'users/show_many' && get) {
          const ids = (q.get('ids') ?? '').split(',').map(Number);
          return json(200, { users: store.users.filter((u) => ids.includes(Number(u.id))) });
        }
        if (rest === 'users/search' && get) {
          const text = (q.get('query') ?? q.get('external_id') ?? '').toLowerCase();
          const byExternal = q.get('external_id');
          const items = store.users.filter((u) =>
            byExternal !== null
              ? String(u.external_id) === byExternal
              : String(u.email ?? '').toLowerCase() === text ||
                String(u.name ?? '')
                  .toLowerCase()
                  .includes(text),
          );
          return paged('users', 'users/search.json', items, q);
        }
        const u = rest.match(/^users\/(\d+)$/);
        if (u && get) {
          const user = store.users.find((x) => Number(x.id) === Number(u[1]));
          return user ? json(200, { user }) : notFound();
        }
        if (rest === 'incremental/users' && get) {
          const start = q.get('start_time');
          if (start === null || !/^\d+$/.test(start)) {
            return badRequest(
              'InvalidValue',
              'start_time is required and must be a Unix epoch time in seconds',
            );
          }
          const nowSec = Math.floor(context.now().getTime() / 1000);
          const items = store.users
            .filter((x) => timeOf(x.updated_at) / 1000 >= Number(start))
            .sort(
              (a, b) => timeOf(a.updated_at) - timeOf(b.updated_at) || Number(a.id) - Number(b.id),
            );
          const page = items.slice(0, PAGE_MAX);
          const endOfStream = items.length <= PAGE_MAX;
          const last = page[page.length - 1];
          const endTime = endOfStream
            ? Math.min(
                nowSec - 1,
                Math.max(
                  Number(start),
                  ...page.map((x) => Math.floor(timeOf(x.updated_at) / 1000)),
                ),
              )
            : Math.floor(timeOf(last?.updated_at) / 1000);
          const nextStart = endTime;
          return json(200, {
            users: page,
            count: page.length,
            end_time: endTime,
            end_of_stream: endOfStream,
            next_page: url('incremental/users.json', { start_time: String(nextStart) }),
          });
        }
        return json(404, { error: 'InvalidEndpoint', description: 'Not found' });
      },
    };
  },
};
