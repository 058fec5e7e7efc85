// The in-house Fleet Telemetry API, exactly as openapi/fleet-telemetry.yaml documents it:
// bearer auth, limit/offset lists (at most 5 a page) with `total`, retired vehicles left out of
// the vehicle list unless asked for, alerts filtered by severity list, acknowledgement, vehicle
// and time, newest first.
import type { MockResponse, VendorContext, VendorInstance, VendorMock } from '../contract.ts';
import { json } from '../mock-kit.ts';

type Rec = Record<string, unknown>;

const SEVERITIES = ['info', 'minor', 'major', 'critical'];

function bad(message: string, field?: string): MockResponse {
  return json(400, { error: 'bad_request', message, field: field ?? null });
}

export const mock: VendorMock = {
  vendor: 'fleet-telemetry',
  references: ['openapi/fleet-telemetry.yaml'],
  unauthorized: () =>
    json(401, { error: 'unauthorized', message: 'A valid bearer token is required', field: null }),
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as { vehicles?: Rec[]; alerts?: Rec[] };
    const vehicles: Rec[] = structuredClone(data.vehicles ?? []);
    const alerts: Rec[] = structuredClone(data.alerts ?? []);

    function page(list: Rec[], q: URLSearchParams): MockResponse {
      const limit = q.get('limit') === null ? 5 : Number(q.get('limit'));
      const offset = q.get('offset') === null ? 0 : Number(q.get('offset'));
      if (!Number.isInteger(limit) || limit < 1 || limit > 5)
        return bad('limit must be an integer from 1 to 5', 'limit');
      if (!Number.isInteger(offset) || offset < 0)
        return bad('offset must be a non-negative integer', 'offset');
      return json(200, {
        items: list.slice(offset, offset + limit),
        total: list.length,
        limit,
        offset,
      });
    }
    const alertOut = (a: Rec): Rec => ({
      acknowledged: false,
      acknowledged_at: null,
      acknowledged_by: null,
      ...a,
    });

    return {
      collections: () => ({ vehicles, alerts }),
      handle(req) {
        if (!req.path.startsWith('/v2/'))
          return json(404, { error: 'not_found', message: `No route ${req.path}`, field: null });
        const path = req.path.slice(3).replace(/\/+$/, '');
        const q = req.query;
        if (path === '/vehicles' && req.method === 'GET') {
          const status = q.get('status');
          if (status && !['active', 'in_workshop', 'retired', 'all'].includes(status))
            return bad('status must be active, in_workshop, retired or all', 'status');
          const depot = q.get('depot');
          const list = vehicles.filter(
            (v) =>
              (status === 'all' ? true : status ? v.status === status : v.status !== 'retired') &&
              (!depot || v.depot === depot),
          );
          return page(list, q);
        }
        let m = /^\/vehicles\/([^/]+)$/.exec(path);
        if (m && req.method === 'GET') {
          const v = vehicles.find((x) => x.id === m![1]);
          return v
            ? json(200, v)
            : json(404, { error: 'not_found', message: `No vehicle ${m[1]}`, field: null });
        }
        if (path === '/alerts' && req.method === 'GET') {
          const sev = q.get('severity');
          const wanted = sev
            ? sev
                .split(',')
                .map((s) => s.trim().toLowerCase())
                .filter(Boolean)
            : undefined;
          if (wanted?.some((s) => !SEVERITIES.includes(s)))
            return bad(`severity must be among ${SEVERITIES.join(', ')}`, 'severity');
          const ack = q.get('acknowledged');
          if (ack !== null && !['true', 'false'].includes(ack))
            return bad('acknowledged must be true or false', 'acknowledged');
          const after = q.get('raised_after');
          const afterMs = after ? Date.parse(after) : undefined;
          if (after && Number.isNaN(afterMs))
            return bad('raised_after must be an ISO 8601 date-time', 'raised_after');
          const vid = q.get('vehicle_id');
          const list = alerts
            .map(alertOut)
            .filter(
              (a) =>
                (!wanted || wanted.includes(String(a.severity))) &&
                (ack === null || a.acknowledged === (ack === 'true')) &&
                (afterMs === undefined || Date.parse(String(a.raised_at)) > afterMs) &&
                (!vid || a.vehicle_id === vid),
            )
            .sort((a, b) => Date.parse(String(b.raised_at)) - Date.parse(String(a.raised_at)));
          return page(list, q);
        }
        m = /^\/alerts\/([^/]+)\/acknowledge$/.exec(path);
        if (m && req.method === 'POST') {
          const a = alerts.find((x) => x.id === m![1]);
          if (!a)
            return json(404, { error: 'not_found', message: `No alert ${m[1]}`, field: null });
          if (a.acknowledged)
            return json(409, {
              error: 'conflict',
              message: 'Alert already acknowledged',
              field: null,
            });
          a.acknowledged = true;
          a.acknowledged_at = context.now().toISOString();
          a.acknowledged_by = String(((req.body ?? {}) as Rec).by ?? 'api');
          return json(200, alertOut(a));
        }
        return json(404, {
          error: 'not_found',
          message: `No route ${req.method} ${req.path}`,
          field: null,
        });
      },
    };
  },
};
