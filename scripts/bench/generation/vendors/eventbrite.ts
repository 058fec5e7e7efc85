// Eventbrite API v3 (https://www.eventbriteapi.com/v3), from Eventbrite's public API reference.
// Modelled: Bearer private token (checked by the mock server); paths served with and without the
// trailing slash the docs show (/v3/events/{id}/attendees/); paginated responses
// {"pagination": {object_count, page_number, page_size, page_count, continuation, has_more_items},
// "<things>": […]} walked with the `continuation` token (the older `page` number still works;
// page_size 50 in the API, capped small here so that paging matters); attendees of an event
// filtered by status (attending = Attending or Checked In, not_attending = Not Attending or
// Deleted, unpaid) and changed_since, with checked_in / cancelled / refunded / barcodes; orders of
// an event filtered by status (active, inactive, both, all_not_deleted; deleted orders only with
// both), changed_since, only_emails / exclude_emails, expand=attendees; money as
// {currency, value (minor units), major_value ("12.50"), display}; events by id with name.text;
// an event's ticket classes (/ticket_classes/) with cost and fee;
// error body {"status_code", "error", "error_description"}.
import type { MockRequest, MockResponse, VendorMock, VendorContext } from '../contract.ts';
import { json, intParam } from '../mock-kit.ts';

// Vendor JSON is loosely shaped; the mock reads and writes it field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = Record<string, any>;

const PAGE_SIZE = 4; // Eventbrite pages hold 50; small here so that paging matters

interface Seed {
  events?: Rec[];
  attendees?: Rec[];
  orders?: Rec[];
  ticket_classes?: Rec[];
}

function error(status: number, code: string, description: string): MockResponse {
  return json(status, { status_code: status, error: code, error_description: description });
}

export const mock: VendorMock = {
  vendor: 'eventbrite',
  references: [
    'https://www.eventbrite.com/platform/api#/introduction/authentication',
    'https://www.eventbrite.com/platform/api#/introduction/paginated-responses',
    'https://www.eventbrite.com/platform/api#/introduction/errors',
    'https://www.eventbrite.com/platform/api#/reference/attendee/list/list-attendees-by-event',
    'https://www.eventbrite.com/platform/api#/reference/order/list/list-orders-by-event-id',
    'https://www.eventbrite.com/platform/api#/reference/event/retrieve/retrieve-an-event',
    'https://www.eventbrite.com/platform/api#/introduction/expansions',
  ],
  unauthorized: () => error(401, 'INVALID_AUTH', 'The OAuth token you provided was invalid.'),
  create(seedRaw: unknown, context: VendorContext) {
    void context;
    const seed = (seedRaw ?? {}) as Seed;
    const events = (seed.events ?? []).map((r) => structuredClone(r));
    const attendees = (seed.attendees ?? []).map((r) => structuredClone(r));
    const orders = (seed.orders ?? []).map((r) => structuredClone(r));
    const ticketClasses = (seed.ticket_classes ?? []).map((r) => structuredClone(r));

    function paged(request: MockRequest, key: string, items: Rec[]): MockResponse {
      const q = request.query;
      const continuation = q.get('continuation');
      let offset: number;
      if (continuation) {
        const m = /^dGV4dA([A-Za-z0-9_-]+)$/.exec(continuation);
        const n = m ? Number(Buffer.from(m[1]!, 'base64url').toString('utf8')) : Number.NaN;
        if (!Number.isInteger(n) || n < 0)
          return error(400, 'INVALID_CONTINUATION', 'The continuation you provided was not valid.');
        offset = n;
      } else {
        const page = intParam(q, 'page', 1);
        if (page < 1)
          return error(
            400,
            'ARGUMENTS_ERROR',
            'There are errors with your arguments: page - INVALID',
          );
        offset = (page - 1) * PAGE_SIZE;
      }
      const slice = items.slice(offset, offset + PAGE_SIZE);
      const hasMore = offset + PAGE_SIZE < items.length;
      const pagination: Rec = {
        object_count: items.length,
        page_number: Math.floor(offset / PAGE_SIZE) + 1,
        page_size: PAGE_SIZE,
        page_count: Math.max(1, Math.ceil(items.length / PAGE_SIZE)),
        has_more_items: hasMore,
      };
      if (hasMore)
        pagination.continuation = `dGV4dA${Buffer.from(String(offset + PAGE_SIZE)).toString('base64url')}`;
      return json(200, { pagination, [key]: slice });
    }

    function changedSince(items: Rec[], q: URLSearchParams): Rec[] | MockResponse {
      const raw = q.get('changed_since');
      if (raw === null) return items;
      const t = Date.parse(raw);
      if (Number.isNaN(t))
        return error(
          400,
          'ARGUMENTS_ERROR',
          'There are errors with your arguments: changed_since - INVALID',
        );
      return items.filter((r) => Date.parse(r.changed) >= t);
    }

    function handle(request: MockRequest): MockResponse {
      if (request.method !== 'GET')
        return error(405, 'METHOD_NOT_ALLOWED', 'This mock serves GET only.');
      const path = request.path.replace(/\/+$/, '');
      const q = request.query;
      const expand = (q.get('expand') ?? '').split(',').map((s) => s.trim());
      let m: RegExpExecArray | null;
      if ((m = /^\/v3\/events\/(\d+)$/.exec(path))) {
        const event = events.find((e) => e.id === m![1]);
        return event
          ? json(200, event)
          : error(404, 'NOT_FOUND', 'The event you requested does not exist.');
      }
      if ((m = /^\/v3\/events\/(\d+)\/ticket_classes$/.exec(path))) {
        if (!events.some((e) => e.id === m![1])) {
          return error(404, 'NOT_FOUND', 'The event you requested does not exist.');
        }
        return paged(
          request,
          'ticket_classes',
          ticketClasses.filter((t) => t.event_id === m![1]),
        );
      }
      if ((m = /^\/v3\/events\/(\d+)\/attendees$/.exec(path))) {
        if (!events.some((e) => e.id === m![1]))
          return error(404, 'NOT_FOUND', 'The event you requested does not exist.');
        let items = attendees.filter((a) => a.event_id === m![1]);
        const status = q.get('status');
        if (status !== null) {
          if (!['attending', 'not_attending', 'unpaid'].includes(status))
            return error(
              400,
              'ARGUMENTS_ERROR',
              'There are errors with your arguments: status - INVALID',
            );
          if (status === 'attending')
            items = items.filter((a) => a.status === 'Attending' || a.status === 'Checked In');
          if (status === 'not_attending')
            items = items.filter((a) => a.status === 'Not Attending' || a.status === 'Deleted');
          if (status === 'unpaid') items = items.filter((a) => a.status === 'Unpaid');
        }
        const r = changedSince(items, q);
        if (!Array.isArray(r)) return r;
        return paged(request, 'attendees', r);
      }
      if ((m = /^\/v3\/events\/(\d+)\/attendees\/(\d+)$/.exec(path))) {
        const a = attendees.find((x) => x.event_id === m![1] && x.id === m![2]);
        return a
          ? json(200, a)
          : error(404, 'NOT_FOUND', 'The attendee you requested does not exist.');
      }
      if ((m = /^\/v3\/events\/(\d+)\/orders$/.exec(path))) {
        if (!events.some((e) => e.id === m![1]))
          return error(404, 'NOT_FOUND', 'The event you requested does not exist.');
        let items = orders.filter((o) => o.event_id === m![1]);
        const status = q.get('status') ?? 'all_not_deleted';
        if (!['active', 'inactive', 'both', 'all_not_deleted'].includes(status))
          return error(
            400,
            'ARGUMENTS_ERROR',
            'There are errors with your arguments: status - INVALID',
          );
        if (status === 'active') items = items.filter((o) => o.status === 'placed');
        if (status === 'inactive')
          items = items.filter((o) => o.status !== 'placed' && o.status !== 'deleted');
        if (status === 'all_not_deleted') items = items.filter((o) => o.status !== 'deleted');
        const only = q.getAll('only_emails').flatMap((v) => v.split(','));
        if (only.length) items = items.filter((o) => only.includes(o.email));
        const exclude = q.getAll('exclude_emails').flatMap((v) => v.split(','));
        if (exclude.length) items = items.filter((o) => !exclude.includes(o.email));
        const r = changedSince(items, q);
        if (!Array.isArray(r)) return r;
        const res = paged(request, 'orders', r);
        if (res.status === 200 && expand.includes('attendees')) {
          (res.body as Rec).orders = (res.body as Rec).orders.map((o: Rec) => ({
            ...o,
            attendees: attendees.filter((a) => a.order_id === o.id),
          }));
        }
        return res;
      }
      if ((m = /^\/v3\/orders\/(\d+)$/.exec(path))) {
        const o = orders.find((x) => x.id === m![1]);
        if (!o) return error(404, 'NOT_FOUND', 'The order you requested does not exist.');
        return json(
          200,
          expand.includes('attendees')
            ? { ...o, attendees: attendees.filter((a) => a.order_id === o.id) }
            : o,
        );
      }
      return error(404, 'NOT_FOUND', 'The path you requested does not exist.');
    }

    return {
      handle,
      collections: () => ({ events, attendees, orders, ticket_classes: ticketClasses }),
    };
  },
};
