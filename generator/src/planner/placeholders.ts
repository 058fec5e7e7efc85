import type { TResource } from '@patchbay/schema';
import {
  conceptOf,
  isOwnField,
  leaves,
  namesTimeField,
  normalise,
  ownerField,
  recordWrapper,
  type FieldLeaf,
} from './field-match.ts';
import { escapeRegExp } from './text.ts';

// What a placeholder's words stand for: the source field they name, and the format written with
// them ("ship date DD.MM.YYYY", "balance, 3 decimals"). Shared by the templates a prompt writes
// with brackets (templates.ts) and the lines it shapes with words (word-patterns.ts).

/** Words in a placeholder that only point at the record: "their name", "the task name". */
const POINTERS = new Set(['the', 'their', 'its', 'his', 'her', 'this', 'that', 'each', 'a', 'an']);

/** The source field a placeholder's words name, if one does. */
export function placeholderField(words: string, resource: TResource): FieldLeaf | undefined {
  const fields = leaves(resource.schema, 3).filter(
    (f) => f.schema.type !== 'object' && f.schema.type !== 'array',
  );
  const choices = fieldOfChoices(words, fields);
  if (choices) return choices;
  const nouns = new Set([resource.name, resource.plural, ...resource.aliases].map(normalise));
  const kept = words
    .replace(/['’]s\b/g, '')
    .toLowerCase()
    .split(/[^a-z0-9_#]+/)
    .filter((w) => w && !POINTERS.has(w));
  const tries = [
    kept.join('_'),
    // "task name" on tasks is the task's name; "#id" is its id.
    kept.filter((w) => !nouns.has(normalise(w))).join('_'),
    // "<Acme's decline code>": the first word names whose field it is.
    kept.length > 2 ? kept.slice(1).join('_') : '',
    kept.at(-1) ?? '',
  ].filter(Boolean);
  // A record kept one level down (Chargebee's `{subscription: {…}}`, Jira's `fields`): the
  // fields there are the record's own.
  const wrapper = recordWrapper(resource);
  const own = (f: FieldLeaf) => isOwnField(f, wrapper);
  const leafName = (f: FieldLeaf) => normalise(f.path.split('.').at(-1) ?? '');
  for (const attempt of tries) {
    const wanted = normalise(attempt.replace(/^#/, ''));
    if (!wanted) continue;
    const exact =
      fields.find((f) => normalise(f.path) === wanted) ??
      fields.find((f) => normalise(f.path.replace(/\.0\./g, '.')) === wanted) ??
      fields.find((f) => leafName(f) === wanted && own(f)) ??
      // "item price id": a name of several words may be a field of a list's first item.
      (kept.length > 1
        ? fields.find((f) => leafName(f) === wanted && /\.0\./.test(f.path))
        : undefined);
    if (exact) return exact;
    // "the customer's email": a field of the object the words name, before any email.
    const owned = kept.length > 1 ? ownerField(kept.join(' '), fields, wrapper) : undefined;
    if (owned) return owned;
    const concept = conceptOf(attempt);
    if (concept) {
      const same = fields
        .filter((f) => conceptOf(f.path) === concept)
        .sort((a, b) => a.depth - b.depth)[0];
      if (same) return same;
    }
  }
  return (
    fields.find((f) => own(f) && namesTimeField(kept.join(' '), f)) ??
    personField(kept.at(-1) ?? '', fields) ??
    linkField(kept, fields)
  );
}

/**
 * "<open or closed>", "<draft|sent|paid>": words that list a field's choices stand for that
 * field, whose value is one of them.
 */
function fieldOfChoices(words: string, fields: readonly FieldLeaf[]): FieldLeaf | undefined {
  const said = words
    .split(/\s*(?:\bor\b|\||,|\/)\s*/i)
    .map(normalise)
    .filter(Boolean);
  if (said.length < 2) return undefined;
  return fields.find((f) => {
    const choices = (f.schema.enum ?? []).map((c) => normalise(String(c)));
    return said.every((word) => choices.includes(word));
  });
}

/** "<link to the ticket in Zendesk>": a link is the record's URL, whatever the other words say. */
export function linkField(
  words: readonly string[],
  fields: readonly FieldLeaf[],
): FieldLeaf | undefined {
  if (!words.some((w) => /^(?:link|url|permalink)$/.test(w))) return undefined;
  // The full address before a short one (Trello's `url` before `shortUrl`).
  const short = (f: FieldLeaf) => (/short/i.test(f.path) ? 1 : 0);
  return fields
    .filter((f) => conceptOf(f.path) === 'url' && f.schema.type === 'string')
    .sort((a, b) => a.depth - b.depth || short(a) - short(b))[0];
}

/** Who made a record, by the words people use for it. */
const MAKER_ROLES = ['author', 'creator', 'reporter', 'requester', 'sender', 'owner', 'from'];
/** Who a record is for or with: named as themselves, never as its maker. */
const OTHER_ROLES = ['assignee', 'organizer', 'customer', 'contact', 'member', 'user'];
/** How a person is shown, best first. */
const PERSON_LEAVES = ['name', 'login', 'displayname', 'username', 'fullname', 'email'];

/**
 * "author", "reporter", "owner": the person object a record keeps for that role, shown by its
 * name, login or email. A maker role falls back to the record's `user` or `creator` object,
 * the way GitHub calls its author `user`.
 */
function personField(word: string, fields: readonly FieldLeaf[]): FieldLeaf | undefined {
  const role = normalise(word).replace(/s$/, '');
  if (!MAKER_ROLES.includes(role) && !OTHER_ROLES.includes(role)) return undefined;
  const parents = MAKER_ROLES.includes(role)
    ? [role, ...MAKER_ROLES.filter((r) => r !== role), 'user', 'createdby']
    : [role];
  for (const parent of parents) {
    for (const leaf of PERSON_LEAVES) {
      const found = fields.find((f) => {
        const parts = f.path.split('.').filter((part) => !/^\d+$/.test(part));
        return (
          parts.length === 2 &&
          normalise(parts[0] ?? '') === parent &&
          normalise(parts[1] ?? '') === leaf
        );
      });
      if (found) return found;
    }
  }
  return undefined;
}

/** A date pattern as people write one: YYYY-MM-DD, DD.MM.YYYY, MM/DD/YY, D MMM YYYY, HH:mm, h:mma. */
export const DATE_PATTERN =
  /\b(?:(?:YYYY|YY|DD?|MM?M?M?|dddd|ddd)(?:[-./ ,]+(?:YYYY|YY|DD?|MMMM|MMM|MM?|dddd|ddd))+(?:[ ,T]+(?:HH?|hh?):mm(?:\s?[aA])?)?|(?:HH?|hh?):mm(?:\s?[aA])?)\b/;

/**
 * The words of a placeholder and the format it asks for: "balance, 3 decimals" → 3dp,
 * "ship date DD.MM.YYYY" → DD.MM.YYYY, "currency in capitals" → upper.
 */
export function placeholderFormat(inside: string): { words: string; format?: string } {
  const decimals =
    /,?\s*\b(?:with\s+|to\s+|in\s+)?(\d)\s*(?:decimal places?|decimals?|dp|digits? after the (?:point|comma))\b/i.exec(
      inside,
    );
  if (decimals)
    return { words: inside.replace(decimals[0], '').trim(), format: `${decimals[1]}dp` };
  const date = DATE_PATTERN.exec(inside);
  if (date && /Y|D|H|h/.test(date[0]))
    return {
      words: inside
        .replace(date[0], '')
        .replace(/\(\s*\)/, '')
        .replace(/[,(\s]+$/, '')
        .trim(),
      format: date[0].replace(/\s?a$/i, (a) => a.trim()),
    };
  const caps = /,?\s*\b(?:in\s+)?(upper\s?case|capitals|caps|lower\s?case)\b/i.exec(inside);
  if (caps)
    return {
      words: inside.replace(caps[0], '').trim(),
      format: /^low/i.test(caps[1] ?? '') ? 'lower' : 'upper',
    };
  return { words: inside };
}

/**
 * What the prompt says a template's words stand for, elsewhere in it: "… like `email | plan`,
 * where plan is the item price id", "who = the actor's email". The words after "is", "=" or
 * "means", up to the clause's end or an alternative ("…, or the name"), when they name a field.
 */
export function definedField(
  prompt: string,
  words: string,
  resource: TResource,
): FieldLeaf | undefined {
  const said = escapeRegExp(words.trim());
  if (!said) return undefined;
  const definition = new RegExp(
    `(?:^|[\\s,;(])(?:the\\s+)?${said}\\s*(?:=|\\bis\\b|\\bmeans\\b)\\s*(?:the\\s+)?([^,.;:\\n()]{2,60})`,
    'gi',
  );
  for (const m of prompt.matchAll(definition)) {
    const right = (m[1] ?? '').split(/\s+(?:or|and|if|when|unless|e\.g\.)\s+/i)[0]?.trim() ?? '';
    // "the billing email on file": the longest run of its first words that names a field.
    const words = right.split(/\s+/).filter(Boolean);
    for (let n = words.length; n > 0; n -= 1) {
      const field = placeholderField(words.slice(0, n).join(' '), resource);
      if (field) return field;
    }
  }
  return undefined;
}
