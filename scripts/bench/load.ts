import autocannon from 'autocannon';
import { size } from './size.ts';
import type { BenchRow } from './table.ts';

/**
 * N concurrent connections for `seconds`, reported as p50/p99 latency (autocannon), after one
 * uncounted second of the same load: the rows are about a warm API, and in a two-second quick
 * row the first burst (50 connections opening, code not yet optimised, caches filling) would
 * otherwise be most of the p99.
 */
export async function underLoad(
  name: string,
  options: {
    url: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    seconds?: number;
  },
): Promise<BenchRow> {
  const load = (seconds: number) =>
    autocannon({
      url: options.url,
      method: options.method ?? 'GET',
      headers: options.headers ?? {},
      ...(options.body ? { body: options.body } : {}),
      connections: options.connections ?? 50,
      duration: seconds,
    });
  await load(1);
  const result = await load(options.seconds ?? size(5, 2));
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${name}: ${failed} of ${result.requests.total} requests failed`);
  return {
    name,
    p50: result.latency.p50,
    p99: result.latency.p99,
    note: `${options.connections ?? 50} connections, ${Math.round(result.requests.average)} req/s`,
  };
}
