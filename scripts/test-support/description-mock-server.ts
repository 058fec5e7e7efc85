import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  answerRecordPath,
  graphqlRequiredVariables as requiredVariables,
  graphqlRootField as rootField,
  parseFormBody as parseForm,
  sameGraphqlDocument as sameDocument,
  validateRequestBody,
} from '@patchbay/catalog';
import type {
  TApiDescription,
  TAuthConfig,
  TAuthType,
  TFieldSchema,
  TOperation,
} from '@patchbay/schema';
import { collectFilters, toTime, whereConditions } from './description-mock/query-language.ts';
import {
  basePathOf,
  buildRoutes,
  matchRoute,
  pageToken,
  type Route,
} from './description-mock/routes.ts';
import {
  createStore,
  deepMerge,
  findExisting,
  getPath,
  leafSchema,
  setPath,
  type MockRecord,
} from './description-mock/store.ts';

// A loopback web API that behaves as a TApiDescription says: generated code is proven by running
// it against this server in the real sandbox and reading what the destination holds afterwards,
// so a test sees what a user would (docs/decisions/015-grounded-generation.md). One server per
// description, driven only by the description:
//
// - lists and searches serve the seeded records with the operation's pagination style and
//   itemsPath (cursor, starting-after, page, offset, link-header via since_id, next-url, none),
//   honouring its `since` parameter and equality filters on record fields;
// - gets find a record by the path's id;
// - creates, updates, upserts, sends and batches validate the body against the operation's
//   schema (types, required, enums, formats, read-only and unknown fields, batch sizes) and
//   answer 400 with the errors, as the real API would refuse them; accepted records are stored
//   and show in `writes` and `records()`;
// - form bodies (Stripe) are parsed from url-encoding with `a[b]` nesting; GraphQL operations
//   are matched by their document, with required variables checked;
// - every request must carry the description's first auth scheme (401 otherwise); `connection()`
//   gives the sandbox connection that sends it.
//
// The route table, the query language and the record store are modules in description-mock/;
// this file serves requests with them.
//
// Used by the generator's and the API's tests. Not by `npm run bench:generation`: its mocks are
// written from the vendors' own references (scripts/bench/generation/vendors/).

export { whereConditions } from './description-mock/query-language.ts';
export { getPath, setPath, type MockRecord } from './description-mock/store.ts';

export interface MockRequest {
  method: string;
  /** Relative to the description's base path, as the operations' paths are. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  /** The operation the request matched, if any. */
  operationId?: string;
  status: number;
}

export interface MockWrite {
  operationId: string;
  kind: TOperation['kind'];
  resource: string;
  /** The request body as parsed (JSON, form or GraphQL variables). */
  body: unknown;
  /** The records stored by this write (one, or a batch's). */
  records: MockRecord[];
}

export interface DescriptionMockOptions {
  /** Records per resource (its `name` or `plural`), as the API returns them. */
  seed?: Record<string, MockRecord[]>;
  /** The most records one page holds, whatever limit the request asks (default 3): forces paging. */
  pageSize?: number;
  /** Whether requests must carry a credential (default true). */
  requireAuth?: boolean;
  /** The secret `connection()` sends and the server expects (default 'test-secret'). */
  secret?: string;
}

export interface DescriptionMock {
  url: string;
  description: TApiDescription;
  requests: MockRequest[];
  /** Writes accepted, in order. */
  writes: MockWrite[];
  /** The records a resource holds now: the seeded ones and those written. */
  records(resource: string): MockRecord[];
  /** Records written to a resource (creates, upserts, sends, batch items), in order. */
  written(resource?: string): MockRecord[];
  /** Adds records to a resource, as if created in the API since. */
  seed(resource: string, records: MockRecord[]): void;
  /** Clears the request log (records and writes stay). */
  clearLog(): void;
  /** What the sandbox needs to call this server with the right credential. */
  connection(): {
    baseUrl: string;
    authType: TAuthType;
    authConfig: TAuthConfig;
    secret: string | null;
  };
  close(): Promise<void>;
}

export async function startDescriptionMock(
  description: TApiDescription,
  options: DescriptionMockOptions = {},
): Promise<DescriptionMock> {
  const pageSize = options.pageSize ?? 3;
  const secret = options.secret ?? 'test-secret';
  const requireAuth = options.requireAuth ?? true;
  const writes: MockWrite[] = [];
  const requests: MockRequest[] = [];
  let nextId = 1000;
  const { resourceKey, recordsOf } = createStore(description, options.seed);
  const routes = buildRoutes(description);
  const basePath = basePathOf(description);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      // The Host header keeps the port, so next links the mock writes lead back to it.
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
      const text = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [
          k,
          Array.isArray(v) ? v.join(', ') : (v ?? ''),
        ]),
      );
      const contentType = headers['content-type'] ?? '';
      let body: unknown;
      try {
        body =
          text === ''
            ? undefined
            : contentType.includes('application/x-www-form-urlencoded')
              ? parseForm(text)
              : JSON.parse(text);
      } catch {
        body = text;
      }
      const fullPath = decodeURIComponent(url.pathname);
      const request: MockRequest = {
        method: req.method ?? 'GET',
        path:
          basePath && fullPath.startsWith(`${basePath}/`)
            ? fullPath.slice(basePath.length)
            : fullPath,
        query: Object.fromEntries(url.searchParams),
        headers,
        body,
        status: 0,
      };
      requests.push(request);
      const reply = handle(request, url);
      request.status = reply.status;
      res.writeHead(reply.status, { 'content-type': 'application/json', ...(reply.headers ?? {}) });
      res.end(JSON.stringify(reply.body));
    });
  });

  interface Reply {
    status: number;
    body: unknown;
    headers?: Record<string, string>;
  }

  function authorised(request: MockRequest): boolean {
    if (!requireAuth) return true;
    const scheme = description.auth.schemes[0];
    const authorization = request.headers.authorization ?? '';
    switch (scheme?.type) {
      case 'api-key':
        return scheme.in === 'header'
          ? (request.headers[scheme.name.toLowerCase()] ?? '').includes(secret)
          : request.query[scheme.name] === secret;
      case 'basic':
        return authorization.startsWith('Basic ');
      case 'bearer':
      case 'oauth':
        return authorization === `Bearer ${secret}`;
      default:
        return true;
    }
  }

  function handle(request: MockRequest, url: URL): Reply {
    if (!authorised(request)) {
      return {
        status: 401,
        body: { error: 'unauthorized', message: 'No valid credential was sent' },
      };
    }
    const matched = matchRoute(routes, request);
    if (!matched && typeof (request.body as { query?: unknown } | undefined)?.query === 'string') {
      return { status: 200, body: { errors: [{ message: 'Cannot query: unknown document' }] } };
    }
    if (!matched) {
      return {
        status: 404,
        body: {
          error: 'not_found',
          message: `${request.method} ${request.path} is not an operation of ${description.name}`,
        },
      };
    }
    const { route, params } = matched;
    request.operationId = route.operation.id;
    const op = route.operation;
    if (op.graphql) {
      const body = request.body as
        { query?: string; variables?: Record<string, unknown> } | undefined;
      const missing = requiredVariables(op.graphql.document).filter(
        (name) => body?.variables?.[name] === undefined || body.variables[name] === null,
      );
      if (missing.length > 0) {
        return {
          status: 200,
          body: {
            errors: missing.map((name) => ({
              message: `Variable "$${name}" of required type was not provided.`,
            })),
          },
        };
      }
    }
    const missingParams = op.params.filter(
      (p) =>
        p.required &&
        ((p.in === 'query' && request.query[p.name] === undefined && !request.query.__page) ||
          (p.in === 'header' && request.headers[p.name.toLowerCase()] === undefined)),
    );
    if (missingParams.length > 0) {
      return {
        status: 400,
        body: {
          error: 'invalid_request',
          message: `Missing required parameter: ${missingParams.map((p) => p.name).join(', ')}`,
        },
      };
    }
    switch (op.kind) {
      case 'list':
      case 'search':
        return list(route, request, url);
      case 'get': {
        const id = Object.values(params).at(-1);
        // A get that takes no id (GET /users/me) answers the caller's own record: the first.
        const found = recordsOf(route.resource.name).find(
          (r) => id === undefined || String(getPath(r, route.resource.idField)) === id,
        );
        return found
          ? { status: 200, body: wrapped(op, found) }
          : {
              status: 404,
              body: { error: 'not_found', message: `No ${route.resource.name} ${id}` },
            };
      }
      case 'delete':
        return { status: 200, body: { deleted: true } };
      default:
        return write(route, request, params);
    }
  }

  /** A get's answer as its described response holds the record (`answerRecordPath`). */
  function wrapped(op: TOperation, record: MockRecord): unknown {
    const [name, item] = answerRecordPath(op).split('.');
    if (!name) return record;
    return { [name]: item === undefined ? record : [record] };
  }

  function list(route: Route, request: MockRequest, url: URL): Reply {
    const op = route.operation;
    const variables =
      (request.body as { variables?: Record<string, unknown> } | undefined)?.variables ?? {};
    const args: Record<string, unknown> = op.graphql ? variables : { ...request.query };
    const token = pageToken(request.query.__page);
    let records = [...recordsOf(route.resource.name)];
    // `since`: only records after the given point.
    const since = op.since;
    if (since && args[since.param] !== undefined) {
      const point = toTime(args[since.param], since.format);
      const strict = /gt\]?$|after/i.test(since.param);
      records = records.filter((r) => {
        const value = toTime(getPath(r, since.field), undefined);
        return value !== null && point !== null && (strict ? value > point : value >= point);
      });
    }
    // Equality filters on top-level record fields (`status=open`).
    const fields = route.resource.schema.properties ?? {};
    for (const [name, value] of Object.entries(args)) {
      if (name in fields && typeof value === 'string' && fields[name]?.type !== 'object') {
        // An array field (`labels=bug,ui`) holds every value listed, as GitHub and GitLab read it.
        records = records.filter((r) => {
          const field = r[name];
          if (!Array.isArray(field)) return String(field) === value;
          const held = field.map((v) =>
            String(typeof v === 'object' && v !== null ? (v.name ?? v.id ?? '') : v),
          );
          return value.split(',').every((wanted) => held.includes(wanted.trim()));
        });
      }
    }
    // Query languages (QuickBooks `query`, Salesforce SOQL `q`, Jira `jql`): their WHERE
    // conditions filter as the real API would, so code that asks for less gets less.
    for (const name of ['jql', 'q', 'query']) {
      const language = args[name];
      const declared = op.params.some((param) => param.name === name && param.required);
      if (typeof language !== 'string' || !declared || op.kind === 'search') continue;
      const conditions = whereConditions(language, name === 'jql');
      records = records.filter((r) => conditions.every((condition) => condition(r)));
    }
    // Statuspage's `/incidents/unresolved` and the like: the path itself filters.
    if (/\/unresolved$/.test(op.path)) {
      records = records.filter(
        (r) => !['resolved', 'postmortem', 'completed'].includes(String(r.status)),
      );
    }
    // Searches: a text parameter matches any string field; a POST body's filters match fields.
    if (op.kind === 'search') {
      const text = ['query', 'term', 'q', 'text']
        .map((k) => args[k])
        .find((v) => typeof v === 'string') as string | undefined;
      const filters = collectFilters(request.body);
      records = records.filter((r) => {
        if (filters.length > 0)
          return filters.every(
            ([field, value]) =>
              String(getPath(r, field) ?? getPath(r, `properties.${field}`)) === String(value),
          );
        if (text)
          return JSON.stringify(r)
            .toLowerCase()
            .includes(text.replace(/^["']|["']$/g, '').toLowerCase());
        return true;
      });
    }
    const p = op.pagination ?? { style: 'none' as const };
    let start = 0;
    let size = records.length;
    const limitOf = (param: string | undefined) => {
      const asked = param ? Number(args[param]) : Number.NaN;
      return Math.max(
        1,
        Math.min(Number.isFinite(asked) && asked > 0 ? asked : pageSize, pageSize),
      );
    };
    const extra: Array<[string, unknown]> = [];
    const headers: Record<string, string> = {};
    switch (p.style) {
      case 'cursor': {
        size = limitOf(p.limitParam);
        const cursor = args[p.cursorParam];
        start = cursor ? Number(String(cursor).replace(/^c/, '')) || 0 : 0;
        if (start + size < records.length) extra.push([p.nextCursorPath, `c${start + size}`]);
        break;
      }
      case 'starting-after': {
        size = limitOf(p.limitParam);
        const after = args[p.cursorParam];
        if (after !== undefined)
          start = records.findIndex((r) => String(getPath(r, p.idField)) === String(after)) + 1;
        const more = start + size < records.length;
        extra.push([p.hasMorePath, /has_more|more$/i.test(p.hasMorePath) ? more : more ? 2 : 1]);
        break;
      }
      case 'page': {
        size = limitOf(p.sizeParam);
        const page = args[p.pageParam] === undefined ? p.firstPage : Number(args[p.pageParam]);
        start = (page - p.firstPage) * size;
        if (p.totalPagesPath)
          extra.push([p.totalPagesPath, Math.max(1, Math.ceil(records.length / size))]);
        break;
      }
      case 'offset': {
        size = limitOf(p.limitParam);
        start = Number(args[p.offsetParam] ?? 0);
        extra.push(['more', start + size < records.length], ['total', records.length]);
        break;
      }
      case 'link-header': {
        // As GitHub, GitLab and Shopify: `since_id`, a `page` number where the list declares
        // one, and the next link's opaque `page_info` (here `c<offset>`).
        size = limitOf(p.limitParam);
        if (args.since_id !== undefined) {
          records = records.filter((r) => Number(r.id) > Number(args.since_id));
        }
        const takesPage = op.params.some((param) => param.name === 'page');
        if (args.page_info !== undefined) start = Number(String(args.page_info).slice(1)) || 0;
        else if (takesPage && args.page !== undefined)
          start = (Math.max(1, Number(args.page) || 1) - 1) * size;
        if (start + size < records.length) {
          const next = new URL(url.href);
          next.pathname = `${basePath}${request.path}`;
          next.searchParams.delete('page');
          next.searchParams.set('page_info', `c${start + size}`);
          headers.link = `<${next.href}>; rel="next"`;
        }
        break;
      }
      case 'next-url': {
        size = pageSize;
        start = token?.offset ?? 0;
        if (start + size < records.length) {
          extra.push([
            p.nextPath,
            `${basePath}${request.path}?__page=${encodeURIComponent(`${route.resource.name}:${start + size}`)}`,
          ]);
        }
        break;
      }
      default:
        break;
    }
    const page = records.slice(start, start + size);
    const itemsPath = op.itemsPath ?? '';
    if (itemsPath === '') return { status: 200, body: page, headers };
    const body: MockRecord = {};
    setPath(body, itemsPath, page);
    for (const [path, value] of extra) setPath(body, path, value);
    if (description.id === 'slack') body.ok = true;
    return { status: 200, body, headers };
  }

  function write(route: Route, request: MockRequest, params: Record<string, string>): Reply {
    const op = route.operation;
    const resource = route.resource;
    const body = request.body;
    if (op.graphql) {
      const sent = body as { query?: string; variables?: MockRecord } | undefined;
      if (!sent || !sameDocument(op.graphql.document, sent.query ?? '')) {
        return { status: 200, body: { errors: [{ message: 'Unknown query document' }] } };
      }
      const record = { id: String(nextId++), ...(sent.variables ?? {}) };
      recordsOf(resource.name).push(record);
      writes.push({
        operationId: op.id,
        kind: op.kind,
        resource: resource.name,
        body: sent.variables,
        records: [record],
      });
      const field = rootField(op.graphql.document) ?? 'result';
      return { status: 200, body: { data: { [field]: record } } };
    }
    if (op.body) {
      // The dry run validates captured writes with the same function (@patchbay/catalog).
      const errors = validateRequestBody(op, body);
      if (errors.length > 0) return refuse(errors);
    }
    const now = new Date(Date.UTC(2025, 0, 1) + nextId * 1000).toISOString();
    const stored: MockRecord[] = [];
    const keep = (record: MockRecord) => {
      const existingIndex = findExisting(recordsOf(resource.name), resource, record, params, op);
      if (existingIndex !== undefined) {
        const records = recordsOf(resource.name);
        const merged = deepMerge(records[existingIndex] as MockRecord, record);
        records[existingIndex] = merged;
        stored.push(merged);
        return merged;
      }
      if (op.kind === 'update') return undefined;
      const created: MockRecord = { ...record };
      if (getPath(created, resource.idField) === undefined)
        setPath(created, resource.idField, String(nextId++));
      if (resource.createdField && getPath(created, resource.createdField) === undefined) {
        const format = leafSchema(resource.schema, resource.createdField)?.format;
        setPath(
          created,
          resource.createdField,
          format === 'unix-time' ? Math.floor(Date.parse(now) / 1000) : now,
        );
      }
      recordsOf(resource.name).push(created);
      stored.push(created);
      return created;
    };
    const record = body as MockRecord;
    let answer: unknown;
    // A wrapper the record itself has as a field (a Teams message's `body`) is no envelope.
    const wrapper = envelopeOf(op.body?.schema);
    const envelope =
      wrapper && !(wrapper in (resource.schema.properties ?? {})) ? wrapper : undefined;
    if (op.batch) {
      const items = (record[op.batch.itemsField] as MockRecord[]) ?? [];
      answer = { status: 'COMPLETE', results: items.map((item) => keep(item)) };
    } else if (resource.container?.kind === 'values-array') {
      const rows = (record[resource.container.field] as unknown[][]) ?? [];
      for (const row of rows) keep({ [resource.container.field]: row });
      answer = { updates: { updatedRows: rows.length } };
    } else if (envelope) {
      const inner = keep(record[envelope] as MockRecord);
      if (!inner) return { status: 404, body: { error: 'not_found' } };
      answer = { [envelope]: inner };
    } else {
      const kept = keep(record);
      if (!kept) return { status: 404, body: { error: 'not_found' } };
      answer =
        description.messaging?.operationId === op.id ? { ok: true, ...kept, message: kept } : kept;
    }
    writes.push({
      operationId: op.id,
      kind: op.kind,
      resource: resource.name,
      body: request.body,
      records: stored,
    });
    return { status: op.kind === 'create' || op.kind === 'batch-create' ? 201 : 200, body: answer };
  }

  function refuse(errors: Array<{ path: string; message: string }>): Reply {
    const message = errors.map((e) => `${e.path}: ${e.message}`).join('; ');
    if (description.id === 'slack')
      return { status: 200, body: { ok: false, error: 'invalid_arguments', errors } };
    return { status: 400, body: { error: { type: 'invalid_request_error', message }, errors } };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const url = `${origin}${basePath}`;

  return {
    url,
    description,
    requests,
    writes,
    records: (resource) => recordsOf(resource),
    written: (resource) =>
      writes
        .filter((w) => !resource || w.resource === resourceKey(resource))
        .flatMap((w) => w.records),
    seed: (resource, records) =>
      void recordsOf(resource).push(...records.map((r) => structuredClone(r))),
    clearLog: () => void (requests.length = 0),
    connection() {
      const scheme = description.auth.schemes[0];
      switch (scheme?.type) {
        case 'api-key':
          return {
            baseUrl: url,
            authType: 'api-key',
            authConfig: { in: scheme.in, name: scheme.name },
            secret,
          };
        case 'basic':
          return { baseUrl: url, authType: 'basic', authConfig: { username: 'user' }, secret };
        case 'bearer':
        case 'oauth':
          // An OAuth connection ends up sending an access token as a bearer credential.
          return { baseUrl: url, authType: 'bearer', authConfig: {}, secret };
        default:
          return { baseUrl: url, authType: 'none', authConfig: {}, secret: null };
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ── Helpers ─────────────────────────────────────────────────────────────────────────────────

function envelopeOf(schema: TFieldSchema | undefined): string | undefined {
  const required = schema?.required ?? [];
  if (required.length !== 1) return undefined;
  const field = schema?.properties?.[required[0] as string];
  const count = Object.keys(schema?.properties ?? {}).length;
  return field?.type === 'object' && field.properties && count <= 3 && required[0] !== 'properties'
    ? required[0]
    : undefined;
}
