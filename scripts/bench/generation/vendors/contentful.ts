// Contentful Content Management API (https://api.contentful.com), from Contentful's public
// reference. Modelled: Bearer CMA token (checked by the mock server); entries under
// /spaces/{space_id}/environments/{environment_id}/entries (and the legacy /spaces/{space_id}/entries
// alias for the master environment); collection envelopes {sys:{type:"Array"}, total, skip, limit,
// items} with skip/limit paging (limit capped low here); search parameters content_type,
// fields.<id>[op] (only with content_type), sys.<field>[op] and order; fields keyed by locale;
// entry creation that needs the X-Contentful-Content-Type header; PUT with an id that creates or
// (with X-Contentful-Version) updates; publishing through PUT .../published; field validation
// against the content type (unknown fields, unknown locales, wrong types, Rich Text documents
// that are not a valid document) with Contentful's error body; required fields enforced at
// publish, not at save (drafts may be incomplete).
import type { MockRequest, MockResponse, VendorMock, VendorContext } from '../contract.ts';
import { json, intParam, pathValue } from '../mock-kit.ts';

// Vendor JSON is loosely shaped; the mock reads and writes it field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = Record<string, any>;

const MAX_LIMIT = 3; // Contentful allows 1000; kept small so that paging matters

interface FieldDef {
  id: string;
  name?: string;
  type:
    | 'Symbol'
    | 'Text'
    | 'RichText'
    | 'Integer'
    | 'Number'
    | 'Date'
    | 'Boolean'
    | 'Object'
    | 'Location'
    | 'Link'
    | 'Array';
  required?: boolean;
  localized?: boolean;
  items?: { type: string; linkType?: string; validations?: Rec[] };
  validations?: Rec[];
  linkType?: string;
}

interface Seed {
  spaceId: string;
  environmentId?: string;
  locales?: string[];
  contentTypes: { id: string; name: string; displayField?: string; fields: FieldDef[] }[];
  entries?: Rec[];
}

function error(status: number, id: string, message: string, details?: unknown): MockResponse {
  const body: Rec = {
    sys: { type: 'Error', id },
    message,
    requestId: `req-${Math.random().toString(36).slice(2, 10)}`,
  };
  if (details !== undefined) body.details = details;
  return json(status, body, { 'content-type': 'application/vnd.contentful.management.v1+json' });
}

const BLOCKS = new Set([
  'paragraph',
  'heading-1',
  'heading-2',
  'heading-3',
  'heading-4',
  'heading-5',
  'heading-6',
  'unordered-list',
  'ordered-list',
  'list-item',
  'blockquote',
  'hr',
  'table',
  'table-row',
  'table-cell',
  'table-header-cell',
  'embedded-entry-block',
  'embedded-asset-block',
  'embedded-resource-block',
]);
const INLINES = new Set([
  'hyperlink',
  'entry-hyperlink',
  'asset-hyperlink',
  'resource-hyperlink',
  'embedded-entry-inline',
  'embedded-resource-inline',
]);
const TOP_LEVEL = new Set([...BLOCKS].filter((b) => !b.startsWith('table-') && b !== 'list-item'));
const MARKS = new Set([
  'bold',
  'italic',
  'underline',
  'code',
  'superscript',
  'subscript',
  'strikethrough',
]);

/** Why a Rich Text value is not a valid document, or null when it is. */
function richTextProblem(doc: unknown): string | null {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    return 'must be a Rich Text document object';
  const root = doc as Rec;
  if (root.nodeType !== 'document') return 'nodeType must be "document"';
  if (!root.data || typeof root.data !== 'object') return 'document.data must be an object';
  if (!Array.isArray(root.content)) return 'document.content must be an array';
  function check(node: unknown, parent: string, at: string): string | null {
    if (!node || typeof node !== 'object') return `${at} must be a node object`;
    const n = node as Rec;
    if (typeof n.nodeType !== 'string') return `${at}.nodeType is required`;
    if (!n.data || typeof n.data !== 'object' || Array.isArray(n.data))
      return `${at}.data must be an object`;
    if (n.nodeType === 'text') {
      if (parent === 'document') return `${at}: text nodes are not allowed at the top level`;
      if (typeof n.value !== 'string') return `${at}.value must be a string`;
      if (!Array.isArray(n.marks)) return `${at}.marks must be an array`;
      for (const mark of n.marks)
        if (!mark || !MARKS.has(mark.type)) return `${at}.marks has an unknown mark`;
      return null;
    }
    if (parent === 'document' && !TOP_LEVEL.has(n.nodeType))
      return `${at}: ${n.nodeType} is not allowed at the top level`;
    if (!BLOCKS.has(n.nodeType) && !INLINES.has(n.nodeType))
      return `${at}: unknown nodeType ${n.nodeType}`;
    if (!Array.isArray(n.content)) return `${at}.content must be an array`;
    if (n.nodeType === 'hyperlink' && typeof n.data.uri !== 'string')
      return `${at}.data.uri is required`;
    for (const [i, child] of n.content.entries()) {
      if (
        (n.nodeType === 'paragraph' ||
          n.nodeType.startsWith('heading-') ||
          INLINES.has(n.nodeType)) &&
        child?.nodeType !== 'text' &&
        !INLINES.has(child?.nodeType)
      ) {
        return `${at}.content[${i}]: ${n.nodeType} may only hold text and inline nodes`;
      }
      if (
        (n.nodeType === 'unordered-list' || n.nodeType === 'ordered-list') &&
        child?.nodeType !== 'list-item'
      ) {
        return `${at}.content[${i}]: lists may only hold list-item nodes`;
      }
      const problem = check(child, n.nodeType, `${at}.content[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  for (const [i, node] of root.content.entries()) {
    const problem = check(node, 'document', `content[${i}]`);
    if (problem) return problem;
  }
  return null;
}

function valueProblem(def: FieldDef, value: unknown): string | null {
  if (value === null) return null;
  switch (def.type) {
    case 'Symbol':
    case 'Text':
      if (typeof value !== 'string') return 'must be a string';
      if (def.type === 'Symbol' && value.length > 256) return 'must be at most 256 characters';
      break;
    case 'Integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return 'must be an integer';
      break;
    case 'Number':
      if (typeof value !== 'number') return 'must be a number';
      break;
    case 'Boolean':
      if (typeof value !== 'boolean') return 'must be a boolean';
      break;
    case 'Date':
      if (
        typeof value !== 'string' ||
        !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)
      ) {
        return 'must be an ISO 8601 date';
      }
      break;
    case 'RichText':
      return richTextProblem(value);
    case 'Object':
      if (typeof value !== 'object' || Array.isArray(value)) return 'must be an object';
      break;
    case 'Link':
      if (!value || typeof value !== 'object' || (value as Rec).sys?.type !== 'Link')
        return 'must be a link';
      break;
    case 'Array':
      if (!Array.isArray(value)) return 'must be an array';
      for (const item of value) {
        if (def.items?.type === 'Symbol' && typeof item !== 'string')
          return 'items must be strings';
        if (def.items?.type === 'Link' && (item as Rec)?.sys?.type !== 'Link')
          return 'items must be links';
      }
      break;
    default:
      break;
  }
  for (const v of def.validations ?? []) {
    if (Array.isArray(v.in) && !v.in.includes(value))
      return `must be one of ${JSON.stringify(v.in)}`;
  }
  for (const v of def.items?.validations ?? []) {
    if (Array.isArray(v.in) && Array.isArray(value) && value.some((x) => !v.in.includes(x)))
      return `items must be one of ${JSON.stringify(v.in)}`;
  }
  return null;
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  return String(a) < String(b) ? -1 : 1;
}

export const mock: VendorMock = {
  vendor: 'contentful',
  references: [
    'https://www.contentful.com/developers/docs/references/content-management-api/',
    'https://www.contentful.com/developers/docs/references/content-management-api/#/reference/entries',
    'https://www.contentful.com/developers/docs/references/content-management-api/#/reference/entries/entry/create-update-an-entry',
    'https://www.contentful.com/developers/docs/references/content-management-api/#/reference/entries/entry-publishing',
    'https://www.contentful.com/developers/docs/references/content-delivery-api/#/reference/search-parameters',
    'https://www.contentful.com/developers/docs/references/errors/',
    'https://www.contentful.com/developers/docs/concepts/rich-text/',
  ],
  unauthorized: () =>
    error(401, 'AccessTokenInvalid', 'The access token you sent could not be found or is invalid.'),
  create(seedRaw: unknown, context: VendorContext) {
    const seed = seedRaw as Seed;
    const spaceId = seed.spaceId;
    const environmentId = seed.environmentId ?? 'master';
    const locales = seed.locales ?? ['en-US'];
    const contentTypes = seed.contentTypes.map((c) => ({ ...c }));
    const entries: Rec[] = (seed.entries ?? []).map((e) => structuredClone(e));
    let counter = 1;
    const newId = () =>
      `${Date.now().toString(36).slice(-4)}Gen${String(counter++).padStart(4, '0')}Ent`;

    const link = (type: string, id: string) => ({ sys: { type: 'Link', linkType: type, id } });

    function validateFields(
      ct: (typeof contentTypes)[number],
      fields: unknown,
    ): MockResponse | null {
      if (fields === undefined) return null;
      if (!fields || typeof fields !== 'object' || Array.isArray(fields)) {
        return error(422, 'InvalidEntry', 'Validation error', {
          errors: [{ name: 'type', path: ['fields'], details: 'fields must be an object' }],
        });
      }
      const errors: Rec[] = [];
      for (const [fieldId, byLocale] of Object.entries(fields as Rec)) {
        const def = ct.fields.find((f) => f.id === fieldId);
        if (!def) {
          errors.push({
            name: 'unknown',
            path: ['fields', fieldId],
            details: `The property "${fieldId}" is not defined on the content type`,
          });
          continue;
        }
        if (!byLocale || typeof byLocale !== 'object' || Array.isArray(byLocale)) {
          errors.push({
            name: 'type',
            path: ['fields', fieldId],
            details: 'A field value must be an object keyed by locale code, e.g. {"en-US": …}',
          });
          continue;
        }
        for (const [locale, value] of Object.entries(byLocale as Rec)) {
          if (!locales.includes(locale)) {
            errors.push({
              name: 'unknown',
              path: ['fields', fieldId, locale],
              details: `The locale "${locale}" is not defined in this environment`,
            });
            continue;
          }
          if (!def.localized && locale !== locales[0]) {
            errors.push({
              name: 'unknown',
              path: ['fields', fieldId, locale],
              details: 'This field is not localized',
            });
            continue;
          }
          const problem = valueProblem(def, value);
          if (problem)
            errors.push({
              name: def.type === 'RichText' ? 'rich-text' : 'type',
              path: ['fields', fieldId, locale],
              details: problem,
              type: def.type,
              value,
            });
        }
      }
      return errors.length ? error(422, 'InvalidEntry', 'Validation error', { errors }) : null;
    }

    function listEntries(request: MockRequest): MockResponse {
      const q = request.query;
      let items = entries.filter((e) => !e.sys.deletedAt);
      const contentType = q.get('content_type');
      if (contentType) {
        if (!contentTypes.some((c) => c.id === contentType)) {
          return error(
            400,
            'InvalidQuery',
            'The query you sent was invalid. Probably a filter or ordering specification is not applicable to the type of a field.',
            {
              errors: [{ name: 'unknownContentType', value: 'DOESNOTEXIST' }],
            },
          );
        }
        items = items.filter((e) => e.sys.contentType?.sys?.id === contentType);
      }
      for (const [key, raw] of q) {
        const m =
          /^((?:fields|sys|metadata)\.[A-Za-z0-9_.]+?)(?:\[(ne|in|nin|exists|lt|lte|gt|gte|match|all)\])?$/.exec(
            key,
          );
        if (!m) continue;
        const field = m[1]!;
        const op = m[2] ?? 'eq';
        if (field.startsWith('fields.') && !contentType) {
          return error(
            400,
            'InvalidQuery',
            'The query you sent was invalid. Probably a filter or ordering specification is not applicable to the type of a field.',
            {
              errors: [
                {
                  name: 'unknownField',
                  path: [field],
                  details: 'Filtering on fields needs a content_type',
                },
              ],
            },
          );
        }
        const get = (e: Rec) => {
          let v = pathValue(e, field);
          if (
            field.startsWith('fields.') &&
            v &&
            typeof v === 'object' &&
            !Array.isArray(v) &&
            locales[0]! in (v as Rec)
          )
            v = (v as Rec)[locales[0]!];
          return v;
        };
        const list = raw.split(',');
        items = items.filter((e) => {
          const v = get(e);
          const vs = Array.isArray(v) ? v.map(String) : [String(v)];
          switch (op) {
            case 'eq':
              return v !== undefined && vs.includes(raw);
            case 'ne':
              return !vs.includes(raw);
            case 'in':
              return v !== undefined && list.some((x) => vs.includes(x));
            case 'nin':
              return !list.some((x) => vs.includes(x));
            case 'all':
              return list.every((x) => vs.includes(x));
            case 'exists':
              return raw === 'true' ? v !== undefined && v !== null : v === undefined || v === null;
            case 'match':
              return typeof v === 'string' && v.toLowerCase().includes(raw.toLowerCase());
            default: {
              if (v === undefined || v === null) return false;
              const a = typeof v === 'number' ? v : Date.parse(String(v));
              const b = typeof v === 'number' ? Number(raw) : Date.parse(raw);
              if (Number.isNaN(a) || Number.isNaN(b)) return false;
              return op === 'lt' ? a < b : op === 'lte' ? a <= b : op === 'gt' ? a > b : a >= b;
            }
          }
        });
      }
      const order = q.get('order') ?? 'sys.createdAt';
      const keys = order
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean);
      items = [...items].sort((a, b) => {
        for (const k of keys) {
          const desc = k.startsWith('-');
          const f = desc ? k.slice(1) : k;
          let va = pathValue(a, f);
          let vb = pathValue(b, f);
          if (f.startsWith('fields.')) {
            va = (va as Rec | undefined)?.[locales[0]!];
            vb = (vb as Rec | undefined)?.[locales[0]!];
          }
          const c = compare(va, vb) * (desc ? -1 : 1);
          if (c) return c;
        }
        return 0;
      });
      const limit = Math.min(Math.max(1, intParam(q, 'limit', 100)), MAX_LIMIT);
      const skip = Math.max(0, intParam(q, 'skip', 0));
      return json(200, {
        sys: { type: 'Array' },
        total: items.length,
        skip,
        limit,
        items: items.slice(skip, skip + limit),
      });
    }

    function createOrUpdate(request: MockRequest, id: string | undefined): MockResponse {
      const body = request.body as Rec | undefined;
      if (!body || typeof body !== 'object')
        return error(400, 'BadRequest', 'The body you sent is not valid JSON.');
      const existing = id ? entries.find((e) => e.sys.id === id) : undefined;
      const now = context.now().toISOString();
      if (existing) {
        const version = request.headers['x-contentful-version'];
        if (version === undefined) {
          return error(
            409,
            'VersionMismatch',
            'Version mismatch error. The version you specified was incorrect. This may be due to someone else editing the content.',
          );
        }
        if (Number(version) !== existing.sys.version) {
          return error(
            409,
            'VersionMismatch',
            'Version mismatch error. The version you specified was incorrect. This may be due to someone else editing the content.',
          );
        }
        const ct = contentTypes.find((c) => c.id === existing.sys.contentType.sys.id)!;
        const invalid = validateFields(ct, body.fields);
        if (invalid) return invalid;
        existing.fields = structuredClone(body.fields ?? {});
        existing.sys.version += 1;
        existing.sys.updatedAt = now;
        return json(200, existing);
      }
      const ctId = request.headers['x-contentful-content-type'];
      if (!ctId) {
        return error(422, 'InvalidEntry', 'Validation error', {
          errors: [
            {
              name: 'required',
              path: ['sys', 'contentType'],
              details:
                'The content type is missing: send it in the X-Contentful-Content-Type header',
            },
          ],
        });
      }
      const ct = contentTypes.find((c) => c.id === ctId);
      if (!ct)
        return error(422, 'InvalidEntry', 'Validation error', {
          errors: [
            {
              name: 'notResolvable',
              path: ['sys', 'contentType'],
              link: link('ContentType', ctId),
            },
          ],
        });
      const invalid = validateFields(ct, body.fields);
      if (invalid) return invalid;
      const entry: Rec = {
        metadata: { tags: [] },
        sys: {
          space: link('Space', spaceId),
          environment: link('Environment', environmentId),
          contentType: link('ContentType', ct.id),
          id: id ?? newId(),
          type: 'Entry',
          createdAt: now,
          updatedAt: now,
          version: 1,
          createdBy: link('User', 'api-user'),
          updatedBy: link('User', 'api-user'),
        },
        fields: structuredClone(body.fields ?? {}),
      };
      entries.push(entry);
      return json(201, entry);
    }

    function publish(id: string, request: MockRequest, unpublish: boolean): MockResponse {
      const entry = entries.find((e) => e.sys.id === id);
      if (!entry)
        return error(404, 'NotFound', 'The resource could not be found.', { type: 'Entry', id });
      if (unpublish) {
        delete entry.sys.publishedVersion;
        delete entry.sys.publishedAt;
        entry.sys.version += 1;
        return json(200, entry);
      }
      if (Number(request.headers['x-contentful-version']) !== entry.sys.version) {
        return error(
          409,
          'VersionMismatch',
          'Version mismatch error. The version you specified was incorrect. This may be due to someone else editing the content.',
        );
      }
      const ct = contentTypes.find((c) => c.id === entry.sys.contentType.sys.id)!;
      const missing = ct.fields.filter(
        (f) =>
          f.required &&
          (entry.fields[f.id]?.[locales[0]!] === undefined ||
            entry.fields[f.id]?.[locales[0]!] === null),
      );
      if (missing.length) {
        return error(422, 'ValidationFailed', 'Validation error', {
          errors: missing.map((f) => ({
            name: 'required',
            path: ['fields', f.id],
            details: 'The property is required',
          })),
        });
      }
      const now = context.now().toISOString();
      entry.sys.publishedVersion = entry.sys.version;
      entry.sys.version += 1;
      entry.sys.publishedAt = now;
      entry.sys.firstPublishedAt ??= now;
      entry.sys.publishedCounter = (entry.sys.publishedCounter ?? 0) + 1;
      return json(200, entry);
    }

    function handle(request: MockRequest): MockResponse {
      const path = request.path.replace(/\/+$/, '');
      const m = /^\/spaces\/([^/]+)(?:\/environments\/([^/]+))?(\/.*)?$/.exec(path);
      if (!m) return error(404, 'NotFound', 'The resource could not be found.');
      if (m[1] !== spaceId)
        return error(404, 'NotFound', 'The resource could not be found.', {
          type: 'Space',
          id: m[1],
        });
      if ((m[2] ?? 'master') !== environmentId)
        return error(404, 'NotFound', 'The resource could not be found.', {
          type: 'Environment',
          id: m[2],
        });
      const rest = m[3] ?? '';
      if (request.method === 'GET' && m[2] === undefined && rest === '') {
        return json(200, { sys: { type: 'Space', id: spaceId, version: 1 }, name: spaceId });
      }
      if (request.method === 'GET' && m[2] === undefined && rest === '/environments') {
        const env = {
          sys: { type: 'Environment', id: environmentId, status: link('Status', 'ready') },
          name: environmentId,
        };
        return json(200, { sys: { type: 'Array' }, total: 1, skip: 0, limit: 100, items: [env] });
      }
      if (request.method === 'GET' && m[2] !== undefined && rest === '') {
        return json(200, {
          sys: { type: 'Environment', id: environmentId, status: link('Status', 'ready') },
          name: environmentId,
        });
      }
      if (rest === '/content_types' && request.method === 'GET') {
        const items = contentTypes.map((c) => ({
          sys: { id: c.id, type: 'ContentType' },
          name: c.name,
          displayField: c.displayField ?? null,
          fields: c.fields,
        }));
        return json(200, {
          sys: { type: 'Array' },
          total: items.length,
          skip: 0,
          limit: 100,
          items,
        });
      }
      const ctOne = /^\/content_types\/([^/]+)$/.exec(rest);
      if (ctOne && request.method === 'GET') {
        const c = contentTypes.find((x) => x.id === ctOne[1]);
        if (!c)
          return error(404, 'NotFound', 'The resource could not be found.', {
            type: 'ContentType',
            id: ctOne[1],
          });
        return json(200, {
          sys: { id: c.id, type: 'ContentType' },
          name: c.name,
          displayField: c.displayField ?? null,
          fields: c.fields,
        });
      }
      if (rest === '/locales' && request.method === 'GET') {
        const items = locales.map((code, i) => ({
          sys: { id: code, type: 'Locale' },
          code,
          name: code,
          default: i === 0,
        }));
        return json(200, {
          sys: { type: 'Array' },
          total: items.length,
          skip: 0,
          limit: 100,
          items,
        });
      }
      if (rest === '/entries') {
        if (request.method === 'GET') return listEntries(request);
        if (request.method === 'POST') return createOrUpdate(request, undefined);
        return error(405, 'MethodNotAllowed', 'Method not allowed');
      }
      const one = /^\/entries\/([^/]+)(\/published)?$/.exec(rest);
      if (one) {
        const id = one[1]!;
        if (one[2]) {
          if (request.method === 'PUT') return publish(id, request, false);
          if (request.method === 'DELETE') return publish(id, request, true);
          return error(405, 'MethodNotAllowed', 'Method not allowed');
        }
        if (request.method === 'GET') {
          const entry = entries.find((e) => e.sys.id === id);
          return entry
            ? json(200, entry)
            : error(404, 'NotFound', 'The resource could not be found.', { type: 'Entry', id });
        }
        if (request.method === 'PUT') return createOrUpdate(request, id);
        return error(405, 'MethodNotAllowed', 'Method not allowed');
      }
      return error(404, 'NotFound', 'The resource could not be found.');
    }

    return { handle, collections: () => ({ entries }) };
  },
};
