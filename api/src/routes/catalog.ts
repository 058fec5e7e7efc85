import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { ApplicationFailure, WorkflowFailedError } from '@temporalio/client';
import {
  directoryDescription,
  directoryVersions,
  getCatalogEntry,
  getDirectoryApi,
  importOpenApi,
  matchBothTiers,
  OpenApiImportError,
  searchBothTiers,
} from '@patchbay/catalog';
import {
  IMPORT_FAILURES,
  isImportFailureType,
  ZApiDescription,
  ZCatalogListQuery,
  ZCatalogListResponse,
  ZCatalogMatchQuery,
  ZCatalogMatchResponse,
  ZCatalogVersionsResponse,
  ZImportRequest,
  ZImportResponse,
  type TCatalogListResponse,
  type TCatalogMatchResponse,
  type TCatalogVersionsResponse,
  type TImportResponse,
} from '@patchbay/schema';
import { importWorkflowId, WORKFLOW_NAMES, type workflows } from '@patchbay/workflows';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../app-env.ts';
import { awaitWorkflowResult } from '../await-workflow.ts';
import { requireAuth } from '../auth/middleware.ts';
import { ApiError } from '../errors.ts';
import { errors, json, SIGNED_IN } from '../route-docs.ts';
import { jsonBody, queryParams } from '../validate.ts';
import { workflowFailure } from '../workflow-failure.ts';

// The built-in catalog of API descriptions and OpenAPI import. The catalog is
// public (the docs page lists it); importing is for signed-in users and saves nothing: the
// console shows the result, and the integration stores it when it is saved.

/** An import failure (a bad document, an unfetchable URL) as the API error with its status. */
function importError(error: unknown): unknown {
  if (error instanceof OpenApiImportError)
    return new ApiError(error.status, error.code, error.message);
  if (error instanceof WorkflowFailedError) {
    let cause: unknown = error.cause;
    while (cause instanceof Error && cause.cause) cause = cause.cause;
    if (cause instanceof ApplicationFailure && isImportFailureType(cause.type)) {
      return new ApiError(IMPORT_FAILURES[cause.type], cause.type, cause.message);
    }
  }
  return workflowFailure(error, 'IMPORT_FAILED');
}

export function catalogRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .get(
        '/',
        describeRoute({
          summary:
            'List the curated API catalog, or search it and then the directory of public APIs by name, alias, host or category',
          responses: {
            200: json('Matching entries, best first', ZCatalogListResponse),
            ...errors(400),
          },
        }),
        queryParams(ZCatalogListQuery),
        (c) => {
          const { q = '' } = c.req.valid('query');
          const body: TCatalogListResponse = { entries: searchBothTiers(q) };
          return c.json(body);
        },
      )
      // Before /:id, so "match" is not taken for an entry id.
      .get(
        '/match',
        describeRoute({
          summary: 'The catalog entry an API name and base URL point at (the Create form)',
          responses: { 200: json('The entry, or null', ZCatalogMatchResponse), ...errors(400) },
        }),
        queryParams(ZCatalogMatchQuery),
        (c) => {
          const { name = '', url = '' } = c.req.valid('query');
          const body: TCatalogMatchResponse = { entry: matchBothTiers(name, url) };
          return c.json(body);
        },
      )
      .get(
        '/:id',
        describeRoute({
          summary: 'One catalog entry: the full API description',
          responses: { 200: json('The description', ZApiDescription), ...errors(404) },
        }),
        (c) => {
          const id = c.req.param('id');
          const entry = getCatalogEntry(id) ?? (getDirectoryApi(id) && directoryDescription(id));
          if (!entry) {
            throw new ApiError(
              404,
              'NOT_FOUND',
              `No API "${id}" in the catalog; GET /api/catalog lists them`,
            );
          }
          return c.json(entry);
        },
      )
      .get(
        '/:id/versions',
        describeRoute({
          summary:
            'The versions of a directory API, the default (newest stable) first; empty when it has one',
          responses: { 200: json('Its versions', ZCatalogVersionsResponse), ...errors(404) },
        }),
        (c) => {
          const id = c.req.param('id');
          if (!getCatalogEntry(id) && !getDirectoryApi(id))
            throw new ApiError(
              404,
              'NOT_FOUND',
              `No API "${id}" in the catalog; GET /api/catalog lists them`,
            );
          const body: TCatalogVersionsResponse = { versions: directoryVersions(id) };
          return c.json(body);
        },
      )
      .post(
        '/import',
        describeRoute({
          summary: 'Distil an OpenAPI 3.x or Swagger 2.0 document into an API description',
          description:
            'By `url` (fetched by a worker through the sandbox network guard, at most 5 MiB and ' +
            '20 s) or by pasting `document` (JSON or YAML text; the request body is capped at ' +
            '1 MiB). Nothing is saved. A document that does not parse is 400, one too large 413, ' +
            'one that cannot be used (wrong version, unresolvable $ref, no operations, an ' +
            'unfetchable URL) 422; the message says where.',
          security: SIGNED_IN,
          responses: {
            200: json('The description, and what was left out or guessed', ZImportResponse),
            ...errors(400, 401, 403, 413, 422, 503, 504),
          },
        }),
        requireAuth,
        jsonBody(ZImportRequest),
        async (c) => {
          const { url, document, baseUrl } = c.req.valid('json');
          try {
            if (document !== undefined) {
              // Pasted: parsed here, no fetch involved.
              const result: TImportResponse = await importOpenApi(
                document,
                baseUrl ? { baseUrl } : {},
              );
              return c.json(result);
            }
            const handle = await deps.temporal.workflow.start<
              typeof workflows.importApiDescription
            >(WORKFLOW_NAMES.importApiDescription, {
              taskQueue: deps.taskQueue,
              workflowId: importWorkflowId(randomUUID()),
              args: [{ url: url!, ...(baseUrl ? { baseUrl } : {}) }],
            });
            return c.json(
              await awaitWorkflowResult<TImportResponse>(handle, deps.workflowWaitMs, 'The import'),
            );
          } catch (error) {
            throw importError(error);
          }
        },
      )
  );
}
