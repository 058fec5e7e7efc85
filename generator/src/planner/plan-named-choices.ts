import type { FieldLeaf } from './field-match.ts';
import { normalise } from './field-match.ts';
import type { FilterPlan, GroundedPlan } from './plan-types.ts';
import { DROPPED_AFTER, droppedBySentence, SET_APART } from './plan-presence.ts';
import { escapeRegExp } from './text.ts';

// "rank bronze", "with plan starter", "region: emea", "except the channel beta": a field of
// the records named by its own name, then one of the choices it documents. Only a field with
// choices counts, and only a choice it has, so "name Alice" or "status page" say nothing, nor
// does the left side of a value table ("from the rank: bronze → 1"). The
// list that may follow ("rank bronze or silver") is read by extendListedValues.

/** Words before the field's name that leave its value out. */
const EXCLUDED_BEFORE = new RegExp(
  String.raw`\b(?:not|no|never|except(?:\s+for)?|${SET_APART}|excluding|exclude|without|skip(?:ping)?|ignor(?:e|ing)|leav(?:e|ing)\s+out|drop(?:ping)?)\s+(?:the\s+|any\s+|a\s+)?$`,
);

export function namedChoiceFilters(
  lower: string,
  fields: readonly FieldLeaf[],
  plan: GroundedPlan,
  add: (filter: FilterPlan) => void,
): void {
  for (const field of fields) {
    const choices = field.schema.enum?.map((v) => String(v)).filter((v) => /\w/.test(v));
    if (!choices || choices.length === 0 || field.schema.type === 'boolean') continue;
    const leaf = field.path.split('.').at(-1) ?? '';
    // `partner_tier`, `partnerTier` and "partner tier" are the same name.
    const words = leaf
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .split(/[_\s-]+/)
      .map((w) => escapeRegExp(w.toLowerCase()));
    if (words.join('').length < 3) continue;
    const alternatives = [...choices]
      .sort((a, b) => b.length - a.length)
      .map((c) => escapeRegExp(c.toLowerCase()))
      .join('|');
    const named = new RegExp(
      `\\b${words.join('[_\\s-]?')}\\s*(?:(?:is|of|=|:)\\s*)?(not\\s+)?["'\`]?(${alternatives})["'\`]?(?![\\w-])(?!\\s*(?:→|->|=>|becomes\\b|maps\\s+to\\b))`,
      'g',
    );
    for (const m of lower.matchAll(named)) {
      const chosen = choices.find((c) => c.toLowerCase() === m[2]);
      if (chosen === undefined) continue;
      // Another reading of the same words ("where rank is gold") already holds it.
      if (plan.filters.some((f) => f.field === field.path && f.phrase.toLowerCase().includes(m[0])))
        continue;
      // "set the rank to gold" on the write, or a value the write gives every record.
      if (setByTheWrite(plan, leaf, chosen)) continue;
      const before = lower.slice(Math.max(0, m.index - 40), m.index);
      const excluded = EXCLUDED_BEFORE.test(before) || droppedBySentence(lower, m.index);
      const negated = Boolean(m[1]) !== excluded;
      const value = field.schema.enum?.find((v) => String(v) === chosen) as string | number;
      add({ field: field.path, op: negated ? 'ne' : 'eq', value, phrase: m[0] });
      break;
    }
  }
}

function setByTheWrite(plan: GroundedPlan, leaf: string, value: string): boolean {
  return Boolean(
    plan.destination?.rules.some(
      (r) =>
        normalise(r.to.split('.').at(-1) ?? '') === normalise(leaf) &&
        String(r.value ?? '').toLowerCase() === value.toLowerCase(),
    ),
  );
}

/** A choice written as a code (`ACCREC`, `IN_PROGRESS`): capitals, digits and underscores. */
const CODE = /^[A-Z][A-Z0-9_]{2,}$/;

/**
 * "every sales invoice (ACCREC)", "leave ARCHIVED ones alone": a field's choice written as the
 * code the API uses, without the field's name. Only a code the records' field documents counts,
 * written exactly as documented, and only for a field no other condition reads yet; a code in a
 * template, a quote or a value table is part of that, not a condition.
 */
export function codeChoiceFilters(
  text: string,
  fields: readonly FieldLeaf[],
  plan: GroundedPlan,
  add: (filter: FilterPlan) => void,
): void {
  const lower = text.toLowerCase();
  for (const field of fields) {
    if (plan.filters.some((f) => f.field === field.path)) continue;
    const codes = (field.schema.enum ?? []).map(String).filter((c) => CODE.test(c));
    const wanted: string[] = [];
    const unwanted: string[] = [];
    for (const code of codes) {
      for (const m of text.matchAll(
        new RegExp(`(?<![\\w<{"'\`])${escapeRegExp(code)}(?![\\w>}"'\`])`, 'g'),
      )) {
        const after = text.slice(m.index + code.length);
        if (/^\s*\)?\s*(?:→|->|=>)/.test(after)) continue;
        if (setByTheWrite(plan, field.path.split('.').at(-1) ?? '', code)) continue;
        // "include DRAFT invoices too": the code widens what is read, so it is no condition.
        if (widens(text, m.index)) break;
        const before = lower.slice(Math.max(0, m.index - 40), m.index);
        const dropped =
          EXCLUDED_BEFORE.test(before.replace(/[(\s]+$/, ' ')) ||
          droppedBySentence(lower, m.index) ||
          DROPPED_AFTER.test(after);
        (dropped ? unwanted : wanted).push(code);
        break;
      }
    }
    const phrase = (values: string[]) => values.join(', ');
    if (wanted.length === 1)
      add({ field: field.path, op: 'eq', value: wanted[0] as string, phrase: phrase(wanted) });
    else if (wanted.length > 1)
      add({ field: field.path, op: 'in', value: wanted, phrase: phrase(wanted) });
    else if (unwanted.length === 1)
      add({
        field: field.path,
        op: 'ne',
        value: unwanted[0] as string,
        phrase: `not ${phrase(unwanted)}`,
      });
    else if (unwanted.length > 1)
      add({ field: field.path, op: 'not-in', value: unwanted, phrase: `not ${phrase(unwanted)}` });
  }
}

/** Whether the sentence around `index` adds records rather than choosing them ("… too"). */
export function widens(text: string, index: number): boolean {
  const start = Math.max(...['.', ';', '!', '?', '\n'].map((c) => text.lastIndexOf(c, index - 1)));
  const end = text.slice(index).search(/[.;!?\n]/);
  const sentence = text.slice(start + 1, end === -1 ? undefined : index + end);
  return /\b(?:too|also|as well|included|including|even)\b/i.test(sentence);
}
