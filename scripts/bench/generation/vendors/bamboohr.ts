// BambooHR API v1 (https://api.bamboohr.com/api/gateway.php/{companyDomain}/v1), from its public
// reference. HTTP Basic auth with the API key as the user name and any password ("x"). Answers
// are XML unless the request sends `Accept: application/json`. Errors come with an empty body
// and the reason in the `X-BambooHR-Error-Message` header. GET /employees/directory lists the
// active employees with a fixed set of fields (no hire date); GET /employees/{id}?fields=a,b
// returns only the fields asked for, as strings; POST /employees adds one employee (firstName and
// lastName required) and answers 201 with a `Location` header and no body. POST
// /reports/custom?format=JSON runs a report over the fields it names.
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';

type Rec = Record<string, unknown>;

const DIRECTORY_FIELDS = [
  ['displayName', 'text', 'Display name'],
  ['firstName', 'text', 'First name'],
  ['lastName', 'text', 'Last name'],
  ['preferredName', 'text', 'Preferred name'],
  ['jobTitle', 'list', 'Job title'],
  ['workPhone', 'text', 'Work Phone'],
  ['mobilePhone', 'text', 'Mobile Phone'],
  ['workEmail', 'email', 'Work Email'],
  ['department', 'list', 'Department'],
  ['location', 'list', 'Location'],
  ['division', 'list', 'Division'],
  ['supervisor', 'employee', 'Supervisor'],
] as const;

// Fields a new employee may be given (the writable standard fields the tasks can touch).
const WRITABLE = new Set([
  'firstName',
  'lastName',
  'middleName',
  'preferredName',
  'displayName',
  'workEmail',
  'homeEmail',
  'jobTitle',
  'department',
  'division',
  'location',
  'hireDate',
  'originalHireDate',
  'workPhone',
  'mobilePhone',
  'homePhone',
  'employeeNumber',
  'gender',
  'dateOfBirth',
  'address1',
  'address2',
  'city',
  'state',
  'zipcode',
  'country',
  'employmentHistoryStatus',
  'status',
  'supervisorEId',
  'payRate',
  'payType',
  'exempt',
  'linkedIn',
  'pronouns',
  'workPhoneExtension',
]);
const DATE_FIELDS = new Set(['hireDate', 'originalHireDate', 'dateOfBirth', 'terminationDate']);

function refuse(status: number, message: string): MockResponse {
  return { status, headers: { 'x-bamboohr-error-message': message }, body: '' };
}

function xmlEscape(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function validDate(s: string): boolean {
  if (!/^\d{4}-\d\d-\d\d$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export const mock: VendorMock = {
  vendor: 'bamboohr',
  references: [
    'https://documentation.bamboohr.com/docs/getting-started',
    'https://documentation.bamboohr.com/reference/get-employees-directory-1',
    'https://documentation.bamboohr.com/reference/get-employee',
    'https://documentation.bamboohr.com/reference/add-employee-1',
    'https://documentation.bamboohr.com/reference/request-custom-report-1',
    'https://documentation.bamboohr.com/docs/list-of-field-names',
    'https://documentation.bamboohr.com/docs/api-details',
  ],
  unauthorized: () => refuse(401, 'Invalid API key'),
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as { companyDomain?: string; employees?: Rec[] };
    const company = data.companyDomain ?? 'acme';
    const prefix = `/api/gateway.php/${company}/v1`;
    const employees: Rec[] = structuredClone(data.employees ?? []).map((e) => ({
      status: 'Active',
      ...e,
      id: String(e.id),
    }));
    let nextId = employees.reduce((max, e) => Math.max(max, Number(e.id) || 0), 100) + 1;

    const wantsJson = (req: MockRequest): boolean =>
      (req.headers.accept ?? '').toLowerCase().includes('application/json');
    const display = (e: Rec): string =>
      `${String(e.preferredName || e.firstName)} ${String(e.lastName)}`;
    const valueOf = (e: Rec, f: string): unknown => {
      if (f === 'id') return String(e.id);
      if (f === 'displayName') return e.displayName ?? display(e);
      if (f === 'fullName1') return `${String(e.firstName)} ${String(e.lastName)}`;
      const v = e[f];
      return v === undefined ? null : v === null ? null : typeof v === 'string' ? v : String(v);
    };

    function answer(req: MockRequest, body: unknown, xml: () => string): MockResponse {
      if (wantsJson(req))
        return { status: 200, headers: { 'content-type': 'application/json' }, body };
      return { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' }, body: xml() };
    }

    function addEmployee(req: MockRequest): MockResponse {
      let input: Rec | undefined;
      const ct = (req.headers['content-type'] ?? '').toLowerCase();
      if (
        ct.includes('json') &&
        req.body &&
        typeof req.body === 'object' &&
        !Array.isArray(req.body)
      )
        input = req.body as Rec;
      else if (req.rawBody.trim().startsWith('<')) {
        input = {};
        for (const m of req.rawBody.matchAll(/<field id="([^"]+)">([^<]*)<\/field>/g))
          input[m[1]!] = m[2];
      }
      if (!input) return refuse(400, 'The request body could not be parsed');
      for (const key of Object.keys(input)) {
        if (!WRITABLE.has(key)) return refuse(400, `Invalid field: ${key}`);
        const v = input[key];
        if (v !== null && typeof v !== 'string' && typeof v !== 'number')
          return refuse(400, `Invalid value for field ${key}`);
      }
      for (const key of ['firstName', 'lastName']) {
        if (typeof input[key] !== 'string' || String(input[key]).trim() === '') {
          return refuse(400, 'firstName and lastName are required');
        }
      }
      for (const key of Object.keys(input)) {
        if (DATE_FIELDS.has(key) && input[key] !== null && !validDate(String(input[key]))) {
          return refuse(400, `Invalid date for field ${key}; expected yyyy-mm-dd`);
        }
      }
      const id = String(nextId++);
      const record: Rec = { id, status: 'Active' };
      for (const [k, v] of Object.entries(input)) record[k] = v === null ? null : String(v);
      employees.push(record);
      return {
        status: 201,
        headers: { location: `${context.origin}${prefix}/employees/${id}` },
        body: '',
      };
    }

    return {
      collections: () => ({ employees }),
      handle(req: MockRequest): MockResponse {
        if (!req.path.startsWith(`${prefix}/`)) return refuse(404, 'Not found');
        const path = req.path.slice(prefix.length).replace(/\/+$/, '');
        if (path === '/employees' && req.method === 'POST') return addEmployee(req);
        if (path === '/employees/directory' && req.method === 'GET') {
          const list = employees.filter((e) => e.status === 'Active');
          const rows = list.map((e) => {
            const row: Rec = { id: String(e.id) };
            for (const [f] of DIRECTORY_FIELDS) row[f] = valueOf(e, f);
            row.photoUploaded = false;
            row.photoUrl = `https://resources.bamboohr.com/images/photo_person_150x150.png`;
            row.canUploadPhoto = 1;
            return row;
          });
          return answer(
            req,
            {
              fields: DIRECTORY_FIELDS.map(([id, type, name]) => ({ id, type, name })),
              employees: rows,
            },
            () =>
              `<?xml version="1.0"?>\n<directory><employees>${rows
                .map(
                  (r) =>
                    `<employee id="${String(r.id)}">${DIRECTORY_FIELDS.map(([f]) => `<field id="${f}">${xmlEscape(String(r[f] ?? ''))}</field>`).join('')}</employee>`,
                )
                .join('')}</employees></directory>`,
          );
        }
        const m = /^\/employees\/(\d+)$/.exec(path);
        if (m && req.method === 'GET') {
          const e = employees.find((x) => x.id === m[1]);
          if (!e) return refuse(404, 'Employee not found');
          const fieldsRaw = req.query.get('fields');
          const fields = fieldsRaw
            ? fieldsRaw
                .split(',')
                .map((f) => f.trim())
                .filter(Boolean)
            : ['firstName', 'lastName'];
          const out: Rec = { id: String(e.id) };
          for (const f of fields) out[f] = valueOf(e, f);
          return answer(
            req,
            out,
            () =>
              `<?xml version="1.0"?>\n<employee id="${String(e.id)}">${fields.map((f) => `<field id="${f}">${xmlEscape(String(out[f] ?? ''))}</field>`).join('')}</employee>`,
          );
        }
        if (path === '/reports/custom' && req.method === 'POST') {
          const body = req.body as Rec | undefined;
          const fields = Array.isArray(body?.fields)
            ? (body!.fields as unknown[]).map(String)
            : undefined;
          if (!fields || fields.length === 0)
            return refuse(400, 'A custom report needs a list of fields');
          const format = (req.query.get('format') ?? 'XML').toUpperCase();
          const rows = employees.map((e) => {
            const r: Rec = { id: String(e.id) };
            for (const f of fields) r[f] = valueOf(e, f);
            return r;
          });
          const payload = {
            title: String(body?.title ?? 'Report'),
            fields: fields.map((f) => ({ id: f, type: 'text', name: f })),
            employees: rows,
          };
          if (format === 'JSON')
            return { status: 200, headers: { 'content-type': 'application/json' }, body: payload };
          return {
            status: 200,
            headers: { 'content-type': 'text/xml; charset=utf-8' },
            body: `<?xml version="1.0"?>\n<report><title>${xmlEscape(payload.title)}</title><employees>${rows
              .map(
                (r) =>
                  `<employee id="${String(r.id)}">${fields.map((f) => `<field id="${f}">${xmlEscape(String(r[f] ?? ''))}</field>`).join('')}</employee>`,
              )
              .join('')}</employees></report>`,
          };
        }
        return refuse(404, 'Not found');
      },
    };
  },
};
