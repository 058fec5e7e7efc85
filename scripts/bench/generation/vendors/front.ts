// Front Core API (https://api2.frontapp.com), from Front's public API reference.
// Modelled: Bearer API token (checked by the mock server); list envelopes
// {"_pagination": {"next": <absolute URL or null>}, "_links": {"self"}, "_results": […]} paged by
// `limit` (default 50, max 100; capped small here so that paging matters) and the `page_token`
// carried in _pagination.next (a full URL, so callers must pull the token out of it);
// GET /conversations (most recently updated first) with q[statuses][] filters (open = assigned or
// unassigned; archived, assigned, unassigned, deleted, snoozed), GET /tags,
// GET /tags/{tag_id}/conversations, GET /conversations/search/{query} with tag:, is:, inbox:
// terms, GET /conversations/{id} and /conversations/{id}/messages; conversation timestamps as
// Unix seconds (floats); tags embedded in each conversation; error body
// {"_error": {"status", "title", "message"}}.
import type { MockRequest, MockResponse, VendorMock, VendorContext } from '../contract.ts';
import { json, intParam } from '../mock-kit.ts';

// Vendor JSON is loosely shaped; the mock reads and writes it field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = Record<string, any>;

const MAX_LIMIT = 3; // Front allows 100; small here so that paging matters

interface Seed {
  conversations?: Rec[];
  tags?: Rec[];
  messages?: Rec[];
}

function error(status: number, title: string, message: string): MockResponse {
  return json(status, { _error: { status, title, message } });
}

const OPEN = ['assigned', 'unassigned'];

function statusMatches(conversation: Rec, wanted: string): boolean {
  switch (wanted) {
    case 'open':
      return OPEN.includes(conversation.status);
    case 'snoozed':
      return conversation.status === 'archived' && Boolean(conversation.snoozed_until);
    case 'trashed':
      return conversation.status === 'deleted';
    default:
      return conversation.status === wanted;
  }
}

export const mock: VendorMock = {
  vendor: 'front',
  references: [
    'https://dev.frontapp.com/reference/authentication',
    'https://dev.frontapp.com/docs/pagination',
    'https://dev.frontapp.com/reference/list-conversations',
    'https://dev.frontapp.com/reference/search-conversations',
    'https://dev.frontapp.com/reference/list-tags',
    'https://dev.frontapp.com/reference/list-tagged-conversations',
    'https://dev.frontapp.com/reference/list-conversation-messages',
    'https://dev.frontapp.com/docs/search-1',
    'https://dev.frontapp.com/reference/errors',
  ],
  unauthorized: () =>
    error(
      401,
      'Unauthenticated',
      'Your request is not authenticated. Check the Authorization header.',
    ),
  create(seedRaw: unknown, context: VendorContext) {
    const seed = (seedRaw ?? {}) as Seed;
    const conversations = (seed.conversations ?? []).map((r) => structuredClone(r));
    const tags = (seed.tags ?? []).map((r) => structuredClone(r));
    const messages = (seed.messages ?? []).map((r) => structuredClone(r));
    const origin = context.origin;

    const withLinks = (c: Rec): Rec => ({
      _links: {
        self: `${origin}/conversations/${c.id}`,
        related: {
          events: `${origin}/conversations/${c.id}/events`,
          followers: `${origin}/conversations/${c.id}/followers`,
          messages: `${origin}/conversations/${c.id}/messages`,
          comments: `${origin}/conversations/${c.id}/comments`,
          inboxes: `${origin}/conversations/${c.id}/inboxes`,
        },
      },
      ...c,
      tags: (c.tags ?? []).map((t: Rec) => ({ _links: { self: `${origin}/tags/${t.id}` }, ...t })),
    });

    function paged(request: MockRequest, items: Rec[], extra: Rec = {}): MockResponse {
      const q = request.query;
      const limit = intParam(q, 'limit', 50);
      if (limit < 1 || limit > 100)
        return error(400, 'Bad request', 'limit must be between 1 and 100');
      const size = Math.min(limit, MAX_LIMIT);
      let offset = 0;
      const token = q.get('page_token');
      if (token) {
        const m = /^pt_([0-9a-f]+)$/.exec(token);
        if (!m) return error(400, 'Bad request', 'Invalid page_token');
        offset = Number.parseInt(m[1]!, 16);
      }
      const page = items.slice(offset, offset + size);
      let next: string | null = null;
      if (offset + size < items.length) {
        const params = new URLSearchParams(q);
        params.set('page_token', `pt_${(offset + size).toString(16)}`);
        params.set('limit', String(size));
        next = `${origin}${request.path}?${params.toString()}`;
      }
      return json(200, {
        _pagination: { next },
        _links: { self: `${origin}${request.path}` },
        ...extra,
        _results: page,
      });
    }

    function statusFilter(items: Rec[], q: URLSearchParams): Rec[] | MockResponse {
      const wanted = [...q.getAll('q[statuses][]'), ...q.getAll('q[statuses]')].flatMap((s) =>
        s.split(','),
      );
      if (!wanted.length) return items;
      const allowed = [
        'open',
        'archived',
        'assigned',
        'unassigned',
        'deleted',
        'snoozed',
        'trashed',
      ];
      const bad = wanted.find((s) => !allowed.includes(s));
      if (bad)
        return error(
          400,
          'Bad request',
          `Invalid status: ${bad}. Valid statuses are ${allowed.join(', ')}`,
        );
      return items.filter((c) => wanted.some((s) => statusMatches(c, s)));
    }

    const byUpdated = (items: Rec[]) =>
      [...items].sort((a, b) => (b.updated_at ?? b.created_at) - (a.updated_at ?? a.created_at));

    function search(request: MockRequest, query: string): MockResponse {
      let items = conversations;
      const terms = query.match(/(?:[^\s"]+|"[^"]*")+/g) ?? [];
      for (const term of terms) {
        const m = /^(-?)(tag|is|inbox|from|to|recipient):(.+)$/.exec(term);
        if (!m) {
          const text = term.replace(/"/g, '').toLowerCase();
          items = items.filter((c) => String(c.subject).toLowerCase().includes(text));
          continue;
        }
        const negate = m[1] === '-';
        const value = m[3]!.replace(/"/g, '');
        let keep: (c: Rec) => boolean;
        if (m[2] === 'tag')
          keep = (c) => (c.tags ?? []).some((t: Rec) => t.id === value || t.name === value);
        else if (m[2] === 'is') {
          if (
            ![
              'open',
              'archived',
              'assigned',
              'unassigned',
              'snoozed',
              'trashed',
              'deleted',
            ].includes(value)
          )
            return error(400, 'Bad request', `Unknown search filter is:${value}`);
          keep = (c) => statusMatches(c, value);
        } else if (m[2] === 'inbox') keep = (c) => c.inbox_id === value;
        else keep = (c) => c.recipient?.handle === value;
        items = items.filter((c) => (negate ? !keep(c) : keep(c)));
      }
      // Search leaves out deleted conversations unless asked for them.
      if (!terms.some((t) => /^is:(trashed|deleted)$/.test(t)))
        items = items.filter((c) => c.status !== 'deleted');
      return paged(request, byUpdated(items).map(withLinks), { _total: items.length });
    }

    function handle(request: MockRequest): MockResponse {
      if (request.method !== 'GET')
        return error(405, 'Method not allowed', 'This mock serves GET only.');
      const path = request.path.replace(/\/+$/, '');
      const q = request.query;
      let m: RegExpExecArray | null;
      if (path === '/conversations') {
        const r = statusFilter(conversations, q);
        if (!Array.isArray(r)) return r;
        return paged(request, byUpdated(r).map(withLinks));
      }
      if ((m = /^\/conversations\/search\/(.+)$/.exec(path))) {
        let query: string;
        try {
          query = decodeURIComponent(m[1]!);
        } catch {
          query = m[1]!;
        }
        return search(request, query);
      }
      if ((m = /^\/conversations\/(cnv_[A-Za-z0-9]+)$/.exec(path))) {
        const c = conversations.find((x) => x.id === m![1]);
        return c
          ? json(200, withLinks(c))
          : error(404, 'Not found', `Conversation ${m[1]} not found`);
      }
      if ((m = /^\/conversations\/(cnv_[A-Za-z0-9]+)\/messages$/.exec(path))) {
        if (!conversations.some((x) => x.id === m![1]))
          return error(404, 'Not found', `Conversation ${m[1]} not found`);
        return paged(
          request,
          messages
            .filter((x) => x.conversation_id === m![1])
            .sort((a, b) => b.created_at - a.created_at),
        );
      }
      if (path === '/tags')
        return paged(
          request,
          tags.map((t) => ({ _links: { self: `${origin}/tags/${t.id}` }, ...t })),
        );
      if ((m = /^\/tags\/(tag_[A-Za-z0-9]+)$/.exec(path))) {
        const t = tags.find((x) => x.id === m![1]);
        return t
          ? json(200, { _links: { self: `${origin}/tags/${t.id}` }, ...t })
          : error(404, 'Not found', `Tag ${m[1]} not found`);
      }
      if ((m = /^\/tags\/(tag_[A-Za-z0-9]+)\/conversations$/.exec(path))) {
        if (!tags.some((x) => x.id === m![1]))
          return error(404, 'Not found', `Tag ${m[1]} not found`);
        const tagged = conversations.filter((c) => (c.tags ?? []).some((t: Rec) => t.id === m![1]));
        const r = statusFilter(tagged, q);
        if (!Array.isArray(r)) return r;
        return paged(request, byUpdated(r).map(withLinks));
      }
      return error(404, 'Not found', `No route for ${request.path}`);
    }

    return { handle, collections: () => ({ conversations, tags, messages }) };
  },
};
