import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TApiDescription, TOperation } from '@patchbay/schema';
import { importOpenApi, OpenApiImportError, type ImportOptions } from './import-openapi.ts';

// What the OpenAPI importer's tests share: the fixture documents, a minimal document to put
// paths in, and small builders for operations, parameters and records.

export const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, 'test-fixtures', name), 'utf8');
export const TODAY = { today: '2025-06-01' };

export function op(description: TApiDescription, id: string): TOperation {
  const found = description.resources.flatMap((r) => r.operations).find((o) => o.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
}

/** A minimal OpenAPI 3.0 document around some paths. */
export function doc(paths: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    openapi: '3.0.3',
    info: { title: 'Tiny API', version: '1' },
    servers: [{ url: 'https://api.tiny.test' }],
    paths,
    ...extra,
  };
}

/** A GET whose 200 answers `schema` (and the given response headers). */
export function getReturning(schema: unknown, parameters: unknown[] = [], headers?: unknown) {
  return {
    get: {
      parameters,
      responses: {
        '200': {
          description: 'ok',
          ...(headers ? { headers } : {}),
          content: { 'application/json': { schema } },
        },
      },
    },
  };
}

export const query = (name: string, schema: unknown = { type: 'string' }) => ({
  name,
  in: 'query',
  schema,
});
export const record = {
  type: 'object',
  properties: { id: { type: 'string' }, name: { type: 'string' } },
};

export async function importError(input: string | object, options: ImportOptions = {}) {
  try {
    await importOpenApi(input, options);
  } catch (error) {
    if (error instanceof OpenApiImportError) return error;
    throw error;
  }
  throw new Error('expected an OpenApiImportError');
}
