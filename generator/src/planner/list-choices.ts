import type { GroundedPlan } from './plan-types.ts';

// Lists that leave records out unless asked: GitHub's issues are open ones unless `state` says
// closed or all, an HR directory lists active people unless `status` says leavers. When the plan
// filters on the field a list parameter of the same name chooses, the read asks for what the
// filter needs: the one value it wants, else every value ("all"). The filter still runs on each
// record, so asking for more than needed writes nothing more.

const EVERY = ['all', 'any', 'both', 'everything'];

export function askListForFilteredValues(plan: GroundedPlan): void {
  const read = plan.source;
  if (!read) return;
  for (const param of read.operation.params) {
    const choices = param.schema.enum?.map(String);
    if (param.in !== 'query' || !choices?.length || read.query[param.name] !== undefined) continue;
    const filters = plan.filters.filter((f) => f.field === param.name);
    if (filters.length === 0) continue;
    const wanted = filters.length === 1 ? onlyValue(filters[0]?.op, filters[0]?.value) : undefined;
    const value =
      wanted !== undefined && choices.includes(wanted)
        ? wanted
        : choices.find((c) => EVERY.includes(c.toLowerCase()));
    if (value === undefined) continue;
    read.query[param.name] = value;
    plan.understood.push(
      `${read.operation.id} is asked for ${param.name}=${value}, since the filter on ${param.name} needs ${value === wanted ? 'those' : 'every'} ${read.resource.plural} (the list may leave some out unless asked).`,
    );
  }
}

/** The one value an `eq` (or a one-value `in`) filter keeps. */
function onlyValue(op: string | undefined, value: unknown): string | undefined {
  if (op === 'eq' && value !== undefined && value !== null) return String(value);
  if (op === 'in' && Array.isArray(value) && value.length === 1) return String(value[0]);
  return undefined;
}
