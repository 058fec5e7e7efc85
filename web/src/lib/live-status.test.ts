import { describe, expect, it } from 'vitest';
import {
  detailRefreshInterval,
  isRunInFlight,
  listRefreshInterval,
  LIVE_REFRESH_MS,
} from './live-status.ts';

describe('live status (ADR 019): poll only while something can change', () => {
  it('polls the list while an integration is active, and stops when none is', () => {
    expect(listRefreshInterval([{ status: 'draft' }, { status: 'active' }])).toBe(LIVE_REFRESH_MS);
    expect(listRefreshInterval([{ status: 'draft' }, { status: 'failed' }])).toBe(false);
    expect(listRefreshInterval(undefined)).toBe(false);
  });

  it('polls one integration while active or while its run is in flight', () => {
    expect(detailRefreshInterval('active', false)).toBe(LIVE_REFRESH_MS);
    expect(detailRefreshInterval('failed', true)).toBe(LIVE_REFRESH_MS);
    expect(detailRefreshInterval('paused', false)).toBe(false);
  });

  it('keeps a started run in flight until a run of its workflow is recorded', () => {
    const started = { workflowId: 'manual-1' };
    expect(isRunInFlight(started, [{ workflowId: 'scheduled-9' }])).toBe(true);
    expect(isRunInFlight(started, [{ workflowId: 'manual-1' }])).toBe(false);
    expect(isRunInFlight(null, [])).toBe(false);
  });
});
