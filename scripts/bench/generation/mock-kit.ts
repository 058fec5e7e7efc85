// Small helpers for the vendor mocks in vendors/: answers, ids and paging that many vendors
// share. Anything vendor-specific stays in the vendor's own module.
import type { MockResponse } from './contract.ts';

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): MockResponse {
  return { status, body, headers };
}

/** A record's field by dotted path ("location.city"); undefined when any step is missing. */
export function pathValue(record: unknown, dotted: string): unknown {
  let value: unknown = record;
  for (const part of dotted.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** A sequential id generator per instance: prefix + zero-padded counter ("cus_0001"). */
export function idSequence(prefix: string, start = 1, width = 4): () => string {
  let next = start;
  return () => `${prefix}${String(next++).padStart(width, '0')}`;
}

/** A page of `items` from `offset`, with `limit` clamped to [1, max]. */
export function slice<T>(items: T[], offset: number, limit: number, max: number): T[] {
  const size = Math.min(Math.max(1, Number.isFinite(limit) ? limit : max), max);
  const from = Math.max(0, Number.isFinite(offset) ? offset : 0);
  return items.slice(from, from + size);
}

/** A query parameter as an integer, or the fallback when absent or not a number. */
export function intParam(query: URLSearchParams, name: string, fallback: number): number {
  const raw = query.get(name);
  if (raw === null || raw.trim() === '') return fallback;
  const value = Number.parseInt(raw, 10);
  return Number.isFinite(value) ? value : fallback;
}
