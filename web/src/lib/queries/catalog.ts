import { queryOptions } from '@tanstack/react-query';
import {
  ZApiDescription,
  ZCatalogListResponse,
  ZCatalogMatchResponse,
  ZCatalogVersionsResponse,
  ZIntegrationDescriptions,
} from '@patchbay/schema';
import { apiPath } from '@patchbay/schema/api-routes';
import { getQueryFn } from '../api-client.ts';
import { apiJson } from '../api-json.ts';

// API descriptions: the built-in catalog the Create form's combobox searches and
// the docs page lists, the entry a typed name and URL match, and the descriptions an
// integration's editor checks and completes against. Catalog answers never change while the
// console runs, so the "never stale" default (lib/query-client.ts) fits them as it is.

const CATALOG = apiPath('catalog');

export const catalogQueries = {
  /** GET /api/catalog?q=: the whole catalog for an empty query. */
  search: (q: string) =>
    queryOptions({
      queryKey: [CATALOG, 'search', q],
      queryFn: () =>
        apiJson(
          'GET',
          q ? `${CATALOG}?${new URLSearchParams({ q }).toString()}` : CATALOG,
          ZCatalogListResponse,
        ),
    }),
  /** GET /api/catalog/:id: one entry's whole description. */
  entry: (id: string) =>
    queryOptions({
      queryKey: [CATALOG, id],
      queryFn: getQueryFn(apiPath('catalogEntry', { id }), { schema: ZApiDescription }),
    }),
  /** GET /api/catalog/:id/versions: a directory API's versions, the default first (ADR 036). */
  versions: (id: string) =>
    queryOptions({
      queryKey: [CATALOG, id, 'versions'],
      queryFn: () => apiJson('GET', apiPath('catalogVersions', { id }), ZCatalogVersionsResponse),
    }),
  /** GET /api/catalog/match: the entry an API name and base URL point at, or null. */
  match: (name: string, url: string) =>
    queryOptions({
      queryKey: [CATALOG, 'match', name, url],
      queryFn: () =>
        apiJson(
          'GET',
          `${apiPath('catalogMatch')}?${new URLSearchParams({ name, url }).toString()}`,
          ZCatalogMatchResponse,
        ),
    }),
};

/**
 * GET /api/integrations/:id/descriptions: both sides' descriptions, whole. Keyed under the
 * integration, so invalidating an integration after a change refetches them too.
 */
export const integrationDescriptionsQuery = (id: string) =>
  queryOptions({
    queryKey: [apiPath('integrations'), id, 'descriptions'],
    queryFn: getQueryFn(apiPath('integrationDescriptions', { id }), {
      schema: ZIntegrationDescriptions,
    }),
  });
