import { formatBytes, MAX_IMPORT_DOCUMENT_BYTES } from '@patchbay/schema';
import { isObject, type OpenApiSchema } from '../openapi-field-schema.ts';
import { jsonErrorOffset, lineAndColumn } from '../json-error-position.ts';
import { escapePointer, OpenApiImportError } from './errors.ts';

// The first stage of an import: text or object in, a checked OpenAPI 3.1 object out. JSON or
// YAML is parsed, the version checked, the depth bounded; @scalar/openapi-parser then validates
// the document, upgrades Swagger 2.0 to OpenAPI 3.1 and resolves its `$ref`s.

/** Largest document accepted, as text (5 MiB): bigger ones are refused before parsing. */
export const MAX_DOCUMENT_BYTES = MAX_IMPORT_DOCUMENT_BYTES;
/** Deeper nesting is refused: real documents stay far below it, and walks must not overflow. */
const MAX_NESTING = 128;

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
 * and the worker run for days without importing anything, so they keep their memory at idle low.
 */
const openApiParser = () => import('@scalar/openapi-parser');

/**
 * The document as an OpenAPI 3.1 object with every `$ref` resolved. Schema problems go to `warn`;
 * what makes the document unusable throws OpenApiImportError.
 */
export async function loadDocument(
  input: string | object,
  warn: (message: string) => void,
): Promise<OpenApiSchema> {
  const size = typeof input === 'string' ? Buffer.byteLength(input) : jsonSize(input);
  if (size > MAX_DOCUMENT_BYTES) {
    throw new OpenApiImportError(
      'DOCUMENT_TOO_LARGE',
      `The document is ${formatBytes(size, 'MiB')}; at most ${formatBytes(MAX_DOCUMENT_BYTES, 'MiB')} is accepted`,
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
  return doc;
}

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
