// "city and country into Town and Nation", "a, b and c → X, Y and Z": two lists joined by one
// operator pair up in order. Read clause by clause, "and" would split them into wrong pairs
// ("b in X").

/** A joining word, an operator or a verb of moving: never part of a field's name. */
const NOT_A_NAME = String.raw`(?:and|in|into|to|as|then|with|go|goes|land|should|will|respectively)\b`;
/** One to three words. */
const WORD = String.raw`(?<![\w'’."”-])(?!${NOT_A_NAME})["“]?[A-Za-z][\w'’."”-]*`;
const ITEM = String.raw`${WORD}(?:\s+${WORD}){0,2}`;
const LIST = String.raw`${ITEM}(?:\s*,\s*${ITEM})*\s*,?\s+and\s+${ITEM}`;
const RESPECTIVE = new RegExp(
  String.raw`(${LIST})(?:\s+(?:should\s+|will\s+)?(?:go|goes|land))?\s+(in|into|to|as|→|->)\s+(?:the\s+)?(${LIST})`,
  'gi',
);

/** A name written as a field's: capitals only, an underscore or dot, or camelCase. */
const FIELD_NAME = /^(?:[A-Z][A-Z0-9_]+|\S*[_.]\S*|[a-z]+[A-Z]\w*)$/;

/** Words a list's first item may carry that belong to the sentence, not to the field. */
const LEAD = /^(?:(?:with|put|map|copy|send|write|the|their|its|both)\s+)+/i;

function items(list: string): string[] {
  return list
    .split(/\s*,\s*|\s+and\s+/i)
    .map((item) =>
      item
        .replace(LEAD, '')
        .replace(/[.!?]+$/, '')
        .trim(),
    )
    .filter(Boolean);
}

export interface RespectivePair {
  fromWords: string;
  to: string;
  /** The whole phrase, for the plan's summary and to leave out of the clause-by-clause read. */
  phrase: string;
  arrow: boolean;
}

/**
 * The pairs of each "<fields> <operator> <fields>" where the right list is as long as the left
 * one's end (the left list may start with the sentence's own words). `isField` keeps a list only
 * when every left item is a field of the records.
 */
export function respectivePairs(
  text: string,
  isField: (words: string) => boolean,
): RespectivePair[] {
  const out: RespectivePair[] = [];
  for (const m of text.matchAll(RESPECTIVE)) {
    const [phrase, left = '', operator = '', right = ''] = m;
    const to = items(right).map((name) => name.replace(/^["'“‘`](.*)["'”’`]$/, '$1'));
    const from = items(left).slice(-to.length);
    if (from.length !== to.length || to.length < 2 || !from.every(isField)) continue;
    // "name and email to HubSpot and mark them": without "respectively" or an arrow, the right
    // side must be written as field names (FNAME, last_name, postalCode).
    const said =
      /→|->/.test(operator) || /^\s*,?\s*respectively\b/i.test(text.slice(m.index + phrase.length));
    if (!said && !to.every((name) => FIELD_NAME.test(name))) continue;
    from.forEach((fromWords, i) =>
      out.push({ fromWords, to: to[i] ?? '', phrase, arrow: /→|->/.test(operator) }),
    );
  }
  return out;
}
