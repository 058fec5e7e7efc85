import type {
  TApiDescription,
  TFieldSchema,
  TOperation,
  TParameter,
  TResource,
} from '@patchbay/schema';
import { mentions, resourceNames } from './resource-words.ts';
import { NAMED_AS } from './text.ts';
import { hintsFor, idFromPrompt } from './prompt-ids.ts';

// Which resource on each side the prompt means and which of its operations to call, the headers
// and parameters that operation requires, and the body's wrapping object. What to write is not
// decided here; the read, write and mapping modules build on these choices.

// ── Choosing resources and operations ───────────────────────────────────────────────────────

export const WRITE_KINDS = ['create', 'upsert', 'send', 'update', 'batch-create', 'batch-upsert'];

function hasKind(resource: TResource, kinds: string[]): boolean {
  return resource.operations.some((op) => kinds.includes(op.kind));
}

export function pickResource(
  description: TApiDescription,
  text: string,
  range: [number, number],
  kinds: string[],
  related: TResource | undefined,
): { resource: TResource; named: boolean } | undefined {
  const candidates = description.resources.filter((r) => hasKind(r, kinds));
  if (candidates.length === 0) return undefined;
  // "the Trello list 64f1…", "spreadsheet 1AbC…", "board https://…", "repo acme/api": a noun
  // followed by an id, an owner/name or its page's address names where records are, not what
  // they are; "as cards" / "as rows" names what they are.
  const lower = text.toLowerCase();
  // A name quoted before the noun ("the "Onboarding" project") names a container too. A quoted
  // template after the noun (a task "Call <name>") says what each record reads, not where it goes.
  // "a sheet row", "the board card": a noun right before another resource's noun modifies it;
  // the second is what the records are.
  const heads = new Set(
    candidates
      .flatMap((r) => mentions(text, r, description).map((m) => ({ r, at: m.index })))
      .map(({ r, at }) => `${r.name}@${at}`),
  );
  const modifies = (resource: TResource, end: number) => {
    const next = /^\s+/.exec(text.slice(end));
    if (!next) return false;
    const at = end + next[0].length;
    return candidates.some((r) => r !== resource && heads.has(`${r.name}@${at}`));
  };
  const usable = (resource: TResource) =>
    mentions(text, resource, description)
      .filter((m) => !modifies(resource, m.end))
      .filter(
        (m) =>
          !new RegExp(
            `^${NAMED_AS}\\s+(?:id\\s+)?(?:[\`'"](?![^\`'"\\n]*[<{])|[\\w-]*\\d|https?://|(?!and/or\\b|or/and\\b)[\\w.-]+/[\\w.-]+)`,
          ).test(lower.slice(m.end)),
      )
      .filter((m) => !/["”’']\s+$/.test(lower.slice(Math.max(0, m.index - 3), m.index)))
      // "to sheet Payments", "in project Apollo": a bare noun before a capitalised name on its
      // line is a place named, not what is written; "the invoices Stripe marks …" and "a task
      // Call Bob" keep their article.
      .filter(
        (m) =>
          !(
            /^[^\S\n]+\p{Lu}[\p{L}\p{N}-]*/u.test(text.slice(m.end)) &&
            !/(?:^|\n|\b(?:a|an|one|each|every|new|as|the|these|those|our|my|all|any|their|its|from|source:?))\s*$/.test(
              lower.slice(Math.max(0, m.index - 9), m.index),
            )
          ),
      )
      .filter((m) => !isVerb(lower, m))
      .map((m) => m.index);
  // Where two names start at the same word, the longer one is meant: "form submissions" are
  // not forms.
  const longest = (resource: TResource, at: number) =>
    Math.max(
      ...mentions(text, resource, description)
        .filter((m) => m.index === at)
        .map((m) => m.end - m.index),
    );
  const better = (resource: TResource, at: number, than: { resource: TResource; at: number }) =>
    at < than.at || (at === than.at && longest(resource, at) > longest(than.resource, at));
  // "as a row", "as new cards", "as one task each": what the records become, wherever it is
  // said. A bare "as" is only trusted in the side's own part ("Employer as company" maps a field).
  const before = (i: number) => lower.slice(Math.max(0, i - 16), i);
  const becomes = (i: number) => /\bas\s+(?:a|an|one|new)\s+(?:new\s+)?$/.test(before(i));
  // "the contact's email" names whose field, not the records: any other name comes first.
  const possessive = (i: number) => /^[a-z][\w-]*(?:'s|’s)\s/.test(lower.slice(i));
  const rank = (i: number) =>
    becomes(i) || /\bas\s+(?:new\s+)?$/.test(before(i))
      ? i - 10_000
      : possessive(i)
        ? i + 10_000
        : i;
  let best: { resource: TResource; at: number } | undefined;
  for (const resource of candidates) {
    const at = usable(resource).filter(becomes)[0];
    if (at !== undefined && (!best || better(resource, at, best))) best = { resource, at };
  }
  if (best) return { resource: best.resource, named: true };
  for (const resource of candidates) {
    const index = usable(resource)
      .filter((i) => i >= range[0] && i < range[1])
      .sort((a, b) => rank(a) - rank(b))[0];
    if (index === undefined) continue;
    const at = rank(index);
    const tie = best && at === best.at && longest(resource, index) > longest(best.resource, index);
    if (!best || at < best.at || tie) best = { resource, at };
  }
  if (best) return { resource: best.resource, named: true };
  // Named anywhere (terse prompts put nouns in odd places): the one named first is the subject,
  // whatever order the description lists them in ("the invoices …, listed in the order they were sent").
  for (const resource of candidates) {
    const index = usable(resource).sort((a, b) => rank(a) - rank(b))[0];
    if (index === undefined) continue;
    const at = rank(index);
    if (!best || better(resource, at, best)) best = { resource, at };
  }
  if (best) return { resource: best.resource, named: true };
  if (related) {
    const names = new Set(resourceNames(related));
    const match = candidates.find((r) => resourceNames(r).some((n) => names.has(n)));
    if (match) return { resource: match, named: false };
  }
  return { resource: candidates[0] as TResource, named: false };
}

const DETERMINER = String.raw`(?:each|every|all|any|the|a|an|new|our|my|their|its|these|those|them|it)`;

/**
 * "Post each reply", "then record the total": a resource name used as the verb, where a verb
 * goes (the start of a sentence, after "to", "and", "then" or "please"), before what it acts on.
 */
function isVerb(lower: string, m: { index: number; end: number }): boolean {
  if (lower.slice(m.end - 1, m.end) === 's') return false;
  const after = new RegExp(`^\\s+${DETERMINER}\\b`).test(lower.slice(m.end));
  const before = /(?:^|[.!?:;,\n(]|\b(?:to|and|then|please|also|just))\s*$/.test(
    lower.slice(0, m.index),
  );
  return after && before;
}

/** Required headers the description fixes (an enum of one, e.g. Notion-Version); others are TODOs. */
export function requiredHeaders(
  op: TOperation,
  unresolved: string[],
  description: TApiDescription,
  text = '',
): Record<string, string> {
  const headers: Record<string, string> = {};
  // The same header is often documented on one operation only (Klaviyo's `revision`).
  const sameHeader = (name: string) =>
    description.resources
      .flatMap((r) => r.operations)
      .flatMap((o) => o.params)
      .filter((p) => p.in === 'header' && p.name.toLowerCase() === name.toLowerCase());
  for (const param of op.params.filter((p) => p.in === 'header' && p.required)) {
    const value =
      param.schema.enum?.at(-1) ??
      documentedHeaderValue(param) ??
      sameHeader(param.name)
        .map((p) => p.schema.enum?.at(-1) ?? documentedHeaderValue(p))
        .find((v) => v !== undefined) ??
      // A header that names the user's own account ("organisation id 9f2a…" for a tenant header).
      idFromPrompt(text, hintsFor(param.name));
    if (value !== undefined) headers[param.name] = String(value);
    else unresolved.push(`the ${param.name} header ${op.id} requires is not sent`);
  }
  return headers;
}

/**
 * A required header's value from its description: a documented default ("defaults to 2",
 * "default: v1"), or the example of a version header ("API version, e.g. 2024-10-15" — Klaviyo's
 * `revision`). Any other example (a tenant id) is the user's to give, so it is not sent.
 */
export function documentedHeaderValue(param: TParameter): string | undefined {
  const text = `${param.description ?? ''} ${param.schema.description ?? ''}`;
  const fits = (value: string) =>
    param.schema.format === 'date' ? /^\d{4}-\d{2}-\d{2}$/.test(value) : value.length > 0;
  const clean = (value: string) => value.replace(/^["'`]|["'`.,;)]+$/g, '');
  const byDefault = /\bdefault(?:s to|:|\s+is|\s+value:?)?\s+["'`]?([\w.:/-]+)/i.exec(text);
  if (byDefault?.[1] && fits(clean(byDefault[1]))) return clean(byDefault[1]);
  const versioned =
    /version|revision/i.test(param.name) ||
    /\b(api )?(version|revision)\b/i.test(text) ||
    param.schema.format === 'date';
  const example = /\b(?:e\.g\.|for example|example:|such as)\s*["'`]?([\w.:/-]+)/i.exec(text);
  if (versioned && example?.[1] && fits(clean(example[1]))) return clean(example[1]);
  return undefined;
}

export function requiredParams(op: TOperation, where: 'path' | 'query'): string[] {
  return op.params.filter((p) => p.in === where && p.required).map((p) => p.name);
}

// ── Body shapes ─────────────────────────────────────────────────────────────────────────────

/** A body whose only required field is an object holding the record (`{ data: {...} }`). */
export function envelopeOf(
  schema: TFieldSchema | undefined,
  container?: string,
): string | undefined {
  const props = Object.entries(schema?.properties ?? {});
  const required = schema?.required ?? [];
  if (required.length !== 1) return undefined;
  const [name] = required;
  if (name === container) return undefined;
  const field = schema?.properties?.[name as string];
  if (field?.type !== 'object' || !field.properties) return undefined;
  return props.length <= 3 ? name : undefined;
}

export const SKIPPED_DESTINATION =
  /^(id|gid|idMembers|idLabels|idChecklists|associations|custom_fields|customFields|custom_attributes|metadata|pos|position|sparse|SyncToken|version|blocks|attachments)$/;

export function isIdLike(path: string): boolean {
  const leaf = path.split('.').at(-1) ?? '';
  return /^id[A-Z]/.test(leaf) || /(_id|_ids|Id|Ids|_gid)$/.test(leaf) || leaf === 'id';
}
