// The in-house "HR Directory API", exactly as openapi/hr-directory.yaml describes it: X-Api-Key
// auth (checked by the mock server), /api/v1/people listing active people only unless
// status=leaver|all, page / page_size paging (default 5, at most 10) with total_pages, creation
// with required first_name, last_name, email, team (enum), start_date (YYYY-MM-DD), no unknown
// fields, 409 for a duplicate email, and PATCH for changes. Errors: {"error": {code, message,
// details}}.
import type { MockRequest, MockResponse, VendorMock, VendorContext } from '../contract.ts';
import { json } from '../mock-kit.ts';

// Vendor JSON is loosely shaped; the mock reads and writes it field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = Record<string, any>;

export const TEAMS = [
  'Engineering',
  'Product',
  'Design',
  'Sales',
  'Marketing',
  'Customer Success',
  'Finance',
  'People',
  'Operations',
];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

function error(
  status: number,
  code: string,
  message: string,
  details?: { field: string; message: string }[],
): MockResponse {
  return json(status, { error: details ? { code, message, details } : { code, message } });
}

function validDate(v: unknown): boolean {
  return (
    typeof v === 'string' &&
    DATE.test(v) &&
    !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
    new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)
  );
}

function intOf(raw: string | null, fallback: number): number | null {
  if (raw === null) return fallback;
  return /^\d+$/.test(raw) ? Number(raw) : null;
}

export const mock: VendorMock = {
  vendor: 'hr-directory',
  references: ['openapi/hr-directory.yaml'],
  unauthorized: () => error(401, 'unauthorized', 'Missing or invalid X-Api-Key header.'),
  create(seedRaw: unknown, context: VendorContext) {
    const seed = (seedRaw ?? {}) as { people?: Rec[] };
    const people = (seed.people ?? []).map((p) => structuredClone(p));
    let nextId = people.reduce((n, p) => Math.max(n, Number(p.id) + 1), 1001);
    let nextNumber = people.reduce(
      (n, p) => Math.max(n, Number(String(p.employee_number).replace(/\D/g, '')) + 1),
      1001,
    );

    function list(request: MockRequest): MockResponse {
      const q = request.query;
      const status = q.get('status') ?? 'active';
      if (!['active', 'leaver', 'all'].includes(status))
        return error(400, 'bad_request', 'status must be one of active, leaver, all.');
      const team = q.get('team');
      if (team !== null && !TEAMS.includes(team))
        return error(400, 'bad_request', `team must be one of ${TEAMS.join(', ')}.`);
      const page = intOf(q.get('page'), 1);
      const size = intOf(q.get('page_size'), 5);
      if (page === null || page < 1)
        return error(400, 'bad_request', 'page must be an integer of at least 1.');
      if (size === null || size < 1 || size > 10)
        return error(400, 'bad_request', 'page_size must be an integer from 1 to 10.');
      let items = people;
      if (status !== 'all') items = items.filter((p) => p.status === status);
      if (team !== null) items = items.filter((p) => p.team === team);
      const search = q.get('q');
      if (search)
        items = items.filter((p) =>
          `${p.first_name} ${p.last_name} ${p.email}`.toLowerCase().includes(search.toLowerCase()),
        );
      items = [...items].sort((a, b) =>
        a.start_date === b.start_date ? b.id - a.id : a.start_date < b.start_date ? 1 : -1,
      );
      return json(200, {
        items: items.slice((page - 1) * size, page * size),
        page,
        page_size: size,
        total_items: items.length,
        total_pages: Math.ceil(items.length / size),
      });
    }

    function check(
      body: Rec,
      required: string[],
      allowed: string[],
    ): { field: string; message: string }[] {
      const details: { field: string; message: string }[] = [];
      for (const f of required)
        if (body[f] === undefined || body[f] === null || body[f] === '')
          details.push({ field: f, message: 'is required' });
      for (const f of Object.keys(body))
        if (!allowed.includes(f)) details.push({ field: f, message: 'is not a known field' });
      for (const f of ['first_name', 'last_name', 'job_title', 'location']) {
        if (
          body[f] !== undefined &&
          body[f] !== null &&
          (typeof body[f] !== 'string' || (required.includes(f) && body[f].trim() === ''))
        )
          details.push({ field: f, message: 'must be a non-empty string' });
      }
      if (body.email !== undefined && (typeof body.email !== 'string' || !EMAIL.test(body.email)))
        details.push({ field: 'email', message: 'must be an email address' });
      if (body.team !== undefined && !TEAMS.includes(body.team))
        details.push({ field: 'team', message: `must be one of ${TEAMS.join(', ')}` });
      for (const f of ['start_date', 'end_date']) {
        if (body[f] !== undefined && body[f] !== null && !validDate(body[f]))
          details.push({ field: f, message: 'must be a date as YYYY-MM-DD' });
      }
      if (
        body.manager_id !== undefined &&
        body.manager_id !== null &&
        !Number.isInteger(body.manager_id)
      )
        details.push({ field: 'manager_id', message: 'must be an integer' });
      return details.filter((d, i) => details.findIndex((x) => x.field === d.field) === i);
    }

    function create(body: Rec): MockResponse {
      const details = check(
        body,
        ['first_name', 'last_name', 'email', 'team', 'start_date'],
        [
          'first_name',
          'last_name',
          'email',
          'team',
          'start_date',
          'job_title',
          'location',
          'manager_id',
        ],
      );
      if (details.length)
        return error(422, 'validation_failed', 'The person is not valid.', details);
      if (people.some((p) => String(p.email).toLowerCase() === body.email.toLowerCase())) {
        return error(
          409,
          'duplicate_email',
          `Someone with the email ${body.email} is already in the directory.`,
        );
      }
      const now = context.now().toISOString();
      const person: Rec = {
        id: nextId++,
        employee_number: `E-${nextNumber++}`,
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        team: body.team,
        job_title: body.job_title ?? null,
        location: body.location ?? null,
        manager_id: body.manager_id ?? null,
        status: 'active',
        start_date: body.start_date,
        end_date: null,
        created_at: now,
        updated_at: now,
      };
      people.push(person);
      return json(201, person);
    }

    function update(person: Rec, body: Rec): MockResponse {
      const details = check(
        body,
        [],
        ['first_name', 'last_name', 'team', 'job_title', 'location', 'manager_id', 'end_date'],
      );
      if (details.length)
        return error(422, 'validation_failed', 'The change is not valid.', details);
      Object.assign(person, body);
      if (body.end_date !== undefined) person.status = body.end_date ? 'leaver' : 'active';
      person.updated_at = context.now().toISOString();
      return json(200, person);
    }

    function handle(request: MockRequest): MockResponse {
      const path = request.path.replace(/\/+$/, '');
      if (path === '/api/v1/people') {
        if (request.method === 'GET') return list(request);
        if (request.method === 'POST') {
          if (!request.body || typeof request.body !== 'object' || Array.isArray(request.body))
            return error(422, 'validation_failed', 'The body must be a JSON object.');
          return create(request.body as Rec);
        }
        return error(405, 'bad_request', 'Method not allowed.');
      }
      const m = /^\/api\/v1\/people\/([^/]+)$/.exec(path);
      if (m) {
        const person = people.find((p) => String(p.id) === m[1]);
        if (!person) return error(404, 'not_found', `No person with id ${m[1]}.`);
        if (request.method === 'GET') return json(200, person);
        if (request.method === 'PATCH') {
          if (!request.body || typeof request.body !== 'object' || Array.isArray(request.body))
            return error(422, 'validation_failed', 'The body must be a JSON object.');
          return update(person, request.body as Rec);
        }
        return error(405, 'bad_request', 'Method not allowed.');
      }
      return error(404, 'not_found', 'No such route.');
    }

    return { handle, collections: () => ({ people }) };
  },
};
