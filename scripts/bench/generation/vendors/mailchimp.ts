// Mailchimp Marketing API 3.0 (audience members and their tags) under
// https://{dc}.api.mailchimp.com/3.0, as the public reference describes it. HTTP Basic auth with
// any user name and the API key as the password. A member's id is its subscriber hash: the MD5 of
// the lower-cased email address. `PUT /lists/{list_id}/members/{hash}` adds or updates (a new
// member needs `status_if_new` or `status`); `POST /lists/{list_id}/members` creates (400 "Member
// Exists" when it does); `PATCH` updates (404 when it does not exist); tags are changed with
// `POST …/members/{hash}/tags` (`{tags: [{name, status: "active"|"inactive"}]}`, 204) or given as
// `tags: ["…"]` on create (POST only: PUT has no tags field). Lists page with `count` (default 10) and `offset` and give
// `total_items`; `status=` filters members (unsubscribed and cleaned members are listed
// unless a status is asked for). Errors are problem documents
// `{type, title, status, detail, instance, errors?}`. The member path takes the subscriber hash or the
// email address itself (percent-encoded or not), as the reference allows.
import { createHash } from 'node:crypto';
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json, pageSize } from '../mock-kit.ts';

type Rec = Record<string, unknown>;
const DEFAULT_COUNT = 5; // stands in for Mailchimp's default count of 10, so that paging matters
const STATUSES = ['subscribed', 'unsubscribed', 'cleaned', 'pending', 'transactional'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function subscriberHash(email: string): string {
  return createHash('md5').update(email.trim().toLowerCase()).digest('hex');
}

function problem(
  status: number,
  title: string,
  detail: string,
  errors?: Array<{ field: string; message: string }>,
): MockResponse {
  return json(status, {
    type: 'https://mailchimp.com/developer/marketing/docs/errors/',
    title,
    status,
    detail,
    instance: '5b1e8d0c-7f34-4c7e-9a2b-000000000000',
    ...(errors ? { errors } : {}),
  });
}

export const mock: VendorMock = {
  vendor: 'mailchimp',
  references: [
    'https://mailchimp.com/developer/marketing/api/list-members/',
    'https://mailchimp.com/developer/marketing/api/list-members/add-or-update-list-member/',
    'https://mailchimp.com/developer/marketing/api/list-members/list-members-info/',
    'https://mailchimp.com/developer/marketing/api/list-member-tags/add-or-remove-member-tags/',
    'https://mailchimp.com/developer/marketing/docs/methods-parameters/#pagination',
    'https://mailchimp.com/developer/marketing/docs/errors/',
    'https://mailchimp.com/developer/marketing/docs/fundamentals/#connecting-to-the-api',
    'https://mailchimp.com/developer/marketing/guides/create-your-first-audience/#add-a-contact-to-an-audience',
  ],
  unauthorized: () =>
    problem(
      401,
      'API Key Invalid',
      "Your API key may be invalid, or you've attempted to access the wrong datacenter.",
    ),
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as { lists?: Rec[]; members?: Rec[] };
    const store: { lists: Rec[]; members: Rec[] } = {
      lists: data.lists ?? [],
      members: data.members ?? [],
    };
    const now = () =>
      context
        .now()
        .toISOString()
        .replace(/\.\d{3}Z$/, '+00:00');
    for (const m of store.members) {
      m.id ??= subscriberHash(String(m.email_address));
      m.tags ??= [];
      m.merge_fields ??= {};
    }
    let tagId = 1000;

    function memberView(m: Rec): Rec {
      const tags = (m.tags as Rec[]) ?? [];
      return { ...m, tags_count: tags.length, _links: [] };
    }

    function mergeFieldsOf(list: Rec): string[] {
      const defs = Array.isArray(list.merge_fields) ? (list.merge_fields as Rec[]) : null;
      return defs
        ? defs.map((d) => String(d.tag))
        : ['FNAME', 'LNAME', 'ADDRESS', 'PHONE', 'BIRTHDAY'];
    }

    function checkMember(
      list: Rec,
      body: Rec,
      isNew: boolean,
    ): Array<{ field: string; message: string }> | string | null {
      const errors: Array<{ field: string; message: string }> = [];
      if (isNew || body.email_address !== undefined) {
        if (typeof body.email_address !== 'string' || !EMAIL.test(body.email_address.trim())) {
          return 'Please provide a valid email address.';
        }
      }
      const status = body.status ?? (isNew ? body.status_if_new : undefined);
      if (isNew && status === undefined) {
        errors.push({ field: 'status', message: 'Schema describes enum, NULL found instead' });
      }
      for (const name of ['status', 'status_if_new']) {
        if (body[name] !== undefined && !STATUSES.includes(String(body[name]))) {
          errors.push({ field: name, message: 'Value is not one of enum values' });
        }
      }
      if (body.merge_fields !== undefined) {
        if (
          !body.merge_fields ||
          typeof body.merge_fields !== 'object' ||
          Array.isArray(body.merge_fields)
        ) {
          errors.push({
            field: 'merge_fields',
            message: 'Schema describes object, ' + typeof body.merge_fields + ' found instead',
          });
        } else {
          const allowed = mergeFieldsOf(list);
          for (const [tag, value] of Object.entries(body.merge_fields as Rec)) {
            if (!allowed.includes(tag)) {
              return `Your merge fields were invalid. Merge field ${tag} does not exist in this audience.`;
            }
            if (
              typeof value !== 'string' &&
              typeof value !== 'number' &&
              !(value && typeof value === 'object' && tag === 'ADDRESS')
            ) {
              errors.push({
                field: `merge_fields.${tag}`,
                message:
                  'Schema describes string, ' +
                  (value === null ? 'NULL' : typeof value) +
                  ' found instead',
              });
            }
          }
        }
      }
      if (
        body.tags !== undefined &&
        (!Array.isArray(body.tags) || (body.tags as unknown[]).some((t) => typeof t !== 'string'))
      ) {
        errors.push({ field: 'tags', message: 'Schema describes array of strings' });
      }
      return errors.length ? errors : null;
    }

    function invalid(result: Array<{ field: string; message: string }> | string): MockResponse {
      if (typeof result === 'string') return problem(400, 'Invalid Resource', result);
      return problem(
        400,
        'Invalid Resource',
        "The resource submitted could not be validated. For field-specific details, see the 'errors' array.",
        result,
      );
    }

    function write(list: Rec, existing: Rec | undefined, body: Rec, withTags = false): Rec {
      const stamp = now();
      if (existing) {
        if (typeof body.status === 'string') existing.status = body.status;
        if (body.merge_fields && typeof body.merge_fields === 'object') {
          existing.merge_fields = {
            ...(existing.merge_fields as Rec),
            ...(body.merge_fields as Rec),
          };
        }
        if (typeof body.email_address === 'string')
          existing.email_address = body.email_address.trim();
        for (const name of ['email_type', 'language', 'vip'])
          if (body[name] !== undefined) existing[name] = body[name];
        existing.last_changed = stamp;
        return existing;
      }
      const email = String(body.email_address).trim();
      const member: Rec = {
        id: subscriberHash(email),
        email_address: email,
        unique_email_id: subscriberHash(email).slice(0, 10),
        contact_id: subscriberHash(email).slice(0, 24),
        full_name: '',
        web_id: 100000 + store.members.length,
        email_type: typeof body.email_type === 'string' ? body.email_type : 'html',
        status: body.status ?? body.status_if_new,
        merge_fields: {
          ...Object.fromEntries(mergeFieldsOf(list).map((t) => [t, ''])),
          ...((body.merge_fields as Rec) ?? {}),
        },
        ip_signup: '',
        timestamp_signup: '',
        timestamp_opt: stamp,
        last_changed: stamp,
        language: typeof body.language === 'string' ? body.language : '',
        vip: body.vip === true,
        source: 'API - Generic',
        tags:
          withTags && Array.isArray(body.tags)
            ? (body.tags as string[]).map((name) => ({ id: tagId++, name }))
            : [],
        list_id: list.id,
      };
      const merge = member.merge_fields as Rec;
      member.full_name = [merge.FNAME, merge.LNAME].filter(Boolean).join(' ');
      store.members.push(member);
      return member;
    }

    return {
      collections: () => store,
      handle(request: MockRequest): MockResponse {
        const m = request.path.match(
          /^\/3\.0\/lists(?:\/([^/]+)(?:\/members(?:\/([^/]+)(?:\/(tags))?)?)?)?\/?$/,
        );
        if (!m)
          return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
        const [, listId, hash, tags] = m;
        const q = request.query;
        if (!listId) {
          if (request.method !== 'GET')
            return problem(
              405,
              'Method Not Allowed',
              'The requested method and resource are not compatible.',
            );
          return json(200, {
            lists: store.lists,
            total_items: store.lists.length,
            constraints: {},
            _links: [],
          });
        }
        const list = store.lists.find((l) => l.id === listId);
        if (!list)
          return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
        const members = store.members.filter((x) => x.list_id === listId);
        const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Rec;
        const isMembersPath = request.path.replace(/\/$/, '').endsWith('/members');
        if (!isMembersPath && !hash) {
          if (request.method === 'GET')
            return json(200, {
              ...list,
              stats: { member_count: members.filter((x) => x.status === 'subscribed').length },
            });
          if (request.method === 'POST') {
            // Batch subscribe/unsubscribe.
            const input = Array.isArray(body.members) ? (body.members as Rec[]) : null;
            if (!input)
              return invalid([
                { field: 'members', message: 'Required property members was not present' },
              ]);
            if (input.length > 500) return invalid('You may only submit 500 members per request.');
            const updateExisting = body.update_existing === true;
            const created: Rec[] = [];
            const updated: Rec[] = [];
            const errors: Rec[] = [];
            for (const entry of input) {
              const email = typeof entry.email_address === 'string' ? entry.email_address : '';
              const existing = members.find((x) => x.id === subscriberHash(email));
              const result = checkMember(
                list,
                { ...entry, status_if_new: entry.status },
                !existing,
              );
              if (result) {
                errors.push({
                  email_address: email,
                  error:
                    typeof result === 'string'
                      ? result
                      : result.map((e) => `${e.field}: ${e.message}`).join('; '),
                  error_code: 'ERROR_GENERIC',
                  field: '',
                  field_message: '',
                });
                continue;
              }
              if (existing && !updateExisting) {
                errors.push({
                  email_address: email,
                  error: `${email} is already a list member, do you want to update? please provide update_existing:true in the request body`,
                  error_code: 'ERROR_CONTACT_EXISTS',
                  field: 'email address',
                  field_message: '',
                });
                continue;
              }
              const member = write(list, existing, entry);
              (existing ? updated : created).push(memberView(member));
            }
            return json(200, {
              new_members: created,
              updated_members: updated,
              errors,
              total_created: created.length,
              total_updated: updated.length,
              error_count: errors.length,
              _links: [],
            });
          }
          return problem(
            405,
            'Method Not Allowed',
            'The requested method and resource are not compatible.',
          );
        }
        if (isMembersPath && !hash) {
          if (request.method === 'GET') {
            let items = [...members];
            const status = q.get('status');
            if (status !== null) {
              if (!STATUSES.includes(status) && status !== 'archived')
                return invalid([{ field: 'status', message: 'Value is not one of enum values' }]);
              items = items.filter((x) => x.status === status);
            } else items = items.filter((x) => x.status !== 'archived');
            const since = q.get('since_last_changed');
            if (since)
              items = items.filter((x) => Date.parse(String(x.last_changed)) > Date.parse(since));
            const count = q.get('count') === null ? 10 : Number(q.get('count'));
            const offset = q.get('offset') === null ? 0 : Number(q.get('offset'));
            if (!Number.isInteger(count) || count < 1 || count > 1000)
              return invalid([{ field: 'count', message: 'Must be between 1 and 1000' }]);
            const page = items.slice(
              offset,
              offset + pageSize(q.get('count'), DEFAULT_COUNT, 1000),
            );
            return json(200, {
              members: page.map(memberView),
              list_id: listId,
              total_items: items.length,
              _links: [],
            });
          }
          if (request.method === 'POST') {
            const result = checkMember(list, body, true);
            if (result) return invalid(result);
            const existing = members.find(
              (x) => x.id === subscriberHash(String(body.email_address)),
            );
            if (existing) {
              return problem(
                400,
                'Member Exists',
                `${String(body.email_address)} is already a list member. Use PUT to insert or update list members.`,
              );
            }
            return json(200, memberView(write(list, undefined, body, true)));
          }
          return problem(
            405,
            'Method Not Allowed',
            'The requested method and resource are not compatible.',
          );
        }
        // The path segment may be the subscriber hash or, as the reference allows, the member's
        // email address (percent-encoded by most clients: "jane%40example.com").
        let segment = String(hash);
        try {
          segment = decodeURIComponent(segment);
        } catch {
          // leave a malformed escape as it is
        }
        const id = segment.includes('@') ? subscriberHash(segment) : segment.toLowerCase();
        const existing = members.find((x) => x.id === id);
        if (tags) {
          if (!existing)
            return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
          if (request.method === 'GET') {
            const t = (existing.tags as Rec[]).map((x) => ({
              ...x,
              date_added: existing.last_changed,
            }));
            return json(200, { tags: t, total_items: t.length, _links: [] });
          }
          if (request.method !== 'POST')
            return problem(
              405,
              'Method Not Allowed',
              'The requested method and resource are not compatible.',
            );
          const list2 = body.tags;
          if (!Array.isArray(list2))
            return invalid([{ field: 'tags', message: 'Required property tags was not present' }]);
          for (const t of list2 as Rec[]) {
            if (
              !t ||
              typeof t.name !== 'string' ||
              !t.name ||
              !['active', 'inactive'].includes(String(t.status))
            ) {
              return invalid([
                {
                  field: 'tags',
                  message: 'Each tag needs a name and a status of active or inactive',
                },
              ]);
            }
          }
          const current = existing.tags as Rec[];
          for (const t of list2 as Rec[]) {
            const at = current.findIndex((x) => x.name === t.name);
            if (t.status === 'active' && at < 0) current.push({ id: tagId++, name: t.name });
            if (t.status === 'inactive' && at >= 0) current.splice(at, 1);
          }
          existing.last_changed = now();
          return { status: 204 };
        }
        if (request.method === 'GET') {
          return existing
            ? json(200, memberView(existing))
            : problem(404, 'Resource Not Found', 'The requested resource could not be found.');
        }
        if (request.method === 'PUT') {
          const result = checkMember(list, body, !existing);
          if (result) return invalid(result);
          if (typeof body.email_address === 'string' && subscriberHash(body.email_address) !== id) {
            return problem(
              400,
              'Invalid Resource',
              'The subscriber hash in the URL does not match the email address in the request body.',
            );
          }
          return json(200, memberView(write(list, existing, body)));
        }
        if (request.method === 'PATCH') {
          if (!existing)
            return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
          const result = checkMember(list, body, false);
          if (result) return invalid(result);
          return json(200, memberView(write(list, existing, body)));
        }
        if (request.method === 'DELETE') {
          if (!existing)
            return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
          existing.status = 'archived';
          return { status: 204 };
        }
        return problem(
          405,
          'Method Not Allowed',
          'The requested method and resource are not compatible.',
        );
      },
    };
  },
};
