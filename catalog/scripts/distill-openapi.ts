import { readFileSync, writeFileSync } from 'node:fs';
import * as prettier from 'prettier';
import { parse as parseYaml } from 'yaml';
import { ZApiDescription, type TApiDescription } from '@patchbay/schema';
import { importOpenApi } from '../src/import-openapi.ts';

// Makes a catalog entry from a vendor's own OpenAPI document through our importer, keeping the
// operations a sync task uses. A whole vendor document imports to hundreds of kilobytes (Front
// ~540 KB, Miro over 1 MB) and may hold broken parts the kept operations never touch (Miro's
// has $refs to error responses it does not define), so the document is cut to the kept
// operations and their success responses before it is imported. Everything outside operations, paths, parameters, schemas and paging
// (names, category, reference URLs, key help) is the caller's, set by hand.

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

type Operation = { operationId?: string; responses?: Record<string, unknown> };
/** A path item holds operations under its methods, and shared `parameters` or `servers`. */
type Document = { paths?: Record<string, Record<string, unknown>> };

/**
 * The operation with its success responses only: a description keeps what a call returns, and
 * error responses are where vendors' documents point at components they never define.
 */
function successOnly(operation: Operation): Operation {
  if (!operation.responses) return operation;
  const responses = Object.entries(operation.responses).filter(([code]) => /^2/.test(code));
  return { ...operation, responses: Object.fromEntries(responses) };
}

/** The document with only the operations whose operationId is kept. */
export function keepOperations(document: Document, kept: readonly string[]): Document {
  const paths: NonNullable<Document['paths']> = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const methods = Object.entries(item).filter(
      ([method, op]) =>
        !METHODS.includes(method) || kept.includes((op as Operation).operationId ?? ''),
    );
    if (methods.some(([method]) => METHODS.includes(method))) {
      paths[path] = Object.fromEntries(
        methods.map(([method, op]) => [
          method,
          METHODS.includes(method) ? successOnly(op as Operation) : op,
        ]),
      );
    }
  }
  const found = new Set(
    Object.values(paths).flatMap((item) =>
      METHODS.map((method) => (item[method] as Operation | undefined)?.operationId),
    ),
  );
  const missing = kept.filter((id) => !found.has(id));
  if (missing.length > 0) throw new Error(`The document no longer has: ${missing.join(', ')}`);
  return { ...document, paths };
}

export interface EntryFacts {
  /** The vendor's operationIds to keep. */
  kept: readonly string[];
  /** What is set by hand over the importer's output. */
  entry: Pick<TApiDescription, 'id' | 'name' | 'aliases' | 'category' | 'docsUrl' | 'auth'> &
    Partial<Pick<TApiDescription, 'baseUrl' | 'hosts' | 'rateLimit'>>;
  /** Where the document is published (the source cited in the entry). */
  documentUrl: string;
  /** Changes the importer cannot know, applied last. */
  adjust?: (entry: TApiDescription) => void;
}

export async function distillEntry(
  documentText: string,
  facts: EntryFacts,
  today: string,
): Promise<TApiDescription> {
  // Vendors publish JSON (Front, Miro) or YAML (Webflow); JSON is read as JSON so those
  // entries come out as before.
  const document = (
    documentText.trimStart().startsWith('{')
      ? JSON.parse(documentText)
      : parseYaml(documentText, { maxAliasCount: -1 })
  ) as Document;
  const { description } = await importOpenApi(keepOperations(document, facts.kept), { today });
  const entry: TApiDescription = {
    ...description,
    ...facts.entry,
    source: { kind: 'openapi', url: facts.documentUrl, retrieved: today },
  };
  facts.adjust?.(entry);
  return ZApiDescription.parse(entry);
}

/** The command line of a distil script: `<document path> [YYYY-MM-DD]` → the entry file. */
export async function writeEntry(
  file: string,
  facts: EntryFacts,
  argv: readonly string[],
): Promise<void> {
  const [path, today = new Date().toISOString().slice(0, 10)] = argv;
  if (!path) throw new Error('usage: node <script> <path to the OpenAPI document> [YYYY-MM-DD]');
  const entry = await distillEntry(readFileSync(path, 'utf8'), facts, today);
  // One line in, prettier out: small objects stay on one line, as in the hand-written entries.
  const options = await prettier.resolveConfig(file);
  const text = await prettier.format(JSON.stringify(entry), { ...options, parser: 'json' });
  writeFileSync(file, text);
  const count = entry.resources.reduce((n, r) => n + r.operations.length, 0);
  console.log(`wrote ${file}: ${entry.resources.length} resources, ${count} operations`);
}
