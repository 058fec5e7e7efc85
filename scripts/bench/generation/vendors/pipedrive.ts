// Pipedrive API v1 (deals, pipelines, persons, organizations) under
// https://{companydomain}.pipedrive.com/api/v1, as the public reference describes it. The
// credential is the `api_token` query parameter. Answers are `{success, data, additional_data}`;
// an empty list has `data: null`. Lists page with `start`/`limit` and
// `additional_data.pagination.{more_items_in_collection, next_start}` (this mock serves at most 5).
// `GET /deals` takes `status` (open, won, lost, deleted, all_not_deleted — the default), `stage_id`,
// `user_id`, `sort`; it has no pipeline filter (a deal carries `pipeline_id`; `GET
// /pipelines/{id}/deals` lists a pipeline's deals). Times are "YYYY-MM-DD HH:MM:SS" in UTC. In
// deal and person answers the linked person/org/user are objects (`org_id: {name, value}`).
// `GET /organizations/search?term=…&fields=name&exact_match=true` finds organizations (term at
// least 2 characters). Creating a person needs `name`; `email`/`phone` take a string or
// `[{value, primary, label}]` and come back as arrays. Errors:
// `{success: false, error, error_info, data: null, additional_data: null}`.
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
const DEAL_STATUSES = ['open', 'won', 'lost', 'deleted', 'all_not_deleted'];

function fail(status: number, error: string): MockResponse {
  return json(status, {
    success: false,
    error,
    error_info: 'Please check developers.pipedrive.com for more information about Pipedrive API.',
    data: null,
    additional_data: null,
  });
}

function stamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

export const mock: VendorMock = {
  vendor: 'pipedrive',
  references: [
    'https://developers.pipedrive.com/docs/api/v1/Deals#getDeals',
    'https://developers.pipedrive.com/docs/api/v1/Pipelines#getPipelines',
    'https://developers.pipedrive.com/docs/api/v1/Pipelines#getPipelineDeals',
    'https://developers.pipedrive.com/docs/api/v1/Persons#addPerson',
    'https://developers.pipedrive.com/docs/api/v1/Organizations#searchOrganization',
    'https://developers.pipedrive.com/docs/api/v1/Organizations#addOrganization',
    'https://pipedrive.readme.io/docs/core-api-concepts-pagination',
    'https://pipedrive.readme.io/docs/core-api-concepts-http-status-codes',
    'https://pipedrive.readme.io/docs/how-to-find-the-api-token',
  ],
  unauthorized: () =>
    json(401, {
      success: false,
      error: 'unauthorized access',
      errorCode: 401,
      error_info: 'Please check developers.pipedrive.com for more information about Pipedrive API.',
    }),
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as Record<string, Rec[]>;
    const store: {
      deals: Rec[];
      pipelines: Rec[];
      stages: Rec[];
      persons: Rec[];
      organizations: Rec[];
    } = {
      deals: data.deals ?? [],
      pipelines: data.pipelines ?? [],
      stages: data.stages ?? [],
      persons: data.persons ?? [],
      organizations: data.organizations ?? [],
    };
    let nextPerson = Math.max(500, ...store.persons.map((p) => Number(p.id) + 1));
    let nextOrg = Math.max(300, ...store.organizations.map((o) => Number(o.id) + 1));

    function pageOf(
      items: Rec[],
      q: URLSearchParams,
      mapper: (r: Rec) => unknown = (r) => r,
    ): MockResponse {
      const start = q.get('start') === null ? 0 : Number(q.get('start'));
      const limit = q.get('limit') === null ? 100 : Number(q.get('limit'));
      if (!Number.isInteger(start) || start < 0)
        return fail(400, 'Start must be a non-negative integer.');
      if (!Number.isInteger(limit) || limit < 1 || limit > 500)
        return fail(400, 'Limit must be between 1 and 500.');
      const size = Math.min(limit, PAGE_MAX);
      const page = items.slice(start, start + size);
      const more = start + size < items.length;
      return json(200, {
        success: true,
        data: page.length ? page.map(mapper) : null,
        additional_data: {
          pagination: {
            start,
            limit,
            more_items_in_collection: more,
            ...(more ? { next_start: start + size } : {}),
          },
        },
      });
    }

    function orgRef(id: unknown): Rec | null {
      const org = store.organizations.find((o) => o.id === id);
      return org
        ? {
            name: org.name,
            people_count: 0,
            owner_id: org.owner_id ?? 1,
            address: org.address ?? null,
            active_flag: true,
            cc_email: null,
            value: org.id,
          }
        : null;
    }

    function dealView(deal: Rec): Rec {
      const person = store.persons.find((p) => p.id === deal.person_id);
      return {
        ...deal,
        org_id: deal.org_id == null ? null : orgRef(deal.org_id),
        person_id: person
          ? { name: person.name, email: person.email, phone: person.phone, value: person.id }
          : null,
        user_id: {
          id: 1,
          name: 'Sales Owner',
          email: 'owner@company.example',
          has_pic: 0,
          active_flag: true,
          value: 1,
        },
      };
    }

    function contactList(raw: unknown, field: string): Rec[] | string {
      if (raw === undefined || raw === null || raw === '') return [];
      if (typeof raw === 'string') return [{ label: 'work', value: raw, primary: true }];
      if (!Array.isArray(raw)) return `${field} must be a string or an array of objects`;
      const out: Rec[] = [];
      for (const entry of raw) {
        if (typeof entry === 'string')
          out.push({ label: 'work', value: entry, primary: out.length === 0 });
        else if (entry && typeof entry === 'object' && typeof (entry as Rec).value === 'string') {
          const e = entry as Rec;
          out.push({
            label: typeof e.label === 'string' ? e.label : 'work',
            value: e.value,
            primary: e.primary === true || (e.primary === undefined && out.length === 0),
          });
        } else return `${field} must be a string or an array of objects with a value`;
      }
      return out;
    }

    function createPerson(body: Rec): MockResponse {
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      if (!name) return fail(400, 'Name must be given.');
      const email = contactList(body.email, 'email');
      if (typeof email === 'string') return fail(400, email);
      const phone = contactList(body.phone, 'phone');
      if (typeof phone === 'string') return fail(400, phone);
      let orgId: number | null = null;
      if (body.org_id !== undefined && body.org_id !== null) {
        orgId = Number(body.org_id);
        if (!Number.isInteger(orgId) || !store.organizations.some((o) => o.id === orgId)) {
          return fail(400, 'Organization not found.');
        }
      }
      const now = stamp(context.now());
      const person: Rec = {
        id: nextPerson++,
        company_id: 9100001,
        owner_id: { id: 1, name: 'Sales Owner', email: 'owner@company.example', value: 1 },
        org_id: orgId === null ? null : orgRef(orgId),
        name,
        first_name: typeof body.first_name === 'string' ? body.first_name : name.split(' ')[0],
        last_name:
          typeof body.last_name === 'string'
            ? body.last_name
            : name.split(' ').slice(1).join(' ') || null,
        email: email.length ? email : [{ label: '', value: '', primary: true }],
        phone: phone.length ? phone : [{ label: '', value: '', primary: true }],
        visible_to: String(body.visible_to ?? '3'),
        label: body.label ?? null,
        add_time: now,
        update_time: now,
        active_flag: true,
      };
      store.persons.push(person);
      return json(201, { success: true, data: person, related_objects: {} });
    }

    function createOrganization(body: Rec): MockResponse {
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      if (!name) return fail(400, 'Name must be given.');
      const now = stamp(context.now());
      const org: Rec = {
        id: nextOrg++,
        company_id: 9100001,
        owner_id: 1,
        name,
        address: typeof body.address === 'string' ? body.address : null,
        visible_to: String(body.visible_to ?? '3'),
        add_time: now,
        update_time: now,
        active_flag: true,
      };
      store.organizations.push(org);
      return json(201, {
        success: true,
        data: { ...org, owner_id: { id: 1, name: 'Sales Owner', value: 1 } },
      });
    }

    function searchOrganizations(q: URLSearchParams): MockResponse {
      const term = (q.get('term') ?? '').trim();
      if (term.length < 2) return fail(400, 'Search term must be at least 2 characters long');
      const exact = q.get('exact_match') === 'true' || q.get('exact_match') === '1';
      const fields = (q.get('fields') ?? 'name,address,custom_fields,notes').split(',');
      const lc = term.toLowerCase();
      const hits = store.organizations
        .filter((o) => o.active_flag !== false)
        .filter((o) => {
          const values = fields.includes('name') ? [String(o.name)] : [];
          if (fields.includes('address') && o.address) values.push(String(o.address));
          return values.some((v) =>
            exact ? v.toLowerCase() === lc : v.toLowerCase().includes(lc),
          );
        })
        .map((o) => ({
          result_score: String(o.name).toLowerCase() === lc ? 1 : 0.5,
          item: {
            id: o.id,
            type: 'organization',
            name: o.name,
            address: o.address ?? null,
            visible_to: Number(o.visible_to ?? 3),
            owner: { id: 1 },
            custom_fields: [],
            notes: [],
          },
        }))
        .sort((a, b) => b.result_score - a.result_score);
      const start = Number(q.get('start') ?? 0) || 0;
      const limit = Math.min(Number(q.get('limit') ?? 100) || 100, PAGE_MAX);
      const page = hits.slice(start, start + limit);
      const more = start + limit < hits.length;
      return json(200, {
        success: true,
        data: { items: page },
        additional_data: {
          pagination: {
            start,
            limit,
            more_items_in_collection: more,
            ...(more ? { next_start: start + limit } : {}),
          },
        },
      });
    }

    return {
      collections: () => store,
      handle(request: MockRequest): MockResponse {
        const q = request.query;
        const path = request.path.replace(/\/$/, '');
        const m = path.match(/^\/api\/v1\/([a-z]+)(?:\/([^/]+))?(?:\/([a-z]+))?$/);
        if (!m) return fail(404, 'Unknown method .');
        const [, resource, id, sub] = m;
        const get = request.method === 'GET';
        const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Rec;
        if (resource === 'deals' && get && !id) {
          const status = q.get('status') ?? 'all_not_deleted';
          if (!DEAL_STATUSES.includes(status))
            return fail(400, `Status must be one of: ${DEAL_STATUSES.join(', ')}.`);
          let items = store.deals.filter((d) =>
            status === 'all_not_deleted' ? d.status !== 'deleted' : d.status === status,
          );
          const stage = q.get('stage_id');
          if (stage !== null) items = items.filter((d) => String(d.stage_id) === stage);
          const sort = q.get('sort');
          if (sort) {
            const [field = 'id', dir] = (sort.split(',')[0] ?? '').trim().split(/\s+/);
            items = [...items].sort((a, b) => {
              const c = String(a[field] ?? '').localeCompare(String(b[field] ?? ''), undefined, {
                numeric: true,
              });
              return dir?.toUpperCase() === 'DESC' ? -c : c;
            });
          } else items = [...items].sort((a, b) => Number(a.id) - Number(b.id));
          return pageOf(items, q, dealView);
        }
        if (resource === 'deals' && get && id && !sub) {
          const deal = store.deals.find((d) => String(d.id) === id);
          return deal
            ? json(200, { success: true, data: dealView(deal) })
            : fail(404, 'Deal not found');
        }
        if (resource === 'pipelines' && get && !id) {
          return json(200, {
            success: true,
            data: store.pipelines.length ? store.pipelines : null,
          });
        }
        if (resource === 'pipelines' && get && id && !sub) {
          const pipeline = store.pipelines.find((p) => String(p.id) === id);
          return pipeline
            ? json(200, { success: true, data: pipeline })
            : fail(404, 'Pipeline not found');
        }
        if (resource === 'pipelines' && get && id && sub === 'deals') {
          if (!store.pipelines.some((p) => String(p.id) === id))
            return fail(404, 'Pipeline not found');
          let items = store.deals.filter(
            (d) => String(d.pipeline_id) === id && d.status !== 'deleted',
          );
          const stage = q.get('stage_id');
          if (stage !== null) items = items.filter((d) => String(d.stage_id) === stage);
          return pageOf(items, q, dealView);
        }
        if (resource === 'stages' && get && !id) {
          const pipeline = q.get('pipeline_id');
          const items =
            pipeline === null
              ? store.stages
              : store.stages.filter((s) => String(s.pipeline_id) === pipeline);
          return json(200, { success: true, data: items.length ? items : null });
        }
        if (resource === 'persons' && !id) {
          if (request.method === 'POST') return createPerson(body);
          if (get)
            return pageOf(
              store.persons.filter((p) => p.active_flag !== false),
              q,
            );
        }
        if (resource === 'persons' && id === 'search' && get) {
          const term = (q.get('term') ?? '').toLowerCase();
          if (term.length < 2) return fail(400, 'Search term must be at least 2 characters long');
          const hits = store.persons.filter(
            (p) =>
              String(p.name).toLowerCase().includes(term) ||
              (Array.isArray(p.email) &&
                (p.email as Rec[]).some((e) => String(e.value).toLowerCase() === term)),
          );
          return json(200, {
            success: true,
            data: {
              items: hits.map((p) => ({
                result_score: 1,
                item: {
                  id: p.id,
                  type: 'person',
                  name: p.name,
                  emails: (p.email as Rec[]).map((e) => e.value),
                },
              })),
            },
            additional_data: {
              pagination: { start: 0, limit: 100, more_items_in_collection: false },
            },
          });
        }
        if (resource === 'persons' && id && get) {
          const person = store.persons.find((p) => String(p.id) === id);
          return person
            ? json(200, { success: true, data: person })
            : fail(404, 'Person not found');
        }
        if (resource === 'organizations' && id === 'search' && get) return searchOrganizations(q);
        if (resource === 'organizations' && !id) {
          if (request.method === 'POST') return createOrganization(body);
          if (get)
            return pageOf(
              store.organizations.filter((o) => o.active_flag !== false),
              q,
            );
        }
        if (resource === 'organizations' && id && get) {
          const org = store.organizations.find((o) => String(o.id) === id);
          return org
            ? json(200, { success: true, data: org })
            : fail(404, 'Organization not found');
        }
        return fail(404, `Unknown method ${request.method} ${path}`);
      },
    };
  },
};
