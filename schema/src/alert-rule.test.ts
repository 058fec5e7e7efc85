import { describe, expect, it } from 'vitest';
import { failedRunMayAlert, transitionAlerts } from './alert-rule.ts';

describe('when a run sends an alert', () => {
  it('a failure alerts once, until a recovery', () => {
    expect(transitionAlerts('failed', null)).toBe(true);
    expect(transitionAlerts('failed', 'recovered')).toBe(true);
    expect(transitionAlerts('failed', 'failed')).toBe(false);
  });

  it('a success alerts recovered only after a failure alert', () => {
    expect(transitionAlerts('recovered', 'failed')).toBe(true);
    expect(transitionAlerts('recovered', 'recovered')).toBe(false);
    expect(transitionAlerts('recovered', null)).toBe(false);
  });

  it('a failed run of a paused or draft integration does not alert', () => {
    expect(failedRunMayAlert('failed')).toBe(true);
    expect(failedRunMayAlert('paused')).toBe(false);
    expect(failedRunMayAlert('draft')).toBe(false);
    expect(failedRunMayAlert(undefined)).toBe(false);
  });
});
