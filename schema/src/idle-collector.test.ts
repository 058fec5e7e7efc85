import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { collectWhenIdle } from './idle-collector.ts';

/**
 * Full collections while `during` runs. The collector's 'last-resort' flavour carries no flag
 * that marks it forced, so every full one counts: an idle test process makes none of its own
 * within a second.
 */
async function fullCollections(during: () => Promise<void>): Promise<number> {
  const seen: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => seen.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  try {
    await during();
    await sleep(50); // entries arrive asynchronously
  } finally {
    observer.disconnect();
  }
  return seen.filter((entry) => {
    // A gc entry's detail (Node's NodeGCPerformanceDetail, absent from the DOM type).
    const { detail } = entry as unknown as { detail: { kind: number } };
    return detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR;
  }).length;
}

let stop: (() => void) | null = null;
afterEach(() => stop?.());

describe('collectWhenIdle', () => {
  it('collects once when the process is idle, and not again until the heap has grown', async () => {
    // Garbage the moment it is made: it grows the heap by more than 8 MiB.
    expect(Array.from({ length: 300_000 }, (_, i) => ({ i, text: `item ${i}` }))).toHaveLength(
      300_000,
    );
    stop = collectWhenIdle({ checkEveryMs: 100, minGrowthMb: 8 });
    expect(await fullCollections(() => sleep(700))).toBeGreaterThan(0);
    // Nothing grows the heap again while idle: no second collection.
    expect(await fullCollections(() => sleep(700))).toBe(0);
  });

  it('gives the pages it emptied back, not only the objects', async () => {
    // Short-lived garbage grows the young generation's semi-spaces; a plain gc() keeps them.
    for (let round = 0; round < 20; round++) {
      expect(Array.from({ length: 100_000 }, (_, i) => ({ i, text: `item ${i}` }))).toHaveLength(
        100_000,
      );
    }
    const newSpace = () =>
      v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ??
      0;
    const grown = newSpace();
    stop = collectWhenIdle({ checkEveryMs: 100, minGrowthMb: 0 });
    await sleep(700);
    expect(newSpace()).toBeLessThan(grown / 2);
  });

  it('leaves a busy process alone', async () => {
    const collections = await fullCollections(async () => {
      stop = collectWhenIdle({ checkEveryMs: 100, minGrowthMb: 0 });
      // The event loop busy about 80% of the time, as under a stream of requests.
      const until = Date.now() + 700;
      while (Date.now() < until) {
        const block = Date.now() + 8;
        while (Date.now() < block) {
          // work
        }
        await sleep(2);
      }
    });
    expect(collections).toBe(0);
  });

  it('gives no gc global to the contexts made after it', async () => {
    const { runInNewContext } = await import('node:vm');
    stop = collectWhenIdle();
    expect(typeof runInNewContext('typeof gc')).toBe('string');
    expect(runInNewContext('typeof gc')).toBe('undefined');
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
  });
});
