import { parse, type Node } from 'acorn';
import { ancestor } from 'acorn-walk';
import type { TApiDescription, TCallWarning, TFieldSchema, TOperation } from '@patchbay/schema';
import { callPathFor, pathSegments as segments } from './base-path.ts';

// The console takes the base-URL reconciliation from here (it may import only this module).
export { callPathFor, urlPathSegments } from './base-path.ts';

// The static check against API descriptions (ADR 015). It finds every
// `ctx.source.*(...)` / `ctx.destination.*(...)` call whose method and path are literal (or a
// template string whose `${}` parts stand for whole path segments), and reports what the
// description says cannot work: an unknown path or method, a missing required parameter, an
// unknown, read-only or missing required body field. Findings are warnings, never errors: the
// description may be incomplete, and the user owns the code.
//
// Browser-safe (no Node built-ins): the review page runs it as the user types, and the API and
// the generation activity run the same function for their responses.

export type CallSide = 'source' | 'destination';

export interface CheckSide {
  description: TApiDescription;
  /** The connection's base URL as the user typed it; its path prefixes every call's path. */
  baseUrl: string;
}

export interface CheckTarget {
  source?: CheckSide | undefined;
  destination?: CheckSide | undefined;
}

export type CallWarningCode = TCallWarning['code'];

/** Positions are 1-based lines and columns, as Monaco's markers take them. */
export type CallWarning = TCallWarning;

/** A call the code makes, resolved to the description's operation when one matches. */
export interface FoundCall {
  side: CallSide;
  method: string;
  /** The path as written, `${}` parts shown as `{…}`. */
  path: string;
  operationId?: string | undefined;
  summary?: string | undefined;
  docsUrl?: string | undefined;
  line: number;
}

export interface CheckResult {
  calls: FoundCall[];
  warnings: CallWarning[];
}

const METHOD_NAMES: Record<string, string> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
};

/** A `${}` part of a template path, kept as one opaque path segment. */
const HOLE = '\u0000hole\u0000';

type AnyNode = Node & Record<string, unknown>;

/** Checks `code`; code that does not parse yields nothing (the syntax check reports that). */
export function checkCalls(code: string, target: CheckTarget): CheckResult {
  let program: Node;
  try {
    program = parse(code, { ecmaVersion: 'latest', sourceType: 'module', locations: true });
  } catch {
    return { calls: [], warnings: [] };
  }
  const result: CheckResult = { calls: [], warnings: [] };
  const aliases = findClientAliases(program);
  ancestor(program, {
    CallExpression(node) {
      const call = readCall(node as unknown as AnyNode, aliases);
      if (!call) return;
      const side = target[call.side];
      checkOneCall(call, side, result);
    },
  });
  return result;
}

// ── Finding the calls ─────────────────────────────────────────────────────────────────────────

interface ReadCall {
  side: CallSide;
  method: string;
  /** The path without its query string; HOLE for each `${}` part. */
  path: string;
  /** Query parameter names written in the path (`?limit=10`). */
  pathQuery: string[];
  options: AnyNode | undefined;
  node: AnyNode;
  pathNode: AnyNode;
}

/**
 * Names that stand for a client: `source` after `const { source } = ctx`, `dest` after
 * `const dest = ctx.destination`. `ctx.source` itself is recognised whatever `ctx` is called.
 */
function findClientAliases(program: Node): Map<string, CallSide> {
  const aliases = new Map<string, CallSide>();
  ancestor(program, {
    VariableDeclarator(node) {
      const declarator = node as unknown as AnyNode;
      const id = declarator.id as AnyNode;
      const init = declarator.init as AnyNode | null;
      if (!init) return;
      const side = clientSide(init, aliases);
      if (side && id.type === 'Identifier') aliases.set(id.name as string, side);
      if (id.type === 'ObjectPattern') {
        for (const property of id.properties as AnyNode[]) {
          if (property.type !== 'Property') continue;
          const key = propertyName(property);
          const value = property.value as AnyNode;
          if ((key === 'source' || key === 'destination') && value.type === 'Identifier') {
            aliases.set(value.name as string, key);
          }
        }
      }
    },
  });
  return aliases;
}

/** `ctx.source` (any object name), or an alias of a client. */
function clientSide(node: AnyNode, aliases: Map<string, CallSide>): CallSide | undefined {
  if (node.type === 'Identifier') return aliases.get(node.name as string);
  if (node.type === 'MemberExpression' && !node.computed) {
    const name = (node.property as AnyNode).name;
    if (
      (name === 'source' || name === 'destination') &&
      (node.object as AnyNode).type === 'Identifier'
    ) {
      return name;
    }
  }
  return undefined;
}

function readCall(node: AnyNode, aliases: Map<string, CallSide>): ReadCall | undefined {
  const callee = node.callee as AnyNode;
  if (callee.type !== 'MemberExpression' || callee.computed) return undefined;
  const side = clientSide(callee.object as AnyNode, aliases);
  if (!side) return undefined;
  const name = (callee.property as AnyNode).name as string;
  const args = node.arguments as AnyNode[];
  let method: string | undefined;
  let pathArg: AnyNode | undefined;
  let options: AnyNode | undefined;
  if (name === 'request') {
    const methodArg = args[0];
    if (methodArg?.type !== 'Literal' || typeof methodArg.value !== 'string') return undefined;
    method = methodArg.value.toUpperCase();
    pathArg = args[1];
    options = args[2];
  } else {
    method = METHOD_NAMES[name];
    pathArg = args[0];
    options = args[1];
  }
  if (!method || !pathArg) return undefined;
  const literal = literalPath(pathArg);
  if (literal === undefined || !literal.startsWith('/')) return undefined;
  const [path = '', query = ''] = literal.split('?', 2);
  const pathQuery = query
    .split('&')
    .filter(Boolean)
    .map((pair) => decodeURIComponentSafe(pair.split('=')[0] ?? ''));
  return {
    side,
    method,
    path,
    pathQuery,
    options: options?.type === 'ObjectExpression' ? options : undefined,
    node,
    pathNode: pathArg,
  };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A string literal, or a template whose `${}` parts become HOLE. */
function literalPath(node: AnyNode): string | undefined {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') {
    const quasis = node.quasis as AnyNode[];
    return quasis
      .map((quasi, i) => {
        const text = (quasi.value as { cooked: string | null }).cooked ?? '';
        return i < quasis.length - 1 ? `${text}${HOLE}` : text;
      })
      .join('');
  }
  return undefined;
}

function propertyName(property: AnyNode): string | undefined {
  const key = property.key as AnyNode;
  if (property.computed) return undefined;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal') return String(key.value);
  return undefined;
}

/** The value of `name` in an object literal, when written literally. */
function objectProperty(object: AnyNode | undefined, name: string): AnyNode | undefined {
  if (object?.type !== 'ObjectExpression') return undefined;
  for (const property of object.properties as AnyNode[]) {
    if (property.type === 'Property' && propertyName(property) === name) {
      return property.value as AnyNode;
    }
  }
  return undefined;
}

// ── Matching a call to an operation ───────────────────────────────────────────────────────────

/** Whether a call's segment can be the operation's: `{param}` takes anything, HOLE anything. */
function segmentMatches(callSegment: string, operationSegment: string): boolean {
  if (callSegment === HOLE || callSegment.includes(HOLE)) {
    if (/^\{[^}]+\}$/.test(operationSegment)) return true;
    const pattern = new RegExp(
      `^${callSegment
        .split(HOLE)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.+')}$`,
    );
    return pattern.test(operationSegment);
  }
  if (/^\{[^}]+\}$/.test(operationSegment)) return true;
  // `{id}.json` style segments (Shopify), and literal segments.
  const pattern = new RegExp(
    `^${operationSegment
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}$`,
  );
  return pattern.test(callSegment);
}

/** The operations whose path fits `callPath` (relative to the side's base URL), best fit first. */
export function operationsAt(side: CheckSide, callPath: string): TOperation[] {
  const callSegments = segments(callPath);
  const found: Array<{ operation: TOperation; score: number }> = [];
  for (const resource of side.description.resources) {
    for (const operation of resource.operations) {
      // Both relative to the typed base URL: the one reconciliation the generated code uses.
      const opSegments = segments(callPathFor(side.baseUrl, side.description, operation).path);
      if (
        opSegments.length === callSegments.length &&
        opSegments.every((segment, i) => segmentMatches(callSegments[i] ?? '', segment))
      ) {
        found.push({ operation, score: matchScore(callSegments, opSegments) });
      }
    }
  }
  return found.sort((a, b) => b.score - a.score).map((f) => f.operation);
}

/**
 * How exactly a call's path fits an operation's: a literal written as that literal, or a `${}`
 * part where the operation has a `{param}`, fits better than a literal taken by a `{param}`.
 * So `/v1/customers/search` is the search, and `/v1/customers/${id}` is the get.
 */
function matchScore(callSegments: string[], opSegments: string[]): number {
  let score = 0;
  opSegments.forEach((segment, i) => {
    const call = callSegments[i] ?? '';
    const isParam = /^\{[^}]+\}$/.test(segment);
    if (call === segment) score += 2;
    else if (call.includes(HOLE) && isParam) score += 2;
    else if (!call.includes(HOLE) && isParam) score += 1;
  });
  return score;
}

function shown(path: string): string {
  return path.split(HOLE).join('{…}');
}

function position(node: AnyNode) {
  const loc = node.loc as {
    start: { line: number; column: number };
    end: { line: number; column: number };
  };
  return {
    line: loc.start.line,
    column: loc.start.column + 1,
    endLine: loc.end.line,
    endColumn: loc.end.column + 1,
  };
}

function checkOneCall(call: ReadCall, side: CheckSide | undefined, result: CheckResult): void {
  const line = position(call.node).line;
  const found: FoundCall = { side: call.side, method: call.method, path: shown(call.path), line };
  result.calls.push(found);
  if (!side) return;
  const name = side.description.name;
  const warn = (code: CallWarningCode, message: string, node: AnyNode) =>
    result.warnings.push({ code, side: call.side, message, ...position(node) });

  const atPath = operationsAt(side, call.path);
  if (atPath.length === 0) {
    const hint = nearestPath(side, call.path);
    warn(
      'UNKNOWN_PATH',
      `${name} has no ${call.method} ${shown(call.path)} in its description${hint ? `; did you mean ${hint}?` : ''}`,
      call.pathNode,
    );
    return;
  }
  const operation = atPath.find((op) => op.method === call.method);
  if (!operation) {
    const methods = [...new Set(atPath.map((op) => op.method))].join(', ');
    warn(
      'UNKNOWN_METHOD',
      `${name} does not take ${call.method} on ${shown(call.path)} (it takes ${methods})`,
      call.node.callee as AnyNode,
    );
    return;
  }
  found.operationId = operation.id;
  found.summary = operation.summary;
  found.docsUrl = operation.docsUrl ?? side.description.docsUrl;
  checkQuery(call, operation, name, warn);
  checkBody(call, operation, side.description, warn);
}

function checkQuery(
  call: ReadCall,
  operation: TOperation,
  name: string,
  warn: (code: CallWarningCode, message: string, node: AnyNode) => void,
): void {
  const required = operation.params.filter((p) => p.in === 'query' && p.required);
  if (required.length === 0) return;
  const query = objectProperty(call.options, 'query');
  // A query built elsewhere (a variable, a spread) cannot be read; say nothing rather than guess.
  if (query && query.type !== 'ObjectExpression') return;
  if (query && (query.properties as AnyNode[]).some((p) => p.type !== 'Property')) return;
  const given = new Set(call.pathQuery);
  for (const property of (query?.properties as AnyNode[] | undefined) ?? []) {
    const key = propertyName(property);
    if (key) given.add(key);
  }
  for (const param of required) {
    if (!given.has(param.name)) {
      warn(
        'MISSING_PARAMETER',
        `${name} ${operation.method} ${operation.path} needs the query parameter '${param.name}'`,
        query ?? call.pathNode,
      );
    }
  }
}

function checkBody(
  call: ReadCall,
  operation: TOperation,
  description: TApiDescription,
  warn: (code: CallWarningCode, message: string, node: AnyNode) => void,
): void {
  const schema = operation.body?.schema;
  if (!schema || operation.graphql) return;
  const name = description.name;
  const json = objectProperty(call.options, 'json');
  if (json?.type !== 'ObjectExpression') return;
  const record = resourceOf(operation, description)?.schema;
  checkObject(json, schema, `${name} ${operation.method} ${operation.path}`, '', warn, record);
}

function resourceOf(operation: TOperation, description: TApiDescription) {
  return description.resources.find((r) => r.operations.includes(operation));
}

/** Checks an object literal's keys against an object schema, recursing into nested literals. */
function checkObject(
  object: AnyNode,
  schema: TFieldSchema,
  where: string,
  prefix: string,
  warn: (code: CallWarningCode, message: string, node: AnyNode) => void,
  /** The record as the API returns it: a field unknown to the body but read-only there is said so. */
  record?: TFieldSchema,
): void {
  if (schema.type !== 'object' || !schema.properties) return;
  const properties = object.properties as AnyNode[];
  const complete = properties.every((p) => p.type === 'Property' && !p.computed);
  const written = new Set<string>();
  for (const property of properties) {
    if (property.type !== 'Property') continue;
    const key = propertyName(property);
    if (key === undefined) continue;
    written.add(key);
    const field = schema.properties[key];
    if (!field && record?.properties?.[key]?.readOnly) {
      warn(
        'READ_ONLY_FIELD',
        `${where}: '${prefix}${key}' is read-only; the API sets it`,
        property.key as AnyNode,
      );
      continue;
    }
    if (!field) {
      if (schema.additionalProperties !== true) {
        const known = Object.keys(schema.properties).slice(0, 12).join(', ');
        warn(
          'UNKNOWN_FIELD',
          `${where}: '${prefix}${key}' is not a field of the request body (known: ${known})`,
          property.key as AnyNode,
        );
      }
      continue;
    }
    if (field.readOnly) {
      warn(
        'READ_ONLY_FIELD',
        `${where}: '${prefix}${key}' is read-only; the API sets it`,
        property.key as AnyNode,
      );
    }
    const value = property.value as AnyNode;
    if (value.type === 'ObjectExpression') {
      checkObject(value, field, where, `${prefix}${key}.`, warn);
    }
  }
  // Only a literal with every key visible (no spread) can be said to miss a field.
  if (!complete) return;
  for (const requiredField of schema.required ?? []) {
    if (!written.has(requiredField)) {
      warn('MISSING_FIELD', `${where}: the request body needs '${prefix}${requiredField}'`, object);
    }
  }
}

/** The described path closest to what was written, for "did you mean". */
function nearestPath(side: CheckSide, callPath: string): string | undefined {
  const callSegments = segments(callPath);
  let best: { path: string; score: number } | undefined;
  for (const resource of side.description.resources) {
    for (const operation of resource.operations) {
      const opSegments = segments(operation.path);
      let score = 0;
      for (let i = 0; i < Math.min(opSegments.length, callSegments.length); i++) {
        if (segmentMatches(callSegments[i] ?? '', opSegments[i] ?? '')) score += 2;
      }
      score -= Math.abs(opSegments.length - callSegments.length);
      const last = callSegments.at(-1)?.toLowerCase() ?? '';
      if (last && operation.path.toLowerCase().includes(last.replace(/s$/, ''))) score += 1;
      if (!best || score > best.score) best = { path: operation.path, score };
    }
  }
  return best && best.score > 0 ? best.path : undefined;
}
