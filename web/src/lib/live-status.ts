import type { TIntegrationStatus, TRun } from '@patchbay/schema';

// ADR 019: screens that show run results and statuses refresh themselves while something can
// change them — a run in flight or an active integration — and stop when nothing can.
// lib/query-client.ts turns polling off by default; these intervals are the deliberate, bounded
// exception, and TanStack Query pauses them while the tab is hidden.

/** How often a screen asks again while something is in flight. */
export const LIVE_REFRESH_MS = 3000;

/** The list and the dashboard: while any integration is active, its runs may change it. */
export function listRefreshInterval(
  items: readonly { status: TIntegrationStatus }[] | undefined,
): number | false {
  return items?.some((item) => item.status === 'active') ? LIVE_REFRESH_MS : false;
}

/** One integration's record (its status badge): while it is active, or a run is in flight. */
export function detailRefreshInterval(
  status: TIntegrationStatus | undefined,
  runInFlight: boolean,
): number | false {
  return status === 'active' || runInFlight ? LIVE_REFRESH_MS : false;
}

/** True until the run 'Run now' started shows up among the recorded runs. */
export function isRunInFlight(
  started: { workflowId: string } | null,
  runs: readonly Pick<TRun, 'workflowId'>[],
): boolean {
  return started !== null && !runs.some((run) => run.workflowId === started.workflowId);
}
