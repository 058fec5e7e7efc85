// PagerDuty REST API v2 (https://api.pagerduty.com), incidents. Auth is the header
// "Authorization: Token token=<api key>"; "Accept: application/vnd.pagerduty+json;version=2" is
// the documented Accept header. From developer.pagerduty.com (see `references`):
// - GET /incidents: statuses[] (triggered|acknowledged|resolved), urgencies[] (high|low),
//   service_ids[], team_ids[], since, until, date_range=all, sort_by, limit (default 25, max
//   100), offset, total (default false: `total` is null), include[].
//   Without since/until (and without date_range=all) only incidents CREATED in the last 30 days
//   come back; since/until bound created_at and may span at most 6 months.
// - Classic pagination: {incidents, limit, offset, more, total}.
// - Incident: {id, type: "incident", summary, incident_number, title, status, urgency,
//   created_at, updated_at, last_status_change_at, resolved_at, service:{id, type, summary},
//   assignments, priority, html_url, incident_key, …}.
// - Errors: {"error": {"message", "code", "errors": [...]}}; 401 code 2006 for a bad key.
// Page size: at most 4 incidents a page here so that `more`/offset matter.
// The mock handles arbitrary JSON from the code under test: records are loosely typed on purpose.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json } from '../mock-kit.ts';

type Rec = Record<string, any>;
const PAGE_MAX = 4;

interface PagerDutySeed {
  subdomain?: string;
  services?: { id: string; name: string }[];
  incidents: Rec[];
}

function invalid(errors: string[]): MockResponse {
  return json(400, { error: { message: 'Invalid Input Provided', code: 2001, errors } });
}

function multi(q: URLSearchParams, name: string): string[] {
  const out = [...q.getAll(`${name}[]`), ...q.getAll(name)];
  return out
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

export const mock: VendorMock = {
  vendor: 'pagerduty',
  references: [
    'https://developer.pagerduty.com/api-reference/9d0b4b12e36f9-list-incidents',
    'https://developer.pagerduty.com/api-reference/005299ed7b3c6-get-an-incident',
    'https://developer.pagerduty.com/docs/rest-api-v2/rest-api/',
    'https://developer.pagerduty.com/docs/pagination',
    'https://developer.pagerduty.com/docs/authentication',
    'https://developer.pagerduty.com/docs/errors',
    'https://community.pagerduty.com/ask-a-product-question-2/incidents-don-t-show-up-in-rest-api-176',
  ],
  unauthorized: () => json(401, { error: { message: 'Unauthorized', code: 2006 } }),
  create(seedInput: unknown, ctx: VendorContext): VendorInstance {
    const seed = (seedInput ?? { incidents: [] }) as PagerDutySeed;
    const sub = seed.subdomain ?? 'acme';
    const services = seed.services ?? [];
    const incidents: Rec[] = [];
    const normalise = (raw: Rec): Rec => {
      if (raw.type === 'incident' && raw.self) return raw;
      const svc = services.find(
        (s) => s.id === raw.service || s.name === raw.service || s.id === raw.service?.id,
      ) ??
        services[0] ?? { id: 'PSVC001', name: 'Default Service' };
      const status = raw.status ?? 'triggered';
      const lastChange = raw.last_status_change_at ?? raw.resolved_at ?? raw.created_at;
      return {
        id: raw.id,
        type: 'incident',
        summary: `[#${raw.incident_number}] ${raw.title}`,
        self: `https://api.pagerduty.com/incidents/${raw.id}`,
        html_url: `https://${sub}.pagerduty.com/incidents/${raw.id}`,
        incident_number: raw.incident_number,
        title: raw.title,
        description: raw.title,
        created_at: raw.created_at,
        updated_at: raw.updated_at ?? lastChange,
        status,
        incident_key: raw.incident_key ?? `key-${raw.id}`,
        service: {
          id: svc.id,
          type: 'service_reference',
          summary: svc.name,
          self: `https://api.pagerduty.com/services/${svc.id}`,
          html_url: `https://${sub}.pagerduty.com/service-directory/${svc.id}`,
        },
        assignments:
          status === 'resolved'
            ? []
            : (raw.assignees ?? []).map((name: string, i: number) => ({
                at: raw.created_at,
                assignee: { id: `PUSR${i}`, type: 'user_reference', summary: name },
              })),
        assigned_via: 'escalation_policy',
        last_status_change_at: lastChange,
        resolved_at: status === 'resolved' ? (raw.resolved_at ?? lastChange) : null,
        first_trigger_log_entry: { id: `R${raw.id}`, type: 'trigger_log_entry_reference' },
        alert_counts: {
          all: 1,
          triggered: status === 'resolved' ? 0 : 1,
          resolved: status === 'resolved' ? 1 : 0,
        },
        is_mergeable: true,
        escalation_policy: {
          id: 'PEP0001',
          type: 'escalation_policy_reference',
          summary: 'Default',
        },
        teams: raw.teams ?? [],
        pending_actions: [],
        acknowledgements:
          status === 'acknowledged'
            ? [
                {
                  at: lastChange,
                  acknowledger: { id: 'PUSR0', type: 'user_reference', summary: 'On-call' },
                },
              ]
            : [],
        alert_grouping: null,
        last_status_change_by: { id: svc.id, type: 'service_reference', summary: svc.name },
        priority: raw.priority
          ? {
              id: `PPRI${raw.priority}`,
              type: 'priority',
              summary: raw.priority,
              name: raw.priority,
            }
          : null,
        resolve_reason: null,
        incidents_responders: [],
        responder_requests: [],
        subscriber_requests: [],
        urgency: raw.urgency ?? 'high',
      };
    };
    for (const raw of seed.incidents ?? []) incidents.push(normalise(raw));

    return {
      collections: () => ({ incidents }),
      handle(req: MockRequest): MockResponse {
        for (let i = 0; i < incidents.length; i++) incidents[i] = normalise(incidents[i]!);
        const path = req.path.replace(/\/+$/, '');
        if (req.method === 'GET' && path === '/incidents') {
          const q = req.query;
          const statuses = multi(q, 'statuses');
          for (const s of statuses)
            if (!['triggered', 'acknowledged', 'resolved'].includes(s))
              return invalid([`Statuses must be one of triggered, acknowledged, resolved`]);
          const urgencies = multi(q, 'urgencies');
          for (const u of urgencies)
            if (!['high', 'low'].includes(u))
              return invalid(['Urgencies must be one of high, low']);
          const serviceIds = multi(q, 'service_ids');
          const now = ctx.now().getTime();
          let since: number | null = null;
          let until: number | null = null;
          if (q.get('date_range') !== 'all') {
            const s = q.get('since');
            const u = q.get('until');
            if (s !== null && Number.isNaN(Date.parse(s)))
              return invalid(['Since is not a valid date']);
            if (u !== null && Number.isNaN(Date.parse(u)))
              return invalid(['Until is not a valid date']);
            until = u !== null ? Date.parse(u) : now;
            since = s !== null ? Date.parse(s) : until - 30 * 864e5;
            if (until < since) return invalid(['Until must be after since']);
            if (until - since > 183 * 864e5) return invalid(['Date range cannot exceed 6 months']);
          }
          let list = incidents.filter((i) => {
            const created = Date.parse(i.created_at);
            if (since !== null && created < since) return false;
            if (until !== null && created >= until) return false;
            if (statuses.length && !statuses.includes(i.status)) return false;
            if (urgencies.length && !urgencies.includes(i.urgency)) return false;
            if (serviceIds.length && !serviceIds.includes(i.service.id)) return false;
            return true;
          });
          const sortBy = q.get('sort_by') ?? 'created_at:asc';
          const [field = '', dir] = sortBy.split(':');
          if (!['incident_number', 'created_at', 'resolved_at', 'urgency'].includes(field))
            return invalid([
              `Sort by must be one of incident_number, created_at, resolved_at, urgency`,
            ]);
          const val = (i: Rec) =>
            field === 'incident_number'
              ? i.incident_number
              : field === 'urgency'
                ? i.urgency === 'high'
                  ? 1
                  : 0
                : Date.parse(i[field] ?? '') || 0;
          list = [...list].sort((a, b) => (dir === 'desc' ? val(b) - val(a) : val(a) - val(b)));
          const limitRaw = Number(q.get('limit') ?? 25);
          if (!Number.isFinite(limitRaw) || limitRaw < 1)
            return invalid(['Limit must be a positive integer']);
          const limit = Math.min(limitRaw, PAGE_MAX);
          const offset = Math.max(0, Number(q.get('offset') ?? 0) || 0);
          return json(200, {
            incidents: list.slice(offset, offset + limit),
            limit,
            offset,
            more: offset + limit < list.length,
            total: q.get('total') === 'true' ? list.length : null,
          });
        }
        const one = /^\/incidents\/([^/]+)$/.exec(path);
        if (req.method === 'GET' && one) {
          const inc = incidents.find(
            (i) => i.id === one[1]! || String(i.incident_number) === one[1]!,
          );
          return inc
            ? json(200, { incident: inc })
            : json(404, { error: { message: 'Not Found', code: 2100 } });
        }
        if (req.method === 'GET' && path === '/services') {
          return json(200, {
            services: services.map((s) => ({
              id: s.id,
              type: 'service',
              name: s.name,
              summary: s.name,
            })),
            limit: 25,
            offset: 0,
            more: false,
            total: null,
          });
        }
        return json(404, { error: { message: 'Not Found', code: 2100 } });
      },
    };
  },
};
