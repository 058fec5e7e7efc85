// Intercom REST API 2.x (conversations, contacts) under https://api.intercom.io, as the public
// reference describes it. Bearer access token; the `Intercom-Version` header picks the API version
// (the app's default when absent; an unknown version is a 400). Conversation lists and searches
// answer `{type: "conversation.list", conversations, total_count, pages: {type: "pages", page,
// per_page, total_pages, next: {page, starting_after}}}` and page with `per_page` (GET) or
// `pagination: {per_page, starting_after}` (search); this mock serves at most 5 a page. A
// conversation's `state` is open, closed or snoozed; unassigned ones have `admin_assignee_id` and
// `team_assignee_id` null (search them with `admin_assignee_id = 0` or `= null`); its starter is
// `source.author` ({type, id, name, email}). Times are Unix seconds. `POST /contacts` creates a
// contact (role user or lead); a duplicate external_id or email of the same role is a 409.
// Errors: `{type: "error.list", request_id, errors: [{code, message, field?}]}`.
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
const VERSIONS = [
  '1.0',
  '1.1',
  '1.2',
  '1.3',
  '1.4',
  '2.0',
  '2.1',
  '2.2',
  '2.3',
  '2.4',
  '2.5',
  '2.6',
  '2.7',
  '2.8',
  '2.9',
  '2.10',
  '2.11',
  '2.12',
  '2.13',
  '2.14',
  'Unstable',
];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function errors(
  status: number,
  list: Array<{ code: string; message: string; field?: string }>,
): MockResponse {
  return json(status, { type: 'error.list', request_id: '000b1e0c-intercom-mock', errors: list });
}

function fieldOf(record: Rec, field: string): unknown {
  return field
    .split('.')
    .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Rec)[k] : undefined), record);
}

/** Evaluates Intercom's search query object against a record. */
function evaluate(query: Rec, record: Rec): boolean | string {
  if (query.operator === 'AND' || query.operator === 'OR') {
    if (!Array.isArray(query.value)) return 'value must be an array for AND/OR';
    let result = query.operator === 'AND';
    for (const inner of query.value as Rec[]) {
      const r = evaluate(inner, record);
      if (typeof r === 'string') return r;
      result = query.operator === 'AND' ? result && r : result || r;
    }
    return result;
  }
  if (typeof query.field !== 'string') return 'field is required';
  const op = String(query.operator ?? '=');
  let value = fieldOf(record, query.field);
  const target = query.value;
  if (
    (query.field === 'admin_assignee_id' || query.field === 'team_assignee_id') &&
    (value === null || value === undefined)
  )
    value = 0;
  const same = (a: unknown, b: unknown) =>
    a === null || a === undefined ? b === null || b === 0 || b === '0' : String(a) === String(b);
  switch (op) {
    case '=':
      return same(value, target);
    case '!=':
      return !same(value, target);
    case 'IN':
      return Array.isArray(target) && target.some((t) => same(value, t));
    case 'NIN':
      return Array.isArray(target) && !target.some((t) => same(value, t));
    case '>':
      return Number(value) > Number(target);
    case '<':
      return Number(value) < Number(target);
    case '~':
      return (
        typeof value === 'string' && value.toLowerCase().includes(String(target).toLowerCase())
      );
    case '!~':
      return (
        typeof value !== 'string' || !value.toLowerCase().includes(String(target).toLowerCase())
      );
    case '^':
      return typeof value === 'string' && value.startsWith(String(target));
    case '$':
      return typeof value === 'string' && value.endsWith(String(target));
    default:
      return `Operator ${op} is not supported`;
  }
}

export const mock: VendorMock = {
  vendor: 'intercom',
  references: [
    'https://developers.intercom.com/docs/references/2.11/rest-api/api.intercom.io/conversations/listconversations',
    'https://developers.intercom.com/docs/references/2.11/rest-api/api.intercom.io/conversations/searchconversations',
    'https://developers.intercom.com/docs/references/2.11/rest-api/api.intercom.io/contacts/createcontact',
    'https://developers.intercom.com/docs/references/2.11/rest-api/api.intercom.io/contacts/searchcontacts',
    'https://developers.intercom.com/docs/build-an-integration/learn-more/rest-apis/api-versioning',
    'https://developers.intercom.com/docs/build-an-integration/learn-more/rest-apis/pagination',
    'https://developers.intercom.com/docs/references/rest-api/errors/error-codes',
  ],
  unauthorized: () => errors(401, [{ code: 'unauthorized', message: 'Access Token Invalid' }]),
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as { conversations?: Rec[]; contacts?: Rec[] };
    const store: { conversations: Rec[]; contacts: Rec[] } = {
      conversations: data.conversations ?? [],
      contacts: data.contacts ?? [],
    };
    let next = 1;
    const nowSec = () => Math.floor(context.now().getTime() / 1000);

    function listAnswer(
      kind: 'conversation' | 'contact',
      items: Rec[],
      perPage: number,
      after: string | null,
    ): MockResponse {
      const size = Math.min(perPage, PAGE_MAX);
      const start =
        after === null ? 0 : Number(Buffer.from(after, 'base64url').toString('utf8')) || 0;
      const page = items.slice(start, start + size);
      const more = start + size < items.length;
      const pageNo = Math.floor(start / size) + 1;
      return json(200, {
        type: kind === 'conversation' ? 'conversation.list' : 'list',
        [kind === 'conversation' ? 'conversations' : 'data']: page,
        total_count: items.length,
        pages: {
          type: 'pages',
          page: pageNo,
          per_page: size,
          total_pages: Math.max(1, Math.ceil(items.length / size)),
          ...(more
            ? {
                next: {
                  page: pageNo + 1,
                  starting_after: Buffer.from(String(start + size)).toString('base64url'),
                },
              }
            : {}),
        },
      });
    }

    function search(kind: 'conversation' | 'contact', body: Rec): MockResponse {
      const query = body.query as Rec | undefined;
      if (!query || typeof query !== 'object')
        return errors(400, [{ code: 'parameter_invalid', message: 'query is required' }]);
      const pagination = (body.pagination ?? {}) as Rec;
      const perPage =
        pagination.per_page === undefined
          ? kind === 'conversation'
            ? 20
            : 50
          : Number(pagination.per_page);
      if (!Number.isInteger(perPage) || perPage < 1 || perPage > 150) {
        return errors(400, [
          { code: 'parameter_invalid', message: 'per_page must be between 1 and 150' },
        ]);
      }
      const pool = kind === 'conversation' ? store.conversations : store.contacts;
      const out: Rec[] = [];
      for (const r of pool) {
        const ok = evaluate(query, r);
        if (typeof ok === 'string')
          return errors(400, [{ code: 'parameter_invalid', message: ok }]);
        if (ok) out.push(r);
      }
      out.sort((a, b) => Number(a.created_at) - Number(b.created_at));
      return listAnswer(
        kind,
        out,
        perPage,
        typeof pagination.starting_after === 'string' ? pagination.starting_after : null,
      );
    }

    function createContact(body: Rec): MockResponse {
      const role = body.role === undefined ? 'user' : body.role;
      if (role !== 'user' && role !== 'lead')
        return errors(400, [
          { code: 'parameter_invalid', message: 'role must be one of user, lead', field: 'role' },
        ]);
      const email = body.email;
      const externalId = body.external_id;
      if (email === undefined && externalId === undefined && body.role !== 'lead') {
        return errors(400, [
          { code: 'parameter_not_found', message: 'requires email or external_id' },
        ]);
      }
      if (
        email !== undefined &&
        email !== null &&
        (typeof email !== 'string' || !EMAIL.test(email))
      ) {
        return errors(400, [
          { code: 'parameter_invalid', message: 'Email address is invalid', field: 'email' },
        ]);
      }
      if (
        externalId !== undefined &&
        externalId !== null &&
        typeof externalId !== 'string' &&
        typeof externalId !== 'number'
      ) {
        return errors(400, [
          {
            code: 'parameter_invalid',
            message: 'external_id must be a string',
            field: 'external_id',
          },
        ]);
      }
      for (const name of ['signed_up_at', 'last_seen_at']) {
        if (body[name] !== undefined && body[name] !== null && !Number.isInteger(body[name])) {
          return errors(400, [
            {
              code: 'parameter_invalid',
              message: `${name} must be a Unix timestamp in seconds`,
              field: name,
            },
          ]);
        }
      }
      const allowed = [
        'role',
        'external_id',
        'email',
        'phone',
        'name',
        'avatar',
        'signed_up_at',
        'last_seen_at',
        'owner_id',
        'unsubscribed_from_emails',
        'custom_attributes',
      ];
      for (const key of Object.keys(body)) {
        if (!allowed.includes(key))
          return errors(400, [
            { code: 'parameter_invalid', message: `${key} is not a valid parameter` },
          ]);
      }
      if (body.custom_attributes !== undefined) {
        return errors(400, [
          { code: 'parameter_invalid', message: 'Custom attribute does not exist' },
        ]);
      }
      const clash = store.contacts.find(
        (c) =>
          c.role === role &&
          ((externalId != null && String(c.external_id) === String(externalId)) ||
            (typeof email === 'string' &&
              String(c.email ?? '').toLowerCase() === email.toLowerCase())),
      );
      if (clash) {
        return errors(409, [
          {
            code: 'conflict',
            message: `A contact matching those details already exists with id=${String(clash.id)}`,
          },
        ]);
      }
      const stamp = nowSec();
      const contact: Rec = {
        type: 'contact',
        id: `6650b1e0c0ffee${String(next++).padStart(10, '0')}`,
        workspace_id: 'b1x9q2zz',
        external_id: externalId == null ? null : String(externalId),
        role,
        email: typeof email === 'string' ? email : null,
        phone: typeof body.phone === 'string' ? body.phone : null,
        name: typeof body.name === 'string' ? body.name : null,
        avatar: null,
        owner_id: body.owner_id ?? null,
        has_hard_bounced: false,
        marked_email_as_spam: false,
        unsubscribed_from_emails: body.unsubscribed_from_emails === true,
        created_at: stamp,
        updated_at: stamp,
        signed_up_at: body.signed_up_at ?? null,
        last_seen_at: body.last_seen_at ?? null,
        custom_attributes: {},
        tags: { type: 'list', data: [], url: '', total_count: 0, has_more: false },
      };
      store.contacts.push(contact);
      return json(200, contact);
    }

    return {
      collections: () => store,
      handle(request: MockRequest): MockResponse {
        const version = request.headers['intercom-version'];
        if (version !== undefined && !VERSIONS.includes(version)) {
          return errors(400, [
            {
              code: 'intercom_version_invalid',
              message: 'The requested version could not be found',
            },
          ]);
        }
        const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Rec;
        const path = request.path.replace(/\/$/, '');
        if (path === '/conversations' && request.method === 'GET') {
          const perPage =
            request.query.get('per_page') === null ? 20 : Number(request.query.get('per_page'));
          if (!Number.isInteger(perPage) || perPage < 1 || perPage > 150) {
            return errors(400, [
              { code: 'parameter_invalid', message: 'per_page must be between 1 and 150' },
            ]);
          }
          const items = [...store.conversations].sort(
            (a, b) => Number(b.updated_at) - Number(a.updated_at),
          );
          return listAnswer('conversation', items, perPage, request.query.get('starting_after'));
        }
        if (path === '/conversations/search' && request.method === 'POST')
          return search('conversation', body);
        const conv = path.match(/^\/conversations\/([^/]+)$/);
        if (conv && request.method === 'GET') {
          const found = store.conversations.find((c) => String(c.id) === conv[1]);
          return found
            ? json(200, found)
            : errors(404, [{ code: 'not_found', message: 'Resource Not Found' }]);
        }
        if (path === '/contacts' && request.method === 'POST') return createContact(body);
        if (path === '/contacts' && request.method === 'GET') {
          const perPage =
            request.query.get('per_page') === null ? 50 : Number(request.query.get('per_page'));
          return listAnswer(
            'contact',
            store.contacts,
            perPage,
            request.query.get('starting_after'),
          );
        }
        if (path === '/contacts/search' && request.method === 'POST')
          return search('contact', body);
        const contact = path.match(/^\/contacts\/([^/]+)$/);
        if (contact && request.method === 'GET') {
          const found = store.contacts.find((c) => String(c.id) === contact[1]);
          return found
            ? json(200, found)
            : errors(404, [{ code: 'not_found', message: 'User Not Found' }]);
        }
        return errors(404, [{ code: 'not_found', message: 'Resource Not Found' }]);
      },
    };
  },
};
