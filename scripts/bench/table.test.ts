import { describe, expect, it } from 'vitest';
import { percentile, summarize } from './table.ts';

describe('bench percentiles', () => {
  it('uses the nearest-rank method', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 95)).toBe(95);
    expect(summarize([7]).p99).toBe(7);
  });
});
