// The in-house "oncall-roster" API, exactly as openapi/oncall-roster.yaml describes it
// (servers: https://oncall.internal.example.com/api/v1, bearer token): teams, and shifts with
// team/from/to filters, cancelled shifts hidden unless include_cancelled=true, cursor paging
// ({items, next_cursor}, at most 4 a page), errors as {"error": {code, message}}.
// Collection `shifts`.
// The mock handles arbitrary JSON from the code under test: records are loosely typed on purpose.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';

type Rec = Record<string, any>;
const PAGE_MAX = 4;
const BASE = '/api/v1';

function error(status: number, code: string, message: string): MockResponse {
  return { status, body: { error: { code, message } } };
}

export const mock: VendorMock = {
  vendor: 'oncall-roster',
  references: ['openapi/oncall-roster.yaml'],
  unauthorized: () => error(401, 'unauthorized', 'Missing or invalid bearer token.'),
  create(seedInput: unknown, _ctx: VendorContext): VendorInstance {
    const seed = (seedInput ?? {}) as { teams?: Rec[]; people?: Rec[]; shifts?: Rec[] };
    const teams = seed.teams ?? [];
    const people = seed.people ?? [];
    const shifts: Rec[] = [];
    let counter = 0;
    const normalise = (raw: Rec): Rec => {
      if (raw.team && typeof raw.team === 'object') return raw;
      const team = teams.find((t) => t.slug === raw.team) ?? { slug: raw.team, name: raw.team };
      const person = people.find((p) => p.id === raw.person || p.id === raw.person_id) ?? {
        id: raw.person,
        name: raw.person,
        email: null,
      };
      return {
        id: raw.id ?? `sh_${String(++counter).padStart(4, '0')}`,
        team: { slug: team.slug, name: team.name },
        person: { id: person.id, name: person.name, email: person.email },
        role: raw.role ?? 'primary',
        starts_at: raw.starts_at,
        ends_at: raw.ends_at,
        status: raw.status ?? 'scheduled',
      };
    };
    for (const s of seed.shifts ?? []) shifts.push(normalise(s));
    const dateParam = (v: string | null, name: string): number | null | MockResponse => {
      if (v === null) return null;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
        return error(400, 'invalid_parameter', `${name} must be a date in the form YYYY-MM-DD`);
      return Date.parse(`${v}T00:00:00Z`);
    };
    return {
      collections: () => ({ shifts }),
      handle(req: MockRequest): MockResponse {
        for (let i = 0; i < shifts.length; i++) shifts[i] = normalise(shifts[i]!);
        if (!req.path.startsWith(BASE))
          return error(404, 'not_found', `No route ${req.method} ${req.path}`);
        const path = req.path.slice(BASE.length).replace(/\/+$/, '');
        if (path === '/teams' && req.method === 'GET')
          return {
            status: 200,
            body: { teams: teams.map((t) => ({ slug: t.slug, name: t.name })) },
          };
        if (path === '/shifts' && req.method === 'GET') {
          const q = req.query;
          const wanted = q
            .getAll('team')
            .flatMap((t) => t.split(','))
            .map((t) => t.trim())
            .filter(Boolean);
          for (const w of wanted)
            if (!teams.some((t) => t.slug === w))
              return error(
                400,
                'unknown_team',
                `No team with slug "${w}". Use a slug from GET /teams.`,
              );
          const from = dateParam(q.get('from'), 'from');
          if (from !== null && typeof from === 'object') return from;
          const to = dateParam(q.get('to'), 'to');
          if (to !== null && typeof to === 'object') return to;
          const limit = q.get('limit') === null ? PAGE_MAX : Number(q.get('limit'));
          if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_MAX)
            return error(400, 'invalid_parameter', `limit must be between 1 and ${PAGE_MAX}`);
          const includeCancelled = q.get('include_cancelled') === 'true';
          const list = shifts
            .filter(
              (s) =>
                (includeCancelled || s.status !== 'cancelled') &&
                (!wanted.length || wanted.includes(s.team.slug)),
            )
            .filter(
              (s) =>
                (from === null || Date.parse(s.starts_at) >= (from as number)) &&
                (to === null || Date.parse(s.starts_at) < (to as number)),
            )
            .sort(
              (a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at) || (a.id < b.id ? -1 : 1),
            );
          let start = 0;
          const cursor = q.get('cursor');
          if (cursor) {
            const decoded = Buffer.from(cursor, 'base64url').toString();
            if (!/^o:\d+$/.test(decoded))
              return error(400, 'invalid_cursor', 'The cursor is not valid.');
            start = Number(decoded.slice(2));
          }
          const items = list.slice(start, start + limit);
          const next =
            start + limit < list.length
              ? Buffer.from(`o:${start + limit}`).toString('base64url')
              : null;
          return { status: 200, body: { items, next_cursor: next } };
        }
        if (path === '/shifts' && req.method === 'POST') {
          const b = (req.body ?? {}) as Rec;
          for (const f of ['team', 'person_id', 'role', 'starts_at', 'ends_at'])
            if (b[f] === undefined) return error(400, 'invalid_shift', `${f} is required`);
          if (!teams.some((t) => t.slug === b.team))
            return error(400, 'unknown_team', `No team with slug "${b.team}".`);
          if (!people.some((p) => p.id === b.person_id))
            return error(400, 'unknown_person', `No person with id "${b.person_id}".`);
          if (!['primary', 'secondary'].includes(b.role))
            return error(400, 'invalid_shift', 'role must be primary or secondary');
          const shift = normalise({
            team: b.team,
            person: b.person_id,
            role: b.role,
            starts_at: b.starts_at,
            ends_at: b.ends_at,
          });
          shifts.push(shift);
          return { status: 201, body: shift };
        }
        const one = /^\/shifts\/([^/]+)$/.exec(path);
        if (one && req.method === 'PATCH') {
          const s = shifts.find((x) => x.id === one[1]!);
          if (!s) return error(404, 'not_found', `No shift ${one[1]!}`);
          const b = (req.body ?? {}) as Rec;
          if (b.status !== undefined && !['scheduled', 'cancelled'].includes(b.status))
            return error(400, 'invalid_shift', 'status must be scheduled or cancelled');
          for (const k of ['starts_at', 'ends_at', 'role', 'status'])
            if (b[k] !== undefined) s[k] = b[k];
          if (b.person_id !== undefined) {
            const p = people.find((x) => x.id === b.person_id);
            if (!p) return error(400, 'unknown_person', `No person with id "${b.person_id}".`);
            s.person = { id: p.id, name: p.name, email: p.email };
          }
          return { status: 200, body: s };
        }
        return error(404, 'not_found', `No route ${req.method} ${req.path}`);
      },
    };
  },
};
