// HubSpot CRM API v3 objects (contacts, companies) under https://api.hubapi.com, as the public
// reference describes it. Records are `{id, properties, createdAt, updatedAt, archived}` with every
// property value a string. Lists return only a few default properties unless `properties=` names
// more (lifecyclestage, phone, … are absent otherwise) and page with `after` / `paging.next.after`
// (`limit` honoured up to 100, 200 for search; without it the mock serves 5 a page). Search takes `filterGroups`. Batch upsert needs an
// `idProperty` whose values are unique (email for contacts; a company's `domain` is not unique, so
// upserting companies by domain is refused). Unknown properties and bad enumeration values are
// refused with HubSpot's VALIDATION_ERROR body; creating a contact whose email exists is a 409.
// A multiple checkboxes property (enumeration with fieldType "checkbox", a portal's custom
// property in the seed) takes several options in one string separated by semicolons ("A;B").
// GET /crm/v3/properties/{objectType}[/{name}] describes the properties (name, label, options).
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json, pageSize } from '../mock-kit.ts';

type Rec = Record<string, unknown>;
type ObjType = 'contacts' | 'companies';
interface HsRecord {
  id: string;
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  [key: string]: unknown;
}
interface PropertyDef {
  name: string;
  type: 'string' | 'number' | 'enumeration' | 'date' | 'datetime' | 'bool';
  options?: string[];
  unique?: boolean;
  /** "checkbox": a multiple checkboxes enumeration, its value "A;B;C". */
  fieldType?: string;
  /** The label the HubSpot UI shows (the name when absent). */
  label?: string;
}

const DEFAULT_LIMIT = 5; // stands in for HubSpot's default of 10, so that paging matters
const LIFECYCLE = [
  'subscriber',
  'lead',
  'marketingqualifiedlead',
  'salesqualifiedlead',
  'opportunity',
  'customer',
  'evangelist',
  'other',
];

const BASE_PROPERTIES: Record<ObjType, PropertyDef[]> = {
  contacts: [
    { name: 'email', type: 'string', unique: true },
    { name: 'firstname', type: 'string' },
    { name: 'lastname', type: 'string' },
    { name: 'phone', type: 'string' },
    { name: 'mobilephone', type: 'string' },
    { name: 'company', type: 'string' },
    { name: 'website', type: 'string' },
    { name: 'jobtitle', type: 'string' },
    { name: 'city', type: 'string' },
    { name: 'state', type: 'string' },
    { name: 'country', type: 'string' },
    { name: 'zip', type: 'string' },
    { name: 'address', type: 'string' },
    { name: 'lifecyclestage', type: 'enumeration', options: LIFECYCLE },
    {
      name: 'hs_lead_status',
      type: 'enumeration',
      options: [
        'NEW',
        'OPEN',
        'IN_PROGRESS',
        'OPEN_DEAL',
        'UNQUALIFIED',
        'ATTEMPTED_TO_CONTACT',
        'CONNECTED',
        'BAD_TIMING',
      ],
    },
    { name: 'createdate', type: 'datetime' },
    { name: 'lastmodifieddate', type: 'datetime' },
    { name: 'hs_object_id', type: 'number' },
  ],
  companies: [
    { name: 'name', type: 'string' },
    { name: 'domain', type: 'string' },
    { name: 'website', type: 'string' },
    { name: 'phone', type: 'string' },
    { name: 'city', type: 'string' },
    { name: 'state', type: 'string' },
    { name: 'country', type: 'string' },
    { name: 'zip', type: 'string' },
    { name: 'address', type: 'string' },
    { name: 'industry', type: 'string' },
    { name: 'description', type: 'string' },
    { name: 'numberofemployees', type: 'number' },
    { name: 'annualrevenue', type: 'number' },
    { name: 'lifecyclestage', type: 'enumeration', options: LIFECYCLE },
    { name: 'createdate', type: 'datetime' },
    { name: 'hs_lastmodifieddate', type: 'datetime' },
    { name: 'hs_object_id', type: 'number' },
  ],
};
// The labels HubSpot's UI shows for the default properties (served by the properties API).
const LABELS: Record<string, string> = {
  email: 'Email',
  firstname: 'First name',
  lastname: 'Last name',
  phone: 'Phone number',
  mobilephone: 'Mobile phone number',
  company: 'Company name',
  website: 'Website URL',
  jobtitle: 'Job title',
  city: 'City',
  state: 'State/Region',
  country: 'Country/Region',
  zip: 'Postal code',
  address: 'Street address',
  lifecyclestage: 'Lifecycle stage',
  hs_lead_status: 'Lead status',
  createdate: 'Create date',
  lastmodifieddate: 'Last modified date',
  hs_lastmodifieddate: 'Last modified date',
  hs_object_id: 'Record ID',
  domain: 'Company domain name',
  industry: 'Industry',
  description: 'Description',
  numberofemployees: 'Number of employees',
  annualrevenue: 'Annual revenue',
};
const OPTION_LABELS: Record<string, string> = {
  subscriber: 'Subscriber',
  lead: 'Lead',
  marketingqualifiedlead: 'Marketing Qualified Lead',
  salesqualifiedlead: 'Sales Qualified Lead',
  opportunity: 'Opportunity',
  customer: 'Customer',
  evangelist: 'Evangelist',
  other: 'Other',
  NEW: 'New',
  OPEN: 'Open',
  IN_PROGRESS: 'In Progress',
  OPEN_DEAL: 'Open Deal',
  UNQUALIFIED: 'Unqualified',
  ATTEMPTED_TO_CONTACT: 'Attempted to Contact',
  CONNECTED: 'Connected',
  BAD_TIMING: 'Bad Timing',
};
const FIELD_TYPES: Record<PropertyDef['type'], string> = {
  string: 'text',
  number: 'number',
  enumeration: 'select',
  date: 'date',
  datetime: 'date',
  bool: 'booleancheckbox',
};

/** A property as GET /crm/v3/properties/{objectType} describes it. */
function describeProperty(type: ObjType, def: PropertyDef, index: number): Rec {
  const label =
    def.label ??
    (type === 'companies' && def.name === 'name' ? 'Company name' : LABELS[def.name]) ??
    def.name;
  return {
    name: def.name,
    label,
    type: def.type,
    fieldType: def.fieldType ?? FIELD_TYPES[def.type],
    description: '',
    groupName: type === 'contacts' ? 'contactinformation' : 'companyinformation',
    options: (def.options ?? []).map((option, order) => ({
      label: OPTION_LABELS[option] ?? option,
      value: option,
      displayOrder: order,
      hidden: false,
    })),
    displayOrder: index,
    calculated: false,
    externalOptions: false,
    hasUniqueValue: Boolean(def.unique),
    hidden: false,
    hubspotDefined: def.label === undefined && def.name in LABELS,
    modificationMetadata: {
      archivable: true,
      readOnlyDefinition: def.name in LABELS,
      readOnlyValue: READ_ONLY.includes(def.name),
    },
    formField: !READ_ONLY.includes(def.name),
  };
}

const DEFAULT_RETURNED: Record<ObjType, string[]> = {
  contacts: ['createdate', 'email', 'firstname', 'hs_object_id', 'lastmodifieddate', 'lastname'],
  companies: ['createdate', 'domain', 'hs_lastmodifieddate', 'hs_object_id', 'name'],
};
const READ_ONLY = ['createdate', 'lastmodifieddate', 'hs_lastmodifieddate', 'hs_object_id'];

function error(status: number, category: string, message: string, extra: Rec = {}): MockResponse {
  return json(status, {
    status: 'error',
    message,
    correlationId: '3f1c2a8e-7d41-4a55-9b2e-000000000000',
    category,
    ...extra,
  });
}

export const mock: VendorMock = {
  vendor: 'hubspot',
  references: [
    'https://developers.hubspot.com/docs/api/crm/contacts',
    'https://developers.hubspot.com/docs/api/crm/companies',
    'https://developers.hubspot.com/docs/api/crm/search',
    'https://developers.hubspot.com/docs/api-reference/legacy/crm/objects/contacts/batch/upsert-contacts',
    'https://developers.hubspot.com/docs/api/crm/understanding-the-crm',
    'https://developers.hubspot.com/docs/api/error-handling',
    'https://knowledge.hubspot.com/properties/hubspots-default-contact-properties',
    'https://developers.hubspot.com/docs/api/crm/properties',
  ],
  unauthorized: () =>
    error(
      401,
      'INVALID_AUTHENTICATION',
      'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
    ),
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as {
      contacts?: HsRecord[];
      companies?: HsRecord[];
      /** Custom properties the portal has, per object type. */
      properties?: Record<string, PropertyDef[]>;
    };
    const store: { contacts: HsRecord[]; companies: HsRecord[] } = {
      contacts: data.contacts ?? [],
      companies: data.companies ?? [],
    };
    const defs: Record<ObjType, PropertyDef[]> = {
      contacts: [...BASE_PROPERTIES.contacts, ...(data.properties?.contacts ?? [])],
      companies: [...BASE_PROPERTIES.companies, ...(data.properties?.companies ?? [])],
    };
    let nextId = 1000;
    for (const list of Object.values(store)) {
      for (const r of list) {
        r.archived ??= false;
        r.properties ??= {};
        r.properties.hs_object_id ??= String(r.id);
        nextId = Math.max(nextId, Number(r.id) + 1 || nextId);
      }
    }
    const now = () => context.now().toISOString();

    function find(type: ObjType, id: string, idProperty: string | null): HsRecord | undefined {
      const live = store[type].filter((r) => !r.archived);
      if (!idProperty || idProperty === 'hs_object_id') return live.find((r) => r.id === id);
      if (idProperty === 'email')
        return live.find((r) => (r.properties.email ?? '').toLowerCase() === id.toLowerCase());
      return live.find((r) => r.properties[idProperty] === id);
    }

    /** Checks a write's properties the way HubSpot does; returns the stored strings or an error. */
    function validate(type: ObjType, props: unknown): Record<string, string | null> | MockResponse {
      if (!props || typeof props !== 'object' || Array.isArray(props)) {
        return error(
          400,
          'VALIDATION_ERROR',
          'Invalid input JSON on line 1: properties must be an object',
        );
      }
      const problems: Rec[] = [];
      const out: Record<string, string | null> = {};
      for (const [name, raw] of Object.entries(props as Rec)) {
        const def = defs[type].find((d) => d.name === name);
        if (!def) {
          problems.push({
            isValid: false,
            message: `Property "${name}" does not exist`,
            error: 'PROPERTY_DOESNT_EXIST',
            name,
            localizedErrorMessage: `Property "${name}" does not exist`,
          });
          continue;
        }
        if (READ_ONLY.includes(name)) {
          problems.push({
            isValid: false,
            message: `${name} is a read only property; its value cannot be set.`,
            error: 'READ_ONLY_VALUE',
            name,
          });
          continue;
        }
        if (raw === null || raw === '') {
          out[name] = raw === null ? null : '';
          continue;
        }
        if (typeof raw === 'object') {
          problems.push({
            isValid: false,
            message: `${JSON.stringify(raw)} is not a valid value`,
            error: 'INVALID_OPTION',
            name,
          });
          continue;
        }
        const value = String(raw);
        const chosen =
          def.type === 'enumeration' && def.fieldType === 'checkbox'
            ? value.split(';').filter((part) => part !== '')
            : [value];
        const unknown = chosen.find((part) => !def.options?.includes(part));
        if (def.type === 'enumeration' && def.options && unknown !== undefined) {
          problems.push({
            isValid: false,
            message: `${unknown} was not one of the allowed options: [${def.options.map((o) => `label: "${o}"\nvalue: "${o}"\n`).join(', ')}]`,
            error: 'INVALID_OPTION',
            name,
          });
          continue;
        }
        if (def.type === 'number' && !Number.isFinite(Number(value))) {
          problems.push({
            isValid: false,
            message: `${value} is not a valid number`,
            error: 'INVALID_NUMBER',
            name,
          });
          continue;
        }
        out[name] = value;
      }
      if (problems.length) {
        return error(
          400,
          'VALIDATION_ERROR',
          `Property values were not valid: ${JSON.stringify(problems)}`,
        );
      }
      return out;
    }

    function view(type: ObjType, r: HsRecord, requested: string[] | null): Rec {
      const names = requested && requested.length ? requested : DEFAULT_RETURNED[type];
      const properties: Record<string, string | null> = {};
      for (const name of names) {
        if (!defs[type].some((d) => d.name === name)) continue;
        properties[name] = r.properties[name] ?? null;
      }
      return {
        id: r.id,
        properties,
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
        archived: r.archived,
        ...(r.archived ? { archivedAt: r.archivedAt } : {}),
      };
    }

    function requestedProps(q: URLSearchParams): string[] | null {
      const all = q
        .getAll('properties')
        .flatMap((v) => v.split(','))
        .map((s) => s.trim())
        .filter(Boolean);
      return all.length ? all : null;
    }

    function insert(type: ObjType, props: Record<string, string | null>): HsRecord | MockResponse {
      if (type === 'contacts') {
        if (!props.email && !props.firstname && !props.lastname) {
          // HubSpot accepts it, but a contact without email/firstname/lastname is useless; keep its rule.
        }
        if (props.email) {
          const existing = find('contacts', props.email, 'email');
          if (existing) {
            return error(409, 'CONFLICT', `Contact already exists. Existing ID: ${existing.id}`);
          }
        }
      }
      const id = String(nextId++);
      const stamp = now();
      const record: HsRecord = {
        id,
        properties: {
          ...props,
          createdate: stamp,
          [type === 'contacts' ? 'lastmodifieddate' : 'hs_lastmodifieddate']: stamp,
          hs_object_id: id,
        },
        createdAt: stamp,
        updatedAt: stamp,
        archived: false,
      };
      store[type].push(record);
      return record;
    }

    function update(
      type: string,
      record: HsRecord,
      props: Record<string, string | null>,
    ): HsRecord | MockResponse {
      if (type === 'contacts' && props.email) {
        const other = find('contacts', props.email, 'email');
        if (other && other !== record)
          return error(409, 'CONFLICT', `Contact already exists. Existing ID: ${other.id}`);
      }
      const stamp = now();
      Object.assign(record.properties, props, {
        [type === 'contacts' ? 'lastmodifieddate' : 'hs_lastmodifieddate']: stamp,
      });
      record.updatedAt = stamp;
      return record;
    }

    function uniqueProperty(type: ObjType, idProperty: string): boolean {
      return (
        idProperty === 'hs_object_id' ||
        Boolean(defs[type].find((d) => d.name === idProperty)?.unique)
      );
    }

    function matches(r: HsRecord, filter: Rec): boolean | string {
      const name = String(filter.propertyName ?? '');
      const op = String(filter.operator ?? 'EQ');
      const raw = name === 'hs_object_id' ? r.id : r.properties[name];
      const value = raw === undefined ? null : raw;
      const target = filter.value === undefined ? undefined : String(filter.value);
      const list = Array.isArray(filter.values) ? filter.values.map(String) : [];
      const lc = (s: string | null | undefined) => (s ?? '').toLowerCase();
      const numeric = (a: string | null, b: string | undefined): [number, number] => {
        const na = Number(a);
        const nb = Number(b);
        if (Number.isFinite(na) && Number.isFinite(nb) && a !== null && a !== '') return [na, nb];
        const da = Date.parse(a ?? '');
        const db = Number.isFinite(Number(b)) ? Number(b) : Date.parse(b ?? '');
        return [da, db];
      };
      switch (op) {
        case 'EQ':
          return value !== null && lc(value) === lc(target);
        case 'NEQ':
          return value === null || lc(value) !== lc(target);
        case 'IN':
          return value !== null && list.map(lc).includes(lc(value));
        case 'NOT_IN':
          return value === null || !list.map(lc).includes(lc(value));
        case 'HAS_PROPERTY':
          return value !== null && value !== '';
        case 'NOT_HAS_PROPERTY':
          return value === null || value === '';
        case 'CONTAINS_TOKEN':
          return value !== null && lc(value).includes(lc(target).replace(/\*/g, ''));
        case 'NOT_CONTAINS_TOKEN':
          return value === null || !lc(value).includes(lc(target).replace(/\*/g, ''));
        case 'GT':
        case 'GTE':
        case 'LT':
        case 'LTE': {
          if (value === null) return false;
          const [a, b] = numeric(value, target);
          if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
          return op === 'GT' ? a > b : op === 'GTE' ? a >= b : op === 'LT' ? a < b : a <= b;
        }
        case 'BETWEEN': {
          if (value === null) return false;
          const [a, lo] = numeric(value, target);
          const [, hi] = numeric(
            value,
            filter.highValue === undefined ? undefined : String(filter.highValue),
          );
          return a >= lo && a <= hi;
        }
        default:
          return `Unknown operator: ${op}`;
      }
    }

    function search(type: ObjType, body: Rec): MockResponse {
      const groups = Array.isArray(body.filterGroups) ? (body.filterGroups as Rec[]) : [];
      if (groups.length > 5)
        return error(400, 'VALIDATION_ERROR', 'Too many filter groups (max 5).');
      const limit = body.limit === undefined ? 10 : Number(body.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
        return error(400, 'VALIDATION_ERROR', 'limit must be between 1 and 200');
      }
      const after = body.after === undefined ? 0 : Number(body.after);
      let items = store[type].filter((r) => !r.archived);
      let bad: string | null = null;
      if (groups.length) {
        items = items.filter((r) =>
          groups.some((g) => {
            const filters = Array.isArray(g.filters) ? (g.filters as Rec[]) : [];
            return filters.every((f) => {
              const ok = matches(r, f);
              if (typeof ok === 'string') bad = ok;
              return ok === true;
            });
          }),
        );
      }
      if (bad) return error(400, 'VALIDATION_ERROR', bad);
      if (typeof body.query === 'string' && body.query.trim()) {
        const q = body.query.toLowerCase();
        items = items.filter((r) =>
          Object.values(r.properties).some((v) => (v ?? '').toLowerCase().includes(q)),
        );
      }
      const sorts = Array.isArray(body.sorts) ? (body.sorts as unknown[]) : [];
      if (sorts.length) {
        const s = sorts[0];
        const name = typeof s === 'string' ? s.replace(/^-/, '') : String((s as Rec).propertyName);
        const desc =
          typeof s === 'string' ? s.startsWith('-') : (s as Rec).direction === 'DESCENDING';
        items = [...items].sort((a, b) => {
          const c = String(a.properties[name] ?? '').localeCompare(
            String(b.properties[name] ?? ''),
            undefined,
            { numeric: true },
          );
          return desc ? -c : c;
        });
      } else {
        items = [...items].sort((a, b) => Number(a.id) - Number(b.id));
      }
      const size = pageSize(body.limit, DEFAULT_LIMIT, 200); // search's documented maximum
      const page = items.slice(after, after + size);
      const requested = Array.isArray(body.properties) ? (body.properties as string[]) : null;
      const next = after + size < items.length ? String(after + size) : null;
      return json(200, {
        total: items.length,
        results: page.map((r) => view(type, r, requested)),
        ...(next ? { paging: { next: { after: next } } } : {}),
      });
    }

    function handleBatch(type: ObjType, action: string, request: MockRequest): MockResponse {
      const body = (request.body ?? {}) as Rec;
      const inputs = body.inputs;
      if (!Array.isArray(inputs))
        return error(400, 'VALIDATION_ERROR', 'Invalid input JSON: "inputs" is required');
      if (inputs.length > 100)
        return error(400, 'VALIDATION_ERROR', 'Batch size must not exceed 100');
      const started = now();
      const results: Rec[] = [];
      const errors: Rec[] = [];
      if (action === 'read') {
        const idProperty = typeof body.idProperty === 'string' ? body.idProperty : null;
        const requested = Array.isArray(body.properties) ? (body.properties as string[]) : null;
        for (const input of inputs as Rec[]) {
          const r = find(type, String(input.id), idProperty);
          if (r) results.push(view(type, r, requested));
          else
            errors.push({
              status: 'error',
              category: 'OBJECT_NOT_FOUND',
              message: 'Could not get some objects, they may be deleted or not exist.',
              context: { ids: [String(input.id)] },
            });
        }
        const status = errors.length ? 207 : 200;
        return json(status, {
          status: 'COMPLETE',
          results,
          ...(errors.length ? { numErrors: errors.length, errors } : {}),
          startedAt: started,
          completedAt: now(),
        });
      }
      // Validate every input first: HubSpot rejects the whole batch on a validation error.
      const prepared: Array<{ input: Rec; props: Record<string, string | null> }> = [];
      for (const input of inputs as Rec[]) {
        const props = validate(type, input.properties);
        if ('status' in props && typeof props.status === 'number') return props as MockResponse;
        prepared.push({ input, props: props as Record<string, string | null> });
      }
      if (action === 'upsert') {
        for (const { input } of prepared) {
          const idProperty = String(input.idProperty ?? '');
          if (!idProperty)
            return error(400, 'VALIDATION_ERROR', 'idProperty is required for upsert');
          if (!uniqueProperty(type, idProperty)) {
            return error(
              400,
              'VALIDATION_ERROR',
              `Property ${idProperty} is not a unique identifier property; upsert requires a property with unique values`,
            );
          }
        }
      }
      for (const { input, props } of prepared) {
        if (action === 'create') {
          const made = insert(type, props);
          if ('status' in made && typeof made.status === 'number') {
            errors.push({
              status: 'error',
              category: 'CONFLICT',
              message: (made.body as Rec).message,
            });
          } else results.push({ ...view(type, made as HsRecord, Object.keys(props)) });
        } else if (action === 'update') {
          const idProperty = typeof input.idProperty === 'string' ? input.idProperty : null;
          const r = find(type, String(input.id), idProperty);
          if (!r) {
            errors.push({
              status: 'error',
              category: 'OBJECT_NOT_FOUND',
              message: 'Could not get some objects, they may be deleted or not exist.',
              context: { ids: [String(input.id)] },
            });
            continue;
          }
          update(type, r, props);
          results.push(view(type, r, Object.keys(props)));
        } else if (action === 'upsert') {
          const idProperty = String(input.idProperty);
          const id = String(input.id ?? '');
          const existing = find(type, id, idProperty);
          if (existing) {
            update(type, existing, props);
            results.push({ ...view(type, existing, Object.keys(props)), new: false });
          } else {
            const made = insert(type, { ...props, [idProperty]: id });
            results.push({ ...view(type, made as HsRecord, Object.keys(props)), new: true });
          }
        } else {
          return error(404, 'OBJECT_NOT_FOUND', 'Not found');
        }
      }
      return json(errors.length ? 207 : action === 'create' ? 201 : 200, {
        status: 'COMPLETE',
        results,
        ...(errors.length ? { numErrors: errors.length, errors } : {}),
        startedAt: started,
        completedAt: now(),
      });
    }

    return {
      collections: () => store as unknown as Record<string, Record<string, unknown>[]>,
      handle(request: MockRequest): MockResponse {
        const prop = request.path.match(
          /^\/crm\/v3\/properties\/(contacts|companies|0-1|0-2)(?:\/([^/]+))?$/,
        );
        if (prop && request.method === 'GET') {
          const type: ObjType =
            prop[1] === '0-1' || prop[1] === 'contacts' ? 'contacts' : 'companies';
          const all = defs[type].map((def, index) => describeProperty(type, def, index));
          if (!prop[2]) return json(200, { results: all });
          const one = all.find((p) => p.name === decodeURIComponent(prop[2]!));
          return one
            ? json(200, one)
            : error(404, 'OBJECT_NOT_FOUND', `Unable to find property ${prop[2]}`);
        }
        const m = request.path.match(
          /^\/crm\/v3\/objects\/(contacts|companies|0-1|0-2)(?:\/([^/]+))?(?:\/([^/]+))?$/,
        );
        if (!m)
          return error(
            404,
            'OBJECT_NOT_FOUND',
            `Unable to route ${request.method} ${request.path}`,
          );
        const type: ObjType = m[1] === '0-1' || m[1] === 'contacts' ? 'contacts' : 'companies';
        const second = m[2];
        const third = m[3];
        const q = request.query;
        if (second === 'batch' && third && request.method === 'POST')
          return handleBatch(type, third, request);
        if (second === 'search' && !third && request.method === 'POST')
          return search(type, (request.body ?? {}) as Rec);
        if (third)
          return error(
            404,
            'OBJECT_NOT_FOUND',
            `Unable to route ${request.method} ${request.path}`,
          );
        if (!second) {
          if (request.method === 'GET') {
            const limit = q.get('limit') === null ? 10 : Number(q.get('limit'));
            if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
              return error(400, 'VALIDATION_ERROR', 'limit must be between 1 and 100');
            }
            const archived = q.get('archived') === 'true';
            const items = store[type]
              .filter((r) => r.archived === archived)
              .sort((a, b) => Number(a.id) - Number(b.id));
            const after = q.get('after');
            const from = after === null ? 0 : items.findIndex((r) => Number(r.id) >= Number(after));
            const start = from < 0 ? items.length : from;
            const size = pageSize(q.get('limit'), DEFAULT_LIMIT, 100); // the list's maximum
            const page = items.slice(start, start + size);
            const next = items[start + size];
            const requested = requestedProps(q);
            return json(200, {
              results: page.map((r) => view(type, r, requested)),
              ...(next
                ? {
                    paging: {
                      next: {
                        after: next.id,
                        link: `${context.origin}/crm/v3/objects/${type}?after=${next.id}`,
                      },
                    },
                  }
                : {}),
            });
          }
          if (request.method === 'POST') {
            const body = (request.body ?? {}) as Rec;
            const props = validate(type, body.properties);
            if ('status' in props && typeof props.status === 'number') return props as MockResponse;
            const made = insert(type, props as Record<string, string | null>);
            if ('status' in made && typeof made.status === 'number') return made as MockResponse;
            return json(
              201,
              view(type, made as HsRecord, Object.keys((made as HsRecord).properties)),
            );
          }
          return error(405, 'VALIDATION_ERROR', 'Method not allowed');
        }
        const idProperty = q.get('idProperty');
        if (idProperty && !uniqueProperty(type, idProperty)) {
          return error(
            400,
            'VALIDATION_ERROR',
            `Property ${idProperty} is not a unique identifier property and cannot be used as idProperty`,
          );
        }
        const record = find(type, decodeURIComponent(second), idProperty);
        if (request.method === 'GET') {
          if (!record)
            return error(
              404,
              'OBJECT_NOT_FOUND',
              'Object not found.  objectId are usually numeric.',
            );
          return json(200, view(type, record, requestedProps(q)));
        }
        if (request.method === 'PATCH') {
          if (!record) {
            return error(404, 'OBJECT_NOT_FOUND', 'resource not found', {
              context: { id: [second] },
            });
          }
          const props = validate(type, ((request.body ?? {}) as Rec).properties);
          if ('status' in props && typeof props.status === 'number') return props as MockResponse;
          const updated = update(type, record, props as Record<string, string | null>);
          if ('status' in updated && typeof updated.status === 'number')
            return updated as MockResponse;
          return json(200, view(type, record, Object.keys(record.properties)));
        }
        if (request.method === 'DELETE') {
          if (record) {
            record.archived = true;
            record.archivedAt = now();
          }
          return { status: 204 };
        }
        return error(405, 'VALIDATION_ERROR', 'Method not allowed');
      },
    };
  },
};
