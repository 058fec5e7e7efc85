// The strict checker of a task's expectations (ZCheck): the destination's collection must hold
// exactly the expected records, each once, every field the expected record names with the same
// JSON type and value. Each problem is one readable line; no problems means the check passed.
import type { Check } from './contract.ts';
import { pathValue } from './mock-kit.ts';

type Held = Record<string, unknown>;

/** The longest a value is quoted in a reason. */
const QUOTE_MAX = 80;

function show(value: unknown): string {
  if (value === undefined) return 'missing';
  const text = JSON.stringify(value);
  return text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX - 1)}…` : text;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const MATCHERS = ['$any', '$absent', '$regex', '$number'] as const;

/** A matcher object ({"$regex": "…"} etc.), or undefined for a plain expected value. */
function matcherOf(expected: unknown): (typeof MATCHERS)[number] | undefined {
  if (!isObject(expected)) return undefined;
  const keys = Object.keys(expected);
  return keys.length === 1 ? MATCHERS.find((name) => name === keys[0]) : undefined;
}

/**
 * Why `actual` does not match `expected`, or undefined when it does. Objects match when every
 * field the expected one names matches (a vendor adds fields of its own); arrays match element
 * by element, same length, in order; anything else must be the same JSON type and value.
 */
export function mismatch(expected: unknown, actual: unknown, where: string): string | undefined {
  const matcher = matcherOf(expected);
  if (matcher) {
    const operand = (expected as Record<string, unknown>)[matcher];
    switch (matcher) {
      case '$any':
        return actual === undefined || actual === null
          ? `${where}: expected a value, got ${show(actual)}`
          : undefined;
      case '$absent':
        return actual === undefined || actual === null
          ? undefined
          : `${where}: expected no value, got ${show(actual)}`;
      case '$regex':
        return typeof actual === 'string' && new RegExp(String(operand)).test(actual)
          ? undefined
          : `${where}: expected a string matching /${String(operand)}/, got ${show(actual)}`;
      case '$number':
        return typeof actual === 'number' && Math.abs(actual - Number(operand)) <= 0.005
          ? undefined
          : `${where}: expected the number ${String(operand)}, got ${show(actual)} (${typeOf(actual)})`;
    }
  }
  if (actual === undefined) return `${where}: missing, expected ${show(expected)}`;
  if (typeOf(expected) !== typeOf(actual)) {
    return `${where}: expected ${show(expected)} (${typeOf(expected)}), got ${show(actual)} (${typeOf(actual)})`;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) {
      return `${where}: expected ${expected.length} items, got ${actual.length}: ${show(actual)}`;
    }
    for (const [index, item] of expected.entries()) {
      const problem = mismatch(item, actual[index], `${where}[${index}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (isObject(expected) && isObject(actual)) {
    for (const [name, value] of Object.entries(expected)) {
      const problem = mismatch(value, actual[name], `${where}.${name}`);
      if (problem) return problem;
    }
    return undefined;
  }
  return expected === actual
    ? undefined
    : `${where}: expected ${show(expected)}, got ${show(actual)}`;
}

/** A field of a record: the literal key when it has one, else a dotted path into it. */
function fieldValue(record: Held, name: string): unknown {
  return name in record ? record[name] : name.includes('.') ? pathValue(record, name) : undefined;
}

/** Whether a record has the field at all (a null value counts). */
function hasField(record: Held, dotted: string): boolean {
  if (dotted in record) return true;
  const parts = dotted.split('.');
  const last = parts.pop() ?? '';
  const parent = parts.length > 0 ? pathValue(record, parts.join('.')) : record;
  return isObject(parent) && last in parent;
}

const keyText = (value: unknown) => JSON.stringify(value) ?? 'undefined';

/**
 * Every reason the collection `held` fails `check`; `writes` is the number of write requests the
 * destination received during the run (for `maxWrites`).
 */
export function runCheck(check: Check, held: Held[] | undefined, writes: number): string[] {
  const name = check.collection;
  if (!held) return [`${name}: the destination has no collection "${name}"`];
  const reasons: string[] = [];
  const label = (keyValue: unknown) => `${name}[${check.key}=${keyText(keyValue)}]`;

  const heldByKey = new Map<string, Held[]>();
  for (const record of held) {
    const keyValue = keyText(pathValue(record, check.key));
    heldByKey.set(keyValue, [...(heldByKey.get(keyValue) ?? []), record]);
  }
  const expectedKeys = new Set(
    check.records.map((record) => keyText(pathValue(record, check.key))),
  );

  for (const expected of check.records) {
    const keyValue = pathValue(expected, check.key);
    const matches = heldByKey.get(keyText(keyValue)) ?? [];
    if (matches.length === 0) {
      reasons.push(`${label(keyValue)}: missing`);
      continue;
    }
    if (matches.length > 1) reasons.push(`${label(keyValue)}: held ${matches.length} times`);
    const record = matches[0]!;
    for (const [field, value] of Object.entries(expected)) {
      const problem = mismatch(value, fieldValue(record, field), field);
      if (problem) reasons.push(`${label(keyValue)}: ${problem}`);
    }
  }
  for (const [keyValue, records] of heldByKey) {
    if (expectedKeys.has(keyValue)) continue;
    const sample = show(records[0]);
    reasons.push(
      `${name}[${check.key}=${keyValue}]: extra record${records.length > 1 ? ` (×${records.length})` : ''} ${sample}`,
    );
  }

  if (check.ordered) {
    const expectedOrder = check.records.map((record) => keyText(pathValue(record, check.key)));
    const heldOrder = held
      .map((record) => keyText(pathValue(record, check.key)))
      .filter(
        (keyValue, index, all) => expectedKeys.has(keyValue) && all.indexOf(keyValue) === index,
      );
    const comparable = expectedOrder.filter((keyValue) => heldOrder.includes(keyValue));
    if (comparable.join('\n') !== heldOrder.join('\n')) {
      reasons.push(
        `${name}: wrong order: expected ${comparable.join(', ')}; got ${heldOrder.join(', ')}`,
      );
    }
  }

  for (const record of held) {
    for (const field of check.forbiddenFields) {
      if (hasField(record, field)) {
        reasons.push(
          `${label(pathValue(record, check.key))}: has the forbidden field ${field} = ${show(fieldValue(record, field))}`,
        );
      }
    }
  }

  if (check.maxWrites !== undefined && writes > check.maxWrites) {
    reasons.push(`${name}: ${writes} write requests, at most ${check.maxWrites} allowed`);
  }
  return reasons;
}

/** All checks of a run against the destination's collections. */
export function runChecks(
  checks: Check[],
  collections: Record<string, Held[]>,
  writes: number,
): string[] {
  return checks.flatMap((check) => runCheck(check, collections[check.collection], writes));
}
