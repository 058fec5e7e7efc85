import { type FieldLeaf, fieldNamed, leaves, normalise } from './field-match.ts';
import type { GroundedPlan, ReadPlan, WritePlan } from './plan-types.ts';
import { recordSchema } from './plan-write.ts';
import { escapeRegExp } from './text.ts';
import { resourceNames } from './resource-words.ts';
import { fieldsLine } from './plan-mapping.ts';

// A value table ("gold → 3, silver → 2", or one pair a line under "Tier, taken from the
// plan:") translates one source field into one destination field. The words before
// the table name them: the destination field first, the source field after "from"; else the
// source field of the same name, else the one whose allowed values the table's left side lists.

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
    const m = row.exec(line);
    const pair =
      m?.[1] && m[2] && !new RegExp(ARROW).test(m[2])
        ? { from: unquoted(m[1].trim()), to: unquoted(m[2].trim()) }
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

/** A side written in quotes ("Closed - won") without them; an apostrophe inside stays. */
function unquoted(side: string): string {
  const m = /^["“'‘`](.*)["”'’`]$/.exec(side);
  return m?.[1] ?? side;
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

/** Left-hand words that stand for no value at all. */
const EMPTY = /^(?:empty|blank|none|nothing|no value|\(empty\)|-)$/i;

/** Applies the table to the plan's mapping; false when its fields cannot be told. */
export function planValueTable(text: string, pairs: ValuePair[], plan: GroundedPlan): boolean {
  const read = plan.source as ReadPlan;
  const write = plan.destination as WritePlan | undefined;
  if (!write || pairs.length < 2) return false;
  const first = pairs[0] as ValuePair;
  const at = new RegExp(
    `${escapeRegExp(first.from)}\\s*${ARROW}\\s*["“']?${escapeRegExp(first.to)}`,
    'i',
  ).exec(text);
  if (!at) return false;
  const lead = leadOf(text, at.index);

  const destination = leaves(recordSchema(write), 2).filter((l) => l.schema.type !== 'object');
  const named = (words: string, fields: FieldLeaf[]) => fieldNamed(fields, words);
  // The destination field: the lead's first words, up to "comes", "mapped", "from", a colon.
  const head =
    /^[\s\-*•]*(?:(?:[Tt]he|[Ii]ts|[Tt]heir|[Ee]ach|[Ee]very)\s+)?["“]?([A-Za-z][\w .'-]{0,40}?)["”]?\s*(?:,|:|\bcomes?\b|\bis\b|\bmapped\b|\bfrom\b|\bgets?\b|$)/.exec(
      lead,
    );
  // "…, translate them into product types:": the words after the last "to" or "into" name it too.
  const tail = /\b(?:to|into)\s+(?:the\s+|their\s+|its\s+)?([A-Za-z][\w ]{0,40}?)\s*:?\s*$/i.exec(
    lead,
  )?.[1];
  const toField =
    (head?.[1] ? named(head[1].trim(), destination) : undefined) ??
    (tail
      ? (named(tail, destination) ?? named(tail.replace(/s$/i, ''), destination))
      : undefined) ??
    destination.find((l) => new RegExp(`\\b${escapeRegExp(l.path)}\\b`, 'i').test(lead));
  const to = toField?.path ?? (write.container?.kind === 'object' ? head?.[1]?.trim() : undefined);
  if (!to) return false;

  const source = leaves(read.resource.schema, 2).filter((l) => l.schema.type !== 'object');
  const after =
    /\bfrom\s+(?:the\s+|its\s+|their\s+)?(.{1,60}?)\s*(?:[:(]|$)/i.exec(lead)?.[1] ?? '';
  const lefts = pairs.map((p) => p.from.toLowerCase()).filter((v) => !EMPTY.test(v));
  const fromField =
    after
      .split(/\s+/)
      .map((_, i, words) => words.slice(i).join(' ').replace(/["“”]/g, ''))
      .map((words) => named(words, source))
      .find(Boolean) ??
    named(to.split('.').at(-1) ?? to, source) ??
    source.find((l) => {
      const allowed = (l.schema.enum ?? []).map((v) => String(v).toLowerCase());
      return (
        lefts.filter((v) => allowed.includes(v)).length * 2 >= lefts.length && allowed.length > 0
      );
    });
  if (!fromField) return false;

  const table = pairs.map((p) => ({ from: EMPTY.test(p.from) ? '' : p.from, to: p.to }));
  const existing = write.rules.findIndex((r) => normalise(r.to) === normalise(to));
  const rule = {
    to,
    from: fromField.path,
    type: toField?.schema.type ?? ('string' as const),
    values: table,
    reason: 'the prompt’s value table',
  };
  if (existing >= 0) {
    write.rules.splice(existing, 1, rule);
    // The plan's list of fields was written before the table: it names the rule replaced.
    const line = plan.understood.findIndex((l) => l.startsWith('Fields: '));
    if (line >= 0) plan.understood[line] = fieldsLine(write.rules);
  } else write.rules.push(rule);
  plan.understood.push(
    `${to} ← ${fromField.path}, translated: ${table.map((p) => `${p.from || '(empty)'} → ${p.to}`).join(', ')}.`,
  );
  return true;
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
