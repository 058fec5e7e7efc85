import { formatBytes, type TApiDescription, type TRateLimit } from '@patchbay/schema';
import {
  DEFAULT_FIELD_LIMITS,
  isObject,
  shortText,
  type FieldSchemaLimits,
  type OpenApiSchema,
} from '../openapi-field-schema.ts';
import {
  convertOperation,
  groupKeys,
  METHODS,
  type ConvertedOperation,
  type RawOperation,
} from '../openapi-operations.ts';
import { readAuth } from './auth.ts';
import { escapePointer, OpenApiImportError } from './errors.ts';
import type { ImportOptions } from './options.ts';
import { buildResource, resourceName } from './resources.ts';
import { httpUrl, type Server } from './servers.ts';

// The last stage of an import: the loaded document's operations, grouped into resources, become
// one TApiDescription, with as much detail as fits the size the description may have.

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

/** Every operation, in document order; at most MAX_OPERATIONS of them. */
export function listOperations(
  doc: OpenApiSchema,
  warn: (message: string) => void,
): RawOperation[] {
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
  return raws;
}

/**
 * The description of the document's API at `found[0]`, with the most detail that fits
 * MAX_DESCRIPTION_BYTES. Warnings go to `warnings`; each attempt at a level of detail replaces
 * those of the attempt before.
 */
export function buildDescription(
  doc: OpenApiSchema,
  raws: RawOperation[],
  found: Server[],
  options: ImportOptions,
  warnings: string[],
): TApiDescription {
  const server = found[0]!;
  const warn = (message: string) => warnings.push(message);
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
      `The document describes ${raws.length} operations, too many to keep (${formatBytes(bytes, 'MiB')} distilled, at most ${formatBytes(MAX_DESCRIPTION_BYTES, 'MiB')})`,
      '/paths',
    );
  }
  return description;
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

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}
