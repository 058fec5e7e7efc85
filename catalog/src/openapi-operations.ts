import type {
  TFieldSchema,
  TOperation,
  TOperationKind,
  TPagination,
  TParameter,
} from '@patchbay/schema';
import {
  isObject,
  shortText,
  toFieldSchema,
  type FieldSchemaLimits,
  type OpenApiSchema,
} from './openapi-field-schema.ts';

// One OpenAPI operation → one TOperation: its kind from the method and path shape,
// its parameters, body and response converted, and for lists where the records are and how the
// API pages, guessed from parameter and response field names the way a developer reading the
// document would.

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** An operation as found in the document, before conversion. */
export interface RawOperation {
  method: (typeof METHODS)[number];
  path: string;
  /** JSON pointer to the operation, for warnings. */
  pointer: string;
  operation: OpenApiSchema;
  /** Path-level parameters, which the operation's own override. */
  pathParameters: unknown[];
}

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

const isParam = (segment: string) => /^\{[^}]+\}$/.test(segment);

/** A path segment that is a version or prefix, not a resource: `v1`, `api`, `rest`. */
const isPrefix = (segment: string) => /^(v\d+(\.\d+)*|api|rest|public|latest)$/i.test(segment);

/**
 * The collection a path is about: the last named segment, stepping back over record ids and
 * over an action (`/schedules/{id}/pause` and `/pets/search` are about their collection; a plural last
 * segment such as `/customers/{id}/sources` is a collection of its own).
 */
export function pathNoun(path: string): string {
  const parts = segments(path).filter((s) => !isPrefix(s));
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]!;
    if (isParam(part)) continue;
    const trailing = i === parts.length - 1;
    const action =
      ACTION_SEGMENT.test(part) ||
      VERB_SEGMENT.test(part) ||
      (trailing && i > 0 && isParam(parts[i - 1]!) && !/s$/i.test(part));
    if (action && i > 0) continue;
    return part;
  }
  return 'root';
}

/** A last segment that acts on its collection: `/pets/search`, `/pet/findByStatus`, `/x/batch`. */
const ACTION_SEGMENT = /^(search|query|find\w*|lookup|filter|batch|bulk|count|export|import)$/i;
/** A segment that is a verb, alone or leading: `pause`, `describe`, `update-options`, `setManager`. */
const VERB_SEGMENT =
  /^(update|set|get|create|delete|remove|describe|fetch|pause|unpause|reset|cancel|terminate|signal|poll|trigger|validate|complete|fail|resolve|start|stop|run|send|patch|archive|restore|close|reopen|approve|reject)([-_A-Z]|$)/;

/** A tag that covers more collections than this is an area, not a resource (gRPC gateways). */
const MAX_NOUNS_PER_TAG = 6;

/**
 * The resource key of each operation: its first tag (the author's grouping), else the
 * collection its path is about. A tag spanning many collections is split by collection.
 */
export function groupKeys(raws: RawOperation[]): string[] {
  const tagOf = (raw: RawOperation) => {
    const tags = raw.operation.tags;
    return Array.isArray(tags) && typeof tags[0] === 'string' && tags[0].trim()
      ? tags[0].trim()
      : undefined;
  };
  const nounsByTag = new Map<string, Set<string>>();
  for (const raw of raws) {
    const tag = tagOf(raw);
    if (tag) nounsByTag.set(tag, (nounsByTag.get(tag) ?? new Set()).add(pathNoun(raw.path)));
  }
  return raws.map((raw) => {
    const tag = tagOf(raw);
    return tag && (nounsByTag.get(tag)?.size ?? 0) <= MAX_NOUNS_PER_TAG ? tag : pathNoun(raw.path);
  });
}

export function singular(word: string): string {
  if (/ies$/i.test(word)) return word.slice(0, -3) + 'y';
  if (/(ss|us|is)$/i.test(word)) return word;
  if (/(sh|ch|x|ss)es$/i.test(word)) return word.slice(0, -2);
  if (/s$/i.test(word)) return word.slice(0, -1);
  return word;
}

export function plural(word: string): string {
  if (/[^aeiou]y$/i.test(word)) return word.slice(0, -1) + 'ies';
  if (/(s|sh|ch|x)$/i.test(word)) return word + 'es';
  return word + 's';
}

const SEARCH_SEGMENT = /search|query|find|lookup|filter/i;
const BATCH_SEGMENT = /^(batch|bulk)/i;

/** JSON media type in a content map (application/json, application/*+json), else undefined. */
function jsonContent(content: unknown): OpenApiSchema | undefined {
  if (!isObject(content)) return undefined;
  const key = Object.keys(content).find((type) => /^application\/([\w.-]+\+)?json\b/i.test(type));
  const media = key ? content[key] : undefined;
  return isObject(media) ? media : undefined;
}

/** The success response (200, 201, 2XX, then default) of an operation. */
export function successResponse(operation: OpenApiSchema): OpenApiSchema | undefined {
  const responses = isObject(operation.responses) ? operation.responses : {};
  const key =
    Object.keys(responses)
      .filter((code) => /^2(\d\d|XX)$/i.test(code))
      .sort()[0] ?? ('default' in responses ? 'default' : undefined);
  const response = key ? responses[key] : undefined;
  return isObject(response) ? response : undefined;
}

/** The success response's JSON media object (schema and examples). */
export function successMedia(operation: OpenApiSchema): OpenApiSchema | undefined {
  return jsonContent(successResponse(operation)?.content);
}

/** Names of array fields that hold a page's records, most common first. */
const ITEM_FIELDS = [
  'data',
  'items',
  'results',
  'records',
  'entries',
  'values',
  'value',
  'elements',
];

/**
 * Where the records are in a list response: '' for an array body, a field that is an array
 * (`data`, `items`, `results`, or the one array field), one level into `_embedded` (HAL).
 */
export function findItemsPath(schema: TFieldSchema | undefined): string | undefined {
  if (!schema) return undefined;
  if (schema.type === 'array') return '';
  const props = schema.properties;
  if (schema.type !== 'object' || !props) return undefined;
  const arrays = Object.keys(props).filter((k) => props[k]?.type === 'array');
  const known = ITEM_FIELDS.find((name) => arrays.includes(name));
  if (known) return known;
  if (arrays.length === 1) return arrays[0];
  for (const wrapper of ['_embedded', 'data', 'result', 'response']) {
    const inner = props[wrapper];
    if (inner?.type === 'object' && inner.properties) {
      const innerPath = findItemsPath(inner);
      if (innerPath) return `${wrapper}.${innerPath}`;
    }
  }
  return undefined;
}

/** The schema at a dotted path inside a field schema (arrays stepped into). */
export function fieldAt(
  schema: TFieldSchema | undefined,
  dotted: string,
): TFieldSchema | undefined {
  if (dotted === '') return schema;
  let current = schema;
  for (const part of dotted.split('.')) {
    current = current?.type === 'array' ? current.items : current;
    current = current?.properties?.[part];
  }
  return current;
}

/** The first dotted path (depth ≤ 3) whose last name matches, breadth first. */
function findField(
  schema: TFieldSchema | undefined,
  test: (name: string, field: TFieldSchema) => boolean,
): string | undefined {
  let level: Array<[string, TFieldSchema]> = schema ? [['', schema]] : [];
  for (let depth = 0; depth < 3 && level.length > 0; depth++) {
    const next: Array<[string, TFieldSchema]> = [];
    for (const [prefix, field] of level) {
      for (const [name, sub] of Object.entries(field.properties ?? {})) {
        const path = prefix ? `${prefix}.${name}` : name;
        if (test(name, sub)) return path;
        if (sub.type === 'object') next.push([path, sub]);
      }
    }
    level = next;
  }
  return undefined;
}

const CURSOR_PARAM =
  /^(cursor|next_?page_?token|nextPageToken|after|page_?token|pageToken|next_?token|continuation(_?token)?|page_?cursor|next_?cursor|marker|since_id|starting_?token)$/i;
const NEXT_CURSOR_FIELD =
  /^(next_?cursor|nextCursor|next_?page_?token|nextPageToken|next_?token|end_?cursor|endCursor|continuation_?token|cursor|after|next_?marker)$/i;
const NEXT_URL_FIELD = /^(next|next_?url|next_?page_?url|nextLink|@odata\.nextLink|next_?link)$/i;
const PAGE_PARAM = /^(page|page_?number|pageNumber|page_?num|pageNo)$/i;
const SIZE_PARAM =
  /^(per_?page|page_?size|pageSize|limit|size|count|max_?results|maxResults|top|\$top)$/i;
const OFFSET_PARAM = /^(offset|skip|start|\$skip|start_?index|startIndex)$/i;
const TOTAL_PAGES_FIELD = /^(total_?pages|totalPages|page_?count|pageCount|pages)$/i;

function maximumOf(
  param: TParameter | undefined,
  raw: Map<string, OpenApiSchema>,
): number | undefined {
  if (!param) return undefined;
  const schema = raw.get(param.name);
  const max = isObject(schema) ? schema.maximum : undefined;
  return typeof max === 'number' && Number.isInteger(max) && max > 0 ? max : undefined;
}

/**
 * How a list pages, from its query parameters and response fields; `none` when nothing hints at
 * paging. Order: Stripe's starting_after, an opaque cursor, a next URL, a Link header, pages,
 * offsets.
 */
export function guessPagination(
  params: TParameter[],
  rawSchemas: Map<string, OpenApiSchema>,
  response: TFieldSchema | undefined,
  responseHeaders: string[],
): TPagination {
  const query = params.filter((p) => p.in === 'query');
  const find = (pattern: RegExp) => query.find((p) => pattern.test(p.name));
  const size = find(SIZE_PARAM);
  const limit = size ? { limitParam: size.name } : {};
  const maxLimit = maximumOf(size, rawSchemas);
  const withMax = maxLimit ? { maxLimit } : {};

  const startingAfter = find(/^starting_?after$/i);
  const hasMore = findField(
    response,
    (name, f) => /^has_?more$/i.test(name) && f.type === 'boolean',
  );
  if (startingAfter && hasMore) {
    return {
      style: 'starting-after',
      cursorParam: startingAfter.name,
      hasMorePath: hasMore,
      idField: 'id',
      ...limit,
      ...withMax,
    };
  }
  const cursor = find(CURSOR_PARAM) ?? startingAfter;
  const nextUrl = findField(
    response,
    (name, f) => NEXT_URL_FIELD.test(name) && f.type === 'string',
  );
  if (cursor) {
    const nextCursor =
      findField(response, (name, f) => NEXT_CURSOR_FIELD.test(name) && f.type === 'string') ??
      findField(response, (name, f) => name === cursor.name && f.type !== 'object');
    if (nextCursor) {
      return {
        style: 'cursor',
        cursorParam: cursor.name,
        nextCursorPath: nextCursor,
        ...limit,
        ...withMax,
      };
    }
  }
  if (nextUrl) return { style: 'next-url', nextPath: nextUrl, ...limit, ...withMax };
  if (responseHeaders.some((h) => h.toLowerCase() === 'link')) {
    return { style: 'link-header', ...limit, ...withMax };
  }
  const page = find(PAGE_PARAM);
  if (page) {
    const raw = rawSchemas.get(page.name);
    const minimum = isObject(raw) && typeof raw.minimum === 'number' ? raw.minimum : undefined;
    const firstPage = minimum === 0 || (isObject(raw) && raw.default === 0) ? 0 : 1;
    const totalPages = findField(
      response,
      (name, f) => TOTAL_PAGES_FIELD.test(name) && (f.type === 'integer' || f.type === 'number'),
    );
    return {
      style: 'page',
      pageParam: page.name,
      firstPage,
      ...(size ? { sizeParam: size.name } : {}),
      ...(maxLimit ? { maxSize: maxLimit } : {}),
      ...(totalPages ? { totalPagesPath: totalPages } : {}),
    };
  }
  const offset = find(OFFSET_PARAM);
  if (offset && size)
    return { style: 'offset', offsetParam: offset.name, limitParam: size.name, ...withMax };
  return { style: 'none' };
}

/** The kind of an operation, from its method and whether its path ends at one record. */
export function classify(
  method: RawOperation['method'],
  path: string,
  response: TFieldSchema | undefined,
): TOperationKind {
  const parts = segments(path);
  const last = parts.at(-1) ?? '';
  const item = isParam(last);
  const named = parts.filter((s) => !isParam(s));
  const isSearch = named.slice(-2).some((s) => SEARCH_SEGMENT.test(s));
  const isBatch = named.slice(-2).some((s) => BATCH_SEGMENT.test(s));
  if (method === 'delete') return 'delete';
  if (isSearch && (method === 'get' || method === 'post')) return 'search';
  if (method === 'get') {
    if (item) return 'get';
    // GET /me or GET /store/inventory answer one object, not a list.
    return findItemsPath(response) !== undefined || response === undefined ? 'list' : 'get';
  }
  if (method === 'post') {
    if (isBatch) return 'batch-create';
    return item ? 'update' : 'create';
  }
  return isBatch ? 'batch-update' : 'update';
}

/** A valid, readable operation id: the document's operationId cleaned, or `<kind><Resource>`. */
export function operationIdFor(raw: RawOperation, kind: TOperationKind, resource: string): string {
  const given = typeof raw.operation.operationId === 'string' ? raw.operation.operationId : '';
  let id = given.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^[^A-Za-z]+/, '');
  if (!id) {
    const words = `${kind} ${kind === 'list' || kind === 'search' ? plural(resource) : resource}`
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean);
    id = words
      .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1)))
      .join('');
  }
  return (id || 'operation').slice(0, 110);
}

/** Parameters of an operation, the operation's own overriding the path's (OpenAPI rule). */
export function mergedParameters(raw: RawOperation): OpenApiSchema[] {
  const byKey = new Map<string, OpenApiSchema>();
  for (const p of [
    ...raw.pathParameters,
    ...(Array.isArray(raw.operation.parameters) ? raw.operation.parameters : []),
  ]) {
    if (isObject(p) && typeof p.name === 'string' && typeof p.in === 'string')
      byKey.set(`${p.in}:${p.name}`, p);
  }
  return [...byKey.values()];
}

export interface ConvertedOperation {
  operation: TOperation;
  /** The record schema this operation reads or writes, as the document has it. */
  recordSource?: unknown;
  /** The document's own example body (the success response's), if any. */
  responseExample?: unknown;
}

/** Headers the host adds itself (auth, content negotiation): not parameters of a call. */
const HOST_HEADERS = /^(authorization|accept|content-type|content-length|user-agent|host)$/i;

export function convertOperation(
  raw: RawOperation,
  resource: string,
  limits: FieldSchemaLimits,
  authHeaders: Set<string>,
  warn: (message: string) => void,
): ConvertedOperation | undefined {
  if (!/^\/[^\s?#]*$/.test(raw.path) || raw.path.length > 500) {
    warn(`${raw.pointer}: the path ${JSON.stringify(raw.path)} is not a usable path; skipped`);
    return undefined;
  }
  const rawSchemas = new Map<string, OpenApiSchema>();
  const params: TParameter[] = [];
  for (const p of mergedParameters(raw)) {
    const name = p.name as string;
    const where = p.in as string;
    if (where !== 'path' && where !== 'query' && where !== 'header') continue;
    if (where === 'header' && (HOST_HEADERS.test(name) || authHeaders.has(name.toLowerCase())))
      continue;
    if (name.length < 1 || name.length > 200) continue;
    const schema = isObject(p.schema) ? p.schema : jsonContent(p.content)?.schema;
    rawSchemas.set(name, isObject(schema) ? schema : {});
    const description = shortText(p.description, 300);
    params.push({
      name,
      in: where,
      required: where === 'path' ? true : p.required === true,
      schema: toFieldSchema(schema, { ...limits, maxDepth: 2 }),
      ...(description ? { description } : {}),
    });
  }
  // A path template without its parameter declared (invalid, but common): declare it.
  for (const match of raw.path.matchAll(/\{([^{}]+)\}/g)) {
    const name = match[1]!;
    if (!params.some((p) => p.in === 'path' && p.name === name)) {
      params.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    }
  }
  for (const p of params.filter((q) => q.in === 'path')) {
    if (!raw.path.includes(`{${p.name}}`)) params.splice(params.indexOf(p), 1);
  }

  const media = successMedia(raw.operation);
  const response = media?.schema !== undefined ? toFieldSchema(media.schema, limits) : undefined;
  const kind = classify(raw.method, raw.path, response);

  let body: TOperation['body'];
  const requestContent = isObject(raw.operation.requestBody)
    ? raw.operation.requestBody.content
    : undefined;
  const jsonBody = jsonContent(requestContent);
  if (jsonBody) body = { contentType: 'json', schema: toFieldSchema(jsonBody.schema, limits) };
  else if (
    isObject(requestContent) &&
    isObject(requestContent['application/x-www-form-urlencoded'])
  ) {
    body = {
      contentType: 'form',
      schema: toFieldSchema(requestContent['application/x-www-form-urlencoded'].schema, limits),
    };
  } else if (isObject(requestContent) && Object.keys(requestContent).length > 0) {
    warn(
      `${raw.pointer}/requestBody: only JSON and form bodies are described; ${Object.keys(requestContent).join(', ')} left out`,
    );
  }

  const summary =
    shortText(raw.operation.summary, 300) ??
    shortText(raw.operation.description, 300) ??
    `${raw.method.toUpperCase()} ${raw.path}`.slice(0, 300);
  const operation: TOperation = {
    id: operationIdFor(raw, kind, resource),
    kind,
    method: raw.method.toUpperCase() as TOperation['method'],
    path: raw.path,
    summary,
    params,
    ...(body ? { body } : {}),
    ...(response ? { response } : {}),
  };
  if (kind === 'search' && raw.method === 'post') operation.safe = true;
  if (kind === 'list' || kind === 'search') {
    const itemsPath = findItemsPath(response);
    operation.itemsPath = itemsPath ?? '';
    if (itemsPath === undefined)
      warn(`${raw.pointer}: no array found in the response; itemsPath set to the whole body`);
    const headers = Object.keys(
      isObject(successResponse(raw.operation)?.headers)
        ? (successResponse(raw.operation)!.headers as object)
        : {},
    );
    operation.pagination = guessPagination(params, rawSchemas, response, headers);
  }
  if (kind === 'batch-create' || kind === 'batch-update') {
    const itemsField = body?.schema.properties
      ? Object.keys(body.schema.properties).find(
          (k) => body.schema.properties![k]?.type === 'array',
        )
      : undefined;
    if (itemsField) {
      const rawBody = jsonBody?.schema;
      const maxItems =
        isObject(rawBody) &&
        isObject(rawBody.properties) &&
        isObject(rawBody.properties[itemsField])
          ? rawBody.properties[itemsField].maxItems
          : undefined;
      operation.batch = {
        itemsField,
        maxItems: typeof maxItems === 'number' && maxItems > 0 ? maxItems : 100,
      };
    } else {
      operation.kind = kind === 'batch-create' ? 'create' : 'update';
    }
  }
  const docs = isObject(raw.operation.externalDocs) ? raw.operation.externalDocs.url : undefined;
  if (typeof docs === 'string' && /^https?:\/\//.test(docs) && URL.canParse(docs))
    operation.docsUrl = docs;

  let recordSource: unknown;
  if (operation.kind === 'list' || operation.kind === 'search') {
    let schema: unknown = media?.schema;
    for (const part of (operation.itemsPath ?? '').split('.').filter(Boolean)) {
      schema =
        isObject(schema) && isObject(schema.properties) ? schema.properties[part] : undefined;
    }
    recordSource = isObject(schema) ? schema.items : undefined;
  } else if (media?.schema !== undefined) recordSource = unwrapEnvelope(media.schema);
  let responseExample = exampleOfMedia(media);
  // An envelope's example holds the record under `data`, as its schema does.
  if (recordSource !== media?.schema && isObject(responseExample) && isObject(responseExample.data))
    responseExample = responseExample.data;
  return { operation, recordSource, ...(responseExample !== undefined ? { responseExample } : {}) };
}

/** Members of a one-record envelope that are not the record (JSON:API's `links`, `meta`…). */
const ENVELOPE_EXTRAS = new Set(['links', 'meta', 'included', 'jsonapi']);

/**
 * The record inside a one-record envelope, `{ "data": { …record } , "links": … }` (JSON:API and
 * many others): its fields are the record's, not `data.attributes…` of a wrapper, so they line
 * up with the items of the resource's list. Any other schema is the record itself.
 */
function unwrapEnvelope(schema: unknown): unknown {
  if (!isObject(schema) || !isObject(schema.properties)) return schema;
  const data = schema.properties.data;
  const others = Object.keys(schema.properties).filter((name) => name !== 'data');
  const isRecord =
    isObject(data) &&
    (data.type === 'object' || isObject(data.properties) || Array.isArray(data.allOf));
  return isRecord && others.every((name) => ENVELOPE_EXTRAS.has(name)) ? data : schema;
}

/** A media object's example: `example`, or the first of `examples` (3.x example objects). */
function exampleOfMedia(media: OpenApiSchema | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  if (isObject(media.examples)) {
    for (const value of Object.values(media.examples)) {
      if (isObject(value) && value.value !== undefined) return value.value;
    }
  }
  return undefined;
}
