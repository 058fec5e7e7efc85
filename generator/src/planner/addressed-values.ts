// Addresses a prompt gives for a message: who sends it, who gets it, who is copied. People
// write them as "send it from ops@acme.example to finance@acme.example", "From: bot@shop.example",
// "text the desk phone +1 415 555 0142; sender: +1 415 555 0100". Each address takes the role
// of the nearest cue word before it, and a destination field takes the address whose role its
// name says (`from.email`, `personalizations.0.to.0.email`, Postmark's `From`, Twilio's `To`).

import type { FieldLeaf } from './field-match.ts';

export type AddressRole = 'sender' | 'recipient' | 'reply-to' | 'cc' | 'bcc';

export interface AddressedValue {
  role: AddressRole;
  kind: 'email' | 'phone';
  /** As the API wants it: an email as written, a phone number in E.164 (no spaces). */
  value: string;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/**
 * A phone number with its country code, in groups: "+49 30 1234 5678", "+1 (415) 555-0123". A
 * group in brackets must close, so "+1 415 555 0100 (24h rota)" ends before the bracket.
 */
const PHONE = /\+\d{1,3}(?:[ .-]?(?:\(\d{1,4}\)|\d{1,4})){2,6}(?!\d)/g;

/** Records that are people, so a message can go to each one's own address. */
export const PEOPLE_NOUN =
  '(?:customer|contact|attendee|member|subscriber|user|person|people|lead|employee|candidate|applicant|participant|respondent|guest|student|learner|client|donor|patient|registrant|signup|prospect)s?';

const ROLE_NOUN = String.raw`(?:\s+(?:email|e-mail|address|number|phone))?(?:\s+(?:is|are|should be|will be))?\s*:?`;
const SENDING = String.raw`(?:send|sends|sent|sending|mail|mailed|email|emailed|text|texted|come|comes|go|goes|it|them|this|that|these|one|each|message|messages|email|emails|sms|note|notes)`;

/**
 * Cues, each ending where the address may start. "from" counts at the start of a clause, after
 * a word of sending ("sent from", "send it from") or after the service that sends ("through
 * Postmark from"), not after a record's noun ("tickets from x@…" is a condition), and a verb
 * ("email x@…") only where it starts the clause. Most specific first.
 */
/** Each cue: the role it gives, its pattern, and whether it counts only for a prompt's one address. */
const CUES: Array<[AddressRole, RegExp, boolean?]> = [
  [
    'reply-to',
    new RegExp(String.raw`\brepl(?:y|ies)[- ]?to${ROLE_NOUN}|\breplies\s+go\s+to\b`, 'gi'),
  ],
  ['bcc', new RegExp(String.raw`\bbcc${ROLE_NOUN}`, 'gi')],
  ['cc', new RegExp(String.raw`\bcc${ROLE_NOUN}`, 'gi')],
  [
    'sender',
    new RegExp(
      String.raw`\bsender${ROLE_NOUN}|\bfrom\s*:|(?:^\s*|\band\s+|\b${SENDING}\s+|\b(?:e-?mail|mail|message|note|newsletter)s?\s*:\s*)from\b|\bsent\s+by\b|\b(?:a|an|the|our)\s+(?:[\w-]+\s+)?(?:reminder|notice|invitation|invite)\s+from\b`,
      'gi',
    ),
  ],
  // "email each new contact from …": the people a clause's sending verb addresses, then "from";
  // only when the prompt gives no other address ("email all contacts from a@… a note from b@…"
  // chooses the contacts by a@).
  [
    'sender',
    new RegExp(
      String.raw`(?:^\s*|\b(?:please|and|then|also|just)\s+)(?:send|email|e-mail|mail|text|message|thank|welcome)\s+(?:each|every|all|our|the)\s+(?:[\w-]+\s+){0,2}?${PEOPLE_NOUN}\s+from\b`,
      'gi',
    ),
    true,
  ],
  // "via Mailgun from …": the service that sends, by its capitalised name (no `i` flag).
  [
    'sender',
    /\b(?:[Vv]ia|[Tt]hrough|[Uu]sing|[Ww]ith)\s+\p{Lu}[\w.-]*(?:\s+\p{Lu}[\w.-]*)?\s+from\b/gu,
  ],
  [
    'recipient',
    new RegExp(
      String.raw`\brecipients?${ROLE_NOUN}|\bto\s*:|\bto\b|(?:^\s*|[.;!?]\s*|\b(?:please|and|then|also|just)\s+)(?:email|text|sms|notify|mail)\b`,
      'gi',
    ),
  ],
];

/** Words that make the clause a condition or an exclusion, not where a message goes. */
const CONDITION =
  /\b(?:not|never|don't|do not|except|excluding|exclude|unless|without|whose|where|if|when|ignore|ignoring|skip|skipping|such as|e\.g|equals)\b|=/i;

/** At most this many words between a cue and its address ("to the desk phone +1…"). */
const MAX_GAP_WORDS = 3;

/**
 * Every address in the prompt with the role its cue gives. An address with no cue close before
 * it, or in a clause that excludes or sets a condition, is left out (`unassignedAddresses`).
 */
export function addressedValues(text: string): AddressedValue[] {
  const found = [
    ...[...text.matchAll(EMAIL)].map((m) => ({
      raw: m[0],
      index: m.index,
      kind: 'email' as const,
    })),
    ...[...text.matchAll(PHONE)].map((m) => ({
      raw: m[0],
      index: m.index,
      kind: 'phone' as const,
    })),
  ].sort((a, b) => a.index - b.index);
  const out: AddressedValue[] = [];
  let clauseStart = 0;
  let pushedEnd = -1;
  for (const address of found) {
    // The cue stands in the same clause, after the previous address.
    const before = text.slice(clauseStart, address.index);
    // "to a@x.example, b@x.example and c@x.example": a list goes on in the role it began with.
    const previous = out.at(-1);
    if (
      previous?.kind === address.kind &&
      pushedEnd === clauseStart &&
      // "or" offers a choice, which is not a list of recipients.
      /^\s*[,;]?\s*(?:and|&)?\s*$/i.test(before)
    ) {
      clauseStart = pushedEnd = address.index + address.raw.length;
      out.push({ ...previous, value: normalised(address) });
      continue;
    }
    const cut = Math.max(
      ...[/[.!?;]\s/g, /[(),]/g, /\n/g].map((p) => lastEnd(before, p)),
      before.length - 60,
      0,
    );
    // "mail the night shift (night@depot.example) a recap": an address in brackets names the
    // people just before it, so the words before the bracket are its lead.
    const bracketed = /\(\s*$/.test(before) ? before.replace(/\s*\(\s*$/, '') : undefined;
    const lead = bracketed !== undefined ? bracketLead(bracketed) : before.slice(cut);
    clauseStart = address.index + address.raw.length;
    const cue = lastCue(lead, found.length === 1);
    if (!cue || CONDITION.test(lead)) continue;
    const gap = lead.slice(cue.end).trim();
    if (gap.split(/\s+/).filter(Boolean).length > MAX_GAP_WORDS || /[:"“]/.test(gap)) continue;
    out.push({ role: cue.role, kind: address.kind, value: normalised(address) });
    pushedEnd = clauseStart;
  }
  return out;
}

/** The words before a bracketed address: a sending verb or cue and at most a few words of who. */
function bracketLead(before: string): string {
  const cut = Math.max(...[/[.!?;]\s/g, /[(),]/g, /\n/g].map((p) => lastEnd(before, p)), 0);
  const lead = before.slice(cut);
  // "email the on-call team (…)": the verb that starts the clause is a recipient cue.
  const verb =
    /\b(?:send|sends|email|e-mail|mail|notify|text|message|ping|alert|tell)\s+((?:[\w'-]+\s+){0,3}[\w'-]+)$/i.exec(
      lead,
    );
  return verb ? `to ${verb[1]}` : lead;
}

function normalised(address: { raw: string; kind: 'email' | 'phone' }): string {
  return address.kind === 'phone' ? `+${address.raw.replace(/\D/g, '')}` : address.raw;
}

function lastEnd(text: string, pattern: RegExp): number {
  let end = 0;
  for (const m of text.matchAll(pattern)) end = m.index + m[0].length;
  return end;
}

function lastCue(lead: string, alone: boolean): { role: AddressRole; end: number } | undefined {
  let best: { role: AddressRole; end: number } | undefined;
  for (const [role, pattern, onlyAlone] of CUES) {
    if (onlyAlone && !alone) continue;
    for (const m of lead.matchAll(pattern)) {
      const end = m.index + m[0].length;
      // A later cue wins; at the same place, the more specific one listed first.
      if (!best || end > best.end) best = { role, end };
    }
  }
  return best;
}

/** Field names that carry an address inside an object named for its role (`from.email`). */
const CARRIERS = new Set(['email', 'address', 'emailaddress', 'number', 'phone', 'phonenumber']);

const ROLE_NAMES: Record<string, AddressRole> = {
  from: 'sender',
  sender: 'sender',
  fromemail: 'sender',
  fromaddress: 'sender',
  fromnumber: 'sender',
  senderemail: 'sender',
  to: 'recipient',
  recipient: 'recipient',
  recipients: 'recipient',
  toemail: 'recipient',
  toaddress: 'recipient',
  tonumber: 'recipient',
  replyto: 'reply-to',
  cc: 'cc',
  bcc: 'bcc',
};

/** The role a destination field's name gives it, if any. */
export function roleOfField(path: string): AddressRole | undefined {
  const names = path
    .split('.')
    .filter((s) => !/^\d+$/.test(s))
    // Mailgun writes headers as fields: `h:Reply-To`.
    .map((s) =>
      s
        .replace(/^h:/i, '')
        .toLowerCase()
        .replace(/[^a-z]/g, ''),
    );
  const leaf = names.at(-1) ?? '';
  if (ROLE_NAMES[leaf]) return ROLE_NAMES[leaf];
  if (CARRIERS.has(leaf) && names.length > 1) return ROLE_NAMES[names.at(-2) ?? ''];
  return undefined;
}

/** What kind of address a field takes, by its format and name; undefined when either would do. */
function kindOfField(target: FieldLeaf): 'email' | 'phone' | undefined {
  if (target.schema.format === 'email' || /email/i.test(target.path)) return 'email';
  if (target.schema.format === 'phone' || /phone|number|mobile/i.test(target.path)) return 'phone';
  return undefined;
}

/**
 * The addresses the prompt gives for a destination field: those of the field's role and kind,
 * each once, in the prompt's order.
 */
export function addressesFor(target: FieldLeaf, values: AddressedValue[]): string[] {
  const role = roleOfField(target.path);
  if (!role || (target.schema.type !== 'string' && target.schema.type !== undefined)) return [];
  const kind = kindOfField(target);
  return [
    ...new Set(
      values.filter((v) => v.role === role && (!kind || v.kind === kind)).map((v) => v.value),
    ),
  ];
}

/**
 * The role of the object a field sits in (`reply_to.name` is the reply-to's name), or of the
 * field itself: such fields are about a party to the message, never copied from a record by name.
 */
export function partyOfField(path: string): AddressRole | undefined {
  const parts = path.split('.').filter((s) => !/^\d+$/.test(s));
  for (let end = parts.length; end > 0; end--) {
    const role = roleOfField(parts.slice(0, end).join('.'));
    if (role) return role;
  }
  return undefined;
}

/** Addresses the prompt writes that no cue gives a role: a message must not guess where they go. */
export function unassignedAddresses(text: string): string[] {
  const assigned = new Set(addressedValues(text).map((v) => v.value));
  const all = [
    ...(text.match(EMAIL) ?? []),
    ...(text.match(PHONE) ?? []).map((p) => `+${p.replace(/\D/g, '')}`),
  ];
  return all.filter((a) => !assigned.has(a));
}
