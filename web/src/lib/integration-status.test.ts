import { describe, expect, it } from 'vitest';
import {
  countStatuses,
  recentIntegrations,
  runsByItself,
  STATUS_COLORS,
  STATUS_FILTERS,
  toggledStatus,
} from './integration-status.ts';

describe('status badges', () => {
  it('uses the status colours', () => {
    expect(STATUS_COLORS).toEqual({
      active: 'green',
      paused: 'gray',
      failed: 'red',
      draft: 'yellow',
    });
  });

  it('filters in the list order', () => {
    expect(STATUS_FILTERS).toEqual(['all', 'active', 'paused', 'failed', 'draft']);
  });
});

describe('toggledStatus', () => {
  it('resumes a paused integration to active', () => {
    expect(toggledStatus('paused')).toEqual({ action: 'Resume', next: 'active' });
  });

  it.each(['active', 'draft', 'failed'] as const)('pauses a %s integration', (status) => {
    expect(toggledStatus(status)).toEqual({ action: 'Pause', next: 'paused' });
  });
});

describe('countStatuses', () => {
  it('counts each status and everything that is not active', () => {
    const counts = countStatuses(
      (['active', 'active', 'draft', 'paused', 'failed'] as const).map((status) => ({ status })),
    );
    expect(counts).toEqual({ total: 5, active: 2, draft: 1, paused: 1, failed: 1, notActive: 3 });
  });

  it('is all zeros for no integrations', () => {
    expect(countStatuses([])).toEqual({
      total: 0,
      active: 0,
      draft: 0,
      paused: 0,
      failed: 0,
      notActive: 0,
    });
  });
});

describe('recentIntegrations', () => {
  it('keeps the six most recently changed, newest first', () => {
    const items = Array.from({ length: 8 }, (_, i) => ({
      id: i,
      updatedAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    }));
    expect(recentIntegrations(items).map((item) => item.id)).toEqual([7, 6, 5, 4, 3, 2]);
  });
});

describe('runsByItself', () => {
  it.each([
    ['active', true],
    ['failed', true],
    ['paused', false],
    ['draft', false],
  ] as const)('%s: %s', (status, runs) => {
    expect(runsByItself(status)).toBe(runs);
  });
});
