import type { FilterPlan } from './plan-types.ts';

// A condition of the plan in words, for the plan's lines and the checklist.

const DAY_OPS: Partial<Record<FilterPlan['op'], string>> = {
  gt: 'is after',
  gte: 'is on or after',
  lt: 'is before',
  lte: 'is on or before',
};

/** "status is not \"closed\"", "created is on or after 2025-05-01", "due is before today (UTC)". */
export function describeFilter(f: FilterPlan): string {
  const ops: Record<FilterPlan['op'], string> = {
    eq: 'is',
    ne: 'is not',
    gt: '>',
    gte: '>=',
    lt: '<',
    lte: '<=',
    'before-now': 'is before now',
    contains: 'contains',
    lacks: 'has none of',
    in: 'is one of',
    'not-in': 'is none of',
    falsy: 'is false',
    truthy: 'is true',
    within: 'is within',
  };
  if (f.op === 'within' && f.calendar && Array.isArray(f.value)) {
    const [from, to] = f.value as [number, number];
    const which = (n: number) =>
      n === 0
        ? `this ${f.calendar}`
        : n === -1
          ? `last ${f.calendar}`
          : n === 1
            ? `next ${f.calendar}`
            : n > 0
              ? `the ${f.calendar} ${n} ${f.calendar}s from now`
              : `${-n} ${f.calendar}s ago`;
    return to - from === 1
      ? `${f.field} is in ${which(from)} (UTC)`
      : `${f.field} is from the start of ${which(from)} to the start of ${which(to)} (UTC)`;
  }
  if (f.op === 'within' && Array.isArray(f.value)) {
    const [start, end] = f.value as [number, number];
    const hours = (ms: number) => `${ms / 3_600_000} h`;
    return `${f.field} is from ${hours(start)} to ${hours(end)} ${f.alignDay ? "of the run day's UTC midnight" : 'of the run'}`;
  }
  if (f.otherField) return `${f.field} ${ops[f.op]} ${f.otherField}`;
  // A day without a time is past once the day has ended (the runtime compares so).
  if (f.op === 'before-now' && typeof f.value === 'number' && f.value < 0)
    return `${f.field} is more than ${span(-f.value)} before the run`;
  if (f.op === 'before-now' && f.format === 'date') return `${f.field} is before today (UTC)`;
  // A calendar day or a moment: "created_at is on or after 2025-05-01".
  if (
    typeof f.value === 'string' &&
    /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z)?$/.test(f.value) &&
    DAY_OPS[f.op]
  )
    return `${f.field} ${DAY_OPS[f.op]} ${f.value}`;
  return `${f.field} ${ops[f.op]}${f.value !== undefined ? ` ${JSON.stringify(f.value)}` : ''}`;
}

/** A span in the largest whole unit: "3 days", "36 hours", "90 minutes". */
function span(ms: number): string {
  const units: Array<[string, number]> = [
    ['week', 604_800_000],
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
  ];
  const [name, size] = units.find(([, size]) => ms % size === 0) ?? ['minute', 60_000];
  const count = Math.round(ms / size);
  return `${count} ${name}${count === 1 ? '' : 's'}`;
}
