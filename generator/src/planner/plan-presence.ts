import type { TResource } from '@patchbay/schema';
import { leaves, normalise } from './field-match.ts';
import { PEOPLE_NOUN } from './addressed-values.ts';
import { stateMatch } from './state-words.ts';
import type { FilterPlan } from './plan-types.ts';
import { resourceNames } from './resource-words.ts';
import { placeholderField } from './placeholders.ts';
import { escapeRegExp } from './text.ts';

/** What a sentence does with the records it describes: leaves them out. */
/** Words that set records apart: they leave them out, unless the sentence adds them back. */
export const SET_APART = String.raw`other\s+than|apart\s+from|aside\s+from`;

export const DROPS = new RegExp(
  String.raw`\b(skip\w*|ignor\w*|leav\w* (?:\w+ )?out|exclud\w*|drop\w*|omit\w*|useless|no use|not (?:needed|useful|wanted)|no need for|${SET_APART}|(?:don['’]?t|do not|never) (?:want|need|copy|send|post|sync|add|import|include|create|bother)|filter\w* out|remove)\b`,
);

/**
 * "leads with no phone number are no use, drop them", "ignore any that have no due date",
 * "leads with an email address": whether a field has a value at all. Absence in a sentence that
 * leaves the records out keeps those that have it; presence keeps those that have it unless the
 * sentence leaves them out.
 */
export function planPresenceFilters(
  lower: string,
  resource: TResource,
  add: (filter: FilterPlan) => void,
) {
  const nouns = resourceNames(resource).map(escapeRegExp).join('|');
  const presence = new RegExp(
    `\\b(without|with no|missing|lacking|(?:that|which|who)\\s+(?:have|has|had)\\s+(?:no|an?|a valid|any)|(?:has|have|having)\\s+no|(?:${nouns})s?\\s+with\\s+(?:an?|a valid))\\s+(?:an?\\s+|any\\s+|the\\s+|their\\s+|its\\s+)?((?:empty|blank)\\s+)?([a-z]+(?:\\s+(?:address|number|name|id|date|url))?)\\b`,
    'g',
  );
  // Whose field it is: the records' own noun or a word for them just before ("customers without
  // an email", "ignore any that have no phone"); "post each issue to Slack without the body" is
  // about the message, not which issues.
  const owner = new RegExp(
    `\\b(?:${nouns}|those|ones|any|anything|everything|records|items|entries|them|${PEOPLE_NOUN})s?\\b(?![^]*\\b(?:to|into|onto|as)\\b)[^]*$`,
  );
  for (const m of lower.matchAll(presence)) {
    // "members who joined in spring and who have a phone": the noun may sit a
    // clause back.
    const lead =
      lower
        .slice(Math.max(0, m.index - 120), m.index)
        .split(/[,;.!?]/)
        .at(-1) ?? '';
    if (
      /^(?:without|with no|missing|lacking|has|have|having|that|which|who)/.test(m[1] ?? '') &&
      !owner.test(lead)
    )
      continue;
    // A top-level field of that name, an object or a list too ("without a milestone", "with no
    // assignees"), else a scalar field the words name.
    const wanted = normalise((m[3] ?? '').replace(/^(?:an?|the)\s+/, ''));
    const field =
      leaves(resource.schema, 0).find(
        (l) => normalise(l.path) === wanted || normalise(l.path) === `${wanted}s`,
      ) ?? placeholderField(m[3] ?? '', resource);
    if (!field || field.depth > 1) continue;
    // "without closed ones" names a state, which the negations below read.
    if (stateMatch(leaves(resource.schema, 1), m[3] ?? '', true)?.value !== undefined) continue;
    // From the clause's start to the sentence's end: "… are no use, drop them". A drop
    // verb before the phrase, or one aimed back at these records after it, leaves them out;
    // "…, skipping duplicates" is about something else.
    const start = Math.max(
      ...['.', ';', '!', '?', ',', '\n', '('].map((c) => lower.lastIndexOf(c, m.index)),
    );
    const end = lower.slice(m.index).search(/[.;!?\n()]/);
    const clause = lower.slice(start + 1, end === -1 ? undefined : m.index + end).trim();
    const after = lower.slice(m.index + m[0].length, end === -1 ? undefined : m.index + end);
    // "with an empty body" says it has none.
    const absent = /^(without|with no|missing|lacking)|\bno$/.test(m[1] ?? '') || Boolean(m[2]);
    const dropped =
      DROPS.test(lower.slice(start + 1, m.index)) ||
      // "bills with no due date are not late", where "late" is what the prompt asked for
      // before: the sentence says they are not wanted.
      notWhatWasAsked(lower, m.index, after) ||
      DROPPED_AFTER.test(after) ||
      /\b(?:useless|no use|not (?:needed|useful|wanted)|(?:do not|don['’]?t|does not|doesn['’]?t) (?:need|want)|(?:skip\w*|ignor\w*|drop\w*|exclud\w*|omit\w*|leav\w*(?: \w+)? out|remove)\s+(?:those|them|these|it|such ones|any such|him|her|him or her|that one|this one))\b/.test(
        after,
      );
    // "if a lead has no phone, use the mobile": what to do with such records, not which to keep.
    if (!dropped && /^(?:if|when|whenever|in case)\b/.test(clause) && /^\s*,\s*\w/.test(after))
      continue;
    add({
      field: field.path,
      op: absent === dropped ? 'truthy' : 'falsy',
      phrase: dropped ? clause : m[0],
    });
  }
}

/**
 * Said after the records' description, in its sentence: they are not wanted ("… are out of
 * scope", "… are ignored", "… stay out").
 */
export const DROPPED_AFTER =
  /^([^.;!?\n]*?)(?::\s*(?:please\s+)?(?:ignore|skip|exclude|drop|leave\s+out)(?:\s+(?:them|those|these|it))?(?=\s*(?:[.;!]|$))|\b(?:(?:are|is|get|gets|be)\s+(?:out\s+of\s+scope|excluded|not\s+(?:wanted|needed|included|in\s+scope|ready(?:\s+yet)?)|ignored|skipped|dropped|left\s+(?:out|alone)|passed\s+over)|(?:aren|isn)['’]?t\s+(?:wanted|needed|included|in\s+scope|ready(?:\s+yet)?)|(?:should|must|shall|will|wo|may|ca|do|does)(?:\s+not|n['’]?t)\s+(?:be\s+(?:on|in|there|included|copied|synced|sent|added|posted|listed|shown|created)|go|come|appear|show(?:\s+up)?|end\s+up|get\s+(?:in|through|copied|synced|sent))|(?:never|cannot)\s+(?:go|get|come|end\s+up|be\s+(?:on|in|there|included|copied|synced|sent|added|posted))|(?:stay|stays|kept|left)\s+out|(?:do|does)\s+not\s+(?:count|belong)|don['’]?t\s+(?:count|belong)|(?:please\s+)?ignore\s+(?:them|those|these)(?=\s*(?:[.;!]|$))|(?:we|you|i)\s+(?:can|may|should|will)\s+(?:skip|ignore|drop|leave\s+out)(?:\s+(?:them|those|these))?(?=\s*(?:[.;!)]|$))|(?:we|i)\s+(?:don['’]?t|do\s+not)\s+need(?:\s+(?:them|those|these))?(?=\s*(?:[.;!]|$)))\b)/i;

/**
 * DROPPED_AFTER said right after the records, with no clause between: "… tagged spam, please
 * ignore them", not "…, and if the value is missing please ignore them" nor "… to the sheet,
 * the drafts should not go", whose closing words are about something else.
 */
export function droppedRightAfter(rest: string): boolean {
  const m = DROPPED_AFTER.exec(rest);
  const between = m?.[1];
  if (between === undefined) return false;
  return (
    !/[(]|\b(?:and|if|when|but|so|because|or|to|into|in|on)\b/i.test(between) &&
    between.split(/,/).length <= 2 &&
    between.trim().split(/\s+/).length <= 4
  );
}

/**
 * Whether the sentence, up to `index`, leaves out what follows: "Skip customers in state
 * closed", "leave out the drafts, and also any whose kind is x". Words that turn it back
 * ("skip all but …", "except") keep what follows instead.
 */
export function droppedBySentence(lower: string, index: number): boolean {
  if (index < 0) return false;
  const start = Math.max(...['.', ';', '!', '?', '\n'].map((c) => lower.lastIndexOf(c, index - 1)));
  const lead = lower.slice(start + 1, index);
  const drop = DROPS.exec(lead);
  return drop !== null && !/\b(?:only|keep\w*|but|except|unless)\b/.test(lead.slice(drop.index));
}

/**
 * Words right before a state that leave its records out, with at most two words between
 * ("no need for closed issues", "skip any archived boards"); a comma or "and" between means the
 * words are about something else ("ignore spam, send closed issues").
 */
export function droppedRightBefore(lower: string, index: number): boolean {
  if (index < 0) return false;
  const start = Math.max(...['.', ';', '!', '?', '\n'].map((c) => lower.lastIndexOf(c, index - 1)));
  const lead = lower.slice(start + 1, index);
  const drop = [...lead.matchAll(new RegExp(DROPS.source, 'g'))].at(-1);
  if (!drop) return false;
  const between = lead.slice(drop.index + drop[0].length).trim();
  // "no need for labels on closed issues": what is not needed is something on those records.
  if (/[,(]|\b(?:and|but|then|only|except|keep|on|for|in|of|to|with)\b/.test(between)) return false;
  return between.split(/\s+/).length <= 2 && !addsToTheRest(lower, index);
}

/**
 * "Apart from open issues, also send the closed ones", "other than urgent tickets, everything
 * goes to #support": the sentence adds to, or routes, the records it sets apart.
 */
function addsToTheRest(lower: string, index: number): boolean {
  const start = Math.max(...['.', ';', '!', '?', '\n'].map((c) => lower.lastIndexOf(c, index - 1)));
  const end = /[.;!?\n]/.exec(lower.slice(index));
  const sentence = lower.slice(start + 1, end ? index + end.index : lower.length);
  return /\b(?:also|too|as well|in addition|everything|the rest|go(?:es)? to)\b/.test(sentence);
}

/**
 * "… are not late" after the records' condition, where the word after "not" is one the
 * prompt used before this sentence to say which records it wants. "… are not reachable by SMS"
 * says something else about them.
 */
function notWhatWasAsked(lower: string, index: number, after: string): boolean {
  const m = /^\s*(?:(?:are|is)\s+not|aren['’]?t|isn['’]?t)\s+([a-z-]{3,})/.exec(after);
  if (!m?.[1]) return false;
  const sentence = Math.max(...['.', ';', '!', '?', '\n'].map((c) => lower.lastIndexOf(c, index)));
  return new RegExp(`\\b${m[1]}\\b`).test(lower.slice(0, Math.max(0, sentence)));
}

/** Words that set records apart ("apart from open issues") in a sentence that adds them back. */
export function setApartButAdded(words: string, lower: string, index: number): boolean {
  return new RegExp(String.raw`\b(?:${SET_APART})\b`).test(words) && addsToTheRest(lower, index);
}
