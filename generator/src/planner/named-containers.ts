import type { TApiDescription } from '@patchbay/schema';
import { leaves } from './field-match.ts';
import type { GroundedPlan } from './plan-types.ts';
import { escapeRegExp } from './text.ts';
import { singular } from './resource-words.ts';
import { isIdLike } from './choose-operations.ts';
import { recordSchema } from './plan-write.ts';
import { requiredPaths } from './plan-mapping.ts';
import { hintsFor, idFromPrompt, nameFromPrompt, planLookups, useLookup } from './prompt-ids.ts';

// An optional reference of the written record (a task's project, a card's list, a section) is
// still filled when the prompt names that container for the destination: "into the project
// 'Errands'", "onto our 'Later' list". Left out, the API files the record in its default
// place (an inbox, the first list), which is a write the prompt did not ask for. Required
// references are the mapping's (plan-mapping.ts); this reads only the optional ones.

/**
 * `text` with the containers of the other side blanked out: one named with the other API's
 * name ("our Asana project 'Client onboarding' (gid 12…)") or read from ("from the 'Leads'
 * board"), so that the destination's own words are left.
 */
export function withoutOtherSide(
  text: string,
  words: readonly string[],
  otherNames: readonly string[],
): string {
  const noun = `(?:${words.map(escapeRegExp).join('|')})s?\\b`;
  const quoted = `(?:"[^"\\n]*"|'[^'\\n]*'|“[^”\\n]*”|‘[^’\\n]*’)`;
  const owners = [
    ...otherNames.filter((n) => n.trim().length > 1).map((n) => `${escapeRegExp(n.trim())}(?:'s)?`),
    `from\\s+(?:(?:our|the|my|their|its|a|an)\\s+)?`,
  ];
  const owner = `\\b(?:${owners.join('|')})\\s*`;
  const after = `(?:\\s+(?:named|called))?\\s*(?:${quoted}|[\\w-]*\\d[\\w-]*)?(?:\\s*\\([^)\\n]*\\))?`;
  return text
    .replace(new RegExp(`${owner}${noun}${after}`, 'gi'), ' ')
    .replace(new RegExp(`${owner}${quoted}\\s+${noun}`, 'gi'), ' ');
}

/**
 * The part of `text` that names this side's container: a mention tied to where the records go
 * ("onto our 'Later' list", "filed under the project named 'Care'") or to this API ("the
 * Todoist project 'Web'", "the 'Web' project on Todoist"). An untied one ("each ticket about the
 * 'Apollo' project", "issues in project 4505") may be the source's, so it is not used.
 */
function ownMention(
  text: string,
  hints: readonly string[],
  names: {
    own: readonly string[];
    other: readonly string[];
    /** The other API's resource nouns, and the written records' own. */
    otherNouns: readonly string[];
    records: readonly string[];
  },
): string {
  const own = withoutOtherSide(text, hints, names.other);
  const noun = `(?:${hints.map(escapeRegExp).join('|')})s?\\b`;
  const quoted = `(?:"[^"\\n]*"|'[^'\\n]*'|“[^”\\n]*”)`;
  // "onto our 'Later' list", "into the project named 'Web'": where the records go.
  const toward = new RegExp(
    `\\b(?:into|onto|to|under)\\s+(?:(?:the|my|our|a|an)\\s+)?(?:${quoted}\\s+${noun}|${noun}(?:\\s+(?:named|called))?\\s*(?:${quoted}|[\\w-]*\\d[\\w-]*))`,
    'i',
  ).exec(own);
  if (toward) return toward[0];
  // "… becomes an item, in the group 'Escalations'": "in" after the written record's own noun, in
  // the same sentence with no record of the other side between, with a noun the other API
  // has no resource for, and no condition after it ("… when it is urgent, else …").
  if (!hints.some((h) => names.otherNouns.includes(h)) && names.records.length > 0) {
    const records = `(?:${names.records.map(escapeRegExp).join('|')})s?`;
    const others = `(?:${names.otherNouns.map(escapeRegExp).join('|')})s?`;
    const inside = new RegExp(
      `\\b${records}\\b((?:(?!\\b${others}\\b)[^.;!?\\n])*?)\\b(in\\s+(?:(?:the|my|our|a|an)\\s+)?(?:${quoted}\\s+${noun}|${noun}(?:\\s+(?:named|called))?\\s*${quoted}))([^.;!?\\n]*)`,
      'i',
    ).exec(own);
    if (inside && !/\b(?:when|if|unless|otherwise|else)\b/i.test(inside[3] ?? ''))
      return inside[2] ?? '';
  }
  for (const name of names.own.filter((n) => n.trim().length > 1)) {
    const api = escapeRegExp(name.trim());
    // "becomes a Todoist task in the 'Work' project": "in" after this API's record, with no
    // mention of the other API between.
    const within = new RegExp(
      `\\b${api}\\b([^.;!?\\n]*?)\\b(in\\s+(?:(?:the|my|our|a|an)\\s+)?(?:${quoted}\\s+${noun}|${noun}(?:\\s+(?:named|called))?\\s*(?:${quoted}|[\\w-]*\\d[\\w-]*)))`,
      'i',
    ).exec(own);
    const others = names.other.filter((n) => n.trim().length > 1).map((n) => n.toLowerCase());
    if (within && !others.some((n) => (within[1] ?? '').toLowerCase().includes(n)))
      return within[2] ?? '';
    const before = new RegExp(`\\b${api}(?:'s)?\\s+${noun}[^.;\\n]{0,80}`, 'i').exec(own);
    if (before) return before[0];
    const after = new RegExp(
      `(?:"[^"\\n]*"|'[^'\\n]*'|“[^”\\n]*”)?\\s*${noun}\\s*(?:"[^"\\n]*"|'[^'\\n]*'|“[^”\\n]*”|[\\w-]*\\d[\\w-]*)?\\s+(?:on|in)\\s+${api}\\b`,
      'i',
    ).exec(own);
    if (after) return after[0];
  }
  return '';
}

/** Fills the optional reference fields the prompt names a container for (see above). */
export function planNamedContainers(
  text: string,
  plan: GroundedPlan,
  sourceDescription: TApiDescription,
): void {
  const write = plan.destination;
  const description = plan.destinationDescription;
  if (!write || write.kind === 'message' || !description) return;
  const schema = recordSchema(write);
  const required = new Set(requiredPaths(schema));
  const covered = (path: string) =>
    write.rules.some((r) => r.to === path || r.to.startsWith(`${path}.`));
  for (const leaf of leaves(schema, 0)) {
    if (!isIdLike(leaf.path) || required.has(leaf.path) || covered(leaf.path)) continue;
    if (leaf.schema.type === 'array' || leaf.schema.type === 'object') continue;
    const hints = hintsFor(leaf.path);
    const own = ownMention(text, hints, {
      own: [plan.destinationName ?? '', description.name],
      other: [plan.sourceName ?? '', sourceDescription.name],
      otherNouns: sourceDescription.resources.flatMap((r) => [
        r.name,
        singular(r.plural),
        ...r.aliases,
      ]),
      records: [write.resource.name, ...write.resource.aliases],
    });
    const id = idFromPrompt(own, hints);
    if (id) {
      write.rules.push({ to: leaf.path, value: id, type: 'string', reason: 'the prompt' });
      plan.understood.push(`${leaf.path} is ${id}, the ${hints[0]} the prompt names.`);
      continue;
    }
    if (!nameFromPrompt(own, hints)) continue;
    const target = { kind: 'field' as const, name: leaf.path };
    const chain = planLookups(own, description, 'destination', target, undefined, {
      earlier: plan.lookups,
      other: sourceDescription,
      known: knownValues(write),
    });
    if (chain?.at(-1)?.name === undefined) continue;
    useLookup(
      own,
      description,
      target,
      undefined,
      plan,
      'destination',
      sourceDescription,
      knownValues(write),
    );
    write.rules.push({ to: leaf.path, value: '', type: 'string', reason: 'looked up' });
  }
}

/** The ids the write sends already: its path's and its fixed fields' ("boardId" of an item). */
function knownValues(write: NonNullable<GroundedPlan['destination']>): Record<string, string> {
  const fixed = write.rules.flatMap((r) =>
    typeof r.value === 'string' && r.value ? [[r.to, r.value]] : [],
  );
  return { ...Object.fromEntries(fixed), ...write.pathParams };
}
