import type { TOperation } from '@patchbay/schema';
import type { FilterPlan } from './plan-types.ts';
import { escapeRegExp, LEAVES_OUT, sentenceAt } from './text.ts';

// Lists that return records of another kind among their own (GitHub's issues hold its pull
// requests): those are left out unless the prompt asks for them too.

const ASKS_TOO = /\b(?:and|includ\w*|with|as well|too|also|plus|both)\b/i;

/** The filter that leaves the other kind out, and whether the prompt said so itself. */
export function mixedRecordFilter(
  text: string,
  operation: TOperation,
): { filter: FilterPlan; said: boolean } | undefined {
  const mixes = operation.mixes;
  if (!mixes) return undefined;
  const initials = mixes.resource
    .split(/\s+/)
    .map((w) => w[0])
    .join('');
  const nouns = [mixes.resource, ...(initials.length > 1 ? [initials] : [])].map(escapeRegExp);
  const mention = new RegExp(`\\b(?:${nouns.join('|')})s?\\b`, 'gi');
  for (const m of text.matchAll(mention)) {
    const sentence = sentenceAt(text, m.index);
    if (LEAVES_OUT.test(sentence))
      return { filter: { field: mixes.field, op: 'falsy', phrase: sentence }, said: true };
    if (ASKS_TOO.test(sentence)) return undefined;
  }
  return {
    filter: { field: mixes.field, op: 'falsy', phrase: `no ${mixes.resource}s` },
    said: false,
  };
}
