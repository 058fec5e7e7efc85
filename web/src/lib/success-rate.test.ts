import { describe, expect, it } from 'vitest';
import { deployedRuns, successRate, successRateColor } from './success-rate.ts';

describe('successRate', () => {
  it('is the rounded share of successful deployed runs, ignoring tests', () => {
    expect(
      successRate([
        { status: 'success', kind: 'scheduled' },
        { status: 'success', kind: 'manual' },
        { status: 'failed', kind: 'scheduled' },
        { status: 'failed', kind: 'test' },
        { status: 'failed', kind: 'test' },
      ]),
    ).toBe(67);
  });

  it('is null without deployed runs', () => {
    expect(successRate([])).toBeNull();
    expect(successRate([{ status: 'success', kind: 'test' }])).toBeNull();
  });

  it('spans 0 to 100', () => {
    expect(successRate([{ status: 'failed', kind: 'manual' }])).toBe(0);
    expect(successRate([{ status: 'success', kind: 'manual' }])).toBe(100);
  });
});

describe('deployedRuns', () => {
  it('keeps the runs the usage counts: scheduled, manual, webhook and re-runs, not tests or replays', () => {
    const kinds = ['test', 'scheduled', 'manual', 'webhook', 'rerun', 'replay'] as const;
    const runs = kinds.map((kind) => ({ status: 'success' as const, kind }));
    expect(deployedRuns(runs).map((run) => run.kind)).toEqual([
      'scheduled',
      'manual',
      'webhook',
      'rerun',
    ]);
  });
});

describe('successRateColor', () => {
  it.each([
    [100, 'green'],
    [80, 'green'],
    [79, 'yellow'],
    [50, 'yellow'],
    [49, 'red'],
    [0, 'red'],
  ] as const)('%i is %s (green ≥ 80, yellow ≥ 50, red below)', (rate, color) => {
    expect(successRateColor(rate)).toBe(color);
  });
});
