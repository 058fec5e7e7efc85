import { normalise } from './field-match.ts';
import type { GroundedPlan } from './plan-types.ts';
import { escapeRegExp } from './text.ts';

// The values a destination field takes, said with what the rest becomes: "the Region column
// accepts only EMEA, APAC and AMER; all other values become Rest of world". The field's rule
// keeps the listed values as they are (in the list's spelling) and turns any other non-empty
// value into the one named.

const ONLY =
  /\b(?:only\s+(?:knows|has|accepts|allows|takes|supports)|(?:accepts|allows|takes|supports)\s+only|can\s+only\s+(?:be|take|hold))\s+(.+?)\s*(?:[,;:–—-]\s*)?(?:so|and|otherwise|else)?\s*,?\s*(?:anything|everything|any\s+other\s+value|all\s+other\s+values|the\s+rest)(?:\s+else)?\s+(?:becomes?|goes\s+to|turns\s+into|maps\s+to|is|should\s+be|->|→|=)\s+["“']?([A-Za-z0-9][\w &/-]{0,40}?)["”']?(?=[.,;)]|\s*$)/gi;

/** The allow-lists a prompt states: the values listed, what the rest becomes, and where. */
export function allowLists(
  text: string,
): Array<{ listed: string[]; otherwise: string; phrase: string; index: number }> {
  return [...text.matchAll(ONLY)].flatMap((m) => {
    const listed = (m[1] ?? '')
      .replace(/\s+(?:and|or)\s+/gi, ',')
      .split(',')
      .map((v) =>
        v
          .trim()
          .replace(/\s+(?:there|here|too|as (?:values|options|choices))$/i, '')
          .replace(/^["“'](.*)["”']$/, '$1'),
      )
      .filter((v) => v && v.split(/\s+/).length <= 3);
    const otherwise = (m[2] ?? '').trim();
    return listed.length >= 2 && otherwise
      ? [{ listed, otherwise, phrase: m[0].trim(), index: m.index }]
      : [];
  });
}

/** Applies each allow-list the prompt states to the rule of the field its sentence names. */
export function planAllowedValues(text: string, plan: GroundedPlan): void {
  const rules = plan.destination?.rules ?? [];
  for (const { listed, otherwise, phrase, index } of allowLists(text)) {
    // The field: the last one the sentence names before the list.
    const sentenceStart = Math.max(0, text.slice(0, index).search(/[^.!?\n]*$/));
    const before = text.slice(sentenceStart, index);
    const named = rules
      .map((rule) => {
        const name = rule.to.split('.').at(-1) ?? rule.to;
        const at = before.search(new RegExp(`\\b${escapeRegExp(name)}\\b`, 'i'));
        return { rule, at };
      })
      .filter((n) => n.at >= 0 && n.rule.from !== undefined)
      .sort((a, b) => b.at - a.at)[0];
    if (!named) continue;
    const rule = named.rule;
    const kept = (rule.values ?? []).filter(
      (row) => !listed.some((v) => normalise(v) === normalise(row.from)),
    );
    rule.values = [...kept, ...listed.map((v) => ({ from: v, to: v }))];
    rule.otherwise = otherwise;
    plan.understood.push(
      `${rule.to} takes only ${listed.join(', ')}; any other value becomes "${otherwise}" ("${phrase}").`,
    );
  }
}
