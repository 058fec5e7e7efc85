import type { TResource } from '@patchbay/schema';
import { leaves, normalise } from './field-match.ts';
import { singular } from './resource-words.ts';

// "If nothing turns up, still post "All quiet this week"": what a digest says on a run with no
// records to list. Without it a run that finds nothing sends nothing, which the reader of the
// channel cannot tell from a run that never happened.

const QUOTED = String.raw`["“'\`]([^"”'\`\n]{1,300})["”'\`]`;
/**
 * "if there are none", "when nothing matches", "nothing found", "if the list is empty". A plural
 * after "no" ("no overdue invoices") means records; "if no email, …" is about one field's value.
 */
const NOTHING = String.raw`(?:(?:if|when|whenever|on\s+(?:a\s+)?(?:day|week|run)s?\s+(?:when|where))\s+(?:there\s+(?:is|are|was|were)\s+)?(?:none|nothing|no\s+(?:[a-z-]+\s+){0,3}[a-z-]+s\b)(?:\s+[a-z-]+){0,6}?|(?:if|when)\s+(?:the\s+)?(?:list|report|digest|result|results)\s+(?:is|are|comes?\s+back)\s+empty|(?:nothing|none)\s+(?:found|matches|matched|to\s+report|came\s+in|turns\s+up))`;
/** "still post", "send a message saying", "just write". */
const SAY = String.raw`(?:still\s+|just\s+|then\s+|instead\s+)?(?:post|send|write|say|put|reply|email|message|notify)(?:\s+(?:it|one|them|us|the\s+channel))?(?:\s+(?:a|the|one)\s+(?:message|line|note|email|e-mail|text|post|reply))?(?:\s+(?:saying|that\s+says|reading|with(?:\s+the\s+(?:text|words?))?|of))?\s*:?\s*`;

const EMPTY_FIRST = new RegExp(
  String.raw`\b${NOTHING}\s*(?:,|:|->|→|=>|-|–|then)?\s*${SAY}${QUOTED}`,
  'i',
);
const EMPTY_LAST = new RegExp(String.raw`\b${SAY}${QUOTED}\s*,?\s*${NOTHING}`, 'i');

export interface EmptyDigest {
  /** The text to send when the run has nothing to list. */
  text: string;
  /** The prompt's words for it. */
  phrase: string;
  index: number;
}

/**
 * The digest's text for a run with nothing to list, if the prompt gives one. "If there are no
 * labels, write …" names a field of the records (`labels`): a fallback for that field, not this.
 */
export function emptyDigestText(prompt: string, records: TResource): EmptyDigest | undefined {
  const first = EMPTY_FIRST.exec(prompt);
  const last = first ? undefined : EMPTY_LAST.exec(prompt);
  const found = first ?? last;
  if (!found) return undefined;
  const noun = /\bno\s+(?:[a-z-]+\s+){0,3}?([a-z-]+s)\b/i.exec(found[0])?.[1];
  const fields = leaves(records.schema, 2).map((l) => normalise(l.path.split('.').at(-1) ?? ''));
  if (noun && [noun, singular(noun)].some((n) => fields.includes(normalise(n)))) return undefined;
  return { text: (found[1] ?? '').trim(), phrase: found[0], index: found.index };
}

/** The prompt with that clause blanked (same length), so its quoted words are no filter. */
export function withoutEmptyDigest(prompt: string, records: TResource): string {
  const found = emptyDigestText(prompt, records);
  if (!found) return prompt;
  const end = found.index + found.phrase.length;
  return prompt.slice(0, found.index) + ' '.repeat(found.phrase.length) + prompt.slice(end);
}
