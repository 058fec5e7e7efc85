import type { TFieldSchema } from '@patchbay/schema';
import { leaves } from './field-match.ts';
import type { GroundedPlan } from './plan-types.ts';
import { recordSchema } from './plan-write.ts';
import { escapeRegExp } from './text.ts';

// A destination field that takes codes and names them in its description ("1 low, 2 medium,
// 3 high, 4 urgent", Freshdesk's priority) is written by its label in prompts: "priority
// Urgent", "Medium otherwise". The label becomes the code the API takes.

/** The codes a field's description names, by lower-case label; empty below two. */
export function describedCodes(schema: TFieldSchema | undefined): Map<string, string> {
  const codes = new Map<string, string>();
  if (!schema || (schema.type !== 'integer' && schema.type !== 'number')) return codes;
  const description = schema.description ?? '';
  // Labels may hold digits: the codes some apps show ("4 p1, 3 p2").
  for (const m of description.matchAll(
    /(?:^|[,;(:]\s*)(\d+)\s*(?:=|:|-|–|→)?\s*([A-Za-z][A-Za-z0-9 ]{0,30}?)\s*(?=[,;.)]|$)/g,
  ))
    codes.set((m[2] ?? '').toLowerCase(), m[1] ?? '');
  return codes.size >= 2 ? codes : new Map();
}

/** The code of a label ("Urgent" → "4"), or the value as it is. */
function coded(value: string | undefined, codes: Map<string, string>): string | undefined {
  if (value === undefined) return undefined;
  return codes.get(value.trim().toLowerCase()) ?? value;
}

/** Words that make a clause a condition on the records, not a value for every record. */
const CONDITION =
  /\b(?:whose|where|if|when|unless|which|that|skip|ignore|except|with|without|having|has|have|not|only)\b/i;

/**
 * "Status Open, source Chat": a coded field of the destination named with one of its labels is
 * that code for every record. The records' own field of that name, when one of its choices is the
 * label, makes the words a condition instead ("status open" of tickets read), so it is left.
 */
export function planCodedFixedValues(text: string, plan: GroundedPlan): void {
  const write = plan.destination;
  if (!write || !plan.source) return;
  const sources = leaves(plan.source.resource.schema, 1);
  for (const target of leaves(write.resource.schema, 0)) {
    if (write.rules.some((r) => r.to === target.path)) continue;
    const codes = describedCodes(target.schema);
    if (codes.size === 0) continue;
    const name = escapeRegExp(target.path).replace(/_/g, '[ _]');
    const labels = [...codes.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
    const m = new RegExp(
      String.raw`\b${name}\s*(?:[:=]\s*|\s(?:is|of|as|should be)\s+)?["“']?(${labels.join('|')})["”']?(?![\w-])`,
      'i',
    ).exec(text);
    if (!m) continue;
    const clause =
      text
        .slice(0, m.index)
        .split(/[.;!?\n]/)
        .at(-1) ?? '';
    if (CONDITION.test(clause)) continue;
    const label = (m[1] ?? '').toLowerCase();
    const own = sources.find((l) => l.path === target.path);
    if (own?.schema.enum?.some((v) => String(v).toLowerCase() === label)) continue;
    const code = codes.get(label) ?? '';
    write.rules.push({
      to: target.path,
      value: code,
      type: target.schema.type,
      reason: 'the prompt',
    });
    plan.understood.push(`${target.path} is ${code} (${m[1]}) for every record ("${m[0]}").`);
  }
}

/** Writes each label the plan gives a coded field as its code: fixed values and value tables. */
export function applyCodedValues(plan: GroundedPlan): void {
  const write = plan.destination;
  if (!write) return;
  const targets = leaves(recordSchema(write), 2);
  // The write's body may leave out what the record's own schema describes.
  const described = leaves(write.resource.schema, 2);
  const schemaOf = (path: string) => {
    const own = targets.find((t) => t.path === path)?.schema;
    // A GraphQL mutation's record sits under its input (`input.priority`).
    const bare = path.replace(/^input\./, '');
    return own?.description ? own : (described.find((t) => t.path === bare)?.schema ?? own);
  };
  for (const rule of write.rules) {
    const codes = describedCodes(schemaOf(rule.to));
    if (codes.size === 0) continue;
    const before = JSON.stringify([rule.value, rule.values, rule.otherwise]);
    if (typeof rule.value === 'string') rule.value = coded(rule.value, codes);
    if (rule.values)
      rule.values = rule.values.map((v) => ({ ...v, to: coded(v.to, codes) ?? v.to }));
    if (rule.otherwise !== undefined) rule.otherwise = coded(rule.otherwise, codes);
    if (JSON.stringify([rule.value, rule.values, rule.otherwise]) !== before)
      plan.understood.push(
        `${rule.to} takes codes: the labels the prompt gives are written as their codes (${[...codes].map(([label, code]) => `${code} ${label}`).join(', ')}).`,
      );
  }
}
