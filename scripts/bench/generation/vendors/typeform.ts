// Typeform's Responses API (https://api.typeform.com), from its public reference:
// GET /forms/{form_id}/responses lists a form's responses newest first, completed ones only
// unless `response_type` (or the older `completed=false`) asks for partial ones; `since`/`until`
// take ISO 8601 (UTC, to the second) or Unix seconds; `before`/`after` take a response token and
// page through the list; `page_size` defaults to 25. Each answer names its question by
// `field.id` and `field.ref` and carries its value under a key named after its `type`.
// GET /forms/{form_id} returns the form definition (fields with titles and refs).
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { intParam, json } from '../mock-kit.ts';

type Rec = Record<string, unknown>;

// The mock serves at most this many responses a page, so that paging matters.
const PAGE_CAP = 4;

function error(
  status: number,
  code: string,
  description: string,
  details?: unknown[],
): MockResponse {
  return json(status, details ? { code, description, details } : { code, description });
}

/** Typeform takes ISO 8601 (UTC when no zone is given) or Unix seconds. */
function parseTime(raw: string): number | undefined {
  if (/^\d+$/.test(raw)) return Number(raw) * 1000;
  const withZone = /[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? raw : `${raw}Z`;
  const ms = Date.parse(withZone);
  return Number.isNaN(ms) ? undefined : ms;
}

function responseType(r: Rec): string {
  if (typeof r.response_type === 'string') return r.response_type;
  return r.submitted_at ? 'completed' : 'partial';
}

function present(r: Rec): Rec {
  const type = responseType(r);
  return {
    landing_id: r.landing_id ?? r.response_id,
    token: r.token ?? r.response_id,
    response_id: r.response_id,
    response_type: type,
    landed_at: r.landed_at,
    submitted_at: type === 'completed' ? r.submitted_at : '0001-01-01T00:00:00Z',
    metadata: r.metadata ?? {
      user_agent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15',
      platform: 'other',
      referer: `https://acme.typeform.com/to/${String(r.form_id)}`,
      network_id: 'a1b2c3d4e5',
      browser: 'default',
    },
    hidden: r.hidden ?? {},
    calculated: r.calculated ?? { score: 0 },
    variables: r.variables ?? [],
    answers: r.answers ?? [],
  };
}

function sortKey(r: Rec): number {
  const t = responseType(r) === 'completed' ? r.submitted_at : r.landed_at;
  return Date.parse(String(t));
}

export const mock: VendorMock = {
  vendor: 'typeform',
  references: [
    'https://www.typeform.com/developers/responses/reference/retrieve-responses/',
    'https://www.typeform.com/developers/responses/',
    'https://www.typeform.com/developers/create/reference/retrieve-form/',
    'https://www.typeform.com/developers/get-started/personal-access-token/',
  ],
  unauthorized: () =>
    error(
      401,
      'AUTHENTICATION_FAILED',
      'Authentication credentials not found on the Request Headers',
    ),
  create(seed: unknown, _context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as { forms?: Rec[]; responses?: Rec[] };
    const forms: Rec[] = structuredClone(data.forms ?? []);
    const responses: Rec[] = structuredClone(data.responses ?? []);

    function listResponses(formId: string, q: URLSearchParams): MockResponse {
      if (!forms.some((f) => f.id === formId)) {
        return error(404, 'FORM_NOT_FOUND', `Non existing form with uid ${formId}`);
      }
      const pageSize = intParam(q, 'page_size', 25);
      if (pageSize < 1 || pageSize > 1000) {
        return error(400, 'VALIDATION_ERROR', 'The payload is invalid.', [
          {
            code: 'INVALID_PARAMETER',
            description: 'page_size must be between 1 and 1000',
            field: 'page_size',
            in: 'query',
          },
        ]);
      }
      let types: string[] = ['completed'];
      const rt = q.get('response_type');
      const completed = q.get('completed');
      if (rt) types = rt.split(',').map((s) => s.trim());
      else if (completed === 'false') types = ['partial'];
      else if (completed === 'true') types = ['completed'];
      let items = responses.filter((r) => r.form_id === formId && types.includes(responseType(r)));
      for (const [name, cmp] of [
        ['since', (t: number, b: number) => t >= b],
        ['until', (t: number, b: number) => t <= b],
      ] as const) {
        const raw = q.get(name);
        if (raw === null || raw === '') continue;
        const bound = parseTime(raw);
        if (bound === undefined) {
          return error(400, 'VALIDATION_ERROR', 'The payload is invalid.', [
            {
              code: 'INVALID_PARAMETER',
              description: `${name} must be a valid date`,
              field: name,
              in: 'query',
            },
          ]);
        }
        items = items.filter((r) => cmp(sortKey(r), bound));
      }
      const ids = q.get('included_response_ids');
      if (ids) items = items.filter((r) => ids.split(',').includes(String(r.response_id)));
      const sort = q.get('sort') ?? 'submitted_at,desc';
      const asc = /,asc$/.test(sort);
      items.sort((a, b) => (asc ? sortKey(a) - sortKey(b) : sortKey(b) - sortKey(a)));
      const totalItems = items.length;
      // before/after: responses after or before the one with this token in the list order.
      const before = q.get('before');
      const after = q.get('after');
      if (before || after) {
        const token = (before ?? after) as string;
        const anchor = responses.find((r) => (r.token ?? r.response_id) === token);
        if (!anchor)
          return error(400, 'VALIDATION_ERROR', 'The payload is invalid.', [
            {
              code: 'INVALID_PARAMETER',
              description: 'token not found',
              field: before ? 'before' : 'after',
              in: 'query',
            },
          ]);
        const t = sortKey(anchor);
        items = items
          .filter((r) => (before ? sortKey(r) < t : sortKey(r) > t))
          .sort((a, b) => (before ? sortKey(b) - sortKey(a) : sortKey(a) - sortKey(b)));
        if (after)
          items = items
            .slice(0, Math.min(pageSize, PAGE_CAP))
            .sort((a, b) => sortKey(b) - sortKey(a));
      }
      const size = Math.min(pageSize, PAGE_CAP);
      const page = items.slice(0, size);
      return json(200, {
        total_items: totalItems,
        page_count: Math.max(1, Math.ceil(totalItems / size)),
        items: page.map(present),
      });
    }

    return {
      collections: () => ({ forms, responses }),
      handle(req: MockRequest): MockResponse {
        const path = req.path.replace(/\/+$/, '');
        let m = /^\/forms\/([^/]+)\/responses$/.exec(path);
        if (m && req.method === 'GET') return listResponses(decodeURIComponent(m[1]!), req.query);
        m = /^\/forms\/([^/]+)$/.exec(path);
        if (m && req.method === 'GET') {
          const form = forms.find((f) => f.id === decodeURIComponent(m![1]!));
          if (!form) return error(404, 'FORM_NOT_FOUND', `Non existing form with uid ${m[1]}`);
          return json(200, {
            id: form.id,
            type: 'quiz',
            title: form.title,
            settings: { language: 'en', is_public: true },
            fields: form.fields ?? [],
            _links: { display: `https://acme.typeform.com/to/${String(form.id)}` },
          });
        }
        if (path === '/forms' && req.method === 'GET') {
          return json(200, {
            total_items: forms.length,
            page_count: 1,
            items: forms.map((f) => ({
              id: f.id,
              title: f.title,
              last_updated_at: f.last_updated_at ?? '2026-10-01T09:00:00Z',
            })),
          });
        }
        return error(404, 'NOT_FOUND', 'Endpoint not found');
      },
    };
  },
};
