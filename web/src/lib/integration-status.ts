import type { TIntegrationStatus } from '@patchbay/schema';

// The four statuses, their badge colours, and what Pause/Resume leads to.

/** Badge colours: active green, paused grey, failed red, draft yellow. */
export const STATUS_COLORS: Record<TIntegrationStatus, 'green' | 'gray' | 'red' | 'yellow'> = {
  active: 'green',
  paused: 'gray',
  failed: 'red',
  draft: 'yellow',
};

export const STATUS_LABELS: Record<TIntegrationStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  failed: 'Failed',
  draft: 'Draft',
};

/** My Integrations: the status filter, in this order. */
export const STATUS_FILTERS = ['all', 'active', 'paused', 'failed', 'draft'] as const;
export type TStatusFilter = (typeof STATUS_FILTERS)[number];

/**
 * The list menu: a paused integration becomes active (Resume); any other status becomes
 * paused (Pause).
 */
export function toggledStatus(status: TIntegrationStatus): {
  action: 'Pause' | 'Resume';
  next: TIntegrationStatus;
} {
  return status === 'paused'
    ? { action: 'Resume', next: 'active' }
    : { action: 'Pause', next: 'paused' };
}

/**
 * Whether its trigger starts runs without the user: a failed integration keeps its schedule and
 * its webhook (the next success sets it back to active), so a change made to fix it applies to
 * its next run just as for an active one.
 */
export function runsByItself(status: TIntegrationStatus): boolean {
  return status === 'active' || status === 'failed';
}

export interface StatusCounts {
  total: number;
  active: number;
  draft: number;
  paused: number;
  failed: number;
  /** The Active card's '{n} paused/draft' counts every integration that is not active. */
  notActive: number;
}

export function countStatuses(items: readonly { status: TIntegrationStatus }[]): StatusCounts {
  const counts: StatusCounts = {
    total: 0,
    active: 0,
    draft: 0,
    paused: 0,
    failed: 0,
    notActive: 0,
  };
  for (const { status } of items) {
    counts.total += 1;
    counts[status] += 1;
    if (status !== 'active') counts.notActive += 1;
  }
  return counts;
}

/** The dashboard shows up to 6 integrations, most recently changed first. */
export const RECENT_LIMIT = 6;

export function recentIntegrations<T extends { updatedAt: string }>(
  items: readonly T[],
  limit = RECENT_LIMIT,
): T[] {
  return [...items].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, limit);
}
