import { quotedColumnMappings } from './named-columns.ts';
import type { TResource } from '@patchbay/schema';
import { conceptOf, type FieldLeaf, leaves, normalise } from './field-match.ts';
import { propertyPath } from './open-properties.ts';
import { respectivePairs } from './respective-pairs.ts';
import { resourceNames, singular } from './resource-words.ts';
import { namedTimeField } from './plan-periods.ts';
import { IN_TIME_UNIT } from './duration-units.ts';
import { linkField } from './placeholders.ts';

// Mappings the prompt states in words, each side possibly several words: "Name = invoice
// number" (destination = source), "customer email → Email", "amount due into Amount",
// "number as Title". A pair counts only when its source side is a field of the records, found
// by its words (the resource's own noun dropped: "invoice number" is an invoice's `number`).

export function statedMappings(
  text: string,
  resource: TResource,
  sourceApiName = '',
  /** The destination's field paths: a spec line "field: words" counts only for these. */
  destinationFields: readonly string[] = [],
  /** The destination's columns are the user's own: a quoted column name is the place. */
  userColumns = false,
): Array<{ from: string; to: string; phrase: string; fromWords: string; format?: 'date' }> {
  return readStatedMappings(text, resource, sourceApiName, destinationFields, userColumns).flatMap(
    ({ from, to, phrase, fromWords, format }) =>
      from ? [{ from, to, phrase, fromWords, ...(format ? { format } : {}) }] : [],
  );
}

/**
 * "Owner = requester email" where the source records have no such field: a requirement the
 * prompt states that no field can meet, named so the user sees it instead of a silent gap.
 */
export function ungroundedMappings(
  text: string,
  resource: TResource,
  sourceApiName = '',
): Array<{ to: string; fromWords: string; phrase: string }> {
  // Only explicit arrows and equals signs: "post issues in Slack" is no mapping to report.
  return readStatedMappings(text, resource, sourceApiName).flatMap(
    ({ from, to, fromWords, phrase, explicit }) =>
      from || !explicit ? [] : [{ to, fromWords, phrase }],
  );
}

function readStatedMappings(
  text: string,
  resource: TResource,
  sourceApiName: string,
  destinationFields: readonly string[] = [],
  userColumns = false,
): Array<{
  from: string | undefined;
  to: string;
  fromWords: string;
  phrase: string;
  explicit: boolean;
  /** "(only the date)": the value is written as a date. */
  format?: 'date';
}> {
  const sourceLeaves = leaves(resource.schema).filter((l) => l.schema.type !== 'object');
  // "the Zendesk ticket's subject", "the same created_at": the API, the record's noun, a
  // possessive and "same" say whose field it is, not which.
  const nouns = new Set([
    ...resourceNames(resource).flatMap((n) => n.split(/\s+/)),
    ...sourceApiName.toLowerCase().split(/[^a-z0-9]+/),
    'same',
    'its',
    'their',
  ]);
  const field = (words: string): string | undefined => {
    // A field written as its name is that field ("customer_email", not "customer.email").
    const exact = sourceLeaves.find((l) => l.path === words.trim());
    if (exact) return exact.path;
    const all = normalise(words);
    const kept = normalise(
      words
        .replace(/['’]s\b/g, '')
        .split(/\s+/)
        .filter((w) => !nouns.has(w.toLowerCase()) && !nouns.has(singular(w.toLowerCase())))
        .join(''),
    );
    const leafOf = (l: FieldLeaf) => normalise(l.path.split('.').at(-1) ?? '');
    for (const wanted of [all, kept].filter(Boolean)) {
      const found =
        sourceLeaves.find((l) => normalise(l.path) === wanted) ??
        sourceLeaves.find((l) => leafOf(l) === wanted);
      if (found) return found.path;
    }
    // "company name" is the `company` concept.
    const concept = conceptOf(words.replace(/\s+/g, '_')) ?? conceptOf(kept);
    if (concept) return sourceLeaves.find((l) => conceptOf(l.path) === concept)?.path;
    // "the link to the task": the record's web address, whatever the other words say.
    const link = linkField(words.toLowerCase().split(/[^a-z]+/), sourceLeaves);
    if (link) return link.path;
    // "the day the entry started", "the time it was closed": the moment the verb names.
    const moment = /^(?:the\s+)?(?:day|date|time|moment)\s+(?:when\s+|that\s+)?(.+)$/i.exec(
      words.trim(),
    );
    return moment?.[1] ? namedTimeField(moment[1], resource)?.path : undefined;
  };
  const target = (words: string) => destinationField(words, destinationFields);
  const out: ReturnType<typeof readStatedMappings> = [];
  const side = "[A-Za-z][\\w'’. -]{0,60}?";
  const pair = new RegExp(
    `^\\s*(?:map\\s+|put\\s+|with\\s+)?(?:the\\s+)?(${side})\\s*(=|:=|→|->|=>|\\binto\\b|\\bas\\b|\\bgoes to\\b|\\bin\\b|\\bis\\b)\\s*(?:the\\s+)?(${side})\\s*(?:column|property|field)?\\s*$`,
    'i',
  );
  let rest = text;
  for (const column of userColumns ? quotedColumnMappings(text) : []) {
    out.push({ from: field(column.fromWords), ...column, explicit: true });
    rest = rest.replace(column.phrase, ';');
  }
  for (const labelled of labelledLines(text, destinationFields, field)) {
    out.push(labelled);
    rest = rest.replace(labelled.phrase, ';');
  }
  for (const pair of respectivePairs(text, (words) => field(words) !== undefined)) {
    out.push({
      from: field(pair.fromWords),
      to: pair.to,
      fromWords: pair.fromWords,
      phrase: pair.phrase,
      explicit: pair.arrow,
    });
    rest = rest.replace(pair.phrase, ';');
  }
  for (const piece of rest.split(/[,;:\n]|\band\b|\.\s/)) {
    // "Due -> Due date (only the date, …)": the bracket qualifies the pair and is cut off; it may
    // say the value is a day.
    const bracket = /\s*\(([^)]*)\)?\s*$/.exec(piece);
    const segment = bracket ? piece.slice(0, bracket.index) : piece;
    const qualifier = bracket
      ? (/^[^)]*/.exec(text.slice(text.indexOf(piece) + bracket.index))?.[0] ?? '')
      : '';
    const asDay =
      /\b(?:just the (?:day|date)|date only|only the date|YYYY-MM-DD)\b/i.test(qualifier) ||
      /(?:=|\bis)\s+(?:the\s+)?(?:day|date)\s+(?:when\s+|that\s+)?\w/i.test(piece);
    // "open a ticket with the failure message as the subject": the pair after "with".
    const withAt = segment.toLowerCase().lastIndexOf(' with ');
    const m = (withAt >= 0 ? pair.exec(segment.slice(withAt + 1)) : null) ?? pair.exec(segment);
    if (!m) continue;
    const [, left = '', operator = '', right = ''] = m;
    // "the date is the day it started": only a destination field on the left and a field of
    // the records on the right make "is" a mapping; else it is a condition or a remark.
    const is = operator.toLowerCase() === 'is';
    if (is && !(target(left) && field(right))) continue;
    const assignment = /^(=|:=)$/.test(operator) || is;
    const [named, fromWords] = assignment
      ? [left.trim(), right.trim()]
      : [right.trim(), left.trim()];
    // "in a custom field named ref_no": the name after "called" or "named" is the field.
    const to = named
      // A sentence's full stop is not part of the field's name ("… into the description.").
      .replace(/[.!?]+$/, '')
      .replace(/^(?:a|an|the)\s+/i, '')
      .replace(
        /^(?:new\s+)?(?:custom\s+)?(?:property|field|column|attribute)\s+(?:called|named)\s+/i,
        '',
      )
      .replace(/^["'“‘`](.*)["'”’`]$/, '$1');
    // "email as the unique key", "that text as a template": what the value is for, no field.
    if (!to || !fromWords || /\b(?:key|identifier|template|example|format)\b/i.test(to)) continue;
    // "the amount in dollars", "the start in UTC": a unit or format the value is given in, not
    // where it goes, unless the destination has that field and the words put something in it.
    if (
      operator.toLowerCase() === 'in' &&
      UNIT_OR_FORMAT.test(to) &&
      !(
        destinationFields.some(
          (path) => normalise(path.split('.').at(-1) ?? '') === normalise(to),
        ) && /^\s*(?:put|write|store|save|place|keep|record)\b/i.test(segment)
      )
    )
      continue;
    const explicit = /^(=|:=|→|->|=>)$/.test(operator);
    // "Close date -> Closed On" from a Notion page: one of the database's own properties.
    const property =
      explicit && /^[A-Za-z][A-Za-z ]{0,39}$/.test(to)
        ? propertyPath(resource, fromWords, text)
        : undefined;
    // "the duration in hours": the field, in a unit the rule converts to (duration-units.ts).
    const inUnit = fromWords.replace(new RegExp(String.raw`\s+${IN_TIME_UNIT}.*$`, 'i'), '');
    out.push({
      from: field(fromWords) ?? property ?? (inUnit !== fromWords ? field(inUnit) : undefined),
      to: target(to) ?? to,
      fromWords,
      phrase: segment.trim(),
      explicit,
      ...(asDay ? { format: 'date' as const } : {}),
    });
  }
  return out;
}

/** Units and formats a value is written in: currencies, spans of time, time zones, cases. */
const UNIT_OR_FORMAT = new RegExp(
  `^(?:(?:whole|full|us|u\\.s\\.|canadian|australian|iso)\\s+)*(?:${[
    'dollars?|euros?|pounds?|yen|francs?|cents?|pence|bucks|usd|eur|gbp|jpy|chf|cad|aud',
    '(?:milli)?seconds?|ms|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?',
    'utc|gmt|cet|cest|est|edt|pst|pdt|(?:local|unix|epoch) ?time|time ?zones?|8601|timestamps?',
    '(?:lower|upper|title|sentence|camel|snake|kebab) ?case|capitals|caps|plain ?text|markdown',
    'percent(?:ages?)?|kilograms?|kg|grams?|lbs?|kilometers?|km|miles?|bytes|kb|mb|gb',
  ].join('|')})$`,
  'i',
);

/** Words after which the rest of a spec line's right side qualifies the value. */
const QUALIFIER =
  /\s+(?:as|in|from|with|converted|turned|formatted|rounded|but|or|if|when|unless)\b|\s*[(,;]/gi;

/**
 * Spec lines that name a destination field and then what fills it: "- notes: ticket subject",
 * "due_on: due date as YYYY-MM-DD". Only a left side that is one of the destination's own field
 * names counts ("Source: our CRM" maps nothing); the right side is cut at its qualifiers ("as
 * …", "in …", a bracket) until what is left names a source field. Quoted values and templates
 * are read elsewhere.
 */
function labelledLines(
  text: string,
  destinationFields: readonly string[],
  field: (words: string) => string | undefined,
): Array<{ from: string; to: string; fromWords: string; phrase: string; explicit: boolean }> {
  if (destinationFields.length === 0) return [];
  const named = (words: string) => exactDestinationField(normalise(words), destinationFields);
  const out: ReturnType<typeof labelledLines> = [];
  // Items may share a line, each its own sentence or clause: "title: subject. notes: body".
  const items = text
    .split('\n')
    .flatMap((line) => line.split(/(?<=[.;])\s+(?=[A-Za-z_][\w.]*\s*:)/));
  for (const line of items) {
    const m = /^\s*(?:[-*•·]|\d+[.)])?\s*([A-Za-z_][\w.]*)\s*:\s*(\S.*?)\s*$/.exec(line);
    const to = m?.[1] ? named(m[1]) : undefined;
    // The item ends with its sentence: "closedate: created. Drafts are skipped."
    const right = (m?.[2] ?? '').split(/[.;]\s/)[0] ?? '';
    if (!m || !to || /^["'“‘`]|[<{]/.test(right)) continue;
    const cuts = [...right.matchAll(QUALIFIER)].map((q) => q.index);
    for (const end of [right.length, ...cuts]) {
      const words = right.slice(0, end).replace(/[.;]$/, '').trim();
      const from = words ? field(words) : undefined;
      if (!from) continue;
      out.push({ from, to, fromWords: words, phrase: line.trim(), explicit: false });
      break;
    }
  }
  return out;
}

/**
 * The destination field words name: its path or name, else the one field whose name ends in
 * those words ("date" is Harvest's `spent_date`, "hours" its `hours`). Several such fields name
 * none, so the words stay as written.
 */
function destinationField(words: string, destinationFields: readonly string[]): string | undefined {
  const plain = words.replace(/^(?:a|an|the)\s+/i, '').trim();
  const wanted = normalise(plain);
  if (!wanted) return undefined;
  // "the event description": the record's noun first, then its field.
  const [, rest] = /^\S+\s+(\S+)$/.exec(plain) ?? [];
  const exact = exactDestinationField(wanted, destinationFields);
  if (rest && !exact) {
    const named = destinationField(rest, destinationFields);
    if (named) return named;
  }
  if (exact) return exact;
  const ending = destinationFields.filter((path) => {
    const name = (path.split('.').at(-1) ?? '').replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
    const parts = name.split(/[_\s-]+/);
    return parts.length > 1 && normalise(parts.at(-1) ?? '') === wanted;
  });
  return ending.length === 1 ? ending[0] : undefined;
}

/** The destination field whose path or own name is the words (normalised), if one is. */
function exactDestinationField(
  wanted: string,
  destinationFields: readonly string[],
): string | undefined {
  return (
    destinationFields.find((path) => normalise(path) === wanted) ??
    destinationFields.find((path) => normalise(path.split('.').at(-1) ?? '') === wanted)
  );
}
