// Freshdesk API v2 (https://{domain}.freshdesk.com/api/v2), from its public reference. HTTP
// Basic auth with the API key as the user name and "X" as the password. Status and priority are
// numbers: status 2 Open, 3 Pending, 4 Resolved, 5 Closed; priority 1 Low, 2 Medium, 3 High,
// 4 Urgent. GET /tickets pages with `page` and `per_page` (default 30, max 100) and a `Link`
// header with rel="next" while more pages exist; by default it only returns tickets created in
// the past 30 days (older ones need `updated_since`), never spam or deleted ones, and the
// requester only with `include=requester`. GET /search/tickets?query="…" filters on fields
// (30 a page, `page` up to 10) and answers `{"results", "total"}`. GET /contacts lists contacts
// (not deleted ones unless `state=deleted`). POST /tickets validates the way Freshdesk does and
// answers 400 `{"description": "Validation failed", "errors": [{field, message, code}]}`.
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json } from '../mock-kit.ts';

type Rec = Record<string, unknown>;

interface FieldError {
  field: string;
  message: string;
  code: string;
}
const validation = (errors: FieldError[]): MockResponse =>
  json(400, { description: 'Validation failed', errors });

const TICKET_CREATE = new Set([
  'name',
  'requester_id',
  'email',
  'facebook_id',
  'phone',
  'twitter_id',
  'unique_external_id',
  'subject',
  'type',
  'status',
  'priority',
  'description',
  'responder_id',
  'attachments',
  'cc_emails',
  'custom_fields',
  'due_by',
  'email_config_id',
  'fr_due_by',
  'group_id',
  'parent_id',
  'product_id',
  'source',
  'tags',
  'company_id',
  'internal_agent_id',
  'internal_group_id',
  'lookup_parameter',
]);

// ---- Freshdesk's search query language: field:value, field:>'date', AND, OR, parentheses ----
function compileQuery(query: string): ((t: Rec) => boolean) | string {
  const tokens =
    query.match(/\(|\)|'[^']*'|[A-Za-z_]+:[<>]?(?:'[^']*'|[^\s()]+)|AND|OR|\S+/g) ?? [];
  let p = 0;
  const fieldOf = (t: Rec, f: string): unknown => {
    if (f === 'tag') return t.tags;
    if (f in t) return t[f];
    return ((t.custom_fields ?? {}) as Rec)[f] ?? ((t.custom_fields ?? {}) as Rec)[`cf_${f}`];
  };
  function atom(): ((t: Rec) => boolean) | string {
    const tok = tokens[p++];
    if (tok === undefined) return 'Unexpected end of query';
    if (tok === '(') {
      const inner = or();
      if (typeof inner === 'string') return inner;
      if (tokens[p++] !== ')') return 'Missing ")"';
      return inner;
    }
    const m = /^([A-Za-z_]+):([<>]?)(.*)$/.exec(tok);
    if (!m) return `Invalid query term: ${tok}`;
    const field = m[1]!;
    const cmp = m[2];
    const rawValue = m[3] ?? '';
    const value = rawValue.replace(/^'|'$/g, '');
    if (
      [
        'status',
        'priority',
        'group_id',
        'agent_id',
        'responder_id',
        'requester_id',
        'company_id',
        'source',
      ].includes(field)
    ) {
      if (!/^\d+$/.test(value) && value !== 'null') return `Invalid value for ${field}: ${value}`;
    }
    const key = field === 'agent_id' ? 'responder_id' : field;
    return (t) => {
      const v = fieldOf(t, key);
      if (cmp) {
        const a = String(v ?? '').slice(0, 10);
        return cmp === '>' ? a >= value : a <= value;
      }
      if (value === 'null') return v === null || v === undefined;
      if (Array.isArray(v)) return v.map(String).includes(value);
      if (key === 'created_at' || key === 'updated_at' || key === 'due_by' || key === 'fr_due_by')
        return String(v ?? '').slice(0, 10) === value;
      return String(v) === value;
    };
  }
  function and(): ((t: Rec) => boolean) | string {
    let left = atom();
    while (typeof left !== 'string' && tokens[p] === 'AND') {
      p++;
      const right = atom();
      if (typeof right === 'string') return right;
      const l = left;
      left = (t) => l(t) && right(t);
    }
    return left;
  }
  function or(): ((t: Rec) => boolean) | string {
    let left = and();
    while (typeof left !== 'string' && tokens[p] === 'OR') {
      p++;
      const right = and();
      if (typeof right === 'string') return right;
      const l = left;
      left = (t) => l(t) || right(t);
    }
    return left;
  }
  const result = or();
  if (typeof result !== 'string' && p < tokens.length) return `Unexpected "${tokens[p]}" in query`;
  return result;
}

export const mock: VendorMock = {
  vendor: 'freshdesk',
  references: [
    'https://developers.freshdesk.com/api/#tickets',
    'https://developers.freshdesk.com/api/#list_all_tickets',
    'https://developers.freshdesk.com/api/#filter_tickets',
    'https://developers.freshdesk.com/api/#create_ticket',
    'https://developers.freshdesk.com/api/#list_all_contacts',
    'https://developers.freshdesk.com/api/#pagination',
    'https://developers.freshdesk.com/api/#error',
    'https://developers.freshdesk.com/api/#authentication',
  ],
  unauthorized: () =>
    json(401, {
      code: 'invalid_credentials',
      message: 'You have to be logged in to perform this action.',
    }),
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as {
      tickets?: Rec[];
      contacts?: Rec[];
      agents?: Rec[];
      groups?: Rec[];
    };
    const contacts: Rec[] = structuredClone(data.contacts ?? []).map((c) => ({
      active: true,
      address: null,
      company_id: null,
      description: null,
      job_title: null,
      language: 'en',
      mobile: null,
      phone: null,
      time_zone: 'Eastern Time (US & Canada)',
      twitter_id: null,
      other_emails: [],
      unique_external_id: null,
      view_all_tickets: false,
      deleted: false,
      ...c,
    }));
    let nextTicket = 1;
    const tickets: Rec[] = structuredClone(data.tickets ?? []).map((t) => normaliseTicket(t));
    nextTicket = tickets.reduce((m, t) => Math.max(m, Number(t.id)), 0) + 1;
    let nextContact = contacts.reduce((m, c) => Math.max(m, Number(c.id)), 81000000000) + 1;

    function normaliseTicket(t: Rec): Rec {
      return {
        cc_emails: [],
        fwd_emails: [],
        reply_cc_emails: [],
        ticket_cc_emails: [],
        fr_escalated: false,
        spam: false,
        email_config_id: null,
        group_id: null,
        priority: 1,
        requester_id: null,
        responder_id: null,
        source: 2,
        company_id: null,
        status: 2,
        subject: '',
        association_type: null,
        support_email: null,
        to_emails: null,
        product_id: null,
        type: null,
        due_by: null,
        fr_due_by: null,
        is_escalated: false,
        description: '',
        description_text: '',
        custom_fields: {},
        tags: [],
        deleted: false,
        ...t,
        id: Number(t.id ?? nextTicket++),
        updated_at: t.updated_at ?? t.created_at,
      };
    }

    /** What a list or search shows of a ticket: no description, the requester only when asked. */
    function listView(t: Rec, include: string[]): Rec {
      const { description, description_text, deleted, ...rest } = t;
      const out: Rec = { ...rest };
      if (include.includes('description')) {
        out.description = description;
        out.description_text = description_text;
      }
      if (include.includes('requester')) {
        const c = contacts.find((x) => x.id === t.requester_id);
        out.requester = c
          ? {
              id: c.id,
              name: c.name,
              email: c.email ?? null,
              mobile: c.mobile ?? null,
              phone: c.phone ?? null,
            }
          : null;
      }
      if (include.includes('stats'))
        out.stats = {
          agent_responded_at: null,
          requester_responded_at: null,
          first_responded_at: null,
          status_updated_at: t.updated_at,
          reopened_at: null,
          resolved_at: null,
          closed_at: null,
          pending_since: null,
        };
      void deleted;
      return out;
    }

    function pageParams(
      q: URLSearchParams,
      max: number,
      fallback: number,
    ): { page: number; per: number } | MockResponse {
      const per = q.get('per_page') === null ? fallback : Number(q.get('per_page'));
      const page = q.get('page') === null ? 1 : Number(q.get('page'));
      const errors: FieldError[] = [];
      if (!Number.isInteger(per) || per < 1 || per > max)
        errors.push({
          field: 'per_page',
          message: `It should be a Positive Integer less than or equal to ${max}`,
          code: 'invalid_value',
        });
      if (!Number.isInteger(page) || page < 1)
        errors.push({
          field: 'page',
          message: 'It should be a Positive Integer',
          code: 'invalid_value',
        });
      return errors.length ? validation(errors) : { page, per };
    }

    // The mock honours per_page as asked: the ctx client sees bodies, not the Link header, so a
    // short page is the only end signal code has.
    function paged(
      list: Rec[],
      req: MockRequest,
      path: string,
      max = 100,
      fallback = 30,
    ): MockResponse {
      const pp = pageParams(req.query, max, fallback);
      if ('status' in pp) return pp;
      const { page, per } = pp;
      const slice = list.slice((page - 1) * per, page * per);
      const headers: Record<string, string> = {};
      if (page * per < list.length) {
        const params = new URLSearchParams(req.query);
        params.set('page', String(page + 1));
        params.set('per_page', String(per));
        headers.link = `<${context.origin}${path}?${params.toString()}>; rel="next"`;
      }
      return json(200, slice, headers);
    }

    function createTicket(req: MockRequest): MockResponse {
      const body = req.body as Rec | undefined;
      if (!body || typeof body !== 'object' || Array.isArray(body))
        return validation([
          {
            field: 'body',
            message: 'Request body is not a valid JSON object',
            code: 'invalid_json',
          },
        ]);
      const errors: FieldError[] = [];
      for (const k of Object.keys(body))
        if (!TICKET_CREATE.has(k))
          errors.push({
            field: k,
            message: 'Unexpected/invalid field in request',
            code: 'invalid_field',
          });
      const requesterKeys = [
        'requester_id',
        'email',
        'facebook_id',
        'phone',
        'twitter_id',
        'unique_external_id',
      ];
      if (!requesterKeys.some((k) => body[k] !== undefined && body[k] !== null && body[k] !== '')) {
        errors.push({
          field: 'requester_id',
          message:
            'Please fill at least 1 of email, mobile, phone, requester_id, twitter_id, unique_external_id fields',
          code: 'missing_field',
        });
      }
      if (
        body.email !== undefined &&
        (typeof body.email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.email))
      ) {
        errors.push({
          field: 'email',
          message: `It should be in the 'valid email address' format`,
          code: 'invalid_value',
        });
      }
      const intEnum = (field: string, allowed: number[], required: boolean): void => {
        const v = body[field];
        if (v === undefined) {
          if (required)
            errors.push({
              field,
              message: 'It should be one of these values: ' + `'${allowed.join(',')}'`,
              code: 'missing_field',
            });
          return;
        }
        if (typeof v !== 'number' || !Number.isInteger(v))
          errors.push({
            field,
            message: `Value set is of type ${typeof v === 'string' ? 'String' : typeof v}.It should be a/an Integer`,
            code: 'datatype_mismatch',
          });
        else if (!allowed.includes(v))
          errors.push({
            field,
            message: `It should be one of these values: '${allowed.join(',')}'`,
            code: 'invalid_value',
          });
      };
      intEnum('status', [2, 3, 4, 5], false);
      intEnum('priority', [1, 2, 3, 4], false);
      intEnum('source', [1, 2, 3, 7, 9, 10], false);
      for (const f of ['subject', 'description']) {
        if (body[f] === undefined || body[f] === null || body[f] === '')
          errors.push({ field: f, message: 'It should be a/an String', code: 'missing_field' });
        else if (typeof body[f] !== 'string')
          errors.push({
            field: f,
            message: `Value set is of type ${typeof body[f]}.It should be a/an String`,
            code: 'datatype_mismatch',
          });
      }
      if (
        body.tags !== undefined &&
        (!Array.isArray(body.tags) || body.tags.some((x) => typeof x !== 'string'))
      ) {
        errors.push({
          field: 'tags',
          message: 'It should be a/an Array',
          code: 'datatype_mismatch',
        });
      }
      if (
        body.type !== undefined &&
        body.type !== null &&
        !['Question', 'Incident', 'Problem', 'Feature Request', 'Refund'].includes(
          String(body.type),
        )
      ) {
        errors.push({
          field: 'type',
          message:
            "It should be one of these values: 'Question,Incident,Problem,Feature Request,Refund'",
          code: 'invalid_value',
        });
      }
      if (errors.length) return validation(errors);
      let requesterId = body.requester_id as number | undefined;
      if (requesterId === undefined && typeof body.email === 'string') {
        let c = contacts.find((x) => x.email === body.email);
        if (!c) {
          c = {
            id: nextContact++,
            name: body.name ?? String(body.email).split('@')[0],
            email: body.email,
            active: false,
            created_at: context
              .now()
              .toISOString()
              .replace(/\.\d{3}Z$/, 'Z'),
            deleted: false,
          };
          contacts.push(c);
        }
        requesterId = c.id as number;
      }
      const now = context
        .now()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z');
      const ticket = normaliseTicket({
        ...body,
        id: nextTicket++,
        requester_id: requesterId ?? null,
        description_text: String(body.description).replace(/<[^>]+>/g, ''),
        status: body.status ?? 2,
        priority: body.priority ?? 1,
        source: body.source ?? 2,
        created_at: now,
        updated_at: now,
        due_by: body.due_by ?? null,
        fr_due_by: body.fr_due_by ?? null,
      });
      delete ticket.name;
      tickets.push(ticket);
      return json(201, ticket, {
        location: `${context.origin}/api/v2/tickets/${String(ticket.id)}`,
      });
    }

    return {
      collections: () => ({ tickets, contacts }),
      handle(req: MockRequest): MockResponse {
        if (!req.path.startsWith('/api/v2/'))
          return json(404, { code: 'invalid_url', message: 'The URL is invalid' });
        const path = req.path.replace(/\/+$/, '');
        const sub = path.slice('/api/v2'.length);
        const q = req.query;
        const include = (q.get('include') ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        if (sub === '/tickets' && req.method === 'POST') return createTicket(req);
        if (sub === '/tickets' && req.method === 'GET') {
          for (const inc of include)
            if (!['requester', 'stats', 'description', 'company'].includes(inc))
              return validation([
                {
                  field: 'include',
                  message:
                    "It should be one of these values: 'requester,stats,description,company'",
                  code: 'invalid_value',
                },
              ]);
          const filter = q.get('filter');
          if (filter && !['new_and_my_open', 'watching', 'spam', 'deleted'].includes(filter))
            return validation([
              {
                field: 'filter',
                message:
                  "It should be one of these values: 'new_and_my_open,watching,spam,deleted'",
                code: 'invalid_value',
              },
            ]);
          let list = tickets.filter((t) =>
            filter === 'spam'
              ? t.spam === true
              : filter === 'deleted'
                ? t.deleted === true
                : !t.spam && !t.deleted,
          );
          const since = q.get('updated_since');
          if (since) {
            const ms = Date.parse(since);
            if (Number.isNaN(ms))
              return validation([
                {
                  field: 'updated_since',
                  message: "It should be in the 'combined date and time ISO8601' format",
                  code: 'invalid_value',
                },
              ]);
            list = list.filter((t) => Date.parse(String(t.updated_at)) >= ms);
          } else if (!q.get('requester_id') && !q.get('email') && !q.get('company_id')) {
            // Only tickets created within the past 30 days, unless updated_since says otherwise.
            const floor = context.now().getTime() - 30 * 24 * 3600 * 1000;
            list = list.filter((t) => Date.parse(String(t.created_at)) >= floor);
          }
          if (filter === 'new_and_my_open') list = list.filter((t) => t.status === 2);
          for (const k of ['requester_id', 'company_id'])
            if (q.get(k)) list = list.filter((t) => String(t[k]) === q.get(k));
          if (q.get('email')) {
            const c = contacts.find((x) => x.email === q.get('email'));
            list = list.filter((t) => c && t.requester_id === c.id);
          }
          const orderBy = q.get('order_by') ?? 'created_at';
          if (!['created_at', 'due_by', 'updated_at', 'status'].includes(orderBy))
            return validation([
              {
                field: 'order_by',
                message: "It should be one of these values: 'created_at,due_by,updated_at,status'",
                code: 'invalid_value',
              },
            ]);
          const asc = (q.get('order_type') ?? 'desc') === 'asc';
          list = [...list].sort(
            (a, b) => String(a[orderBy]).localeCompare(String(b[orderBy])) * (asc ? 1 : -1),
          );
          const res = paged(
            list.map((t) => listView(t, include)),
            req,
            path,
          );
          return res;
        }
        if (sub === '/search/tickets' && req.method === 'GET') {
          const raw = q.get('query');
          if (!raw)
            return validation([
              { field: 'query', message: 'Missing query', code: 'missing_field' },
            ]);
          if (!/^".*"$/s.test(raw.trim()))
            return validation([
              {
                field: 'query',
                message: 'Query should be enclosed within double quotes',
                code: 'invalid_value',
              },
            ]);
          const compiled = compileQuery(raw.trim().slice(1, -1));
          if (typeof compiled === 'string')
            return validation([{ field: 'query', message: compiled, code: 'invalid_value' }]);
          const page = q.get('page') === null ? 1 : Number(q.get('page'));
          if (!Number.isInteger(page) || page < 1 || page > 10)
            return validation([
              {
                field: 'page',
                message: 'It should be a Positive Integer less than or equal to 10',
                code: 'invalid_value',
              },
            ]);
          const list = tickets
            .filter((t) => !t.spam && !t.deleted && compiled(t))
            .sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)));
          return json(200, {
            results: list.slice((page - 1) * 30, page * 30).map((t) => listView(t, [])),
            total: list.length,
          });
        }
        let m = /^\/tickets\/(\d+)$/.exec(sub);
        if (m && req.method === 'GET') {
          const t = tickets.find((x) => String(x.id) === m![1] && !x.deleted);
          if (!t)
            return json(404, {
              code: 'access_denied',
              message: 'You are not authorized to perform this action.',
            });
          const view = listView(t, [...include, 'description']);
          return json(200, view);
        }
        if (sub === '/contacts' && req.method === 'GET') {
          const state = q.get('state');
          if (state && !['blocked', 'deleted', 'unverified', 'verified'].includes(state))
            return validation([
              {
                field: 'state',
                message: "It should be one of these values: 'blocked,deleted,unverified,verified'",
                code: 'invalid_value',
              },
            ]);
          let list = contacts.filter((c) =>
            state === 'deleted'
              ? c.deleted === true
              : !c.deleted && (state === 'blocked' ? c.blocked === true : !c.blocked),
          );
          if (state === 'verified') list = list.filter((c) => c.active === true);
          if (state === 'unverified') list = list.filter((c) => c.active !== true);
          for (const k of ['email', 'mobile', 'phone', 'company_id'])
            if (q.get(k)) list = list.filter((c) => String(c[k]) === q.get(k));
          const since = q.get('_updated_since');
          if (since)
            list = list.filter((c) => Date.parse(String(c.updated_at)) >= Date.parse(since));
          list = [...list].sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)));
          return paged(
            list.map(({ deleted, blocked, ...c }) => {
              void deleted;
              void blocked;
              return c;
            }),
            req,
            path,
            100,
            30,
          );
        }
        m = /^\/contacts\/(\d+)$/.exec(sub);
        if (m && req.method === 'GET') {
          const c = contacts.find((x) => String(x.id) === m![1]);
          return c
            ? json(200, c)
            : json(404, {
                code: 'access_denied',
                message: 'You are not authorized to perform this action.',
              });
        }
        return json(404, { code: 'invalid_url', message: 'The URL is invalid' });
      },
    };
  },
};
