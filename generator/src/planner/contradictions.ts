import type { FilterPlan, GroundedPlan } from './plan-types.ts';

// Two conditions no record can meet together ("completed" and "not completed", status "open" and
// status "closed") come from a misreading, and a run with both writes nothing while it reports
// success. The plan stops instead and names both, so the person can say which they meant.

/** Whether no record can meet both `a` and `b`. */
function clash(a: FilterPlan, b: FilterPlan): boolean {
  if (a.field !== b.field) return false;
  const ops = new Set([a.op, b.op]);
  if (ops.has('truthy') && ops.has('falsy')) return true;
  const same = JSON.stringify(a.value) === JSON.stringify(b.value);
  if (ops.has('eq') && ops.has('ne')) return same;
  // Two different values the field must equal, as text (the runtime compares without case).
  if (a.op === 'eq' && b.op === 'eq')
    return String(a.value).toLowerCase() !== String(b.value).toLowerCase();
  // A boolean compared with eq and its truthiness: `completed = false` and "completed tasks".
  const [eq, test] = a.op === 'eq' ? [a, b] : [b, a];
  if (eq.op === 'eq' && typeof eq.value === 'boolean' && ['truthy', 'falsy'].includes(test.op))
    return eq.value !== (test.op === 'truthy');
  return false;
}

export function blockContradictions(plan: GroundedPlan, block: (message: string) => void): void {
  const filters = plan.filters;
  for (const [i, a] of filters.entries()) {
    const b = filters.slice(i + 1).find((other) => clash(a, other));
    if (b)
      block(
        `conditions no record can meet together: "${a.phrase}" and "${b.phrase}" (both on ${a.field}), so nothing would be written; say which records are wanted`,
      );
  }
}
