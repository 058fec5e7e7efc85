import type { TResource } from '@patchbay/schema';
import { type FieldLeaf, fieldNamed, leaves, normalise } from './field-match.ts';
import { fieldNameTemplate } from './templates.ts';
import { escapeRegExp } from './text.ts';

// A fixed value the prompt gives a destination field for every record: quoted after the field's
// name (`the subject "Weekly numbers"`, `Subject: "Weekly numbers"`), set with "=" or ":"
// (`Lead_Source = Partner`), or after a name of several words (`lead source Referral`). Only
// the field's own name counts, in one to three words, so a quoted label elsewhere is left alone.

const QUOTED = String.raw`"([^"\n]{1,200})"|“([^”\n]{1,200})”`;
const QUOTED_AFTER_NAME = new RegExp(
  String.raw`\b([A-Za-z][\w-]*)(?:\s+line)?(?:\s*:|\s+(?:is|of|should be|will be|reads|as))?\s*(?:${QUOTED})`,
  'g',
);
/** Capitalised words, unquoted ("Referral", "Trade Show"), never the start of an identifier ("First_Name"). */
const BARE = String.raw`(\p{Lu}[\p{L}\p{N}&'-]*(?:[ ]\p{Lu}[\p{L}\p{N}&'-]*)*)(?![\p{L}\p{N}_]|\.[\p{L}\p{N}])`;
/** A value after "=", ":" or "set to", or after a space: quoted, or capitalised words. */
const VALUE_AFTER = new RegExp(
  String.raw`(?<=[A-Za-z0-9_])(\s*(?:=|:|→|->)\s*|\s+set to\s+|\s+)(?:${QUOTED}|${BARE})`,
  'gu',
);
/** Words that make the clause a condition, an exclusion or a fallback, not a value for all. */
const CONDITION =
  /\b(?:whose|where|if|when|unless|which|skip|skipping|ignore|ignoring|except|excluding|without|not|don't|empty|missing|no)\b/i;

export function fixedValues(
  text: string,
  targets: readonly FieldLeaf[],
  source?: TResource,
): Array<{ target: FieldLeaf; value: string }> {
  const texts = targets.filter((t) => t.schema.type === 'string' && !t.schema.format);
  const sourceNames = new Set(leaves(source?.schema, 1).map((l) => normalise(l.path)));
  const out: Array<{ target: FieldLeaf; value: string }> = [];
  // `"first_name last_name"` names the records' fields: a template, not a value.
  const isTemplate = (value: string) =>
    source !== undefined && fieldNameTemplate(value, source) !== undefined;
  const clauseOf = (index: number) =>
    text
      .slice(0, index)
      .split(/[.;!?\n]/)
      .at(-1) ?? '';
  // Quoted after the field's one-word name: the subject "Weekly numbers".
  for (const m of text.matchAll(QUOTED_AFTER_NAME)) {
    const value = m[2] ?? m[3] ?? '';
    if (/[<{]/.test(value) || isTemplate(value) || CONDITION.test(clauseOf(m.index))) continue;
    const target = fieldNamed(
      texts.filter((t) => !t.schema.enum),
      m[1] ?? '',
    );
    if (target && !out.some((o) => o.target === target)) out.push({ target, value });
  }
  // Set with "=" or ":", or after a name of two or three words, quoted or not: `Lead_Source =
  // Partner`, `lead source Referral`. Unquoted, only for a field the records do not have
  // ("status Open" is more likely a condition on them).
  for (const m of text.matchAll(VALUE_AFTER)) {
    const quoted = m[2] ?? m[3];
    const run = (quoted ?? m[4] ?? '').replace(/[.]+$/, '');
    const assigned = /[=:→>]|set to/.test(m[1] ?? '');
    const before = text.slice(Math.max(0, m.index - 60), m.index);
    if (CONDITION.test(clauseOf(m.index))) continue;
    // An unquoted run may begin with the field's own capitalised words ("Lead Source Referral").
    const runWords = quoted === undefined ? run.split(' ') : [run];
    for (let split = 0; split < runWords.length; split += 1) {
      const value = runWords.slice(split).join(' ');
      const lead = split === 0 ? before : `${before}${m[1]}${runWords.slice(0, split).join(' ')}`;
      const words = (/((?:[A-Za-z][\w-]*[ ]){0,2}[A-Za-z][\w-]*)$/.exec(lead)?.[1] ?? '').split(
        ' ',
      );
      const found = lastWordsNaming(words, split === 0 && assigned ? 1 : 2, texts);
      if (!found || /[<{]/.test(value) || isTemplate(value)) continue;
      if (out.some((o) => o.target === found.target)) continue;
      if (quoted === undefined && sourceNames.has(normalise(found.name))) continue;
      // "city → City": a field of the destination named after the arrow is a mapping, not a value.
      if (quoted === undefined && texts.some((t) => normalise(t.path) === normalise(value)))
        continue;
      const allowed = found.target.schema.enum?.map(String);
      if (allowed && !allowed.includes(value)) continue;
      out.push({ target: found.target, value });
      break;
    }
  }
  // "priority high", "type: incident": a member of the field's enum right after its name, as
  // written in lower case. Only for a field the records do not have, as above.
  for (const target of targets) {
    const allowed = target.schema.enum?.map(String) ?? [];
    const leaf = target.path.split('.').at(-1) ?? '';
    if (
      target.schema.type !== 'string' ||
      allowed.length === 0 ||
      out.some((o) => o.target === target)
    )
      continue;
    if (sourceNames.has(normalise(leaf))) continue;
    const name = escapeRegExp(leaf).replace(/_/g, '[ _]');
    const pattern = new RegExp(
      String.raw`\b${name}(?:\s*[=:]\s*|\s+(?:is\s+|of\s+)?)["“']?(${allowed.map(escapeRegExp).join('|')})["”']?(?![\w-])`,
      'gi',
    );
    for (const m of text.matchAll(pattern)) {
      // "labelled priority: high" chooses records by a label, whatever the field's name.
      const clause = clauseOf(m.index);
      if (CONDITION.test(clause) || /\b(?:label(?:l?ed)?|tag(?:ged)?|marked)\s*$/i.test(clause))
        continue;
      const value = allowed.find((v) => v.toLowerCase() === (m[1] ?? '').toLowerCase());
      if (value) out.push({ target, value });
      break;
    }
  }
  return out;
}

/** The destination field the last one to three of `words` name, longest first. */
function lastWordsNaming(
  words: string[],
  fewest: number,
  targets: readonly FieldLeaf[],
): { target: FieldLeaf; name: string } | undefined {
  for (let count = Math.min(3, words.length); count >= fewest; count -= 1) {
    const name = words.slice(-count).join('');
    const target = fieldNamed(targets, name);
    if (target) return { target, name };
  }
  return undefined;
}

/** A verb that gives records a tag or label, as opposed to choosing records by one. */
const GIVES =
  /\b(?:give|giving|add|adding|apply|applying|attach|attaching|assign|assigning|put|putting|set|setting|tag|tagging|label|labelling|labeling|mark|marking)\b/i;
const TAG_QUOTED = new RegExp(
  String.raw`\b(?:tag|label)s?(?:\s+(?:called|named))?\s*:?\s*(?:${QUOTED})((?:\s*(?:,|and|&)\s*(?:${QUOTED}))*)`,
  'gi',
);
/** "…, tag billing-watch.": one bare tag as an item of a list of settings. */
const TAG_LISTED = /,\s*(?:tag|label)\s*:?\s+([a-z0-9][a-z0-9_-]{1,40})(?=\s*(?:[.;,\n]|$))/gi;

/**
 * A tag or label the prompt gives every record written ('give each of them the tag "vip"',
 * 'add the label "imported"'), for a destination's list of tags. A clause that chooses records
 * by a tag ("not the ones with tag x") gives none. One tag only: several go unread rather than
 * half-written.
 */
export function fixedTag(
  text: string,
  targets: readonly FieldLeaf[],
): { target: FieldLeaf; value: string } | undefined {
  const target = targets.find(
    (t) =>
      t.schema.type === 'array' &&
      ['string', 'any', undefined].includes(t.schema.items?.type) &&
      /(?:^|\.)(?:tags|labels|tag_names|label_names)$/i.test(t.path),
  );
  if (!target) return undefined;
  for (const m of text.matchAll(TAG_QUOTED)) {
    const clause =
      text
        .slice(0, m.index)
        .split(/[.;!?\n,]/)
        .at(-1) ?? '';
    // "tickets with tag x" chooses records, whatever verb the clause has.
    if (/\bwith\s+(?:the\s+|a\s+)?$/i.test(clause)) continue;
    if (CONDITION.test(clause) || !GIVES.test(clause) || m[3]) continue;
    const value = m[1] ?? m[2];
    if (value) return { target, value };
  }
  // Written unquoted after other settings ("Priority high, tag billing-watch"): a setting too.
  for (const m of text.matchAll(TAG_LISTED)) {
    const clause =
      text
        .slice(0, m.index)
        .split(/[.;!?\n]/)
        .at(-1) ?? '';
    const value = m[1] ?? '';
    // "…, tag them": a word that points at the records is no tag.
    if (/^(?:them|it|this|that|these|those|each|all|every|one|ones|accordingly)$/i.test(value))
      continue;
    if (!CONDITION.test(clause) && !/\bwith\b/i.test(clause)) return { target, value };
  }
  return undefined;
}
