// Calendly API v2 (https://api.calendly.com), from its public reference. Resources are named by
// absolute URIs; a single resource comes as `{"resource": …}`, a list as
// `{"collection": […], "pagination": {count, next_page, next_page_token, …}}` with `count`
// (default 20, max 100) and `page_token`. GET /scheduled_events needs one of `user`,
// `organization` or `group` and returns active and canceled events alike unless `status` says;
// `min_start_time` is inclusive, `max_start_time` exclusive. Invitees of an event are listed at
// /scheduled_events/{uuid}/invitees, again active and canceled alike unless `status` says.
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json } from '../mock-kit.ts';

type Rec = Record<string, unknown>;

// Pages never hold more than this, so that paging matters.
const PAGE_CAP = 4;

function invalid(parameter: string, message: string): MockResponse {
  return json(400, {
    title: 'Invalid Argument',
    message: 'The supplied parameters are invalid.',
    details: [{ parameter, message }],
  });
}

export const mock: VendorMock = {
  vendor: 'calendly',
  references: [
    'https://developer.calendly.com/api-docs/calendly-api/scheduled-events/list-scheduled-events',
    'https://developer.calendly.com/api-docs/calendly-api/scheduled-events/list-event-invitees',
    'https://developer.calendly.com/api-docs/calendly-api/users/get-current-user',
    'https://developer.calendly.com/docs/api-guides/update-your-system-with-data-from-scheduled-events-admins-only',
    'https://developer.calendly.com/api-docs/d7755e2f9e5fe-calendly-api',
  ],
  unauthorized: () =>
    json(401, { title: 'Unauthenticated', message: 'The access token is invalid' }),
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as {
      user?: Rec;
      organization?: string;
      scheduled_events?: Rec[];
      invitees?: Rec[];
    };
    const o = context.origin;
    const user: Rec = data.user ?? {
      uuid: 'AAAAUSER0001',
      name: 'Owner',
      email: 'owner@example.com',
    };
    const orgUuid = data.organization ?? 'AAAAORG00001';
    const userUri = `${o}/users/${String(user.uuid)}`;
    const orgUri = `${o}/organizations/${orgUuid}`;
    const events: Rec[] = structuredClone(data.scheduled_events ?? []);
    const invitees: Rec[] = structuredClone(data.invitees ?? []);

    function eventResource(e: Rec): Rec {
      const own = invitees.filter((i) => i.event_uuid === e.uuid);
      const { uuid, event_type_uuid, ...rest } = e;
      return {
        uri: `${o}/scheduled_events/${String(uuid)}`,
        name: e.name,
        meeting_notes_plain: null,
        meeting_notes_html: null,
        status: e.status ?? 'active',
        start_time: e.start_time,
        end_time: e.end_time,
        event_type: `${o}/event_types/${String(event_type_uuid ?? 'ETYPE0000001')}`,
        location: e.location ?? {
          type: 'google_conference',
          status: 'pushed',
          join_url: 'https://meet.google.com/abc-defg-hij',
        },
        invitees_counter: {
          total: own.length,
          active: own.filter((i) => (i.status ?? 'active') === 'active').length,
          limit: e.invitees_limit ?? 1,
        },
        created_at: e.created_at ?? '2026-11-10T09:00:00.000000Z',
        updated_at: e.updated_at ?? e.created_at ?? '2026-11-10T09:00:00.000000Z',
        event_memberships: [{ user: userUri, user_email: user.email, user_name: user.name }],
        event_guests: [],
        ...(e.status === 'canceled' ? { cancellation: e.cancellation ?? null } : {}),
        ...Object.fromEntries(Object.entries(rest).filter(([k]) => ['calendar_event'].includes(k))),
      };
    }

    function inviteeResource(i: Rec): Rec {
      const eventUri = `${o}/scheduled_events/${String(i.event_uuid)}`;
      const uri = `${eventUri}/invitees/${String(i.uuid)}`;
      return {
        uri,
        email: i.email,
        first_name: i.first_name ?? null,
        last_name: i.last_name ?? null,
        name: i.name,
        status: i.status ?? 'active',
        questions_and_answers: i.questions_and_answers ?? [],
        timezone: i.timezone ?? 'Europe/Berlin',
        event: eventUri,
        created_at: i.created_at ?? '2026-11-10T09:00:00.000000Z',
        updated_at: i.updated_at ?? i.created_at ?? '2026-11-10T09:00:00.000000Z',
        tracking: {
          utm_campaign: null,
          utm_source: null,
          utm_medium: null,
          utm_content: null,
          utm_term: null,
          salesforce_uuid: null,
        },
        text_reminder_number: i.text_reminder_number ?? null,
        rescheduled: i.rescheduled === true,
        old_invitee: null,
        new_invitee: null,
        cancel_url: `https://calendly.com/cancellations/${String(i.uuid)}`,
        reschedule_url: `https://calendly.com/reschedulings/${String(i.uuid)}`,
        routing_form_submission: null,
        cancellation: i.status === 'canceled' ? (i.cancellation ?? null) : null,
        payment: null,
        no_show: null,
        reconfirmation: null,
        scheduling_method: null,
        invitee_scheduled_by: null,
      };
    }

    function page(items: Rec[], req: MockRequest, path: string): MockResponse {
      const q = req.query;
      const countRaw = q.get('count');
      const count = countRaw === null ? 20 : Number(countRaw);
      if (!Number.isInteger(count) || count < 1 || count > 100)
        return invalid('count', 'must be between 1 and 100');
      const tokenRaw = q.get('page_token');
      let start = 0;
      if (tokenRaw) {
        const n = Number.parseInt(tokenRaw.replace(/^pt_/, ''), 36);
        if (!tokenRaw.startsWith('pt_') || Number.isNaN(n))
          return invalid('page_token', 'is invalid');
        start = n;
      }
      const size = Math.min(count, PAGE_CAP);
      const slice = items.slice(start, start + size);
      const link = (at: number): { token: string; url: string } => {
        const token = `pt_${at.toString(36)}`;
        const params = new URLSearchParams(q);
        params.set('page_token', token);
        params.set('count', String(count));
        return { token, url: `${o}${path}?${params.toString()}` };
      };
      const next = start + size < items.length ? link(start + size) : null;
      const prev = start > 0 ? link(Math.max(0, start - size)) : null;
      return json(200, {
        collection: slice,
        pagination: {
          count: slice.length,
          next_page: next?.url ?? null,
          previous_page: prev?.url ?? null,
          next_page_token: next?.token ?? null,
          previous_page_token: prev?.token ?? null,
        },
      });
    }

    function timeParam(q: URLSearchParams, name: string): number | undefined | MockResponse {
      const raw = q.get(name);
      if (raw === null || raw === '') return undefined;
      const ms = Date.parse(raw);
      if (Number.isNaN(ms)) return invalid(name, 'must be a valid ISO 8601 date-time');
      return ms;
    }

    return {
      collections: () => ({ scheduled_events: events, invitees }),
      handle(req: MockRequest): MockResponse {
        const path = req.path.replace(/\/+$/, '');
        const q = req.query;
        if (req.method !== 'GET')
          return json(404, {
            title: 'Resource Not Found',
            message: 'The server could not find the requested resource.',
          });
        if (path === '/users/me') {
          return json(200, {
            resource: {
              uri: userUri,
              name: user.name,
              slug: String(user.name).toLowerCase().replace(/\W+/g, '-'),
              email: user.email,
              scheduling_url: `https://calendly.com/${String(user.name).toLowerCase().replace(/\W+/g, '-')}`,
              timezone: user.timezone ?? 'Europe/Berlin',
              avatar_url: null,
              created_at: '2024-01-10T09:00:00.000000Z',
              updated_at: '2026-01-10T09:00:00.000000Z',
              current_organization: orgUri,
              resource_type: 'User',
              locale: 'en',
            },
          });
        }
        if (path === '/scheduled_events') {
          const scopes = ['user', 'organization', 'group'].filter((k) => q.get(k));
          if (scopes.length === 0)
            return invalid('user', 'one of user, organization or group must be provided');
          if (q.get('user') && q.get('user') !== userUri)
            return json(403, {
              title: 'Permission Denied',
              message: 'You do not have permission to access this resource.',
            });
          if (q.get('organization') && q.get('organization') !== orgUri)
            return json(403, {
              title: 'Permission Denied',
              message: 'You do not have permission to access this resource.',
            });
          const status = q.get('status');
          if (status && !['active', 'canceled'].includes(status))
            return invalid('status', 'must be one of active, canceled');
          const min = timeParam(q, 'min_start_time');
          if (typeof min === 'object') return min;
          const max = timeParam(q, 'max_start_time');
          if (typeof max === 'object') return max;
          const email = q.get('invitee_email');
          let items = events.filter((e) => {
            const t = Date.parse(String(e.start_time));
            if (status && (e.status ?? 'active') !== status) return false;
            if (min !== undefined && t < min) return false;
            if (max !== undefined && t >= max) return false;
            if (email && !invitees.some((i) => i.event_uuid === e.uuid && i.email === email))
              return false;
            return true;
          });
          const sort = q.get('sort') ?? 'start_time:asc';
          if (!/^start_time:(asc|desc)$/.test(sort))
            return invalid('sort', 'must be start_time:asc or start_time:desc');
          const desc = sort.endsWith('desc');
          items = [...items].sort(
            (a, b) =>
              (Date.parse(String(a.start_time)) - Date.parse(String(b.start_time))) *
              (desc ? -1 : 1),
          );
          return page(items.map(eventResource), req, path);
        }
        let m = /^\/scheduled_events\/([^/]+)$/.exec(path);
        if (m) {
          const e = events.find((x) => x.uuid === m![1]);
          return e
            ? json(200, { resource: eventResource(e) })
            : json(404, {
                title: 'Resource Not Found',
                message: 'The server could not find the requested resource.',
              });
        }
        m = /^\/scheduled_events\/([^/]+)\/invitees$/.exec(path);
        if (m) {
          if (!events.some((x) => x.uuid === m![1]))
            return json(404, {
              title: 'Resource Not Found',
              message: 'The server could not find the requested resource.',
            });
          const status = q.get('status');
          if (status && !['active', 'canceled'].includes(status))
            return invalid('status', 'must be one of active, canceled');
          const email = q.get('email');
          const desc = (q.get('sort') ?? 'created_at:asc').endsWith('desc');
          const items = invitees
            .filter(
              (i) =>
                i.event_uuid === m![1] &&
                (!status || (i.status ?? 'active') === status) &&
                (!email || i.email === email),
            )
            .sort(
              (a, b) => String(a.created_at).localeCompare(String(b.created_at)) * (desc ? -1 : 1),
            );
          return page(items.map(inviteeResource), req, path);
        }
        m = /^\/scheduled_events\/([^/]+)\/invitees\/([^/]+)$/.exec(path);
        if (m) {
          const i = invitees.find((x) => x.event_uuid === m![1] && x.uuid === m![2]);
          return i
            ? json(200, { resource: inviteeResource(i) })
            : json(404, {
                title: 'Resource Not Found',
                message: 'The server could not find the requested resource.',
              });
        }
        return json(404, {
          title: 'Resource Not Found',
          message: 'The server could not find the requested resource.',
        });
      },
    };
  },
};
