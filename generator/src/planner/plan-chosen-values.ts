import { fieldNamed, leaves, normalise } from './field-match.ts';
import { fieldsLine } from './plan-mapping.ts';
import type { GroundedPlan } from './plan-types.ts';
import { recordSchema } from './plan-write.ts';
import { chosenValues } from './value-conditions.ts';

// "Tier: Gold if the plan is yearly, otherwise Basic": a value chosen per record. A condition of
// one source field equal to one value is a value table of that field (the value → Gold, every
// other value, empty too → Basic); any other condition is said as unresolved, never a filter.

/** The destination's field names, and whether it takes columns of any name. */
export function chosenValueFields(plan: GroundedPlan): { fields: string[]; open: boolean } {
  const write = plan.destination;
  if (!write) return { fields: [], open: false };
  const described = leaves(recordSchema(write)).map((l) => l.path);
  return {
    fields: [...described, ...write.rules.map((r) => r.to)],
    // Columns of any name (an Airtable table's): the object the records go in describes none.
    open: write.container?.kind === 'object' && described.length === 0,
  };
}

/** Plans each value chosen by a condition; returns the phrases, which hold no filter. */
export function planChosenValues(text: string, plan: GroundedPlan): string[] {
  const write = plan.destination;
  if (!plan.source || !write) return [];
  const { fields, open } = chosenValueFields(plan);
  const phrases: string[] = [];
  const targets = leaves(recordSchema(write), 2).filter((l) => l.schema.type !== 'object');
  const sources = leaves(plan.source.resource.schema, 2).filter((l) => l.schema.type !== 'object');
  for (const chosen of chosenValues(text, fields, open)) {
    phrases.push(chosen.phrase);
    // "Priority: High" on a reference object (Jira's `priority`) is the object's name.
    const target = fieldNamed(targets, chosen.field) ?? fieldNamed(targets, `${chosen.field}.name`);
    const to = target?.path ?? (open ? chosen.field : undefined);
    const equal =
      /^(?:(?:the|its|their)\s+)?(.+?)\s+(?:is|equals|=|==)\s+["“'‘]?([^"”'’]+?)["”'’]?$/i.exec(
        chosen.condition,
      );
    let from = equal?.[1] ? fieldNamed(sources, equal[1]) : undefined;
    let wanted = equal?.[2];
    // "the ticket is marked as urgent (in Zendesk)": the record itself is said to be one of a
    // field's choices, so that field is the one compared.
    if (!from && equal?.[2]) {
      const choice = equal[2]
        .replace(/^(?:marked|flagged|set|tagged|labell?ed)\s+(?:as\s+)?/i, '')
        .replace(/\s+(?:in|on)\s+\S+$/i, '')
        .trim()
        .toLowerCase();
      from = sources.find((l) => l.schema.enum?.some((v) => String(v).toLowerCase() === choice));
      if (from)
        wanted = from.schema.enum?.find((v) => String(v).toLowerCase() === choice) as string;
    }
    if (!to || !from || !wanted) {
      plan.unresolved.push(
        `${to ?? chosen.field}: "${chosen.phrase}" chooses its value by a condition the plan cannot express, so it is not set from it (no records are left out by it)`,
      );
      continue;
    }
    const rule = {
      to,
      from: from.path,
      type: target?.schema.type ?? ('string' as const),
      values: [
        { from: wanted, to: chosen.value },
        { from: '', to: chosen.otherwise },
      ],
      otherwise: chosen.otherwise,
      reason: 'the prompt’s condition',
    };
    const existing = write.rules.findIndex((r) => normalise(r.to) === normalise(to));
    if (existing >= 0) write.rules.splice(existing, 1, rule);
    else write.rules.push(rule);
    const line = plan.understood.findIndex((l) => l.startsWith('Fields: '));
    if (line >= 0) plan.understood[line] = fieldsLine(write.rules);
    plan.understood.push(
      `${to} is "${chosen.value}" when ${from.path} is "${wanted}", else "${chosen.otherwise}" ("${chosen.phrase}").`,
    );
  }
  return phrases;
}
