// A task's data as the mocks hold it: clock placeholders in seeds and mutations, and the
// mutations a run's `before` applies to a vendor instance's live collections (contract.ts).
import type { Mutation, VendorInstance } from './contract.ts';
import { pathValue } from './mock-kit.ts';

const PLACEHOLDER = /^\{(NOW|NOW_UNIX|NOW_MS)(?:([+-])(\d+))?\}$/;

/** One string's value when it is exactly a clock placeholder, else the string itself. */
function fillOne(text: string, now: Date): unknown {
  const match = PLACEHOLDER.exec(text);
  if (!match) return text;
  const [, unit, sign, minutes] = match;
  const offsetMs = minutes ? (sign === '-' ? -1 : 1) * Number(minutes) * 60_000 : 0;
  const at = now.getTime() + offsetMs;
  if (unit === 'NOW_UNIX') return Math.floor(at / 1000);
  if (unit === 'NOW_MS') return at;
  return new Date(at).toISOString();
}

/** A copy of `value` with every "{NOW…}" string replaced by the clock `now` gives. */
export function fillPlaceholders<T>(value: T, now: Date): T {
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return fillOne(item, now);
    if (Array.isArray(item)) return item.map(walk);
    if (item !== null && typeof item === 'object')
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, walk(inner)]));
    return item;
  };
  return walk(value) as T;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Merges `patch` into `target` in place: nested objects merge field by field (so a partial
 * record can change one property of a nested object), anything else replaces.
 */
function mergeInto(target: Record<string, unknown>, patch: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(patch)) {
    const current = target[key];
    if (isPlainObject(current) && isPlainObject(value)) mergeInto(current, value);
    else target[key] = value;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Applies one mutation to an instance's live collection. Throws when the task is wrong (no
 * such collection, no key, no record with that key): a task bug, not a generator failure.
 */
export function applyMutation(instance: VendorInstance, mutation: Mutation, now: Date): void {
  const collections = instance.collections();
  const records = collections[mutation.collection];
  if (!records) {
    throw new Error(
      `mutation: no collection "${mutation.collection}" on the ${mutation.side} (it has ${Object.keys(collections).join(', ')})`,
    );
  }
  const incoming = fillPlaceholders(mutation.records, now);
  if (mutation.op === 'add') {
    records.push(...incoming);
    return;
  }
  const key = mutation.key;
  if (!key) throw new Error(`mutation: ${mutation.op} on "${mutation.collection}" needs a key`);
  for (const change of incoming) {
    const wanted = pathValue(change, key);
    const index = records.findIndex((record) => same(pathValue(record, key), wanted));
    if (index < 0) {
      throw new Error(
        `mutation: no record with ${key}=${JSON.stringify(wanted)} in "${mutation.collection}"`,
      );
    }
    if (mutation.op === 'remove') records.splice(index, 1);
    else mergeInto(records[index]!, change);
  }
}
