import { type FieldLeaf, fieldNamed, leaves, normalise } from './field-match.ts';
import type { GroundedPlan, ReadPlan, WritePlan } from './plan-types.ts';
import { recordSchema } from './plan-write.ts';
import { escapeRegExp } from './text.ts';

// A value table ("gold → 3, silver → 2", or one pair a line under "Tier, taken from the
// plan:") translates one source field into one destination field. The words before
// the table name them: the destination field first, the source field after "from"; else the
// source field of the same name, else the one whose allowed values the table's left side lists.

export interface ValuePair {
  from: string;
  to: string;
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
    `${escapeRegExp(first.from)}\\s*(?:→|->|=>|⇒)\\s*${escapeRegExp(first.to)}`,
    'i',
  ).exec(text);
  if (!at) return false;
  const lead = leadOf(text, at.index);

  const destination = leaves(recordSchema(write), 2).filter((l) => l.schema.type !== 'object');
  const named = (words: string, fields: FieldLeaf[]) => fieldNamed(fields, words);
  // The destination field: the lead's first words, up to "comes", "mapped", "from", a colon.
  const head =
    /^[\s\-*•]*["“]?([A-Za-z][\w .'-]{0,40}?)["”]?\s*(?:,|:|\bcomes?\b|\bis\b|\bmapped\b|\bfrom\b|\bgets?\b|$)/.exec(
      lead,
    );
  const toField =
    (head?.[1] ? named(head[1].trim(), destination) : undefined) ??
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
  if (existing >= 0) write.rules.splice(existing, 1, rule);
  else write.rules.push(rule);
  plan.understood.push(
    `${to} ← ${fromField.path}, translated: ${table.map((p) => `${p.from || '(empty)'} → ${p.to}`).join(', ')}.`,
  );
  return true;
}

/** The words that introduce a table: its sentence so far, else the line before it. */
function leadOf(text: string, index: number): string {
  const before = text.slice(0, index);
  const lineStart = before.lastIndexOf('\n') + 1;
  const sameLine = before.slice(lineStart);
  const sentence = sameLine.slice(
    1 + Math.max(...[...'.;!?'].map((mark) => sameLine.lastIndexOf(mark))),
  );
  if (/\w/.test(sentence)) return sentence;
  const lines = before
    .slice(0, lineStart)
    .split('\n')
    .filter((l) => /\w/.test(l));
  return lines.at(-1) ?? '';
}
