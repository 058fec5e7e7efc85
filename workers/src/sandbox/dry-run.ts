import {
  findOperation,
  isGraphqlMutation,
  parseFormBody,
  validateRequestBody,
} from '@patchbay/catalog';
import type { FoundOperation } from '@patchbay/catalog';
import type {
  TApiDescription,
  TCapturedWrite,
  TFieldSchema,
  TOperation,
  TTestMode,
} from '@patchbay/schema';
import { RequestFailedError } from '@patchbay/runtime/network';
import { searchWithoutCredentials } from './replay-answers.ts';

// Dry runs (ADR 017), on the worker side of the sandbox: RunSession asks
// `intercept` about every ctx call before sending it. In a dry run a write is not sent: it is
// validated against the operation's request schema and answered with a response synthesized
// from the description. Reads (GET, HEAD, OPTIONS, POSTs the description marks `safe`, GraphQL
// queries) go out for real in both modes. In both modes, what the run read and wrote is
// tallied for the one-line summary the test dialog and the generate response show.

export interface CaptureSetup {
  mode: TTestMode;
  /** Each side's API description, when it has one; writes to a side without one are not checked. */
  source?: TApiDescription | undefined;
  destination?: TApiDescription | undefined;
}

export type CallRole = 'source' | 'destination' | null;

interface Tally {
  /** "from Salesforce" / "Notion": the description's name, else which side. */
  api: string;
  /** Singular and plural of what was read or written; null for calls no operation matched. */
  noun: { one: string; many: string } | null;
  verb: string;
  count: number;
}

/** What the capture needs to know of each connection. */
export interface CaptureConnections {
  source: { baseUrl: string };
  destination: { baseUrl: string };
}

/** Applied to what the report shows (RunSession's redactor). */
export interface ReportRedaction {
  text(value: string): string;
  value(value: unknown): unknown;
}

/** Bodies kept in a captured write, as in the transcript (run-session.ts). */
const CAPTURED_BODY_CHARS = 64 * 1024;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const VERBS: Record<TOperation['kind'], { present: string; past: string }> = {
  list: { present: 'read', past: 'read' },
  search: { present: 'read', past: 'read' },
  get: { present: 'read', past: 'read' },
  create: { present: 'create', past: 'created' },
  'batch-create': { present: 'create', past: 'created' },
  update: { present: 'update', past: 'updated' },
  'batch-update': { present: 'update', past: 'updated' },
  upsert: { present: 'upsert', past: 'upserted' },
  'batch-upsert': { present: 'upsert', past: 'upserted' },
  send: { present: 'send', past: 'sent' },
  delete: { present: 'delete', past: 'deleted' },
};

export class WriteCapture {
  readonly mode: TTestMode;
  readonly #setup: CaptureSetup;
  readonly #connections: CaptureConnections;
  readonly #maxCaptured: number;
  readonly #captured: TCapturedWrite[] = [];
  readonly #reads = new Map<string, Tally>();
  readonly #writes = new Map<string, Tally>();
  #sourceRecords = 0;

  constructor(setup: CaptureSetup, connections: CaptureConnections, maxCaptured: number) {
    this.mode = setup.mode;
    this.#setup = setup;
    this.#connections = connections;
    this.#maxCaptured = maxCaptured;
  }

  /**
   * Before a call is sent. A dry run's write is captured here and its synthesized response
   * returned (the call is never sent); undefined means "send it". Throws when a run captures
   * more writes than it may make requests.
   */
  intercept(
    role: CallRole,
    method: string,
    url: URL,
    body: string | null,
    contentType: string | undefined,
  ): { response: unknown } | undefined {
    if (this.mode !== 'dry-run') return undefined;
    const call = this.#classify(role, method, url, body, contentType);
    if (call.read) return undefined;
    if (this.#captured.length >= this.#maxCaptured) {
      throw new RequestFailedError(
        `request limit reached: a run may make at most ${this.#maxCaptured} requests`,
        false,
      );
    }
    const description = role ? this.#setup[role] : undefined;
    const schemaErrors: string[] = [];
    let response: unknown = null;
    if (call.found) {
      schemaErrors.push(
        ...validateRequestBody(call.found.operation, call.parsed).map(
          (error) => `${error.path}: ${error.message}`,
        ),
      );
      response = synthesizeResponse(call.found, call.parsed, url, this.#captured.length + 1);
    } else if (description) {
      schemaErrors.push(
        `${description.name} has no ${method} ${call.path} in its description; the write could not be checked`,
      );
      response = {};
    }
    this.#captured.push({
      side: role ?? 'fetch',
      method,
      path: call.path,
      url: url.href,
      body: keptBody(body, call.parsed),
      ...(call.found ? { operationId: call.found.operation.id } : {}),
      schemaErrors,
      response,
    });
    this.#count(this.#writes, role, call.found, method, writtenCount(call.found, call.parsed));
    return { response };
  }

  /**
   * Where a read's answer lists its items (the operation's itemsPath, '' for the answer itself),
   * so the response thread counts them for observe; undefined when the read counts as one.
   */
  readItemsPath(
    role: CallRole,
    method: string,
    url: URL,
    body: string | null,
    contentType: string | undefined,
  ): string | undefined {
    try {
      const call = this.#classify(role, method, url, body, contentType);
      const operation = call.read ? call.found?.operation : undefined;
      if (!operation || operation.kind === 'get') return undefined;
      return operation.itemsPath ?? '';
    } catch {
      return undefined;
    }
  }

  /**
   * After a call answered 2xx: tallied as a read of `itemCount` records (counted at
   * readItemsPath), or (live) as a write that was sent.
   */
  observe(
    role: CallRole,
    method: string,
    url: URL,
    body: string | null,
    contentType: string | undefined,
    itemCount: number,
  ): void {
    try {
      const call = this.#classify(role, method, url, body, contentType);
      if (call.read) {
        if (role === 'source' && call.found) this.#sourceRecords += itemCount;
        this.#count(this.#reads, role, call.found, method, itemCount);
      } else {
        this.#count(this.#writes, role, call.found, method, writtenCount(call.found, call.parsed));
      }
    } catch {
      // The tally is a summary: a call it cannot read must not fail a call that succeeded.
    }
  }

  /**
   * Replays (ADR 023): a recorded exchange as the write it was, by the same rule as a
   * dry run's, or null for a read. The path keeps the query, for the replay's diff.
   */
  recordedWrite(
    role: CallRole,
    method: string,
    url: URL,
    body: string | null,
    contentType: string | undefined,
  ): { side: TCapturedWrite['side']; method: string; path: string; body: unknown } | null {
    const call = this.#classify(role, method, url, body, contentType);
    if (call.read) return null;
    return {
      side: role ?? 'fetch',
      method,
      path: `${call.path}${searchWithoutCredentials(url)}`,
      body: keptBody(body, call.parsed),
    };
  }

  /** The captured writes and the summary, with secrets redacted. */
  report(redact: ReportRedaction): {
    mode: TTestMode;
    captured: TCapturedWrite[];
    summary: string;
    recordsRead: number;
  } {
    const captured = this.#captured.map((write) => ({
      ...write,
      url: redact.text(write.url),
      path: redact.text(write.path),
      body: redact.value(write.body),
      schemaErrors: write.schemaErrors.map((error) => redact.text(error)),
      response: redact.value(write.response),
    }));
    return {
      mode: this.mode,
      captured,
      summary: redact.text(this.summary()),
      recordsRead: this.recordsRead(),
    };
  }

  /** Records the source's described reads answered with, over the whole run. */
  recordsRead(): number {
    return this.#sourceRecords;
  }

  /** "read 12 leads from Salesforce; would create 12 Notion pages; 0 schema errors". */
  summary(): string {
    const dry = this.mode === 'dry-run';
    const parts: string[] = [];
    for (const tally of this.#reads.values()) {
      parts.push(
        tally.noun
          ? `read ${tally.count} ${tally.count === 1 ? tally.noun.one : tally.noun.many} from ${tally.api}`
          : `made ${tally.count} other ${plural(tally.count, 'read')} from ${tally.api}`,
      );
    }
    for (const tally of this.#writes.values()) {
      const what = tally.noun
        ? `${tally.count} ${tally.api} ${tally.count === 1 ? tally.noun.one : tally.noun.many}`
        : `${tally.count} other ${plural(tally.count, 'write')} to ${tally.api}`;
      parts.push(dry ? `would ${tally.verb} ${what}` : `${tally.verb} ${what}`);
    }
    if (this.#reads.size === 0) parts.unshift('no reads');
    if (this.#writes.size === 0) parts.push(dry ? 'no writes to capture' : 'no writes');
    if (dry) {
      const errors = this.#captured.reduce((sum, write) => sum + write.schemaErrors.length, 0);
      parts.push(`${errors} schema ${plural(errors, 'error')}`);
    }
    return parts.join('; ');
  }

  #classify(
    role: CallRole,
    method: string,
    url: URL,
    body: string | null,
    contentType: string | undefined,
  ): { read: boolean; path: string; parsed: unknown; found: FoundOperation | undefined } {
    const description = role ? this.#setup[role] : undefined;
    const baseUrl = role ? this.#connections[role].baseUrl : '';
    const path = role ? relativePath(url, baseUrl) : `${url.origin}${url.pathname}`;
    const parsed = parseBody(body, contentType);
    const found = description
      ? findOperation({ description, baseUrl }, method, path, parsed)
      : undefined;
    return { read: isRead(method, found, parsed), path, parsed, found };
  }

  #count(
    tallies: Map<string, Tally>,
    role: CallRole,
    found: FoundOperation | undefined,
    method: string,
    count: number,
  ): void {
    const description = role ? this.#setup[role] : undefined;
    const api = description?.name ?? (role ? `the ${role}` : 'ctx.fetch');
    const kind = found?.operation.kind;
    const verb = kind ? VERBS[kind][this.mode === 'dry-run' ? 'present' : 'past'] : method;
    const key = `${role}|${found?.resource.name ?? ''}|${found ? verb : ''}`;
    const tally = tallies.get(key) ?? {
      api,
      noun: found ? { one: found.resource.name, many: found.resource.plural } : null,
      verb: found ? verb : this.mode === 'dry-run' ? 'send' : 'sent',
      count: 0,
    };
    // Calls no operation matched count as calls; records are counted where the description
    // says where they are.
    tally.count += found ? count : 1;
    tallies.set(key, tally);
  }
}

/**
 * What counts as a read (ADR 017): GET, HEAD and OPTIONS; a POST the description marks `safe`
 * (a search, a SOQL or GraphQL query); a GraphQL document that is not a mutation.
 */
export function isRead(method: string, found: FoundOperation | undefined, body: unknown): boolean {
  if (READ_METHODS.has(method)) return true;
  if (method !== 'POST') return false;
  if (found) return found.operation.safe === true;
  const document = (body as { query?: unknown } | null)?.query;
  return typeof document === 'string' && looksLikeGraphql(document) && !isGraphqlMutation(document);
}

function looksLikeGraphql(document: string): boolean {
  return /^\s*(#[^\n]*\n\s*)*(query\b|\{)/.test(document);
}

function relativePath(url: URL, baseUrl: string): string {
  let basePath: string;
  try {
    basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  } catch {
    basePath = '';
  }
  const path = url.pathname.startsWith(`${basePath}/`)
    ? url.pathname.slice(basePath.length)
    : url.pathname;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function parseBody(body: string | null, contentType: string | undefined): unknown {
  if (body === null || body === '') return null;
  if (contentType?.includes('application/x-www-form-urlencoded')) return parseFormBody(body);
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

function keptBody(body: string | null, parsed: unknown): unknown {
  if (body === null) return null;
  return body.length > CAPTURED_BODY_CHARS ? `${body.slice(0, CAPTURED_BODY_CHARS)}…` : parsed;
}

/** Records a list or search answered, where the description says they are; 1 for a get. */
/** Records one write carries: a batch's items, a sheet's rows, else one. */
function writtenCount(found: FoundOperation | undefined, body: unknown): number {
  if (!found) return 1;
  const { operation, resource } = found;
  const record = isObject(body) ? body : {};
  if (operation.batch) {
    const items = record[operation.batch.itemsField];
    return Array.isArray(items) ? items.length : 1;
  }
  if (resource.container?.kind === 'values-array') {
    const rows = record[resource.container.field];
    return Array.isArray(rows) ? rows.length : 1;
  }
  return 1;
}

// ── Synthesized responses ────────────────────────────────────────────────────────────────────

/**
 * The answer a captured write gets (ADR 017): the resource's example with the written fields
 * merged in and a fresh id for what it creates, shaped as the description-driven mock server
 * answers (an envelope answered in its envelope, GraphQL under `data.<rootField>`, batches as
 * `results`); an operation with a response schema gets a value built from it.
 */
export function synthesizeResponse(
  found: FoundOperation,
  body: unknown,
  url: URL,
  sequence: number,
): unknown {
  const { operation, resource } = found;
  const freshId = `dry-run-${sequence}`;
  const creates = operation.kind !== 'update' && operation.kind !== 'batch-update';
  const pathId = lastPathValue(url, operation);
  const recordFrom = (written: unknown, index = 0): Record<string, unknown> => {
    const record = deepMerge(structuredClone(resource.example), isObject(written) ? written : {});
    if (creates && operation.kind !== 'upsert' && operation.kind !== 'batch-upsert') {
      setPath(record, resource.idField, index === 0 ? freshId : `${freshId}-${index}`);
    } else if (pathId !== undefined && operation.kind === 'update') {
      setPath(record, resource.idField, pathId);
    }
    return record;
  };

  if (operation.graphql) {
    const variables = isObject(body) && isObject(body.variables) ? body.variables : {};
    const input = isObject(variables.input) ? variables.input : variables;
    const field = /\{\s*(\w+)/.exec(operation.graphql.document)?.[1] ?? 'result';
    return { data: { [field]: recordFrom(input) } };
  }
  if (operation.response) {
    const built = valueFromSchema(operation.response);
    return isObject(built) && operation.response.properties?.[resource.idField]
      ? deepMerge(built, recordFrom(body))
      : built;
  }
  if (operation.kind === 'delete') return null;
  const record = isObject(body) ? body : {};
  if (operation.batch) {
    const items = record[operation.batch.itemsField];
    return {
      results: (Array.isArray(items) ? items : []).map((item, i) => recordFrom(item, i)),
    };
  }
  if (resource.container?.kind === 'values-array') {
    const rows = record[resource.container.field];
    return { updates: { updatedRows: Array.isArray(rows) ? rows.length : 0 } };
  }
  const envelope = envelopeOf(operation.body?.schema);
  if (envelope) return { [envelope]: recordFrom(record[envelope]) };
  return recordFrom(record);
}

/** A value that fits `schema`, for an operation whose response the description spells out. */
export function valueFromSchema(schema: TFieldSchema, depth = 0): unknown {
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  switch (schema.type) {
    case 'string':
      switch (schema.format) {
        case 'date-time':
          return '2026-01-01T00:00:00.000Z';
        case 'date':
          return '2026-01-01';
        case 'email':
          return 'dry-run@example.com';
        case 'uri':
          return 'https://example.com/dry-run';
        default:
          return 'dry-run';
      }
    case 'number':
    case 'integer':
      return schema.format === 'unix-time' ? 1767225600 : 0;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object': {
      if (depth > 6) return {};
      const out: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(schema.properties ?? {})) {
        out[name] = valueFromSchema(child, depth + 1);
      }
      return out;
    }
    default:
      return null;
  }
}

/** A body whose only required field is an object holding the record (`{ data: {…} }`). */
function envelopeOf(schema: TFieldSchema | undefined): string | undefined {
  const required = schema?.required ?? [];
  if (required.length !== 1) return undefined;
  const name = required[0] as string;
  const field = schema?.properties?.[name];
  const count = Object.keys(schema?.properties ?? {}).length;
  return field?.type === 'object' && field.properties && count <= 3 && name !== 'properties'
    ? name
    : undefined;
}

/** The value of the operation's last path parameter in the URL (`/pages/{page_id}` → the id). */
function lastPathValue(url: URL, operation: TOperation): string | undefined {
  const opSegments = operation.path.split('/').filter(Boolean);
  const last = opSegments.length - 1;
  if (!/^\{[^}]+\}$/.test(opSegments[last] ?? '')) return undefined;
  const segments = url.pathname.split('/').filter(Boolean);
  const value = segments.at(-1);
  try {
    return value === undefined ? undefined : decodeURIComponent(value);
  } catch {
    return value;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    if (!isObject(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1) as string] = value;
}

function deepMerge(
  target: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    const current = out[key];
    out[key] = isObject(value) && isObject(current) ? deepMerge(current, value) : value;
  }
  return out;
}

function plural(count: number, word: string): string {
  return count === 1 ? word : `${word}s`;
}
