import type { DURATION_UNITS } from '@patchbay/schema';
import type { FieldLeaf } from './field-match.ts';
import type { GroundedPlan } from './plan-types.ts';
import { plainCopies } from './plan-write.ts';

// A span of time counted in one unit on one side and another on the other (Toggl's `duration`
// in seconds into Harvest's `hours`, Clockify's ISO 8601 `PT1H30M` into minutes): the rule
// converts it. Each side's unit is what its field's name or description says; a side that says
// none takes the unit the prompt gives after the mapping ("the duration in hours").

export type DurationUnit = (typeof DURATION_UNITS)[number];

/** The unit a field counts a span of time in, from its name or description. */
export function durationUnit(leaf: FieldLeaf): DurationUnit | undefined {
  const name = (leaf.path.split('.').at(-1) ?? '').replace(/([a-z])([A-Z])/g, '$1_$2');
  const description = leaf.schema.description ?? '';
  if (/\bISO[ -]?8601 duration\b/i.test(description)) return 'iso8601';
  if (!['number', 'integer', 'string'].includes(leaf.schema.type)) return undefined;
  for (const unit of ['seconds', 'minutes', 'hours'] as const) {
    const word = unit.slice(0, -1);
    if (new RegExp(`(?:^|_)${word}s?$`, 'i').test(name)) return unit;
  }
  // "Seconds. Negative while the entry runs": a duration field whose description opens with
  // its unit.
  if (/duration|spent|elapsed|length/i.test(name)) {
    const unit = /^\W*(seconds|minutes|hours)\b/i.exec(description)?.[1]?.toLowerCase();
    if (unit) return unit as DurationUnit;
  }
  return undefined;
}

/** The words of a unit of time after "in" ("in decimal hours"), the unit's word captured. */
export const IN_TIME_UNIT = String.raw`in\s+(?:decimal\s+)?(hours?|minutes?|seconds?|mins?|hrs?)\b`;

/** "the duration in hours", "in minutes": the unit the prompt writes a field's value in. */
export function saidUnit(words: string): Exclude<DurationUnit, 'iso8601'> | undefined {
  const m = new RegExp(String.raw`\b${IN_TIME_UNIT}`, 'i').exec(words);
  const word = m?.[1]?.toLowerCase() ?? '';
  if (/^h/.test(word)) return 'hours';
  if (/^m/.test(word)) return 'minutes';
  if (/^s/.test(word)) return 'seconds';
  return undefined;
}

/**
 * Sets a rule's `duration` where a span of time goes between units. `said` holds the units the
 * prompt gave for destination fields (by path), for a field whose own name says none.
 */
export function convertDurations(plan: GroundedPlan, said: ReadonlyMap<string, string>): void {
  for (const { rule, from, to } of plainCopies(plan)) {
    const fromUnit = durationUnit(from);
    if (!fromUnit) continue;
    const toUnit =
      (to ? durationUnit(to) : undefined) ?? saidUnit(said.get(rule.to) ?? '') ?? undefined;
    if (!toUnit || toUnit === fromUnit) continue;
    rule.duration = { from: fromUnit, to: toUnit };
    plan.assumptions.push(
      `${rule.to} ← ${rule.from} converted from ${fromUnit === 'iso8601' ? 'an ISO 8601 duration' : fromUnit} to ${toUnit === 'iso8601' ? 'an ISO 8601 duration' : toUnit}${toUnit === 'hours' ? ', to two decimals' : ''}.`,
    );
  }
}
