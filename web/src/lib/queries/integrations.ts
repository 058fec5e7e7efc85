import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  ZIntegration,
  ZIntegrationListItem,
  ZIntegrationState,
  ZIntegrationVersion,
  ZRunDetail,
  ZRunsPage,
  ZUsage,
  type TRunKind,
} from '@patchbay/schema';
import { apiPath } from '@patchbay/schema/api-routes';
import { z } from 'zod';
import { getQueryFn } from '../api-client.ts';
import { apiJson } from '../api-json.ts';

// One place for every integration read (STYLE: queryOptions factories per resource). Keys
// start with the collection's path and nest below it, so invalidating an integration reaches
// its reads; each read fetches its own path from the route table (ADR 042), and every answer
// is parsed with its shared schema (ADR 018). The defaults of lib/query-client.ts apply: never
// stale, no refetch on focus, no retries — fresh data comes from invalidating after mutations.
// Screens add a bounded refetchInterval while a run is in flight or an integration is active
// (ADR 019, lib/live-status.ts).

const BASE = apiPath('integrations');

/** Runs shown per page of the Runs panel, and read per integration for the success rate. */
export const RUNS_PAGE_SIZE = 20;

export const integrationQueries = {
  /** Prefix of every integration query. */
  all: () => [BASE] as const,
  /** Each item carries its last deployed run. */
  list: () =>
    queryOptions({
      queryKey: [BASE],
      queryFn: getQueryFn(BASE, { schema: z.array(ZIntegrationListItem) }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [BASE, id],
      queryFn: getQueryFn(apiPath('integration', { id }), { schema: ZIntegration }),
    }),
  versions: (id: string) =>
    queryOptions({
      queryKey: [BASE, id, 'versions'],
      queryFn: getQueryFn(apiPath('integrationVersions', { id }), {
        schema: z.array(ZIntegrationVersion),
      }),
    }),
  state: (id: string) =>
    queryOptions({
      queryKey: [BASE, id, 'state'],
      queryFn: getQueryFn(apiPath('integrationState', { id }), { schema: ZIntegrationState }),
    }),
  /** The Runs panel: newest first, one page at a time ('Load more'), filtered (ADR 023). */
  runs: (id: string, filter: RunsFilter = {}) =>
    infiniteQueryOptions({
      queryKey: [BASE, id, 'runs', 'pages', filter],
      queryFn: ({ pageParam }) =>
        apiJson('GET', runsUrl(id, RUNS_PAGE_SIZE, pageParam, filter), ZRunsPage),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last) => last.nextBefore ?? undefined,
    }),
  /** One run with its logs and transcript: the Runs panel's detail view. */
  run: (id: string, runId: string) =>
    queryOptions({
      queryKey: [BASE, id, 'runs', runId],
      queryFn: getQueryFn(apiPath('run', { id, runId }), { schema: ZRunDetail }),
    }),
  /** The latest runs only, for the dashboard's success rate. */
  recentRuns: (id: string) =>
    queryOptions({
      queryKey: [BASE, id, 'runs', 'recent'],
      queryFn: () => apiJson('GET', runsUrl(id, RUNS_PAGE_SIZE), ZRunsPage),
    }),
};

/** The run history's filters: how the run started, how it ended. */
export interface RunsFilter {
  kind?: TRunKind | undefined;
  status?: 'success' | 'failed' | undefined;
}

function runsUrl(id: string, limit: number, before?: number, filter: RunsFilter = {}): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (before !== undefined) params.set('before', String(before));
  if (filter.kind) params.set('kind', filter.kind);
  if (filter.status) params.set('status', filter.status);
  return `${apiPath('runs', { id })}?${params.toString()}`;
}

/** Settings → API Usage. */
export const usageQuery = queryOptions({
  queryKey: [apiPath('usage')],
  queryFn: getQueryFn(apiPath('usage'), { schema: ZUsage }),
});

/**
 * After a change to one integration: the list, its record and its versions are refetched if
 * shown (and marked stale otherwise); its runs only when asked, since most changes leave them.
 */
export async function invalidateIntegration(
  queryClient: QueryClient,
  id: string,
  { runs = false }: { runs?: boolean } = {},
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: integrationQueries.list().queryKey, exact: true }),
    queryClient.invalidateQueries({
      queryKey: integrationQueries.detail(id).queryKey,
      exact: true,
    }),
    queryClient.invalidateQueries({ queryKey: integrationQueries.versions(id).queryKey }),
    runs ? queryClient.invalidateQueries({ queryKey: [BASE, id, 'runs'] }) : Promise.resolve(),
  ]);
}
