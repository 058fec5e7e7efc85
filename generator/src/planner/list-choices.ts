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
    if (filters.length === 0) {
      askForEndedRecords(plan, param.name, choices);
      continue;
    }
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

// A field that says when, or whether, a record reached an end state: merged_at, closed_at,
// completed, resolved_on.
const ENDED =
  /^(merged|closed|completed|resolved|cancell?ed|archived|done|finished|fulfilled)(?:_at|_on|_date|At|On|Date)?$/i;

/**
 * A filter on when a record ended ("merged into main", "closed last week") needs records that a
 * list's state choice leaves out unless asked (GitHub lists open ones): that state when the list
 * offers it, else every state. Only a choice named like a state is read this way.
 */
function askForEndedRecords(plan: GroundedPlan, name: string, choices: string[]): void {
  const read = plan.source;
  if (!read || !/^(state|status|scope)$/i.test(name)) return;
  // Only a filter that wants ended records: "not cancelled" (falsy, ne) wants the others.
  const ended = plan.filters
    .filter((f) => !['falsy', 'ne', 'not-in', 'lacks'].includes(f.op))
    .map((f) => ENDED.exec(f.field.split('.').at(-1) ?? '')?.[1]?.toLowerCase())
    .find((stem) => stem !== undefined);
  if (!ended) return;
  const value =
    choices.find((c) => c.toLowerCase() === ended) ??
    choices.find((c) => EVERY.includes(c.toLowerCase()));
  if (value === undefined) return;
  read.query[name] = value;
  plan.understood.push(
    `${read.operation.id} is asked for ${name}=${value}: the ${read.resource.plural} the filter wants have ended (${ended}), and the list may leave those out unless asked.`,
  );
}

/**
 * A list that returns only a recent window unless told otherwise (PagerDuty's incidents: the last
 * 30 days, unless `date_range=all`) offers a switch whose one choice is "all". A read that sets no
 * time bound of its own (no cursor parameter, no since) asks for everything; a cursor's parameter
 * is the bound, and the switch would make the list ignore it.
 */
export function liftDefaultWindow(plan: GroundedPlan): void {
  const read = plan.source;
  if (!read || plan.cursor?.param) return;
  // A rolling window the prompt sets ("from the last 7 days") is checked on each record; asking
  // for everything would read the whole history every run for it.
  if (plan.filters.some((f) => f.op === 'within' && !f.calendar)) return;
  const since = read.operation.since?.param;
  if (since && read.query[since] !== undefined) return;
  for (const param of read.operation.params) {
    const choices = param.schema.enum?.map(String) ?? [];
    if (param.in !== 'query' || read.query[param.name] !== undefined) continue;
    if (choices.length !== 1 || choices[0]?.toLowerCase() !== 'all') continue;
    read.query[param.name] = choices[0];
    plan.understood.push(
      `${read.operation.id} is asked for ${param.name}=${choices[0]}: without it the list returns only a recent window.`,
    );
  }
}
