import { describe, expect, it } from 'vitest';
import { FLOOR_ROW, percentile, printTable, summarize } from './table.ts';

describe('bench percentiles', () => {
  it('uses the nearest-rank method', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 95)).toBe(95);
    expect(summarize([7]).p99).toBe(7);
  });
});

describe('bench table', () => {
  it('prints Temporal round trips as a multiple of the raw floor', () => {
    const lines: string[] = [];
    const log = console.log;
    console.log = (text: string) => lines.push(...text.split('\n'));
    try {
      printTable([
        { name: FLOOR_ROW, p50: 40, temporal: true },
        { name: 'test run', p50: 60, temporal: true },
        { name: 'direct', p50: 5 },
      ]);
    } finally {
      console.log = log;
    }
    expect(lines.find((l) => l.startsWith('test run'))).toMatch(/1\.5×/);
    expect(lines.find((l) => l.startsWith('direct'))).not.toMatch(/×/);
  });
});
