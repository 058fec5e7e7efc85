import {
  MAX_IMPORT_DOCUMENT_BYTES,
  ZApiDescription,
  type TApiDescription,
  type TAuthScheme,
  type TFieldSchema,
  type TOperation,
  type TRateLimit,
  type TResource,
} from '@patchbay/schema';
import {
  DEFAULT_FIELD_LIMITS,
  exampleValue,
  isObject,
  shortText,
  toFieldSchema,
  type FieldSchemaLimits,
  type OpenApiSchema,
} from './openapi-field-schema.ts';
import { jsonErrorOffset, lineAndColumn } from './json-error-position.ts';
import {
  convertOperation,
  fieldAt,
  groupKeys,
  METHODS,
  plural,
  singular,
  type ConvertedOperation,
  type RawOperation,
} from './openapi-operations.ts';

// OpenAPI import (issue 14 §3): an OpenAPI 3.x or Swagger 2.0 document, as JSON or YAML text or
// an object, distilled into our own description format. @scalar/openapi-parser validates it,
// upgrades Swagger 2.0 to OpenAPI 3.1 and resolves `$ref`s; this file reads the result. A bad
// document throws OpenApiImportError saying what is wrong and where (a line or a JSON pointer);
// the API answers it with its status. The output is plain JSON, the same for the same input, so
// it can be stored with an integration as it is.

/** Largest document accepted, as text (5 MiB): bigger ones are refused before parsing. */
export const MAX_DOCUMENT_BYTES = MAX_IMPORT_DOCUMENT_BYTES;
/** Largest description produced: it travels through Temporal (2 MB payload limit) and prompts. */
export const MAX_DESCRIPTION_BYTES = 1.5 * 1024 * 1024;

/**
 * How much detail an imported description keeps, tried in order until it fits
 * MAX_DESCRIPTION_BYTES: a large API loses field descriptions and response schemas (records
 * are described once, by their resource), then depth; operations are never dropped to fit.
 */
const DETAIL_LEVELS: Array<{ limits: FieldSchemaLimits; responses: boolean }> = [
  { limits: DEFAULT_FIELD_LIMITS, responses: true },
  { limits: { maxDepth: 3, maxProperties: 40, descriptions: false }, responses: false },
  { limits: { maxDepth: 2, maxProperties: 25, descriptions: false }, responses: false },
  { limits: { maxDepth: 1, maxProperties: 25, descriptions: false }, responses: false },
];
const MAX_OPERATIONS = 1000;
/** Deeper nesting is refused: real documents stay far below it, and walks must not overflow. */
const MAX_NESTING = 128;
const MAX_WARNINGS = 50;

/**
 * Why a document cannot be imported, and the status the API answers: 400 for text that does not
 * parse, 413 for size, 422 for a document we cannot use. The worker's activity sends the code as
 * its failure type, so this one table serves pasted and fetched documents alike.
 */
export const IMPORT_ERROR_STATUS = {
  NOT_JSON_OR_YAML: 400,
  DOCUMENT_TOO_LARGE: 413,
  NOT_OPENAPI: 422,
  UNSUPPORTED_VERSION: 422,
  UNRESOLVED_REFERENCE: 422,
  NO_OPERATIONS: 422,
  NO_SERVER: 422,
  DESCRIPTION_TOO_LARGE: 422,
  TOO_DEEPLY_NESTED: 422,
  /** The URL could not be fetched: refused by the network guard, unreachable, or not 2xx. */
  FETCH_FAILED: 422,
} as const;
export type ImportErrorCode = keyof typeof IMPORT_ERROR_STATUS;

export function isImportErrorCode(value: unknown): value is ImportErrorCode {
  return typeof value === 'string' && Object.hasOwn(IMPORT_ERROR_STATUS, value);
}

/** A document that cannot be imported; `where` is a line and column or a JSON pointer. */
export class OpenApiImportError extends Error {
  override name = 'OpenApiImportError';
  readonly code: ImportErrorCode;
  readonly where: string;
  readonly status: (typeof IMPORT_ERROR_STATUS)[ImportErrorCode];

  constructor(code: ImportErrorCode, message: string, where: string) {
    super(`${message} (at ${where})`);
    this.code = code;
    this.where = where;
    this.status = IMPORT_ERROR_STATUS[code];
  }
}

export interface ImportOptions {
  /** Where the document was fetched from: relative server URLs resolve against it. */
  sourceUrl?: string;
  /** The connection's base URL, used when the document names no absolute server. */
  baseUrl?: string;
  /** YYYY-MM-DD for `source.retrieved`; today by default. */
  today?: string;
}

export interface ImportResult {
  description: TApiDescription;
  /** What was left out or guessed, each naming where in the document. */
  warnings: string[];
}

function formatBytes(bytes: number): string {
  return `${+(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** Bytes of an object as JSON; one too deep to serialise counts as too large. */
function jsonSize(value: object): number {
  try {
    return Buffer.byteLength(JSON.stringify(value) ?? '');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * The OpenAPI parser, loaded on the first import: it adds about 20 MiB to a process, and the API
 * and the worker run for days without importing anything (issue 19: memory at idle).
 */
const openApiParser = () => import('@scalar/openapi-parser');

/** Parses JSON or YAML text, naming the line and column of a syntax error. */
export async function parseDocumentText(text: string): Promise<unknown> {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (body.trim() === '')
    throw new OpenApiImportError('NOT_JSON_OR_YAML', 'The document is empty', 'line 1');
  const start = body.trimStart()[0];
  if (start === '{' || start === '[') {
    try {
      return JSON.parse(body);
    } catch (error) {
      // V8's message quotes the text around the error; the position says enough.
      const message = (error as Error).message
        .replace(/, (\.\.\.)?".*" is not valid JSON$/s, '')
        .replace(/ in JSON at position \d+.*$/s, '');
      const offset = jsonErrorOffset(body);
      const where = offset < 0 ? 'the whole document' : lineAndColumn(body, offset);
      throw new OpenApiImportError('NOT_JSON_OR_YAML', `Not valid JSON: ${message}`, where);
    }
  }
  // Loaded outside the try: a parser that fails to load is a server error, not bad YAML.
  const { normalize } = await openApiParser();
  let value: unknown;
  try {
    // The parser's own reader: YAML with a cap on aliases (no "billion laughs").
    value = normalize(body);
  } catch (error) {
    const linePos = (error as { linePos?: Array<{ line: number; col: number }> }).linePos;
    const where = linePos?.[0]
      ? `line ${linePos[0].line}, column ${linePos[0].col}`
      : 'the whole document';
    const message = (error as Error).message
      .split('\n')[0]!
      .replace(/ at line \d+, column \d+:?$/, '');
    throw new OpenApiImportError('NOT_JSON_OR_YAML', `Not valid YAML: ${message}`, where);
  }
  if (value === undefined || typeof value === 'string') {
    throw new OpenApiImportError(
      'NOT_JSON_OR_YAML',
      'The document is neither JSON nor YAML',
      'line 1',
    );
  }
  return value;
}

/** Refuses what is not an OpenAPI 3.x or Swagger 2.0 object, saying which version it is. */
function checkVersion(doc: unknown): asserts doc is Record<string, unknown> {
  if (!isObject(doc)) {
    throw new OpenApiImportError(
      'NOT_OPENAPI',
      `Not an OpenAPI document: the top level is ${Array.isArray(doc) ? 'a list' : typeof doc}, not an object`,
      '/',
    );
  }
  if (doc.swaggerVersion !== undefined) {
    throw new OpenApiImportError(
      'UNSUPPORTED_VERSION',
      `Swagger ${String(doc.swaggerVersion)} is not supported: convert the document to OpenAPI 3 or Swagger 2.0`,
      '/swaggerVersion',
    );
  }
  if (doc.asyncapi !== undefined) {
    throw new OpenApiImportError(
      'NOT_OPENAPI',
      'An AsyncAPI document describes events, not a web API: import its OpenAPI document instead',
      '/asyncapi',
    );
  }
  if (doc.swagger !== undefined) {
    if (String(doc.swagger) !== '2.0') {
      throw new OpenApiImportError(
        'UNSUPPORTED_VERSION',
        `Swagger ${String(doc.swagger)} is not supported; Swagger 2.0 and OpenAPI 3.x are`,
        '/swagger',
      );
    }
    return;
  }
  if (doc.openapi === undefined) {
    throw new OpenApiImportError(
      'NOT_OPENAPI',
      'Not an OpenAPI document: it has no "openapi" or "swagger" field',
      '/',
    );
  }
  if (typeof doc.openapi !== 'string' || !/^3\.[0-2](\.\d+)?(-[\w.]+)?$/.test(doc.openapi)) {
    throw new OpenApiImportError(
      'UNSUPPORTED_VERSION',
      `OpenAPI ${JSON.stringify(doc.openapi)} is not supported; OpenAPI 3.0, 3.1 and 3.2 (written as a string such as "3.0.3") and Swagger 2.0 are`,
      '/openapi',
    );
  }
}

/** The pointer of the first value nested deeper than MAX_NESTING, found without recursion. */
function tooDeep(doc: unknown): string | undefined {
  const stack: Array<[unknown, string, number]> = [[doc, '', 0]];
  while (stack.length > 0) {
    const [value, pointer, depth] = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_NESTING) return pointer;
    for (const [key, child] of Object.entries(value))
      stack.push([child, `${pointer}/${escapePointer(key)}`, depth + 1]);
  }
  return undefined;
}

/** JSON pointer escaping (RFC 6901). */
function escapePointer(part: string): string {
  return part.replace(/~/g, '~0').replace(/\//g, '~1');
}

function referenceError(
  original: unknown,
  error: { message: string; code?: string },
): OpenApiImportError {
  const external = /external reference: (.+)$/i.exec(error.message);
  if (external) {
    const target = external[1]!.trim();
    const found =
      findRef(original, (r) => r === target) ?? findRef(original, (r) => r.startsWith(target));
    return new OpenApiImportError(
      'UNRESOLVED_REFERENCE',
      `The $ref to another file (${target}) is not followed: bundle the document into one file first`,
      found?.pointer ?? '/',
    );
  }
  const ref = /reference: (.+)$/i.exec(error.message)?.[1]?.trim() ?? '';
  // A Swagger 2.0 ref was rewritten by the upgrade (#/definitions/X → #/components/schemas/X).
  const name = ref.split('/').at(-1) ?? '';
  const found =
    findRef(original, (r) => r === ref) ?? findRef(original, (r) => r.endsWith(`/${name}`));
  return new OpenApiImportError(
    'UNRESOLVED_REFERENCE',
    `The $ref "${found?.ref ?? ref}" points at nothing in the document`,
    found?.pointer ?? '/',
  );
}

/** The first `$ref` (breadth first) whose value passes `test`, and its pointer. */
function findRef(
  doc: unknown,
  test: (ref: string) => boolean,
): { pointer: string; ref: string } | undefined {
  const queue: Array<[unknown, string]> = [[doc, '']];
  const seen = new Set<object>();
  while (queue.length > 0) {
    const [value, pointer] = queue.shift()!;
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    const ref = (value as Record<string, unknown>).$ref;
    if (typeof ref === 'string' && test(ref)) return { pointer: `${pointer}/$ref`, ref };
    for (const [key, child] of Object.entries(value))
      queue.push([child, `${pointer}/${escapePointer(key)}`]);
  }
  return undefined;
}

// ── Servers, hosts and the docs URL ─────────────────────────────────────────────────────────

interface Server {
  /** With `{variables}` in the host kept (the user fills them in), others set to their default. */
  baseUrl: string;
  /** Every variable set to its default: a URL that parses. */
  concrete: string;
  host: string;
}

function readServer(server: unknown, options: ImportOptions): Server | undefined {
  if (!isObject(server) || typeof server.url !== 'string') return undefined;
  const variables = isObject(server.variables) ? server.variables : {};
  const defaultOf = (name: string) => {
    const v = variables[name];
    return isObject(v) && v.default !== undefined ? String(v.default) : undefined;
  };
  let url = server.url.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    // Relative server URLs are relative to where the document is (OpenAPI 3 §4.8.5).
    const base = options.sourceUrl ?? options.baseUrl;
    if (!base || !URL.canParse(base)) return undefined;
    url = new URL(url.replace(/\{[^}]+\}/g, (m) => defaultOf(m.slice(1, -1)) ?? m) || '/', base)
      .href;
  }
  const match = /^(https?):\/\/([^/?#]+)([^?#]*)/i.exec(url);
  if (!match) return undefined;
  const [, scheme, authority, rawPath] = match as unknown as [string, string, string, string];
  const path = rawPath
    .replace(/\{[^}]+\}/g, (m) => defaultOf(m.slice(1, -1)) ?? m)
    .replace(/\/+$/, '');
  const baseUrl = `${scheme.toLowerCase()}://${authority}${path}`;
  const concrete = baseUrl.replace(/\{[^}]+\}/g, (m) => defaultOf(m.slice(1, -1)) ?? 'example');
  if (!URL.canParse(concrete)) return undefined;
  const host = authority.replace(/:\d+$/, '').toLowerCase();
  return { baseUrl, concrete, host };
}

function servers(doc: OpenApiSchema, options: ImportOptions): Server[] {
  const listed = (Array.isArray(doc.servers) ? doc.servers : [])
    .map((s) => readServer(s, options))
    .filter((s): s is Server => s !== undefined);
  if (listed.length > 0) return listed;
  // No server: the document's own origin (the OpenAPI default is "/"), else the typed base URL.
  const fallback =
    options.baseUrl ?? (options.sourceUrl ? new URL('/', options.sourceUrl).href : undefined);
  const server = fallback ? readServer({ url: fallback }, {}) : undefined;
  return server ? [server] : [];
}

function httpUrl(value: unknown, base?: string): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  try {
    const url = new URL(value, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

// ── Auth ─────────────────────────────────────────────────────────────────────────────────────

function securityNames(requirements: unknown): string[] {
  if (!Array.isArray(requirements)) return [];
  return requirements.flatMap((r) => (isObject(r) ? Object.keys(r) : []));
}

function scopesIn(requirements: unknown, name: string): string[] {
  if (!Array.isArray(requirements)) return [];
  return requirements.flatMap((r) =>
    isObject(r) && Array.isArray(r[name])
      ? r[name].filter((s): s is string => typeof s === 'string')
      : [],
  );
}

function readAuth(
  doc: OpenApiSchema,
  operations: RawOperation[],
  base: string,
  warn: (message: string) => void,
): { schemes: TAuthScheme[]; keyHelp?: string; headers: Set<string> } {
  const declared =
    isObject(doc.components) && isObject(doc.components.securitySchemes)
      ? doc.components.securitySchemes
      : {};
  const used = [
    ...securityNames(doc.security),
    ...operations.flatMap((op) => securityNames(op.operation.security)),
  ];
  const order = [...new Set([...used.filter((n) => n in declared), ...Object.keys(declared)])];
  const schemes: TAuthScheme[] = [];
  const headers = new Set<string>();
  let keyHelp: string | undefined;
  for (const name of order) {
    const scheme = declared[name];
    const where = `/components/securitySchemes/${escapePointer(name)}`;
    if (!isObject(scheme)) continue;
    let converted: TAuthScheme | undefined;
    const type = String(scheme.type ?? '').toLowerCase();
    if (
      type === 'apikey' &&
      (scheme.in === 'header' || scheme.in === 'query') &&
      typeof scheme.name === 'string' &&
      scheme.name
    ) {
      converted = { type: 'api-key', in: scheme.in, name: scheme.name.slice(0, 100) };
      if (scheme.in === 'header') headers.add(scheme.name.toLowerCase());
    } else if (type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer') {
      converted = { type: 'bearer' };
    } else if (type === 'http' && String(scheme.scheme).toLowerCase() === 'basic') {
      converted = { type: 'basic' };
    } else if (type === 'oauth2' && isObject(scheme.flows)) {
      const flows = scheme.flows;
      const code = isObject(flows.authorizationCode) ? flows.authorizationCode : undefined;
      const client = isObject(flows.clientCredentials) ? flows.clientCredentials : undefined;
      const grants: Array<'authorization_code' | 'client_credentials'> = [];
      const authorizeUrl = httpUrl(code?.authorizationUrl, base);
      const codeToken = httpUrl(code?.tokenUrl, base);
      const clientToken = httpUrl(client?.tokenUrl, base);
      if (code && authorizeUrl && codeToken) grants.push('authorization_code');
      if (client && clientToken) grants.push('client_credentials');
      const tokenUrl =
        (grants[0] === 'authorization_code' ? codeToken : clientToken) ?? clientToken;
      if (grants.length > 0 && tokenUrl) {
        const allScopes = [code, client].flatMap((f) =>
          f && isObject(f.scopes) ? Object.keys(f.scopes) : [],
        );
        const needed = [
          ...scopesIn(doc.security, name),
          ...operations.flatMap((op) => scopesIn(op.operation.security, name)),
        ];
        const scopes = [...new Set(needed.length > 0 ? needed : allScopes)]
          .filter((s) => s.length <= 200)
          .slice(0, 100);
        converted = {
          type: 'oauth',
          grants,
          ...(authorizeUrl && grants.includes('authorization_code') ? { authorizeUrl } : {}),
          tokenUrl,
          scopes,
        };
      } else {
        warn(
          `${where}: only the authorization code and client credentials flows are supported; left out`,
        );
      }
    } else {
      warn(
        `${where}: ${type || 'unknown'}${scheme.in ? ` in ${String(scheme.in)}` : ''}${scheme.scheme ? ` ${String(scheme.scheme)}` : ''} auth is not supported; left out`,
      );
    }
    if (converted && !schemes.some((s) => JSON.stringify(s) === JSON.stringify(converted))) {
      schemes.push(converted);
      keyHelp ??= shortText(scheme.description, 400);
    }
  }
  if (schemes.length === 0) schemes.push({ type: 'none' });
  return { schemes, ...(keyHelp ? { keyHelp } : {}), headers };
}

// ── Rate limits and idempotency ──────────────────────────────────────────────────────────────

function readRateLimit(operations: RawOperation[]): TRateLimit | undefined {
  const names = new Set<string>();
  let retryAfter = false;
  for (const op of operations) {
    const responses = isObject(op.operation.responses) ? op.operation.responses : {};
    for (const [code, response] of Object.entries(responses)) {
      if (!isObject(response) || !isObject(response.headers)) continue;
      for (const header of Object.keys(response.headers)) {
        names.add(header);
        if (/^retry-after$/i.test(header) && (code === '429' || code.startsWith('5')))
          retryAfter = true;
      }
    }
  }
  const find = (pattern: RegExp) => [...names].find((n) => pattern.test(n));
  const limitHeader = find(/^(x-)?rate-?limit-limit$/i);
  const remainingHeader = find(/^(x-)?rate-?limit-remaining$/i);
  const resetHeader = find(/^(x-)?rate-?limit-reset$/i);
  if (!limitHeader && !remainingHeader && !resetHeader && !retryAfter) return undefined;
  return {
    ...(limitHeader ? { limitHeader } : {}),
    ...(remainingHeader ? { remainingHeader } : {}),
    ...(resetHeader ? { resetHeader } : {}),
    retryAfter,
  };
}

function readIdempotencyHeader(operations: RawOperation[]): string | undefined {
  for (const op of operations) {
    for (const p of Array.isArray(op.operation.parameters) ? op.operation.parameters : []) {
      if (
        isObject(p) &&
        p.in === 'header' &&
        typeof p.name === 'string' &&
        /idempotency/i.test(p.name)
      )
        return p.name;
    }
  }
  return undefined;
}

// ── Resources ────────────────────────────────────────────────────────────────────────────────

const CREATED_FIELD =
  /^(created|created_?at|createdAt|creation_?date|date_?created|created_?time|createdTime|created_?on)$/i;
const UPDATED_FIELD =
  /^(updated|updated_?at|updatedAt|modified|modified_?at|modifiedAt|last_?modified|lastModified|date_?updated|updated_?time|updatedTime|updated_?on)$/i;
const SINCE_PARAM =
  /^(since|(updated|modified|changed|created)_?(since|after)|(updated|modified|changed|created)(Since|After)|(updated_at|created_at|created|updated)\[?(gt|gte|after)\]?|(updated|created)_?gt)$/i;

function resourceName(key: string): { name: string; plural: string } {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  if (words.length === 0) return { name: 'record', plural: 'records' };
  const last = words.at(-1)!;
  const name = [...words.slice(0, -1), singular(last)].join(' ').slice(0, 100);
  return { name, plural: [...words.slice(0, -1), plural(singular(last))].join(' ').slice(0, 100) };
}

function pickIdField(
  schema: TFieldSchema,
  resource: string,
  ops: TOperation[],
): string | undefined {
  const names = Object.keys(schema.properties ?? {});
  if (names.includes('id')) return 'id';
  const compact = resource.replace(/\s+/g, '');
  const own = names.find(
    (n) => n.toLowerCase() === `${compact}id` || n.toLowerCase() === `${compact}_id`,
  );
  if (own) return own;
  const pathParam = ops
    .filter((op) => op.kind === 'get')
    .flatMap((op) => op.params.filter((p) => p.in === 'path').map((p) => p.name))
    .at(-1);
  if (pathParam && names.includes(pathParam)) return pathParam;
  return names.find((n) => /(^|_)id$|[a-z]Id$|^uuid$|^key$/.test(n));
}

/** The record inside a documented list example, at the operation's itemsPath. */
function firstItem(example: unknown, itemsPath: string | undefined): unknown {
  let value = example;
  for (const part of (itemsPath ?? '').split('.').filter(Boolean))
    value = isObject(value) ? value[part] : undefined;
  return Array.isArray(value) ? value[0] : undefined;
}

function buildResource(
  key: string,
  converted: ConvertedOperation[],
  limits: FieldSchemaLimits,
  warn: (message: string) => void,
): TResource {
  const { name, plural: pluralName } = resourceName(key);
  const ops = converted.map((c) => c.operation);
  const preference = ['get', 'list', 'search', 'create', 'update'] as const;
  const source = preference
    .map((kind) => converted.find((c) => c.operation.kind === kind && isObject(c.recordSource)))
    .find((c) => c !== undefined);
  const recordSource = source?.recordSource;
  let schema: TFieldSchema =
    recordSource !== undefined ? toFieldSchema(recordSource, limits) : { type: 'object' };
  if (schema.type !== 'object') schema = { type: 'object' };
  let idField = pickIdField(schema, name, ops);

  let example: Record<string, unknown> | undefined;
  for (const c of converted) {
    const value =
      c.operation.kind === 'list' || c.operation.kind === 'search'
        ? firstItem(c.responseExample, c.operation.itemsPath)
        : c.responseExample;
    if (isObject(value) && ['get', 'list', 'search', 'create'].includes(c.operation.kind)) {
      example = value;
      break;
    }
  }
  if (!example) {
    const made = exampleValue(recordSource, schema);
    example = isObject(made) ? made : {};
  }
  if (!idField) {
    idField = 'id';
    warn(`resource "${name}": its records have no id field; "id" assumed`);
  }
  if (example[idField] === undefined)
    example = { [idField]: `${name.replace(/\s+/g, '_')}_123`, ...example };

  const names = Object.keys(schema.properties ?? {});
  const createdField = names.find((n) => CREATED_FIELD.test(n));
  const updatedField = names.find((n) => UPDATED_FIELD.test(n));
  for (const op of ops) {
    if (op.kind !== 'list') continue;
    const param = op.params.find((p) => p.in === 'query' && SINCE_PARAM.test(p.name));
    if (!param) continue;
    const format =
      param.schema.format === 'date-time' || param.schema.format === 'date'
        ? param.schema.format
        : param.schema.type === 'integer' || param.schema.type === 'number'
          ? 'unix-time'
          : param.schema.type === 'string'
            ? 'date-time'
            : undefined;
    const field = /created/i.test(param.name) ? createdField : (updatedField ?? createdField);
    if (format && field && fieldAt(schema, field)) op.since = { param: param.name, format, field };
  }

  return {
    name,
    plural: pluralName,
    aliases: [],
    schema,
    idField,
    ...(createdField ? { createdField } : {}),
    ...(updatedField ? { updatedField } : {}),
    example,
    operations: ops,
  };
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

// ── The import ───────────────────────────────────────────────────────────────────────────────

/**
 * Turns an OpenAPI 3.x or Swagger 2.0 document into a TApiDescription. Throws
 * OpenApiImportError for a document that cannot be used.
 */
export async function importOpenApi(
  input: string | object,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const size = typeof input === 'string' ? Buffer.byteLength(input) : jsonSize(input);
  if (size > MAX_DOCUMENT_BYTES) {
    throw new OpenApiImportError(
      'DOCUMENT_TOO_LARGE',
      `The document is ${formatBytes(size)}; at most ${formatBytes(MAX_DOCUMENT_BYTES)} is accepted`,
      'the whole document',
    );
  }
  const original =
    typeof input === 'string' ? await parseDocumentText(input) : structuredClone(input);
  checkVersion(original);
  const deep = tooDeep(original);
  if (deep !== undefined) {
    throw new OpenApiImportError(
      'TOO_DEEPLY_NESTED',
      `The document nests more than ${MAX_NESTING} levels deep`,
      deep.slice(0, 300) + (deep.length > 300 ? '…' : ''),
    );
  }

  const warnings: string[] = [];
  const warn = (message: string) => warnings.push(message);

  const { dereference, upgrade, validate } = await openApiParser();
  // Schema problems are reported, not fatal: a document with a slip is still worth importing.
  const validation = await validate(structuredClone(original));
  const notReferences = (validation.errors ?? []).filter(
    (e) => !/reference/i.test(`${e.code ?? ''} ${e.message}`),
  );
  for (const error of notReferences) {
    const path = Array.isArray(error.path)
      ? `/${error.path.map(String).map(escapePointer).join('/')}`
      : error.path || '/';
    warn(`${path}: ${error.message}`);
  }

  const upgraded = upgrade(structuredClone(original)).specification;
  if (!isObject(upgraded))
    throw new OpenApiImportError('NOT_OPENAPI', 'The document could not be read as OpenAPI', '/');
  const resolved = dereference(upgraded);
  const referenceProblem = resolved.errors?.[0];
  if (referenceProblem) throw referenceError(original, referenceProblem);
  const doc = resolved.schema;
  if (!isObject(doc))
    throw new OpenApiImportError('NOT_OPENAPI', 'The document could not be read as OpenAPI', '/');

  // Every operation, in document order.
  const raws: RawOperation[] = [];
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      raws.push({
        method,
        path,
        pointer: `/paths/${escapePointer(path)}/${method}`,
        operation,
        pathParameters: Array.isArray(item.parameters) ? item.parameters : [],
      });
    }
  }
  if (raws.length === 0) {
    throw new OpenApiImportError(
      'NO_OPERATIONS',
      'The document describes no operations (no GET, POST, PUT, PATCH or DELETE under "paths")',
      '/paths',
    );
  }
  if (raws.length > MAX_OPERATIONS) {
    warn(`/paths: ${raws.length} operations; the first ${MAX_OPERATIONS} are imported`);
    raws.length = MAX_OPERATIONS;
  }

  const found = servers(doc, options);
  const server = found[0];
  if (!server) {
    throw new OpenApiImportError(
      'NO_SERVER',
      "The document names no absolute server URL: give the API's base URL along with it",
      '/servers',
    );
  }

  const info = isObject(doc.info) ? doc.info : {};
  const title = shortText(info.title, 100) ?? server.host;
  const auth = readAuth(doc, raws, server.concrete, warn);
  const groupKeyOf = new Map(groupKeys(raws).map((key, i) => [raws[i]!, key]));

  const build = (limits: FieldSchemaLimits, responses: boolean): TApiDescription => {
    const groups = new Map<string, ConvertedOperation[]>();
    const keys = new Map<string, string>();
    const ids = new Set<string>();
    for (const raw of raws) {
      const key = groupKeyOf.get(raw)!;
      const name = resourceName(key).name;
      const converted = convertOperation(raw, name, limits, auth.headers, warn);
      if (!converted) continue;
      if (!responses) delete converted.operation.response;
      let id = converted.operation.id;
      for (let n = 2; ids.has(id); n++) id = `${converted.operation.id}_${n}`;
      ids.add(id);
      converted.operation.id = id;
      // Two tags that read the same ("Pet", "pets") are one resource.
      const groupName = keys.get(name) ?? key;
      keys.set(name, groupName);
      groups.set(groupName, [...(groups.get(groupName) ?? []), converted]);
    }
    if (groups.size === 0) {
      throw new OpenApiImportError(
        'NO_OPERATIONS',
        "None of the document's operations has a usable path",
        '/paths',
      );
    }
    const resources = [...groups].map(([key, converted]) =>
      buildResource(key, converted, limits, warn),
    );
    const rateLimit = readRateLimit(raws);
    const idempotencyHeader = readIdempotencyHeader(raws);
    const externalDocs = isObject(doc.externalDocs) ? httpUrl(doc.externalDocs.url) : undefined;
    const contactUrl = isObject(info.contact) ? httpUrl(info.contact.url) : undefined;
    const docsUrl = externalDocs ?? httpUrl(options.sourceUrl) ?? contactUrl ?? server.concrete;
    const hosts = [...new Set(found.map((s) => s.host))]
      .filter((h) => h.length <= 253)
      .slice(0, 20);
    return {
      id: slug(title) || slug(server.host) || 'imported-api',
      name: title,
      aliases: [],
      category: 'other',
      hosts,
      baseUrl: server.baseUrl.slice(0, 500),
      docsUrl,
      source: {
        kind: 'imported',
        url: options.sourceUrl ?? 'pasted',
        retrieved: options.today ?? new Date().toISOString().slice(0, 10),
      },
      auth: { schemes: auth.schemes, ...(auth.keyHelp ? { keyHelp: auth.keyHelp } : {}) },
      ...(rateLimit ? { rateLimit } : {}),
      ...(idempotencyHeader ? { idempotencyHeader } : {}),
      resources,
    };
  };

  const warningsBefore = warnings.length;
  let description: TApiDescription | undefined;
  let bytes = 0;
  for (const [level, { limits, responses }] of DETAIL_LEVELS.entries()) {
    warnings.length = warningsBefore; // each attempt warns afresh
    description = build(limits, responses);
    bytes = Buffer.byteLength(JSON.stringify(description));
    if (bytes <= MAX_DESCRIPTION_BYTES) {
      if (level > 0) {
        warn(
          `/paths: the API is large; field descriptions and response schemas are left out and fields are kept ${limits.maxDepth} level${limits.maxDepth === 1 ? '' : 's'} deep`,
        );
      }
      break;
    }
  }
  if (!description || bytes > MAX_DESCRIPTION_BYTES) {
    throw new OpenApiImportError(
      'DESCRIPTION_TOO_LARGE',
      `The document describes ${raws.length} operations, too many to keep (${formatBytes(bytes)} distilled, at most ${formatBytes(MAX_DESCRIPTION_BYTES)})`,
      '/paths',
    );
  }
  if (isObject(doc.webhooks) && Object.keys(doc.webhooks).length > 0) {
    warn('/webhooks: webhook events are not imported (OpenAPI does not say how they are signed)');
  }

  const parsed = ZApiDescription.safeParse(description);
  if (!parsed.success) {
    // Our own conversion broke the format: a bug here, not in the user's document.
    const issue = parsed.error.issues[0];
    throw new Error(
      `OpenAPI import produced an invalid description at ${issue?.path.join('.')}: ${issue?.message}`,
    );
  }
  const extra = warnings.length - MAX_WARNINGS;
  const shown = extra > 0 ? [...warnings.slice(0, MAX_WARNINGS), `…and ${extra} more`] : warnings;
  return {
    description: JSON.parse(JSON.stringify(parsed.data)) as TApiDescription,
    warnings: shown,
  };
}
