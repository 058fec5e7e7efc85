import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import {
  FIELD_FORMATS,
  ZApiDescription,
  type TApiDescription,
  type TFieldSchema,
  type TOperation,
  type TParameter,
} from '@patchbay/schema';

// Distils catalog/entries/github.json from GitHub's own OpenAPI document, so the entry can be
// distilled again from the vendor's source instead of edited by hand. The document comes from
// the @octokit/openapi package, fetched with `npm pack` into a temporary directory when the
// script runs; it is not a dependency of the project.
//
// What comes from the document: each chosen operation's method, path, parameters, request body
// fields and reference URL. What stays hand-chosen: which operations (CHOSEN below, with their
// kind, summary and paging), and everything outside operations (names, aliases, record schemas,
// examples, auth, webhooks), read back from the current github.json.
//
// Run:  node catalog/scripts/distill-github.ts [version]   (e.g. 23.0.2; default: the latest)

const PACKAGE = '@octokit/openapi';
const DOCUMENT_IN_PACKAGE = 'package/generated/api.github.com.deref.json';
const DOCUMENT_SOURCE = 'https://github.com/github/rest-api-description';
export const GITHUB_ENTRY = join(import.meta.dirname, '..', 'entries', 'github.json');

/** How deep request-body objects are described; deeper objects are kept as plain `object`. */
const MAX_DEPTH = 3;

// ── The hand-chosen operations ───────────────────────────────────────────────────────────────

export interface ChosenOperation {
  /** The catalog resource (by name) the operation belongs to. */
  resource: string;
  /** GitHub's operationId in the OpenAPI document. */
  operationId: string;
  /** Ours. */
  id: string;
  kind: TOperation['kind'];
  summary: string;
  itemsPath?: string;
  pagination?: TOperation['pagination'];
  since?: TOperation['since'];
}

const LINK_PAGES: TOperation['pagination'] = {
  style: 'link-header',
  limitParam: 'per_page',
  maxLimit: 100,
};

export const CHOSEN: ChosenOperation[] = [
  {
    resource: 'issue',
    operationId: 'issues/list-for-repo',
    id: 'listRepoIssues',
    kind: 'list',
    summary:
      "A repository's issues (pull requests included, marked by pull_request); the body is the array.",
    itemsPath: '',
    pagination: LINK_PAGES,
    since: { param: 'since', format: 'date-time', field: 'updated_at' },
  },
  {
    resource: 'issue',
    operationId: 'issues/get',
    id: 'getIssue',
    kind: 'get',
    summary: 'One issue.',
  },
  {
    resource: 'issue',
    operationId: 'issues/create',
    id: 'createIssue',
    kind: 'create',
    summary: 'Open an issue.',
  },
  {
    resource: 'issue',
    operationId: 'issues/update',
    id: 'updateIssue',
    kind: 'update',
    summary: 'Edit, close or reopen an issue.',
  },
  {
    resource: 'issue',
    operationId: 'search/issues-and-pull-requests',
    id: 'searchIssues',
    kind: 'search',
    summary:
      'Search issues and pull requests, e.g. repo:octocat/Hello-World is:issue is:open label:bug updated:>2026-11-01.',
    itemsPath: 'items',
    pagination: LINK_PAGES,
  },
  {
    resource: 'issue',
    operationId: 'issues/create-comment',
    id: 'createIssueComment',
    kind: 'create',
    summary: 'Comment on an issue or pull request.',
  },
  {
    resource: 'pull request',
    operationId: 'pulls/list',
    id: 'listPulls',
    kind: 'list',
    summary: "A repository's pull requests; the body is the array.",
    itemsPath: '',
    pagination: LINK_PAGES,
  },
  {
    resource: 'pull request',
    operationId: 'pulls/create',
    id: 'createPull',
    kind: 'create',
    summary: 'Open a pull request from head into base.',
  },
  {
    resource: 'repository',
    operationId: 'repos/list-for-authenticated-user',
    id: 'listMyRepos',
    kind: 'list',
    summary: "Repositories the token's user can access; the body is the array.",
    itemsPath: '',
    pagination: LINK_PAGES,
    since: { param: 'since', format: 'date-time', field: 'updated_at' },
  },
  {
    resource: 'repository',
    operationId: 'repos/list-for-org',
    id: 'listOrgRepos',
    kind: 'list',
    summary: "An organisation's repositories; the body is the array.",
    itemsPath: '',
    pagination: LINK_PAGES,
  },
  {
    resource: 'repository',
    operationId: 'repos/get',
    id: 'getRepo',
    kind: 'get',
    summary: 'One repository.',
  },
];

// ── OpenAPI → our format ─────────────────────────────────────────────────────────────────────

/** The parts of an OpenAPI 3.0 schema object (already dereferenced) this script reads. */
export interface OpenApiSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  readOnly?: boolean;
  deprecated?: boolean;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  additionalProperties?: boolean | OpenApiSchema;
  items?: OpenApiSchema;
  oneOf?: OpenApiSchema[];
  anyOf?: OpenApiSchema[];
  allOf?: OpenApiSchema[];
}

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  deprecated?: boolean;
  schema?: OpenApiSchema;
}

interface OpenApiOperation {
  operationId?: string;
  deprecated?: boolean;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
  externalDocs?: { url?: string };
}

export interface OpenApiDocument {
  info?: { version?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const SIMPLE_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array'] as const;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** One field schema from an OpenAPI schema: types, formats, enums, nesting; no prose. */
export function toFieldSchema(schema: OpenApiSchema, depth = 0): TFieldSchema {
  // allOf: the parts' properties together.
  if (schema.allOf?.length) {
    const merged: OpenApiSchema = { type: 'object', properties: {}, required: [] };
    for (const part of schema.allOf) {
      Object.assign(merged.properties!, part.properties ?? {});
      merged.required!.push(...(part.required ?? []));
    }
    return toFieldSchema({ ...merged, nullable: schema.nullable }, depth);
  }
  // oneOf/anyOf: one type when every choice agrees on it (title: string | integer is not).
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices?.length) {
    const converted = choices.map((choice) => toFieldSchema(choice, depth));
    const nonNull = converted.filter((c) => c.type !== 'any' || !c.nullable);
    const types = new Set(nonNull.map((c) => c.type));
    const field: TFieldSchema = types.size === 1 ? nonNull[0]! : { type: 'any' };
    return schema.nullable || converted.some((c) => c.nullable)
      ? { ...field, nullable: true }
      : field;
  }

  const declared = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const nullable = schema.nullable === true || declared.includes('null');
  const named = declared.find((t) => t !== 'null');
  const type: TFieldSchema['type'] = SIMPLE_TYPES.includes(named as (typeof SIMPLE_TYPES)[number])
    ? (named as TFieldSchema['type'])
    : schema.properties
      ? 'object'
      : 'any';

  const field: TFieldSchema = { type };
  if (schema.format && (FIELD_FORMATS as readonly string[]).includes(schema.format))
    field.format = schema.format as TFieldSchema['format'];
  const values = (schema.enum ?? []).filter((v): v is string | number | boolean =>
    ['string', 'number', 'boolean'].includes(typeof v),
  );
  if (values.length && values.length <= 200) field.enum = values;
  if (nullable) field.nullable = true;
  if (schema.readOnly) field.readOnly = true;

  if (type === 'object' && schema.properties && depth < MAX_DEPTH) {
    const properties: Record<string, TFieldSchema> = {};
    for (const [name, property] of Object.entries(schema.properties)) {
      if (property.deprecated) continue;
      properties[name] = toFieldSchema(property, depth + 1);
    }
    field.properties = properties;
    const required = (schema.required ?? []).filter((name) => name in properties);
    if (required.length) field.required = required;
  }
  if (type === 'object' && schema.additionalProperties === false)
    field.additionalProperties = false;
  if (type === 'array' && schema.items) field.items = toFieldSchema(schema.items, depth + 1);
  return field;
}

/** Path, query and header parameters; deprecated and cookie ones are left out. */
export function toParameters(parameters: OpenApiParameter[] = []): TParameter[] {
  return parameters
    .filter((p) => !p.deprecated && (p.in === 'path' || p.in === 'query' || p.in === 'header'))
    .map((p) => ({
      name: p.name,
      in: p.in as TParameter['in'],
      required: p.in === 'path' ? true : p.required === true,
      schema: p.schema ? toFieldSchema(p.schema) : { type: 'string' },
    }));
}

/** Finds an operation by GitHub's operationId; throws naming it when the document lacks it. */
export function findOperation(
  document: OpenApiDocument,
  operationId: string,
): { method: TOperation['method']; path: string; operation: OpenApiOperation } {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation?.operationId === operationId)
        return { method: method.toUpperCase() as TOperation['method'], path, operation };
    }
  }
  throw new Error(`the OpenAPI document has no operation ${operationId}`);
}

/** One catalog operation: facts from the document, kind/summary/paging from the choice. */
export function distillOperation(document: OpenApiDocument, chosen: ChosenOperation): TOperation {
  const { method, path, operation } = findOperation(document, chosen.operationId);
  const jsonBody = operation.requestBody?.content?.['application/json']?.schema;
  const docsUrl = operation.externalDocs?.url;
  return {
    id: chosen.id,
    kind: chosen.kind,
    method,
    path,
    summary: chosen.summary,
    params: toParameters(operation.parameters),
    ...(jsonBody
      ? { body: { contentType: 'json' as const, schema: toFieldSchema(jsonBody) } }
      : {}),
    ...(chosen.itemsPath !== undefined ? { itemsPath: chosen.itemsPath } : {}),
    ...(chosen.pagination ? { pagination: chosen.pagination } : {}),
    ...(chosen.since ? { since: chosen.since } : {}),
    ...(docsUrl?.startsWith('https://') ? { docsUrl } : {}),
  };
}

/**
 * The GitHub entry: the current entry's hand-chosen parts with every resource's operations
 * distilled afresh from the document. Throws when a choice names a resource the entry lacks.
 */
export function distillGithub(
  document: OpenApiDocument,
  current: TApiDescription,
  retrieved: string,
  chosen: ChosenOperation[] = CHOSEN,
): TApiDescription {
  for (const choice of chosen)
    if (!current.resources.some((r) => r.name === choice.resource))
      throw new Error(`${choice.operationId}: github.json has no resource "${choice.resource}"`);
  const entry = {
    ...current,
    source: { kind: 'openapi' as const, url: DOCUMENT_SOURCE, retrieved },
    resources: current.resources.map((resource) => ({
      ...resource,
      operations: chosen
        .filter((c) => c.resource === resource.name)
        .map((c) => distillOperation(document, c)),
    })),
  };
  // The same validation the loader applies, so a bad distillation never reaches the catalog.
  // The entry itself is returned (not zod's output) so its keys keep the file's order.
  ZApiDescription.parse(entry);
  return entry;
}

// ── Running it ───────────────────────────────────────────────────────────────────────────────

async function main(version: string | undefined): Promise<void> {
  const spec = version ? `${PACKAGE}@${version}` : PACKAGE;
  const dir = mkdtempSync(join(tmpdir(), 'distill-github-'));
  try {
    const packed = execFileSync('npm', ['pack', spec, '--silent'], { cwd: dir, encoding: 'utf8' });
    const tarball = packed.trim().split('\n').pop()!;
    execFileSync('tar', ['-xzf', tarball, DOCUMENT_IN_PACKAGE], { cwd: dir });
    const document = JSON.parse(
      readFileSync(join(dir, DOCUMENT_IN_PACKAGE), 'utf8'),
    ) as OpenApiDocument;
    // Read as written (zod's output would reorder keys); distillGithub validates the result.
    const current = JSON.parse(readFileSync(GITHUB_ENTRY, 'utf8')) as TApiDescription;
    const entry = distillGithub(document, current, new Date().toISOString().slice(0, 10));
    // One line in, prettier out: small objects stay on one line, as in the hand-written entries.
    const options = await prettier.resolveConfig(GITHUB_ENTRY);
    writeFileSync(
      GITHUB_ENTRY,
      await prettier.format(JSON.stringify(entry), { ...options, parser: 'json' }),
    );
    const count = entry.resources.reduce((n, r) => n + r.operations.length, 0);
    console.log(
      `${GITHUB_ENTRY}: ${count} operations from ${tarball} (document ${document.info?.version ?? '?'})`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv[2]);
