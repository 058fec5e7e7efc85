import type { TFieldSchema, TResource } from '@patchbay/schema';
import { conceptOf, type FieldLeaf, type FieldRule, leaves, normalise } from './field-match.ts';
import { PEOPLE_NOUN, roleOfField, unassignedAddresses } from './addressed-values.ts';
import { listedMessage } from './templates.ts';
import { clauseBefore } from './text.ts';

// Fields of a record that is a message (an email or a text): who gets it when the prompt names
// no address, what its body says when the prompt gives no template, and the required fields
// beside a value written into an array item (SendGrid's `content: [{ type, value }]`).

/** Whether the rules so far address someone: the write sends a message. */
export function addressesSomeone(rules: readonly FieldRule[]): boolean {
  return rules.some((r) => ['recipient', 'sender'].includes(roleOfField(r.to) ?? ''));
}

const PEOPLE = new RegExp(`^${PEOPLE_NOUN}$`);

/**
 * "A welcome note to each new customer": a recipient field the prompt gives no address for
 * takes the record's own email (or phone, for a number field), the shallowest if there are
 * several. Only for records that are people, and only when the prompt writes no address it
 * could have meant: an alert about a charge must not go to the customer who paid it.
 */
/** What a record is called in a message: its name or title, else its number, else its id. */
export function messageTitle(resource: TResource): FieldLeaf | undefined {
  const fields = leaves(resource.schema, 0);
  return (
    fields.find((f) => /^(name|title|subject|summary|display_?name)$/i.test(f.path)) ??
    fields.find((f) =>
      /^(number|DocNumber|identifier|incident_number|order_number|key)$/.test(f.path),
    ) ??
    fields.find((f) => conceptOf(f.path) === 'name' && f.schema.type === 'string') ??
    // An alert's or event's text is its `message`.
    fields.find((f) => f.path === 'message' && f.schema.type === 'string') ??
    fields.find((f) => f.path === resource.idField)
  );
}

/** An email's subject line in a send operation's body (`subject`, Postmark's `Subject`). */
export function subjectField(body: TFieldSchema | undefined): string | undefined {
  return Object.keys(body?.properties ?? {}).find((name) => /^subject$/i.test(name));
}

/**
 * Whether the words before a text label it as the subject: "subject" is the last label they
 * name, so in `subject "Hi" and body "…"` the second text is the body's.
 */
export function leadsToSubject(lead: string): boolean {
  const labels = [
    ...lead.matchAll(/\b(subject|title|headline|body|text|message|content|description)\b/gi),
  ];
  const last = labels.at(-1);
  return (
    last !== undefined &&
    /^(?:subject|title|headline)$/i.test(last[1] ?? '') &&
    !/[.\n]/.test(lead.slice(last.index))
  );
}

/** Words around a text that make it the records' own, in a condition: "where the subject is…". */
const IN_CONDITION =
  /\b(?:where|whose|when|whenever|if|unless|skip\w*|ignor\w*|except|excluding)\b|['’]s\s+$/i;

/**
 * A subject written without quotes: "subject: See you soon", "subject line is Your receipt",
 * "subject Thanks for your order". It starts with a capital or a digit (so "the subject of the
 * email" or "the subject is their name" say where it comes from, not what it is) and runs to
 * its clause's end, or to the next part the prompt names ("… from ops@…", "… and body …"). One
 * in a condition ("where the subject is Refund") is the records' own. A quoted one or a
 * template is read elsewhere.
 */
const UNQUOTED_SUBJECT =
  /\b[Ss]ubject(?:\s+line)?(?:\s*:\s*|\s+(?:is|should be|will be|reads)\s+|\s+)(?=[\p{Lu}\d])/gu;
const SUBJECT_ENDS =
  /\s*(?:[.;!?,:](?:\s|$)|$|\n|\(|\s(?:from|to|cc|bcc)\s+\S+@|\s(?:and|with)\s+(?:the\s+|a\s+)?(?:body|text|message|content)\b)/u;

export function writtenSubject(text: string): string | undefined {
  for (const m of text.matchAll(UNQUOTED_SUBJECT)) {
    if (IN_CONDITION.test(clauseBefore(text, m.index))) continue;
    const rest = text.slice(m.index + m[0].length);
    const value = rest.slice(0, SUBJECT_ENDS.exec(rest)?.index ?? rest.length).trim();
    if (value.length < 2 || value.length > 120 || /[<>{}"“]/.test(value)) continue;
    // "The ticket's subject", "Their name": where it comes from, not the words.
    if (/^(?:the|their|its|his|her|our|your)\b[^]*['’]s\b|^(?:their|its|his|her)\b/i.test(value))
      continue;
    return value;
  }
  return undefined;
}

/**
 * A message's fixed words, with no field in them, quoted after "body", "text" or "message":
 * `body "Thanks for joining!"`. Unquoted words after "body:" more often say what goes in it
 * ("body: a line for each order") than give it, so they are not taken as the text. Words in a
 * condition (`whose text is "test"`), said to be the subject, or holding a placeholder of
 * another style ("[name]", "$name") are no fixed text either.
 */
const FIXED_BODY =
  /\b(?:body|text|message|content|wording)(?:\s+(?:is|should be|will be|reads|says))?\s*:?\s*(?:"([^"\n]{2,500})"|“([^”\n]{2,500})”)(?!\s+(?:as|for)\s+(?:the\s+|its\s+)?(?:subject|title))/gi;

export function writtenBody(text: string): string | undefined {
  for (const m of text.matchAll(FIXED_BODY)) {
    if (IN_CONDITION.test(clauseBefore(text, m.index))) continue;
    const value = (m[1] ?? m[2] ?? '').trim();
    if (!value || /\[[^\]]+\]|\$\w|%\w+%/.test(value)) continue;
    return value;
  }
  return undefined;
}

export function recipientFromRecord(
  text: string,
  target: FieldLeaf,
  resource: TResource,
  sourceLeaves: readonly FieldLeaf[],
): (FieldLeaf & { said?: string }) | undefined {
  if (roleOfField(target.path) !== 'recipient') return undefined;
  const concept =
    target.schema.format === 'phone' || /phone|number|mobile/i.test(target.path)
      ? 'phone'
      : 'email';
  const addresses = sourceLeaves
    .filter(
      (l) =>
        l.depth <= 1 &&
        l.schema.type === 'string' &&
        (conceptOf(l.path) === concept || (concept === 'email' && l.schema.format === 'email')),
    )
    .sort((a, b) => a.depth - b.depth);
  const stated = statedOwner(text, resource);
  // An owner no address field is named after ("their primary email") leaves the choice to the
  // rules below, as if the prompt had not said.
  const field = stated?.owner
    ? addresses.find((l) => normalise(l.path).includes(normalise(stated.owner)))
    : addresses[0];
  if (stated && field) return { ...field, said: stated.said };
  // The records are people, or the prompt says people the records are about get the messages
  // ("each guest on a booking gets a text").
  const peopleReceive = new RegExp(
    `\\b(?:(?:every|each|all|the|our)\\s+(?:\\w+\\s+)?${PEOPLE_NOUN}\\b[^.;:]{0,160}?\\b(?:receives?|gets?|should get)\\b|(?:text|sms|e-?mail|message|notify|remind)\\s+(?:every|each|all|the|our)\\s+(?:\\w+\\s+)?${PEOPLE_NOUN}\\b)`,
    'i',
  ).test(text);
  if (
    !(PEOPLE.test(resource.name.toLowerCase()) || peopleReceive) ||
    unassignedAddresses(text).length > 0
  )
    return undefined;
  return addresses[0];
}

const ADDRESS = String.raw`(?:e-?mail(?:\s+address)?|address|phone(?:\s+number)?|mobile(?:\s+number)?|cell(?:\s+number)?)`;
const SAID_RECIPIENT = [
  // "to the contact's email address", "to the customer email on the invoice", "to their phone"
  new RegExp(
    String.raw`\bto\s+(?:the\s+|their\s+|its\s+|each\s+|that\s+|his\s+|her\s+)(?:([a-z]+)(?:'s|’s)?\s+)?${ADDRESS}\b`,
    'i',
  ),
  // "to the customer by email", "to each guest by text"
  /\bto\s+(?:the|each|every|their|its)\s+([a-z]+)\s+(?:by|via|over)\s+(?:e-?mail|text|sms)\b/i,
];

/**
 * Whose address the prompt sends to, in the record's terms: "to the contact's email" gives
 * "contact", "to their email" or "to its email" the record itself (""), with the words that say
 * so. Undefined when it says no such thing.
 */
function statedOwner(
  text: string,
  resource: TResource,
): { owner: string; said: string } | undefined {
  for (const pattern of SAID_RECIPIENT) {
    const m = pattern.exec(text);
    if (!m) continue;
    const owner = (m[1] ?? '').toLowerCase();
    const own = [resource.name, resource.plural, ...resource.aliases].map((n) => n.toLowerCase());
    return { owner: !owner || own.includes(owner) ? '' : owner, said: m[0] };
  }
  return undefined;
}

/** Names of a message's plain body: `text`, `TextBody`, `Body`, `content.0.value`. */
export function isBodyField(path: string): boolean {
  const names = path
    .split('.')
    .filter((s) => !/^\d+$/.test(s))
    .map((s) => s.toLowerCase().replace(/[^a-z]/g, ''));
  const leaf = names.at(-1) ?? '';
  if (leaf === 'value') return names.at(-2) === 'content';
  return ['text', 'textbody', 'body', 'plaintext', 'message', 'content'].includes(leaf);
}

/**
 * The body of a message no rule fills yet: the contents the prompt lists ("with its title, due
 * date and link"), else the record's title and web link, said as an assumption.
 */
export function messageBodyRule(
  text: string,
  resource: TResource,
  targets: readonly FieldLeaf[],
  rules: readonly FieldRule[],
  sourceLeaves: readonly FieldLeaf[],
): { rule: FieldRule; assumed?: string } | undefined {
  const body = targets.find(
    (t) =>
      t.schema.type === 'string' &&
      t.schema.format !== 'html' &&
      isBodyField(t.path) &&
      !rules.some((r) => r.to === t.path),
  );
  if (!body) return undefined;
  const listed = listedMessage(text, resource);
  if (listed && listed.unmatched.length === 0)
    return {
      rule: { to: body.path, template: listed.template, type: 'string', reason: 'the prompt' },
    };
  const scalar = sourceLeaves.filter((l) => l.schema.type === 'string' && l.depth === 0);
  const title = scalar.find((l) => conceptOf(l.path) === 'name');
  const link = scalar.find((l) => /(^|_)(html_url|url|link|permalink|web_url)$/i.test(l.path));
  const parts = [title, link].flatMap((l) => (l ? [`{${l.path}}`] : []));
  if (parts.length === 0) return undefined;
  return {
    rule: { to: body.path, template: parts.join('\n'), type: 'string', reason: 'the record' },
    assumed: `The prompt gives no text for ${body.path}: it holds each ${resource.name}'s ${[title, link].flatMap((l) => (l ? [l.path] : [])).join(' and ')}.`,
  };
}

/**
 * Required fields beside a value written into an array item (`content.0.value` needs
 * `content.0.type`): an allowed value whose words the prompt uses ("plain text" is
 * `text/plain`), else the first allowed value.
 */
export function itemSiblingRules(
  text: string,
  schema: TFieldSchema | undefined,
  rules: readonly FieldRule[],
): { rules: FieldRule[]; assumed: string[] } {
  const arrays = new Map(
    leaves(schema, 3)
      .filter((l) => l.schema.type === 'array' && l.schema.items?.type === 'object')
      .map((l) => [l.path, l.schema.items as TFieldSchema]),
  );
  const words = new Set(text.toLowerCase().split(/[^a-z0-9]+/));
  const out: FieldRule[] = [];
  const assumed: string[] = [];
  for (const rule of rules) {
    const m = /^(.*)\.(\d+)\.[^.]+$/.exec(rule.to);
    const item = m ? arrays.get((m[1] ?? '').replace(/\.\d+\./g, '.0.')) : undefined;
    if (!m || !item) continue;
    for (const name of item.required ?? []) {
      const to = `${m[1]}.${m[2]}.${name}`;
      const choices = item.properties?.[name]?.enum;
      if (!choices || [...rules, ...out].some((r) => r.to === to)) continue;
      const named = choices.find((c) =>
        String(c)
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .every((w) => !w || words.has(w)),
      );
      out.push({ to, value: String(named ?? choices[0]), type: 'string', reason: 'required' });
      if (named === undefined)
        assumed.push(
          `${to} is required and the prompt does not choose: "${String(choices[0])}" (one of ${choices.join(', ')}).`,
        );
    }
  }
  return { rules: out, assumed };
}
