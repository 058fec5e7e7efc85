import {
  type FieldLeaf,
  fieldNamed,
  leaves,
  normalise,
  ownerField,
  recordWrapper,
} from './field-match.ts';
import type { GroundedPlan, ReadPlan, WritePlan } from './plan-types.ts';
import { recordSchema } from './plan-write.ts';
import { escapeRegExp } from './text.ts';
import { resourceNames } from './resource-words.ts';
import { fieldsLine } from './plan-mapping.ts';
import { meansTheRest, restSaid, rowFields, skipsRecord } from './plan-field-rows.ts';

// A value table ("gold → 3, silver → 2", or one pair a line under "Tier, taken from the
// plan:") translates one source field into one destination field. The words before
// the table name them: the destination field first, the source field after "from"; else the
// source field of the same name, else the one whose allowed values the table's left side lists.
// Rows may instead name several destination fields, or skip the record (plan-field-rows.ts);
// a row for "everything else" says what unlisted values become.

export interface ValuePair {
  from: string;
  to: string;
}

const ARROW = String.raw`(?:→|->|=>|⇒)`;

/**
 * A table written one pair a line ("  Basic plan -> SUB-1"): each side is the whole of its part
 * of the line, so values of several words or with hyphens stay whole. The prompt's arrow pairs are
 * read word by word, which makes "plan → SUB" of that line. Two lines at least, in a row.
 */
export function tableRows(text: string): ValuePair[][] {
  const tables: ValuePair[][] = [];
  let current: ValuePair[] = [];
  const row = new RegExp(String.raw`^[\s\-*•]*([^\n]{1,62}?)\s*${ARROW}\s*([^\n]{1,62}?)[\s.,;]*$`);
  for (const line of text.split('\n')) {
    const inline = inlineRows(line, row);
    if (inline) {
      if (current.length >= 2) tables.push(current);
      tables.push(inline);
      current = [];
      continue;
    }
    const m = row.exec(line);
    const pair =
      m?.[1] && m[2] && !new RegExp(ARROW).test(m[2])
        ? { from: unquoted(m[1].trim()), to: withoutNote(unquoted(m[2].trim())) }
        : undefined;
    if (pair) current.push(pair);
    else {
      if (current.length >= 2) tables.push(current);
      current = [];
    }
  }
  if (current.length >= 2) tables.push(current);
  return tables;
}

/**
 * A table written on one line after a colon, its rows apart by semicolons ("…: open → list 21;
 * closed → list 22"), where commas stay inside a row to part the fields it names; or apart by
 * commas (and a last "and"), when every part holds exactly one arrow ("…: a → 1, b → 2 and
 * anything else → 3").
 */
function inlineRows(line: string, row: RegExp): ValuePair[] | undefined {
  const arrow = line.search(new RegExp(ARROW));
  const colon = line.lastIndexOf(':', arrow);
  if (arrow < 0 || colon < 0) return undefined;
  // The table ends with its sentence.
  const body = line.slice(colon + 1).split(/[.!?]\s+(?=[A-Z])/)[0] ?? '';
  // "Mapping: title -> Name, notes -> Body" maps fields; "Stage conversion: …" is of one field.
  const fieldMapping =
    /(?:^|[.!?]\s+|\b(?:the|a)\s+)(?:field\s+)?(?:mappings?|fields|columns)\s*$/i.test(
      line.slice(0, colon),
    );
  const parts = body.includes(';') ? body.split(';') : fieldMapping ? undefined : commaRows(body);
  if (!parts) return undefined;
  const rows = parts.map((part) => {
    const m = row.exec(part);
    return m?.[1] && m[2] && !new RegExp(ARROW).test(m[2])
      ? { from: unquoted(m[1].trim()), to: withoutNote(unquoted(m[2].trim())) }
      : undefined;
  });
  return rows.length >= 2 && rows.every(Boolean) ? (rows as ValuePair[]) : undefined;
}

/** "a → 1, b → 2 and c → 3" as its rows, when each holds one arrow; a comma inside brackets stays. */
function commaRows(body: string): string[] | undefined {
  const arrows = (part: string) => part.match(new RegExp(ARROW, 'g'))?.length ?? 0;
  const parts = body
    .split(/,(?![^()]*\))/)
    .flatMap((part) => (arrows(part) > 1 ? part.split(/\s+(?:and|or)\s+(?![^()]*\))/) : [part]))
    .map((part) => part.replace(/^\s*(?:and|or)\s+/, ''));
  return parts.length >= 2 && parts.every((part) => arrows(part) === 1) ? parts : undefined;
}

/** A side written in quotes ("Closed - won") without them; an apostrophe inside stays. */
function unquoted(side: string): string {
  const m = /^["“'‘`](.*)["”'’`]$/.exec(side);
  return m?.[1] ?? side;
}

/**
 * A value without a note of several words in brackets after it ("4 (the lowest)" is 4); an id in
 * brackets ("Build (34)") stays.
 */
function withoutNote(value: string): string {
  return value.replace(/(\S)\s+\([^()]*\s[^()]*\)$/, '$1');
}

/**
 * A row that maps fields, not values: its left side names a field of the records read, or its
 * right side one of the record written, with the records' own nouns left out ("Issue title",
 * "card description").
 */
export function namesFields(row: ValuePair, plan: GroundedPlan): boolean {
  const read = plan.source;
  const write = plan.destination;
  if (!read || !write) return false;
  const named = (words: string, fields: FieldLeaf[], nouns: string[]) => {
    const kept = words
      .split(/\s+/)
      .filter((w) => !nouns.includes(w.toLowerCase()) && !nouns.includes(`${w.toLowerCase()}s`))
      .join(' ');
    return [words, kept].some((w) => w !== '' && fieldNamed(fields, w) !== undefined);
  };
  return (
    named(row.from, leaves(read.resource.schema, 2), resourceNames(read.resource)) ||
    named(row.to, leaves(recordSchema(write), 2), resourceNames(write.resource))
  );
}

/**
 * "Zendesk urgent → Urgent, high → High": the source API's name before the first value says
 * whose values the left side holds; it is no part of the value.
 */
function withoutApiName(pairs: ValuePair[], sourceName: string | undefined): ValuePair[] {
  const first = pairs[0] as ValuePair;
  if (!sourceName) return pairs;
  const named = new RegExp(`^${escapeRegExp(sourceName)}(?:['’]s)?\\s+(?=\\S)`, 'i');
  if (!named.test(first.from)) return pairs;
  return [{ ...first, from: first.from.replace(named, '') }, ...pairs.slice(1)];
}

/**
 * "anything else (lower ones, or none set) → Medium": a record without the value takes the rest's
 * value too, as a row of its own, since a table passes an empty value through otherwise.
 */
function withoutEmptyInRest(pairs: ValuePair[]): ValuePair[] {
  const rest = pairs.find((p) => meansTheRest(p.from));
  const bracket = rest ? /\(([^)]*)\)\s*$/.exec(rest.from)?.[1] : undefined;
  if (!rest || !bracket || pairs.some((p) => EMPTY.test(p.from))) return pairs;
  if (!/\b(?:no|none|not\s+set|unset|empty|blank|missing|without)\b/i.test(bracket)) return pairs;
  return [...pairs.filter((p) => p !== rest), { from: 'empty', to: rest.to }, rest];
}

/** Left-hand words that stand for no value at all. */
const EMPTY = /^(?:empty|blank|none|nothing|no value|\(empty\)|-)$/i;

/**
 * Applies the table to the plan: its rows of values as a rule, or as one rule per field its rows
 * name (plan-field-rows.ts); its rows that skip the record as a filter. False when its fields
 * cannot be told.
 */
export function planValueTable(text: string, pairs: ValuePair[], plan: GroundedPlan): boolean {
  const read = plan.source as ReadPlan;
  const write = plan.destination as WritePlan | undefined;
  if (!write || pairs.length < 2) return false;
  pairs = withoutEmptyInRest(withoutApiName(pairs, plan.sourceName));
  const first = pairs[0] as ValuePair;
  const at = new RegExp(
    `${escapeRegExp(first.from)}\\s*${ARROW}\\s*["“']?${escapeRegExp(first.to)}`,
    'i',
  ).exec(text);
  if (!at) return false;
  const lead = leadOf(text, at.index);
  const last = pairs.at(-1) as ValuePair;
  const end = new RegExp(
    `${escapeRegExp(last.from)}\\s*${ARROW}\\s*["“']?${escapeRegExp(last.to)}["”']?[\\s.,;]*`,
    'i',
  ).exec(text.slice(at.index));
  // "Anything else goes to project GEN." after the table: its row for the rest.
  const said = end ? restSaid(text.slice(at.index + end.index + end[0].length)) : undefined;
  if (said && !pairs.some((p) => meansTheRest(p.from))) pairs = [...pairs, said];

  const destination = leaves(recordSchema(write), 2).filter((l) => l.schema.type !== 'object');
  const skipped = pairs.filter((p) => skipsRecord(p.to));
  const rest = pairs.find((p) => meansTheRest(p.from));
  const rows = pairs.filter((p) => p !== rest && !skipped.includes(p));
  const written = rest && !skipped.includes(rest) ? [...rows, rest] : rows;
  const named = written.map((pair) => ({ pair, ...rowFields(pair.to, destination) }));
  const to = destinationField(lead, destination, write);
  // Rows name their fields when one names two ("project FIN, issue type Task"), or when
  // the words before the table name none and every row names its own.
  const byFields =
    named.some((r) => r.cells.length >= 1 && r.cells.length + r.unnamed.length >= 2) ||
    (!to && named.length > 0 && named.every((r) => r.cells.length > 0 && r.unnamed.length === 0));
  if (!byFields && written.length > 0 && !to) return false;

  const source = leaves(read.resource.schema, 3).filter((l) => l.schema.type !== 'object');
  const wrapper = recordWrapper(read.resource);
  const lefts = pairs
    .filter((p) => p !== rest)
    .map((p) => p.from.toLowerCase())
    .filter((v) => !EMPTY.test(v));
  const fromField = sourceField(lead, lefts, source, byFields ? undefined : to?.path, wrapper);
  if (!fromField) return false;
  const left = (p: ValuePair) => (EMPTY.test(p.from) ? '' : p.from);
  const listed = named.filter((r) => r.pair !== rest);

  if (byFields) {
    // One rule a field, each translating the same source field; a row without the field
    // leaves it out rather than writing the source value there.
    const fields = [...new Map(named.flatMap((r) => r.cells).map((c) => [c.field.path, c.field]))];
    for (const [path, leaf] of fields) {
      const valueIn = (r: (typeof named)[number]) =>
        r.cells.find((c) => c.field.path === path)?.value ?? '';
      const restRow = named.find((r) => r.pair === rest);
      setRule(plan, write, {
        to: path,
        from: fromField.path,
        type: leaf.schema.type,
        values: listed.map((r) => ({ from: left(r.pair), to: valueIn(r) })),
        ...(restRow ? { otherwise: valueIn(restRow) } : {}),
        reason: 'the prompt’s value table',
      });
    }
    for (const r of named)
      for (const part of r.unnamed)
        plan.unresolved.push(
          `value table row "${r.pair.from} → ${r.pair.to}": "${part}" names no field of the ${write.resource.name}, so it is not written`,
        );
  } else if (to && written.length > 0) {
    setRule(plan, write, {
      to: to.path,
      from: fromField.path,
      type: to.leaf?.schema.type ?? 'string',
      values: rows.map((p) => ({ from: left(p), to: p.to })),
      ...(rest && !skipped.includes(rest) ? { otherwise: rest.to } : {}),
      reason: 'the prompt’s value table',
    });
  }
  if (skipped.length > 0) skipFilter(plan, fromField.path, skipped, rest, rows.map(left));
  return true;
}

/** The one field a table of plain values fills, from the words before it. */
function destinationField(
  lead: string,
  destination: FieldLeaf[],
  write: WritePlan,
): { path: string; leaf?: FieldLeaf } | undefined {
  const named = (words: string) => fieldNamed(destination, words);
  // The destination field: the lead's first words, up to "comes", "mapped", "from", a colon.
  const head =
    /^[\s\-*•]*(?:(?:[Tt]he|[Ii]ts|[Tt]heir|[Ee]ach|[Ee]very)\s+)?["“]?([A-Za-z][\w .'-]{0,40}?)["”]?\s*(?:,|:|\bcomes?\b|\bis\b|\bmapped\b|\bfrom\b|\bgets?\b|$)/.exec(
      lead,
    );
  // "…, translate them into product types:": the words after the last "to" or "into" name it too.
  const tail = /\b(?:to|into)\s+(?:the\s+|their\s+|its\s+)?([A-Za-z][\w ]{0,40}?)\s*:?\s*$/i.exec(
    lead,
  )?.[1];
  // "Stage conversion:", "Status translation:": the field the table is of.
  const headWords = head?.[1]
    ?.trim()
    .replace(/\s+(?:mapping|map|table|translations?|conversion)$/i, '');
  const leaf =
    (headWords ? named(headWords) : undefined) ??
    (tail ? (named(tail) ?? named(tail.replace(/s$/i, ''))) : undefined) ??
    destination.find((l) => new RegExp(`\\b${escapeRegExp(l.path)}\\b`, 'i').test(lead));
  if (leaf) return { path: leaf.path, leaf };
  const open = write.container?.kind === 'object' ? headWords : undefined;
  return open ? { path: open } : undefined;
}

/**
 * The source field the table translates: the words after "from", else the field of the same
 * name as the one written, else one the words before the table name, else the one whose allowed
 * values the left side lists.
 */
function sourceField(
  lead: string,
  lefts: string[],
  source: FieldLeaf[],
  to: string | undefined,
  wrapper: string | undefined,
): FieldLeaf | undefined {
  // A reference object ("priority": {summary: "P1"}) is translated by what it is called.
  const named = (words: string) => fieldNamed(source, words) ?? ownerField(words, source, wrapper);
  const after =
    /\bfrom\s+(?:the\s+|its\s+|their\s+)?(.{1,60}?)\s*(?:[:(]|$)/i.exec(lead)?.[1] ?? '';
  return (
    after
      .split(/\s+/)
      .map((_, i, words) => words.slice(i).join(' ').replace(/["“”]/g, ''))
      .map((words) => named(words))
      .find(Boolean) ??
    (to ? named(to.split('.').at(-1) ?? to) : undefined) ??
    (to ? undefined : fieldInWords(lead, source)) ??
    source.find((l) => {
      const allowed = (l.schema.enum ?? []).map((v) => String(v).toLowerCase());
      return (
        lefts.filter((v) => allowed.includes(v)).length * 2 >= lefts.length && allowed.length > 0
      );
    })
  );
}

/**
 * "Map the ticket type to the project and issue type:": the source field named first, in the
 * words before "to" (or a verb that sets the fields) when they name one, the longest at a place.
 */
function fieldInWords(lead: string, source: FieldLeaf[]): FieldLeaf | undefined {
  const spaced = (path: string) =>
    path
      .replace(/\.0\./g, '.')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/[._]/g, ' ')
      .toLowerCase();
  const find = (words: string) =>
    source
      .map((leaf) => ({
        leaf,
        at: new RegExp(`\\b${escapeRegExp(spaced(leaf.path))}\\b`, 'i').exec(words)?.index ?? -1,
      }))
      .filter((f) => f.at >= 0)
      .sort((a, b) => a.at - b.at || b.leaf.path.length - a.leaf.path.length)[0]?.leaf;
  const before = lead.split(/\b(?:to|into|onto|picks?|sets?|decides?|chooses?)\b/i)[0] ?? '';
  return find(before) ?? find(lead);
}

/** Puts the rule in place of one for the same field, and clears what said nothing filled it. */
function setRule(plan: GroundedPlan, write: WritePlan, rule: WritePlan['rules'][number]): void {
  const same = (other: string) =>
    normalise(other) === normalise(rule.to) ||
    other.startsWith(`${rule.to}.`) ||
    rule.to.startsWith(`${other}.`);
  const existing = write.rules.findIndex((r) => same(r.to));
  if (existing >= 0) {
    // In the first one's place; a field inside it or around it goes too (`project` for `project.key`).
    write.rules.splice(existing, 1, rule);
    for (let i = write.rules.length - 1; i > existing; i--)
      if (same((write.rules[i] as typeof rule).to)) write.rules.splice(i, 1);
  } else write.rules.push(rule);
  // The plan's list of fields was written before the table.
  const line = plan.understood.findIndex((l) => l.startsWith('Fields: '));
  if (line >= 0) plan.understood[line] = fieldsLine(write.rules);
  const top = rule.to.split('.')[0] ?? rule.to;
  const unfilled = (line: string) =>
    line.startsWith(`the required ${write.operation.id} field "${top}":`);
  plan.blocking = plan.blocking.filter((l) => !unfilled(l));
  plan.unresolved = plan.unresolved.filter((l) => !unfilled(l));
  const table = rule.values ?? [];
  plan.understood.push(
    `${rule.to} ← ${rule.from}, translated: ${table.map((p) => `${p.from || '(empty)'} → ${p.to || '(left out)'}`).join(', ')}${rule.otherwise !== undefined ? `, anything else → ${rule.otherwise || '(left out)'}` : ''}.`,
  );
}

/**
 * Rows that skip the record: a `not-in` filter on the source field, or, when everything else is
 * skipped, an `in` filter on the values listed.
 */
function skipFilter(
  plan: GroundedPlan,
  field: string,
  skipped: ValuePair[],
  rest: ValuePair | undefined,
  kept: string[],
): void {
  const phrase = skipped.map((p) => `${p.from} → ${p.to}`).join(', ');
  const plural = plan.source?.resource.plural ?? 'records';
  if (rest && skipped.includes(rest)) {
    plan.filters.push({ field, op: 'in', value: kept, phrase });
    plan.understood.push(
      `Only ${plural} whose ${field} is one of ${kept.join(', ')} are written ("${phrase}").`,
    );
    return;
  }
  const values = skipped.filter((p) => !EMPTY.test(p.from)).map((p) => p.from);
  if (values.length > 0) {
    plan.filters.push({ field, op: 'not-in', value: values, phrase });
    plan.understood.push(
      `${plural} whose ${field} is ${values.join(' or ')} are not written ("${phrase}").`,
    );
  }
  // "empty → skip": a record without the value is not written either.
  if (values.length < skipped.length) {
    plan.filters.push({ field, op: 'truthy', phrase });
    plan.understood.push(`${plural} without a ${field} are not written ("${phrase}").`);
  }
}

/** The text without the tables' rows: the values in a row are no condition ("issue type Task"). */
export function withoutRows(text: string, tables: ValuePair[][]): string {
  let out = text;
  for (const row of tables.flat()) {
    const written = `${escapeRegExp(row.from)}\\s*${ARROW}\\s*["“']?${escapeRegExp(row.to)}`;
    out = out.replace(new RegExp(written, 'i'), ' ');
  }
  return out;
}

/** The words that introduce a table: its sentence so far, else the line before it. */
function leadOf(text: string, index: number): string {
  const before = text.slice(0, index);
  const lineStart = before.lastIndexOf('\n') + 1;
  const sentence = lastSentence(before.slice(lineStart));
  if (/\w/.test(sentence)) return sentence;
  const lines = before
    .slice(0, lineStart)
    .split('\n')
    .filter((l) => /\w/.test(l));
  return lastSentence(lines.at(-1) ?? '');
}

/** "Copy them. The type comes from the title:" → "The type comes from the title:". */
function lastSentence(line: string): string {
  const ends = [...line.matchAll(/[.;!?](?=\s)/g)].map((m) => m.index);
  return line.slice(ends.length > 0 ? (ends.at(-1) as number) + 1 : 0).trim();
}
