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

/**
 * How many records a page holds. A request that carries the vendor's page-size parameter
 * (`requested`, as the query or body held it) gets that size, clamped to the vendor's documented
 * `max` (a mock that refuses values over the maximum checks that first); a request without it
 * gets `standIn`, a small size (3–5) standing in for the vendor's default so that code that
 * never asks for a size must still page. Integration code sees bodies only, not the vendor's
 * Link or X-Next-Page headers, so a page shorter than it asked for is its end-of-list sign: a
 * mock must never serve fewer than asked while more remain.
 */
export function pageSize(requested: unknown, standIn: number, max: number): number {
  if (requested === undefined || requested === null || requested === '') return standIn;
  const value = typeof requested === 'number' ? requested : Number.parseInt(String(requested), 10);
  if (!Number.isFinite(value)) return standIn;
  return Math.min(Math.max(1, Math.trunc(value)), max);
}
