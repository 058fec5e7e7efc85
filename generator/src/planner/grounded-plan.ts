import {
  inPlaceUpdate,
  type TApiDescription,
  type TFieldSchema,
  type TOperation,
  type TPagination,
  type TParameter,
  type TResource,
  type TSchedule,
} from '@patchbay/schema';
import {
  conceptOf,
  leaves,
  namesTimeField,
  matchField,
  normalise,
  type FieldLeaf,
  type FieldRule,
} from './field-match.ts';
import { readingSchedule, readPrompt, type PromptContext } from '../reader/read-prompt.ts';
import { requestUsedFields } from './requested-fields.ts';
import {
  listedMessage,
  placeholderField,
  readTemplates,
  templateTarget,
  type PromptTemplate,
} from './templates.ts';

// The grounded template generator's reading (issue 15 §2, ADR 015): the prompt's nouns pick a
// resource on each side, its verbs pick the operations, and the two schemas give the field
// mapping, filters, cursor and de-duplication key. Everything it cannot ground in the
// descriptions goes into `unresolved`; what would make the code write wrong data (a required
// field nothing fills, a resource the prompt does not name) also goes into `blocking`, and the
// generated code refuses to run with ctx.NonRetryableError instead of guessing.

export type Side = 'source' | 'destination';

export interface PlannedCall {
  side: Side;
  operationId: string;
  method: string;
  path: string;
}

export interface ReadPlan {
  resource: TResource;
  operation: TOperation;
  /** Path parameters filled from the prompt (name → value). */
  pathParams: Record<string, string>;
  query: Record<string, string | number | boolean>;
  itemsPath: string;
  pagination: TPagination;
  pageSize: number | undefined;
  /** link-header pages cannot be followed (ctx returns bodies only): `since_id` stands in. */
  sinceIdParam?: string | undefined;
  graphql?: { document: string; variables: Record<string, unknown> } | undefined;
  form: boolean;
  /** Required headers with a fixed value (Notion-Version). */
  headers: Record<string, string>;
}

export interface WritePlan {
  resource: TResource;
  operation: TOperation;
  kind: 'record' | 'message' | 'batch' | 'graphql';
  pathParams: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The body's single wrapping object (`data` for Asana, `ticket` for Zendesk). */
  envelope?: string | undefined;
  container?: TResource['container'] | undefined;
  form: boolean;
  rules: FieldRule[];
  /** messaging: the text field, the channel field and value. */
  message?: {
    textField: string;
    channelField?: string | undefined;
    channel?: string | undefined;
    summary: boolean;
    /** The prompt's own text for each message, `{path}` for a record's field (templates.ts). */
    template?: string | undefined;
    /** Other body fields the prompt fixes (Twilio's `From` number). */
    fixed?: Record<string, string> | undefined;
  };
  batch?: { itemsField: string; maxItems: number } | undefined;
  /** typed-properties (Notion): the property type of each destination name. */
  propertyTypes?: Record<string, string>;
  /** values-array (sheets): the source fields, one column each. */
  columns?: string[];
  /**
   * values-array: a column holding a list of typed answers (Typeform's `answers`, each value
   * under the key its `type` names), spread into one cell per answer.
   */
  spread?: string | undefined;
}

export interface FilterPlan {
  field: string;
  op:
    | 'eq'
    | 'ne'
    | 'gt'
    | 'gte'
    | 'lt'
    | 'lte'
    | 'before-now'
    | 'contains'
    | 'in'
    | 'not-in'
    | 'falsy'
    | 'truthy'
    | 'within';
  /** within: [start, end) in milliseconds from the run's due time (or its UTC midnight). */
  value?: string | number | boolean | Array<string | number | boolean>;
  /** within: whether the window starts at the run day's UTC midnight ("yesterday", "today"). */
  alignDay?: boolean | undefined;
  phrase: string;
  format?: string | undefined;
}

export interface CursorPlan {
  kind: 'new' | 'changed';
  field: string;
  format?: string | undefined;
  /** The list's query parameter that filters by the cursor, and its format. */
  param?: { name: string; format: 'date-time' | 'unix-time' | 'date' } | undefined;
  phrase: string;
}

export interface DedupePlan {
  sourceField: string;
  destinationField: string;
  /** How existing records are read: the destination's list or search operation. */
  operation: TOperation;
  pathParams: Record<string, string>;
  query: Record<string, string>;
  itemsPath: string;
  pagination: TPagination;
  headers: Record<string, string>;
  phrase: string;
  /** Update a match in place (its id in `idParam`) instead of skipping it. */
  update?:
    { operation: TOperation; idParam: string; idField: string; onlyExisting?: boolean } | undefined;
}

/**
 * An id the prompt gives by name ("the list 'To Do' on board 5f1…", "#billing in team 42"):
 * looked up at run time in the destination's list of that resource, by its name field.
 */
export interface LookupPlan {
  /** What it fills: a path parameter of the write, or a field of the record. */
  target: { kind: 'path' | 'field'; name: string };
  operation: TOperation;
  pathParams: Record<string, string>;
  itemsPath: string;
  idField: string;
  nameField: string;
  /** The name to find; without one the first record is taken (and a TODO says so). */
  name: string | undefined;
  resource: string;
}

export interface GroundedPlan {
  destinationDescription?: TApiDescription | undefined;
  /** The source API's name as typed, lower case (filters skip it between words). */
  sourceName?: string | undefined;
  source: ReadPlan | undefined;
  destination: WritePlan | undefined;
  filters: FilterPlan[];
  cursor: CursorPlan | undefined;
  dedupe: DedupePlan | undefined;
  understood: string[];
  assumptions: string[];
  unresolved: string[];
  /** The subset of `unresolved` that stops the code before any write. */
  blocking: string[];
  calls: PlannedCall[];
  schedule?: TSchedule | undefined;
  lookups: LookupPlan[];
  /**
   * No cursor: the ids of the records sent are kept in ctx.state so later runs do not create or
   * post them again (creates and messages only; updates may repeat).
   */
  remember: boolean;
}

export interface GroundedInput extends PromptContext {
  userPrompt: string;
}

/** The sandbox allows 100 requests per run: pages and writes share them. */
export const MAX_PAGES = 20;
export const MAX_ITEMS_PER_RUN = 50;

// ── Words ───────────────────────────────────────────────────────────────────────────────────

function singular(word: string): string {
  if (/ies$/.test(word)) return word.replace(/ies$/, 'y');
  if (/(sses|xes|ches|shes)$/.test(word)) return word.replace(/es$/, '');
  if (/s$/.test(word) && !/ss$/.test(word)) return word.slice(0, -1);
  return word;
}

function resourceNames(resource: TResource): string[] {
  return [resource.name, resource.plural, ...resource.aliases].map((n) => n.toLowerCase());
}

/** Where the prompt names a resource: index of the first word of the name, or -1. */
function mentions(
  text: string,
  resource: TResource,
  description?: TApiDescription,
): Array<{ index: number; end: number }> {
  const lower = text.toLowerCase();
  // "typeform responses": the API's own name is not its `typeform` resource.
  const apiNames = new Set(
    description ? [description.name, description.id, ...description.aliases].map(normalise) : [],
  );
  const found = new Map<number, number>();
  for (const name of resourceNames(resource)) {
    if (apiNames.has(normalise(name))) continue;
    const forms = [name, `${name}s`, name.replace(/y$/, 'ies'), name.replace(/-/g, ' ')];
    for (const form of forms) {
      const pattern = new RegExp(`(?<![a-z0-9])${escapeRegExp(form)}(?![a-z0-9])`, 'g');
      for (const m of lower.matchAll(pattern)) {
        found.set(m.index, Math.max(found.get(m.index) ?? 0, m.index + m[0].length));
      }
    }
  }
  return [...found.entries()]
    .map(([index, end]) => ({ index, end }))
    .sort((a, b) => a.index - b.index);
}

/** The index where the destination part of the prompt starts ("… to Trello", "into …", "->"). */
function splitIndex(text: string, context: PromptContext): number {
  const lower = text.toLowerCase();
  const dest = context.destApiName.trim().toLowerCase();
  const arrow = /(->|→|=>|\bto\b|\binto\b|\bonto\b|\bin\b)/g;
  let best = -1;
  for (const m of lower.matchAll(arrow)) {
    const after = lower.slice(m.index + m[0].length, m.index + m[0].length + 60);
    if (dest && after.includes(dest)) return m.index;
    if (best < 0 && m[0] !== 'in') best = m.index;
  }
  const at = dest ? lower.indexOf(dest) : -1;
  if (at > 0) return at;
  return best >= 0 ? best : Math.floor(text.length / 2);
}

// ── Ids the prompt names ("Trello list 5f1a…", "project 1201", "#billing") ──────────────────

/** Words a parameter or field is about: `idList` → list, `calendarId` → calendar, `{id}` after /lists → list. */
function hintsFor(name: string, path?: string): string[] {
  // `webhook_token` is a token: the head noun comes last in an English compound, so it is the
  // first hint tried ("hook: id 42, token abc9" gives abc9 to `webhook_token`).
  // `tableIdOrName` takes a table's id or name: its words after "Id" qualify it.
  const split = name
    .replace(/_?(?:Id|ID|_id)_?Or_?Name$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !['id', 'gid', 'ids', 'key', 'uuid'].includes(w))
    .reverse();
  const hints = [...split];
  if (path && split.length === 0) {
    const segments = path.split('/').filter(Boolean);
    const at = segments.findIndex((s) => s === `{${name}}`);
    const before = segments[at - 1];
    if (before) hints.push(singular(before.toLowerCase()));
  }
  return hints.filter((h) => h.length >= 2);
}

/** A value the prompt gives for one of `hints`: a token with a digit, a quoted text, or #channel. */
export function idFromPrompt(text: string, hints: string[]): string | undefined {
  for (const hint of hints) {
    const pattern = new RegExp(
      // The value is in a lookahead, so "Teams team 9f3e" can match "team 9f3e" after "Teams team".
      // "sheet id 9zz", "form ID: ab12", "database (id 77aa…)", "project gid 4445", project
      // "Ops" (gid 4446): the word "id" is never the value, and a quoted name may come first.
      `\\b${escapeRegExp(hint)}s?\\b(?=\\s*(?:["“'][^"”'\\n]{1,80}["”']\\s*)?[:=(]?\\s*(?:(?:id|named|called|gid)\\b\\s*)?[:=#]?\\s*(?:"([^"]+)"|'([^']+)'|\`([^\`]+)\`|([A-Za-z0-9][\\w.-]*)))`,
      'gi',
    );
    for (const m of text.matchAll(pattern)) {
      const quoted = m[1] ?? m[2] ?? m[3];
      // A quoted id ("5f1a…"); a quoted name ("To Do") is looked up instead (nameFromPrompt).
      if (quoted && /\d/.test(quoted) && !/\s/.test(quoted)) return quoted;
      if (quoted) continue;
      const token = (m[4] ?? '').replace(/[.]+$/, '');
      if (/\d/.test(token) && token.length >= 2) return token;
    }
  }
  return undefined;
}

/**
 * A path or query parameter's value from the prompt: its own words (`list_id` → "list 123"),
 * the aliases of the resource it names (`spreadsheetId` → "sheet 1xYz"), or owner/repo.
 */
function paramValue(
  text: string,
  name: string,
  path: string | undefined,
  description: TApiDescription,
): string | undefined {
  if (
    (name === 'owner' || name === 'repo') &&
    path?.includes('{owner}') &&
    path.includes('{repo}')
  ) {
    const slug = /(?<![\w/:.])([A-Za-z0-9][\w.-]*)\/([A-Za-z0-9][\w.-]*)(?![\w/])/.exec(text);
    if (slug) return name === 'owner' ? slug[1] : slug[2];
  }
  const hints = hintsFor(name, path);
  const aliases = description.resources
    .filter((r) =>
      hints.some((h) => h === r.name || h === singular(r.plural) || r.aliases.includes(h)),
    )
    .flatMap((r) => [r.name, r.plural, ...r.aliases].map((a) => a.toLowerCase()));
  const words = [...new Set([...hints, ...aliases])];
  return (
    idFromPrompt(text, words) ??
    // "project OPS" (`projectKey`), "table Deals" (`tableIdOrName`): keys and names, not ids.
    (/key/i.test(name) ? keyFromPrompt(text, words) : undefined) ??
    (/name$/i.test(name) ? capitalisedFromPrompt(text, words, description.name) : undefined)
  );
}

/** A key the prompt gives after a hint: an upper-case token as Jira writes them ("project OPS"). */
export function keyFromPrompt(text: string, hints: string[]): string | undefined {
  for (const hint of hints) {
    const m = new RegExp(
      `\\b${escapeRegExp(hint)}s?\\s+(?:key\\s+)?([A-Z][A-Z0-9_]{1,14})\\b`,
      'i',
    ).exec(text);
    if (m?.[1] && /^[A-Z][A-Z0-9_]+$/.test(m[1])) return m[1];
  }
  return undefined;
}

/** A name the prompt gives after a hint: quoted, or one capitalised word ("table Deals"). */
function capitalisedFromPrompt(text: string, hints: string[], apiName = ''): string | undefined {
  const quoted = nameFromPrompt(text, hints);
  if (quoted) return quoted;
  for (const hint of hints) {
    const m = new RegExp(
      `\\b${escapeRegExp(hint)}s?\\s+(?:named\\s+|called\\s+)?([A-Z][\\w-]*)`,
      'i',
    ).exec(text);
    if (m?.[1] && /^[A-Z]/.test(m[1])) return m[1];
  }
  // Capitalised words before the noun name it ("the Returns sheet", "our Vendor Log tab"),
  // unless they are the API's own name ("the Airtable table") or start a sentence.
  const apiWords = new Set(apiName.toLowerCase().split(/\s+/));
  for (const hint of hints) {
    for (const m of text.matchAll(
      new RegExp(`(?<=\\b[a-z]+\\s)((?:[A-Z][\\w-]*\\s+){1,3})${escapeRegExp(hint)}s?\\b`, 'g'),
    )) {
      const words = (m[1] ?? '').trim().split(/\s+/);
      if (words.some((w) => apiWords.has(w.toLowerCase()))) continue;
      return words.join(' ');
    }
  }
  return undefined;
}

/** Path parameters from a URL in the prompt whose path ends as `template` does. */
export function pathParamsFromUrl(text: string, template: string): Record<string, string> {
  const names: string[] = [];
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const m = /^\{([^}]+)\}$/.exec(part);
      if (!m) return escapeRegExp(part);
      names.push(m[1] ?? '');
      return '([^/?#\\s]+)';
    })
    .join('');
  for (const url of text.match(/https?:\/\/[^\s"'<>]+/g) ?? []) {
    const path = url
      .replace(/^https?:\/\/[^/]+/, '')
      .replace(/[?#].*$/, '')
      .replace(/[.,;)]+$/, '');
    const m = new RegExp(`${pattern}$`).exec(path);
    if (m)
      return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(m[i + 1] ?? '')]));
  }
  return {};
}

/** A phone number the prompt gives after "to", "at", "text", "sms" or "call" (E.164 or spaced). */
export function phoneFromPrompt(
  text: string,
  after = '(?:to|at|text|sms|call|number)',
): string | undefined {
  const m = new RegExp(`\\b${after}\\s+(\\+?\\d[\\d ()-]{6,}\\d)`, 'i').exec(text);
  return m?.[1] ? m[1].replace(/[\s()-]/g, '') : undefined;
}

export function channelFromPrompt(text: string): string | undefined {
  const hash = /(?:^|[\s(])#([a-z0-9][\w-]*)/i.exec(text);
  if (hash) return `#${hash[1]}`;
  return idFromPrompt(text, ['channel']) ?? nameFromPrompt(text, ['channel']);
}

/** A name the prompt gives for one of `hints`: quoted ("list 'To Do'", "list named Backlog"). */
export function nameFromPrompt(text: string, hints: string[]): string | undefined {
  for (const hint of hints) {
    const pattern = new RegExp(
      `\\b${escapeRegExp(hint)}s?\\b\\s+(?:(?:named|called)\\s+)?(?:"([^"]+)"|'([^']+)'|\`([^\`]+)\`|“([^”]+)”)|\\b(?:named|called)\\s+["'“]?([\\w -]+?)["'”]?\\s+${escapeRegExp(hint)}`,
      'i',
    );
    const m = pattern.exec(text);
    const name = m?.[1] ?? m?.[2] ?? m?.[3] ?? m?.[4] ?? m?.[5];
    if (name) return name.trim();
    // The name before its noun: the "Vendors" table, the ‘Refunds’ tab.
    const before = new RegExp(
      `(?:"([^"]+)"|'([^']+)'|“([^”]+)”|‘([^’]+)’)\\s+${escapeRegExp(hint)}s?\\b`,
      'i',
    ).exec(text);
    const named = before?.[1] ?? before?.[2] ?? before?.[3] ?? before?.[4];
    if (named) return named.trim();
  }
  if (hints.includes('channel')) {
    const hash = /(?:^|[\s(])#([a-z0-9][\w-]*)/i.exec(text);
    if (hash) return hash[1];
  }
  return undefined;
}

/**
 * A lookup for an id the prompt does not give: the destination resource the id names (`idList` →
 * list), read with a list operation whose own path ids the prompt gives (`/boards/{id}/lists`
 * with "board 5f1…"), matched by name.
 */
function planLookup(
  text: string,
  description: TApiDescription,
  target: LookupPlan['target'],
  path: string | undefined,
  earlier: LookupPlan[] = [],
): LookupPlan | undefined {
  const hints = hintsFor(target.name, path);
  const resource = description.resources.find((r) =>
    hints.some((h) => h === r.name || r.aliases.includes(h)),
  );
  if (!resource) return undefined;
  for (const operation of resource.operations.filter((op) => op.kind === 'list')) {
    const pathParams: Record<string, string> = {};
    const names = requiredParams(operation, 'path');
    for (const name of names) {
      const value = paramValue(text, name, operation.path, description);
      if (value) pathParams[name] = value;
      // "#billing in Teams": the team is looked up first, then its channels (filled at run time).
      else if (earlier.some((l) => l.target.kind === 'path' && l.target.name === name))
        pathParams[name] = '';
    }
    if (Object.keys(pathParams).length !== names.length) continue;
    if (operation.params.some((p) => p.required && p.in !== 'path')) continue;
    const nameField = Object.keys(resource.schema.properties ?? {}).find(
      (f) => conceptOf(f) === 'name',
    );
    if (!nameField) continue;
    return {
      target,
      operation,
      pathParams,
      itemsPath: operation.itemsPath ?? '',
      idField: resource.idField,
      nameField,
      name: nameFromPrompt(text, [resource.name, ...resource.aliases]),
      resource: resource.name,
    };
  }
  return undefined;
}

/** Adds a lookup to the plan and says how it resolves; false when none can. */
function useLookup(
  text: string,
  description: TApiDescription,
  target: LookupPlan['target'],
  path: string | undefined,
  plan: GroundedPlan,
): boolean {
  const lookup = planLookup(text, description, target, path, plan.lookups);
  if (!lookup) return false;
  plan.lookups.push(lookup);
  const where = `${lookup.operation.method} ${lookup.operation.path}`;
  if (lookup.name) {
    plan.understood.push(
      `${target.name}: the ${lookup.resource} named "${lookup.name}", looked up with ${where}.`,
    );
  } else {
    plan.unresolved.push(
      `${target.name}: no ${lookup.resource} was named, so the first one ${where} returns is used; name it in the prompt (${lookup.resource} "To Do")`,
    );
  }
  return true;
}

// ── Choosing resources and operations ───────────────────────────────────────────────────────

const WRITE_KINDS = ['create', 'upsert', 'send', 'update', 'batch-create', 'batch-upsert'];

function hasKind(resource: TResource, kinds: string[]): boolean {
  return resource.operations.some((op) => kinds.includes(op.kind));
}

function pickResource(
  description: TApiDescription,
  text: string,
  range: [number, number],
  kinds: string[],
  related: TResource | undefined,
): { resource: TResource; named: boolean } | undefined {
  const candidates = description.resources.filter((r) => hasKind(r, kinds));
  if (candidates.length === 0) return undefined;
  // "the Trello list 64f1…", "spreadsheet 1AbC…": a noun followed by an id names where records
  // go, not what they are; "as cards" / "as rows" names what they are.
  const lower = text.toLowerCase();
  // A name quoted before the noun ("the "Onboarding" project") names a container too.
  const usable = (resource: TResource) =>
    mentions(text, resource, description)
      .filter((m) => !/^\s+(?:id\s+)?(?:[`'"]|[\w-]*\d)/.test(lower.slice(m.end)))
      .filter((m) => !/["”’']\s+$/.test(lower.slice(Math.max(0, m.index - 3), m.index)))
      .map((m) => m.index);
  // "as a row", "as new cards", "as one task each": what the records become, wherever it is
  // said. A bare "as" is only trusted in the side's own part ("Employer as company" maps a field).
  const before = (i: number) => lower.slice(Math.max(0, i - 16), i);
  const becomes = (i: number) => /\bas\s+(?:a|an|one|new)\s+(?:new\s+)?$/.test(before(i));
  const rank = (i: number) =>
    becomes(i) || /\bas\s+(?:new\s+)?$/.test(before(i)) ? i - 10_000 : i;
  let best: { resource: TResource; at: number } | undefined;
  for (const resource of candidates) {
    const at = usable(resource).filter(becomes)[0];
    if (at !== undefined && (!best || at < best.at)) best = { resource, at };
  }
  if (best) return { resource: best.resource, named: true };
  for (const resource of candidates) {
    const at = usable(resource)
      .filter((i) => i >= range[0] && i < range[1])
      .map(rank)
      .sort((a, b) => a - b)[0];
    if (at !== undefined && (!best || at < best.at)) best = { resource, at };
  }
  if (best) return { resource: best.resource, named: true };
  // Named anywhere (terse prompts put nouns in odd places).
  for (const resource of candidates) {
    if (usable(resource).length > 0) return { resource, named: true };
  }
  if (related) {
    const names = new Set(resourceNames(related));
    const match = candidates.find((r) => resourceNames(r).some((n) => names.has(n)));
    if (match) return { resource: match, named: false };
  }
  return { resource: candidates[0] as TResource, named: false };
}

/** Required headers the description fixes (an enum of one, e.g. Notion-Version); others are TODOs. */
function requiredHeaders(
  op: TOperation,
  unresolved: string[],
  description: TApiDescription,
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
        .find((v) => v !== undefined);
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

function requiredParams(op: TOperation, where: 'path' | 'query'): string[] {
  return op.params.filter((p) => p.in === where && p.required).map((p) => p.name);
}

// ── Body shapes ─────────────────────────────────────────────────────────────────────────────

/** A body whose only required field is an object holding the record (`{ data: {...} }`). */
function envelopeOf(schema: TFieldSchema | undefined, container?: string): string | undefined {
  const props = Object.entries(schema?.properties ?? {});
  const required = schema?.required ?? [];
  if (required.length !== 1) return undefined;
  const [name] = required;
  if (name === container) return undefined;
  const field = schema?.properties?.[name as string];
  if (field?.type !== 'object' || !field.properties) return undefined;
  return props.length <= 3 ? name : undefined;
}

const SKIPPED_DESTINATION =
  /^(id|gid|idMembers|idLabels|idChecklists|associations|custom_fields|customFields|custom_attributes|metadata|pos|position|sparse|SyncToken|version|blocks|attachments)$/;

function isIdLike(path: string): boolean {
  const leaf = path.split('.').at(-1) ?? '';
  return /^id[A-Z]/.test(leaf) || /(_id|_ids|Id|Ids|_gid)$/.test(leaf) || leaf === 'id';
}

// ── The plan ────────────────────────────────────────────────────────────────────────────────

export function planGrounded(
  input: GroundedInput,
  sourceDescription: TApiDescription,
  destinationDescription: TApiDescription,
): GroundedPlan {
  const text = input.userPrompt.replace(/\s+/g, ' ').trim();
  const lower = text.toLowerCase();
  const reading = readPrompt(input.userPrompt, input);
  const split = splitIndex(text, input);
  const plan: GroundedPlan = {
    destinationDescription,
    sourceName: input.sourceApiName.trim().toLowerCase(),
    source: undefined,
    destination: undefined,
    filters: [],
    cursor: undefined,
    dedupe: undefined,
    understood: [],
    assumptions: [],
    unresolved: [],
    blocking: [],
    calls: [],
    lookups: [],
    remember: false,
    ...(reading.schedule ? { schedule: readingSchedule(reading.schedule) } : {}),
  };
  const block = (message: string) => {
    plan.unresolved.push(message);
    plan.blocking.push(message);
  };

  // Source: the resource the prompt names before the destination part, with a list operation.
  const sourcePick = pickResource(
    sourceDescription,
    text,
    [0, split],
    ['list', 'search'],
    undefined,
  );
  const messaging = destinationDescription.messaging;
  const messagingOp = messaging
    ? destinationDescription.resources
        .flatMap((r) => r.operations)
        .find((op) => op.id === messaging.operationId)
    : undefined;
  const destinationPick = pickResource(
    destinationDescription,
    text,
    [split, text.length + 1],
    WRITE_KINDS,
    sourcePick?.resource,
  );

  if (!sourcePick) {
    block(`${sourceDescription.name} has no list operation to read from`);
  } else {
    plan.source = planRead(text, sourceDescription, sourcePick.resource, plan, block);
    if (!sourcePick.named) {
      plan.assumptions.push(
        `The prompt names no ${sourceDescription.name} resource: reading ${sourcePick.resource.plural}, its first one.`,
      );
    }
  }

  // Destination: a chat API gets a message unless the prompt names another resource it can write.
  const wantsMessage =
    messagingOp !== undefined &&
    (!destinationPick?.named ||
      destinationPick.resource.operations.includes(messagingOp) ||
      /#|\b(message|notify|tell|alert|ping|announce|post)\b/.test(lower));
  if (wantsMessage && messagingOp && messaging) {
    const resource = destinationDescription.resources.find((r) =>
      r.operations.includes(messagingOp),
    ) as TResource;
    // A channel that is a phone number (Twilio's `To`): "text me at +1…", not a #channel.
    const bodyFields = messagingOp.body?.schema.properties ?? {};
    const channelSchema = messaging.channelField ? bodyFields[messaging.channelField] : undefined;
    const phoneChannel =
      channelSchema?.format === 'phone' || /phone|e\.164/i.test(channelSchema?.description ?? '');
    const channel = phoneChannel ? phoneFromPrompt(text) : channelFromPrompt(text);
    const fixed: Record<string, string> = {};
    for (const [name, schema] of Object.entries(bodyFields)) {
      if (name === messaging.channelField || schema.format !== 'phone') continue;
      const value = phoneFromPrompt(text, escapeRegExp(name.toLowerCase()));
      if (value && value !== channel) fixed[name] = value;
    }
    const summary = /\b(summary|digest|one message|single message|a list of)\b/.test(lower);
    const pathParams: Record<string, string> = {};
    const channelInPath = messagingOp.params.some(
      (p) => p.in === 'path' && p.name === messaging.channelField,
    );
    // A URL in the prompt that is this operation's path (a Discord or Slack webhook URL) gives
    // its path parameters (webhook id and token).
    const fromUrl = pathParamsFromUrl(text, messagingOp.path);
    if (Object.keys(fromUrl).length > 0)
      plan.understood.push(
        `The URL in the prompt is ${messagingOp.method} ${messagingOp.path}: ${Object.keys(fromUrl).join(', ')} taken from it.`,
      );
    for (const name of requiredParams(messagingOp, 'path')) {
      const value =
        fromUrl[name] ??
        (name === messaging.channelField
          ? (idFromPrompt(text, ['channel']) ?? undefined)
          : paramValue(text, name, messagingOp.path, destinationDescription));
      if (value) pathParams[name] = value;
      else if (
        useLookup(text, destinationDescription, { kind: 'path', name }, messagingOp.path, plan)
      ) {
        pathParams[name] = '';
      } else if (name === messaging.channelField) {
        block(
          `the ${destinationDescription.name} channel id to post to${channel ? ` (${channel} is a name; ${messagingOp.path} needs the id, e.g. "channel 19:abc@thread")` : ''}`,
        );
      } else
        block(
          `the ${hintsFor(name, messagingOp.path).join(' ') || name} to post to (${messagingOp.path} needs {${name}}; name it in the prompt)`,
        );
    }
    plan.destination = {
      resource,
      operation: messagingOp,
      kind: 'message',
      pathParams,
      query: {},
      headers: requiredHeaders(messagingOp, plan.unresolved, destinationDescription),
      form: messagingOp.body?.contentType === 'form',
      rules: [],
      message: {
        textField: messaging.textField,
        channelField: channelInPath ? undefined : messaging.channelField,
        channel,
        summary,
        ...(Object.keys(fixed).length > 0 ? { fixed } : {}),
      },
    };
    const channelRequired = messaging.channelField
      ? (messagingOp.body?.schema.required ?? []).includes(messaging.channelField)
      : false;
    if (messaging.channelField && !channelInPath && !channel && channelRequired) {
      block(
        phoneChannel
          ? `the phone number to send ${destinationDescription.name} messages to (write it in the prompt, e.g. "text +14155550123")`
          : `the ${destinationDescription.name} channel to post to (write it as #channel-name in the prompt)`,
      );
    }
    plan.understood.push(
      `Write: a ${summary ? 'summary message' : 'message per record'} with ${messagingOp.method} ${messagingOp.path}` +
        `${channel ? ` to ${channel}` : ''}.`,
    );
  } else if (!destinationPick) {
    block(`${destinationDescription.name} has no operation that creates records`);
  } else {
    plan.destination = planWrite(
      text,
      destinationDescription,
      destinationPick.resource,
      plan,
      block,
      lower,
    );
    if (!destinationPick.named) {
      plan.assumptions.push(
        `The prompt names no ${destinationDescription.name} resource: writing ${destinationPick.resource.plural}` +
          `${sourcePick && resourceNames(destinationPick.resource).some((n) => resourceNames(sourcePick.resource).includes(n)) ? ` (what ${destinationDescription.name} calls ${sourcePick.resource.plural})` : ''}.`,
      );
    }
  }

  if (plan.source && plan.destination) {
    // "asana -> trello", "contacts -> customers": arrows between APIs or resources, not fields.
    const names = new Set(
      [input.sourceApiName, input.destApiName, sourceDescription.id, destinationDescription.id]
        .concat(resourceNames(plan.source.resource), resourceNames(plan.destination.resource))
        .map((n) => normalise(n)),
    );
    const mappings = reading.mappings.filter(
      (m) => !names.has(normalise(m.from)) && !names.has(normalise(m.to)),
    );
    // "with Name as name": the side that is a field of the source records is the source,
    // whichever way round the prompt wrote it.
    const sourceNames = new Set(
      leaves(plan.source.resource.schema).flatMap((l) => [
        normalise(l.path),
        normalise(l.path.split('.').at(-1) ?? ''),
      ]),
    );
    const sourcePaths = leaves(plan.source.resource.schema);
    for (const [i, m] of mappings.entries()) {
      const swapped =
        !sourceNames.has(normalise(m.from)) && sourceNames.has(normalise(m.to))
          ? { ...m, from: m.to, to: m.from }
          : m;
      // "Company" is HubSpot's `properties.company`: the source side as its full path.
      const leaf =
        sourcePaths.find((l) => normalise(l.path) === normalise(swapped.from)) ??
        sourcePaths.find(
          (l) => normalise(l.path.split('.').at(-1) ?? '') === normalise(swapped.from),
        );
      mappings[i] = leaf ? { ...swapped, from: leaf.path } : swapped;
    }
    // "sev1 → Critical, sev2 → Major": pairs of values, a table for some field, not field mappings.
    const values = mappings.filter(
      (m) => !sourcePaths.some((l) => l.path === m.from) && !/[_.]/.test(m.from + m.to),
    );
    for (const pair of values) mappings.splice(mappings.indexOf(pair), 1);
    // One arrow between words is the flow ("since last run -> one message each"), not a table.
    if (values.length > 1) {
      plan.unresolved.push(
        `value table ${values.map((m) => `${m.from} → ${m.to}`).join(', ')}: which field it translates is not understood, so it is not applied`,
      );
    }
    for (const stated of statedMappings(text, plan.source.resource, input.sourceApiName)) {
      if (!mappings.some((m) => normalise(m.to) === normalise(stated.to))) mappings.push(stated);
    }
    for (const gap of ungroundedMappings(text, plan.source.resource, input.sourceApiName)) {
      if (mappings.some((m) => normalise(m.to) === normalise(gap.to))) continue;
      // "zendesk tickets -> linear issues": an arrow between APIs or their records, no field.
      if ([...names].some((name) => name && normalise(gap.to).includes(name))) continue;
      plan.unresolved.push(
        `field ${gap.to}: ${plan.source.resource.plural} have no field "${gap.fromWords}" ("${gap.phrase}")`,
      );
    }
    planMapping(text, mappings, plan, block);
    if (plan.destination?.message) {
      const [template] = readTemplates(text, plan.source.resource);
      const listed = template ? undefined : listedMessage(text, plan.source.resource);
      if (template) {
        plan.destination.message.template = template.template;
        noteTemplate(template, 'the message', plan);
      } else if (listed && listed.unmatched.length > 0) {
        // A message missing what was asked for is a wrong write: the default one, and a gap.
        for (const words of listed.unmatched)
          plan.unresolved.push(
            `the message's "${words}": no field of ${plan.source.resource.plural} matches it`,
          );
      } else if (listed) {
        plan.destination.message.template = listed.template;
        plan.understood.push(
          `Each message holds what the prompt lists ("${listed.written}"): ${listed.template.replace(/\n/g, ' / ')}.`,
        );
      }
    }
    planFilters(text, reading, plan);
    extendListedValues(text.toLowerCase(), plan);
    planCursor(lower, reading, plan);
    planDedupe(lower, plan);
    requestUsedFields(plan);
  }
  plan.calls = plannedCalls(plan);
  return plan;
}

/** The calls a plan makes, in the order the code makes them: read, dedupe, lookups, write. */
export function plannedCalls(
  plan: Pick<GroundedPlan, 'source' | 'dedupe' | 'lookups' | 'destination'>,
): PlannedCall[] {
  const call = (side: Side, operation: TOperation): PlannedCall => ({
    side,
    operationId: operation.id,
    method: operation.method,
    path: operation.path,
  });
  return [
    ...(plan.source ? [call('source', plan.source.operation)] : []),
    ...(plan.dedupe ? [call('destination', plan.dedupe.operation)] : []),
    ...plan.lookups.map((lookup) => call('destination', lookup.operation)),
    ...(plan.destination ? [call('destination', plan.destination.operation)] : []),
    ...(plan.dedupe?.update ? [call('destination', plan.dedupe.update.operation)] : []),
  ];
}

function planRead(
  text: string,
  description: TApiDescription,
  resource: TResource,
  plan: GroundedPlan,
  block: (message: string) => void,
): ReadPlan {
  const lists = resource.operations.filter((op) => op.kind === 'list');
  const candidates =
    lists.length > 0 ? lists : resource.operations.filter((op) => op.kind === 'search');
  // The list whose required path parameters the prompt fills; else the one needing fewest.
  const scored = candidates
    .map((op) => {
      const missing = requiredParams(op, 'path').filter(
        (name) => !paramValue(text, name, op.path, description),
      );
      return { op, missing: missing.length };
    })
    .sort((a, b) => a.missing - b.missing);
  const operation = (scored[0] as { op: TOperation }).op;
  const pathParams: Record<string, string> = {};
  for (const name of requiredParams(operation, 'path')) {
    const value = paramValue(text, name, operation.path, description);
    if (value) pathParams[name] = value;
    else
      block(
        `the ${hintsFor(name, operation.path).join(' ') || name} to read ${resource.plural} from (${operation.path} needs {${name}}; name it in the prompt, e.g. "${hintsFor(name, operation.path)[0] ?? name} 12345")`,
      );
  }
  const query: Record<string, string | number | boolean> = {};
  for (const param of operation.params.filter((p) => p.in === 'query')) {
    const pagingParams = pagingParamNames(operation.pagination);
    if (pagingParams.includes(param.name) || param.name === operation.since?.param) continue;
    const language = queryLanguage(description, resource, operation, param.name, param.required);
    if (language) {
      // JQL reads every project unless told: "jira project OPS" narrows it to that project.
      const project =
        param.name === 'jql'
          ? (keyFromPrompt(text, ['project']) ?? idFromPrompt(text, ['project']))
          : undefined;
      query[param.name] = project ? `project = "${project}" ${language}` : language;
      if (project) plan.understood.push(`Only ${resource.plural} of project ${project} (JQL).`);
      continue;
    }
    const hinted = idFromPrompt(text, hintsFor(param.name));
    if (hinted && param.schema.type !== 'boolean' && hintsFor(param.name).length > 0) {
      query[param.name] = hinted;
      continue;
    }
    if (param.required) {
      if (param.schema.enum?.length) query[param.name] = param.schema.enum[0] as string;
      else
        block(
          `a value for the ${param.name} query parameter of ${operation.method} ${operation.path}`,
        );
    }
  }
  let pagination: TPagination = operation.pagination ?? { style: 'none' as const };
  // ctx returns bodies, not the Link header: a list that also takes a page number (GitLab,
  // GitHub) is read page by page until an empty page instead.
  const pageParam = operation.params.find((p) => p.in === 'query' && p.name === 'page');
  if (pagination.style === 'link-header' && pageParam) {
    const limit = pagination.limitParam;
    pagination = {
      style: 'page',
      pageParam: pageParam.name,
      firstPage: 1,
      ...(limit ? { sizeParam: limit } : {}),
      ...(pagination.maxLimit ? { maxSize: pagination.maxLimit } : {}),
    };
    plan.assumptions.push(
      `${description.name} pages with a Link header, which ctx does not expose: pages are read by number (${pageParam.name}=1, 2, …) until an empty one.`,
    );
  }
  const max =
    'maxLimit' in pagination
      ? pagination.maxLimit
      : 'maxSize' in pagination
        ? pagination.maxSize
        : undefined;
  const pageSize = max ? Math.min(max, 100) : pagingLimitParam(pagination) ? 100 : undefined;
  let sinceIdParam: string | undefined;
  if (pagination.style === 'link-header') {
    sinceIdParam = operation.params.find((p) => p.name === 'since_id')?.name;
    if (sinceIdParam) {
      plan.assumptions.push(
        `${description.name} pages with a Link header, which ctx does not expose: pages are read with ${sinceIdParam} (the last id) instead.`,
      );
    } else {
      plan.unresolved.push(
        `${operation.path} pages with a Link header, which the code cannot read: only the first ${pageSize ?? ''} records are read`,
      );
    }
  }
  plan.understood.push(
    `Read: ${resource.plural} from ${description.name} with ${operation.method} ${operation.path} (${operation.id}), ` +
      `${pagination.style === 'none' ? 'one response' : `${pagination.style} pages, at most ${MAX_PAGES}`}.`,
  );
  const graphql = operation.graphql
    ? {
        document: operation.graphql.document,
        variables: graphqlVariables(operation.graphql.document, text, block, operation),
      }
    : undefined;
  return {
    resource,
    operation,
    pathParams,
    query,
    itemsPath: operation.itemsPath ?? '',
    pagination,
    pageSize,
    sinceIdParam,
    graphql,
    form: false,
    headers: requiredHeaders(operation, plan.unresolved, description),
  };
}

/**
 * A list whose required parameter is a query language (Salesforce SOQL, QuickBooks, Jira JQL):
 * a query that selects every record of the resource.
 */
function queryLanguage(
  description: TApiDescription,
  resource: TResource,
  operation: TOperation,
  param: string,
  required: boolean,
): string | undefined {
  if (!required) return undefined;
  if (param === 'jql') return 'order by created ASC';
  if (!/^(q|query)$/.test(param) || operation.kind !== 'list') return undefined;
  const fields = Object.keys(resource.schema.properties ?? {}).filter(
    (f) => f !== 'attributes' && f !== 'MetaData',
  );
  return description.id === 'quickbooks'
    ? `select * from ${capitalise(resource.name)}`
    : `SELECT ${fields.join(', ')} FROM ${capitalise(resource.name)}`;
}

function pagingParamNames(pagination: TPagination | undefined): string[] {
  if (!pagination) return [];
  const names: string[] = [];
  for (const key of [
    'cursorParam',
    'limitParam',
    'pageParam',
    'sizeParam',
    'offsetParam',
  ] as const) {
    const value = (pagination as Record<string, unknown>)[key];
    if (typeof value === 'string') names.push(value);
  }
  return names;
}

function pagingLimitParam(pagination: TPagination): string | undefined {
  const p = pagination as Record<string, unknown>;
  return typeof p.limitParam === 'string'
    ? p.limitParam
    : typeof p.sizeParam === 'string'
      ? p.sizeParam
      : undefined;
}

/** GraphQL variables the document declares, filled from the prompt where they are ids. */
function graphqlVariables(
  document: string,
  text: string,
  block: (message: string) => void,
  operation: TOperation,
): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const m of document.matchAll(/\$(\w+)\s*:\s*([\w[\]!]+)/g)) {
    const [, name = '', type = ''] = m;
    if (/^(cursor|after|limit|first|page)$/i.test(name)) continue;
    const value = idFromPrompt(text, hintsFor(name));
    if (value) variables[name] = /^\[/.test(type) ? [value] : value;
    else if (type.endsWith('!') && /id/i.test(name))
      block(
        `the ${hintsFor(name).join(' ') || name} for ${operation.id} (name it in the prompt, e.g. "${hintsFor(name)[0] ?? name} 12345")`,
      );
  }
  return variables;
}

function planWrite(
  text: string,
  description: TApiDescription,
  resource: TResource,
  plan: GroundedPlan,
  block: (message: string) => void,
  lower: string,
): WritePlan {
  const wantsUpdate = /\b(update|updates|upsert|sync|mirror|keep .* in sync)\b/.test(lower);
  const wantsBatch = /\b(batch|batches|bulk|at once|in one (request|call))\b/.test(lower);
  const find = (kind: string) => resource.operations.find((op) => op.kind === kind);
  let operation =
    (wantsBatch && (find('batch-create') ?? find('batch-upsert'))) ||
    (wantsUpdate &&
    find('upsert') &&
    !find('upsert')?.params.some((p) => p.in === 'path' && p.required)
      ? find('upsert')
      : undefined) ||
    find('create') ||
    find('send') ||
    find('upsert') ||
    find('batch-create') ||
    find('batch-upsert') ||
    find('update') ||
    find('batch-update');
  operation = operation as TOperation;
  const pathParams: Record<string, string> = {};
  for (const name of requiredParams(operation, 'path')) {
    const value =
      paramValue(text, name, operation.path, description) ??
      (name === 'calendarId' ? 'primary' : name === 'range' ? 'A1' : undefined);
    if (value === 'primary' || value === 'A1')
      plan.assumptions.push(
        `{${name}} is ${value}: ${name === 'range' ? 'rows are appended after the table on the first sheet' : 'the primary calendar'}.`,
      );
    if (value) pathParams[name] = value;
    else if (useLookup(text, description, { kind: 'path', name }, operation.path, plan)) {
      pathParams[name] = '';
    } else
      block(
        `the ${hintsFor(name, operation.path).join(' ') || name} to write ${resource.plural} to (${operation.path} needs {${name}}; name it in the prompt, e.g. "${hintsFor(name, operation.path)[0] ?? name} 12345")`,
      );
  }
  const query: Record<string, string> = {};
  for (const param of operation.params.filter((p) => p.in === 'query' && p.required)) {
    const value =
      idFromPrompt(text, hintsFor(param.name)) ??
      (param.schema.enum?.includes('USER_ENTERED')
        ? 'USER_ENTERED'
        : (param.schema.enum?.[0] as string | undefined));
    if (value !== undefined) query[param.name] = String(value);
    else
      block(
        `a value for the ${param.name} query parameter of ${operation.method} ${operation.path}`,
      );
  }
  const headers = requiredHeaders(operation, plan.unresolved, description);
  const schema = operation.body?.schema;
  const batch = operation.batch;
  const container = resource.container;
  const envelope = batch ? undefined : envelopeOf(schema, container?.field);
  const kind: WritePlan['kind'] = operation.graphql ? 'graphql' : batch ? 'batch' : 'record';
  plan.understood.push(
    `Write: ${batch ? `batches of up to ${Math.min(batch.maxItems, MAX_ITEMS_PER_RUN)} ${resource.plural}` : container?.kind === 'values-array' ? 'one row per record, appended together' : `one ${resource.name} per record`} ` +
      `with ${operation.method} ${operation.path} (${operation.id}) on ${description.name}` +
      `${operation.body?.contentType === 'form' ? ', form-encoded' : ''}${operation.graphql ? ', as a GraphQL mutation' : ''}.`,
  );
  return {
    resource,
    operation,
    kind,
    pathParams,
    query,
    headers,
    envelope,
    container,
    form: operation.body?.contentType === 'form',
    rules: [],
    batch: batch ? { itemsField: batch.itemsField, maxItems: batch.maxItems } : undefined,
  };
}

/** The record schema a write takes: the body, inside its envelope, container or batch item. */
function recordSchema(write: WritePlan): TFieldSchema | undefined {
  let schema = write.operation.body?.schema;
  // GraphQL: the variables are the record ({ input: { title, teamId } }).
  if (write.kind === 'graphql') return schema?.properties?.variables;
  if (write.batch) schema = schema?.properties?.[write.batch.itemsField]?.items;
  if (write.envelope) schema = schema?.properties?.[write.envelope];
  if (write.container) {
    const inner = schema?.properties?.[write.container.field];
    if (write.container.kind === 'values-array') return undefined;
    return inner?.properties && Object.keys(inner.properties).length > 0
      ? inner
      : (write.resource.schema.properties?.[write.container.field] ?? inner);
  }
  return schema;
}

/** A template the prompt writes for a record's text field, as that field's rule. */
function templateRules(
  text: string,
  resource: TResource,
  targets: FieldLeaf[],
  required: Set<string>,
  plan: GroundedPlan,
): FieldRule[] {
  const rules: FieldRule[] = [];
  for (const template of readTemplates(text, resource)) {
    const target = templateTarget(template.lead, targets, required);
    if (!target || rules.some((r) => r.to === target.path)) continue;
    rules.push({
      to: target.path,
      template: template.template,
      type: 'string',
      reason: 'the prompt’s template',
    });
    noteTemplate(template, target.path, plan);
  }
  return rules;
}

function noteTemplate(template: PromptTemplate, target: string, plan: GroundedPlan): void {
  plan.understood.push(`${target} is written as "${template.template}".`);
  for (const words of template.unmatched)
    plan.unresolved.push(
      `the "<${words}>" in "${template.written}": no field of ${plan.source?.resource.plural ?? 'the records'} is called that, so it is left empty`,
    );
}

function planMapping(
  text: string,
  stated: Array<{ from: string; to: string }>,
  plan: GroundedPlan,
  block: (message: string) => void,
) {
  const read = plan.source as ReadPlan;
  const write = plan.destination as WritePlan;
  const sourceLeaves = leaves(read.resource.schema);
  if (write.kind === 'message') return;
  const explicit = new Map<string, string>(stated.map((m) => [normalise(m.to), m.from]));
  for (const m of stated) plan.understood.push(`Field from the prompt: ${m.from} → ${m.to}.`);

  if (write.container?.kind === 'values-array') {
    // A sheet row: the columns the prompt names, else the record's main scalar fields.
    const named =
      stated.length > 0 ? stated.map((m) => m.from) : columnsFromPrompt(text, sourceLeaves);
    const answers = typedAnswersField(read.resource.schema);
    const columns =
      named.length > 0
        ? named
        : [...defaultColumns(sourceLeaves, read.resource), ...(answers ? [answers] : [])];
    write.columns = columns.map(
      (c) => sourceLeaves.find((l) => normalise(l.path) === normalise(c))?.path ?? c,
    );
    if (answers && write.columns.includes(answers)) {
      write.spread = answers;
      plan.understood.push(
        `${read.resource.plural}' ${answers} are typed answers: each answer's value gets a cell of its own.`,
      );
    }
    // A row of nothing is a wrong write, not an empty one (issue 15: no silent wrong results).
    if (write.columns.length === 0) {
      block(
        `which ${read.resource.plural} fields go into the row's columns; name them in the prompt ("columns: email, name, total")`,
      );
      return;
    }
    write.rules = write.columns.map((from) => ({
      to: from,
      from,
      type: 'any',
      fromFormat: sourceLeaves.find((l) => l.path === from)?.schema.format,
      reason: 'column',
    }));
    plan.understood.push(`Each record becomes one row: ${write.columns.join(', ')}.`);
    return;
  }

  const schema = recordSchema(write);
  if (write.container?.kind === 'object' && Object.keys(schema?.properties ?? {}).length === 0) {
    // User-defined columns (Airtable fields): the prompt's mapping, else the main fields.
    const listed = stated.length > 0 ? [] : namedColumns(text, sourceLeaves);
    for (const column of listed.filter((c) => !c.from))
      plan.unresolved.push(`column "${column.to}": no field of ${read.resource.plural} matches it`);
    const found = listed.flatMap((c) => (c.from ? [{ to: c.to, from: c.from }] : []));
    const pairs =
      stated.length > 0
        ? stated.map((m) => ({
            to: m.to,
            from: sourceLeaves.find((l) => normalise(l.path) === normalise(m.from))?.path ?? m.from,
          }))
        : found.length > 0
          ? found
          : defaultColumns(sourceLeaves).map((from) => ({ to: titleCase(from), from }));
    if (stated.length === 0 && found.length === 0)
      plan.assumptions.push(
        `The ${write.resource.plural}' fields are not described: the main fields go to fields named ${pairs.map((p) => `"${p.to}"`).join(', ')}.`,
      );
    write.rules = pairs.map(({ to, from }) => ({
      to,
      from,
      type: 'any',
      fromFormat: sourceLeaves.find((l) => l.path === from)?.schema.format,
      reason: 'column',
    }));
    if (pairs.length === 0) {
      block(
        `which ${read.resource.plural} fields go to which ${write.resource.name} fields; name them in the prompt ("map email to Email")`,
      );
    } else plan.understood.push(`Fields: ${pairs.map((p) => `${p.to} ← ${p.from}`).join(', ')}.`);
    return;
  }
  if (write.container?.kind === 'typed-properties') {
    planTypedProperties(text, stated, sourceLeaves, write, plan, block, schema);
  } else {
    const targets: FieldLeaf[] = leaves(schema, 2).filter(
      (leaf) =>
        !leaf.schema.readOnly &&
        leaf.schema.type !== 'object' &&
        !SKIPPED_DESTINATION.test(leaf.path.split('.')[0] ?? '') &&
        !(leaf.schema.type === 'array' && leaf.schema.items?.type === 'object'),
    );
    const fixed = new Set<string>();
    const sourceIds = new Set([
      ...Object.values(read.pathParams),
      ...Object.values(read.query).map(String),
    ]);
    const personTarget = targets.some((t) =>
      ['firstname', 'lastname'].includes(conceptOf(t.path) ?? ''),
    );
    const templated = templateRules(
      text,
      read.resource,
      targets,
      new Set(requiredPaths(schema)),
      plan,
    );
    write.rules.push(...templated);
    for (const target of targets) {
      if (templated.some((rule) => rule.to === target.path)) continue;
      const top = target.path.split('.')[0] ?? '';
      if (isIdLike(target.path) && conceptOf(target.path) !== 'externalid') {
        const value = idFromPrompt(text, hintsFor(target.path.split('.').at(-1) ?? ''));
        // "gitlab project 4821 → todoist": the source's id is not the destination's project.
        if (value && !sourceIds.has(value)) {
          write.rules.push({
            to: target.path,
            value,
            type: target.schema.type,
            reason: 'the prompt',
          });
          fixed.add(top);
        }
        continue;
      }
      // "asana project 1201…" → `projects: ["1201…"]`: an array of ids, or a field named after a
      // destination resource, takes the id the prompt gives after that noun.
      const leafName = target.path.split('.').at(-1) ?? '';
      const idList =
        target.schema.type === 'array' &&
        ['string', 'integer'].includes(target.schema.items?.type ?? '') &&
        !explicit.has(normalise(target.path));
      const namesResource = (plan.destinationDescription?.resources ?? []).some(
        (r) => r.name === singular(leafName.toLowerCase()),
      );
      if ((idList || namesResource) && target.schema.type !== 'boolean') {
        const value = idFromPrompt(text, [singular(leafName.toLowerCase())]);
        if (value && !sourceIds.has(value)) {
          write.rules.push({
            to: target.path,
            value,
            type: target.schema.type,
            reason: 'the prompt',
          });
          continue;
        }
      }
      const rule = matchField(target, sourceLeaves, explicit, personTarget);
      if (rule) write.rules.push(rule);
    }
    // A destination without a title field whose required text is `content`/`text`/`body`
    // (Todoist tasks, chat-like notes): the record's title is that text, not its description.
    const required = new Set(requiredPaths(schema));
    const title = sourceLeaves.find(
      (l) => l.depth === 0 && l.schema.type === 'string' && conceptOf(l.path) === 'name',
    );
    if (title && !targets.some((t) => conceptOf(t.path) === 'name')) {
      const text = targets.find(
        (t) =>
          required.has(t.path) && t.schema.type === 'string' && conceptOf(t.path) === 'description',
      );
      const current = write.rules.find((r) => r.to === text?.path);
      if (text && current?.reason !== 'the prompt' && current?.template === undefined) {
        write.rules = write.rules.filter((r) => r !== current);
        write.rules.push({
          to: text.path,
          from: title.path,
          type: text.schema.type,
          format: text.schema.format,
          fromFormat: title.schema.format,
          reason: `synonym (${title.path} is the required text)`,
        });
      }
    }
    // Explicit mappings to fields the schema does not list (custom fields) still go out.
    for (const m of stated) {
      if (!write.rules.some((r) => normalise(r.to) === normalise(m.to))) {
        if (schema?.additionalProperties === false)
          plan.unresolved.push(`${m.to}: not a field of ${write.operation.id}`);
        else write.rules.push({ to: m.to, from: m.from, type: 'any', reason: 'the prompt' });
      }
    }
    for (const name of requiredPaths(schema)) {
      const covered = write.rules.some((r) => r.to === name || r.to.startsWith(`${name}.`));
      if (!covered) {
        // A required choice the prompt names ("as subscribed"), else an id it gives.
        const choices = leaves(schema, 3).find((l) => l.path === name)?.schema.enum;
        const named = choices?.find((v) =>
          new RegExp(`\\b${escapeRegExp(String(v).toLowerCase())}\\b`).test(text.toLowerCase()),
        );
        const value =
          named !== undefined
            ? String(named)
            : idFromPrompt(text, hintsFor(name.split('.').at(-1) ?? name));
        // A required reference object ({ project: { key, id } }): "project OPS" is its key,
        // "project 10042" its id.
        const reference = leaves(schema, 3).find((l) => l.path === name)?.schema;
        const refKeys = Object.keys(reference?.properties ?? {});
        const refHints = hintsFor(name.split('.').at(-1) ?? name);
        const key = refKeys.includes('key') ? keyFromPrompt(text, refHints) : undefined;
        if (reference?.type === 'object' && key) {
          write.rules.push({ to: `${name}.key`, value: key, type: 'string', reason: 'the prompt' });
        } else if (reference?.type === 'object' && value && refKeys.includes('id')) {
          write.rules.push({ to: `${name}.id`, value, type: 'string', reason: 'the prompt' });
        } else if (value)
          write.rules.push({ to: name, value, type: 'string', reason: 'the prompt' });
        else if (choices && exampleChoice(write.resource, name, choices) !== undefined) {
          // A required choice the prompt does not make: the description's example value, said
          // as a TODO so the user confirms it (Mailchimp's member status "subscribed").
          const example = String(exampleChoice(write.resource, name, choices));
          write.rules.push({ to: name, value: example, type: 'string', reason: 'the example' });
          plan.unresolved.push(
            `${name}: the prompt does not say, so every ${write.resource.name} gets "${example}", the value in ${write.resource.plural}' example (one of ${choices.join(', ')})`,
          );
        } else if (
          isIdLike(name) &&
          useLookup(
            text,
            plan.destinationDescription as TApiDescription,
            { kind: 'field', name },
            undefined,
            plan,
          )
        ) {
          write.rules.push({ to: name, value: '', type: 'string', reason: 'looked up' });
        } else
          block(
            `the required ${write.operation.id} field "${name}": nothing in ${read.resource.plural} maps to it and the prompt does not give it`,
          );
      }
    }
  }
  // Required fields beside the container with one allowed value (JSON:API's `type: "profile"`).
  if (write.container?.kind === 'object') {
    let outer = write.operation.body?.schema;
    if (write.envelope) outer = outer?.properties?.[write.envelope];
    for (const name of outer?.required ?? []) {
      const only = outer?.properties?.[name]?.enum;
      if (name === write.container.field || only?.length !== 1) continue;
      write.rules.push({
        to: name,
        value: String(only[0]),
        type: 'string',
        reason: 'the only value allowed',
        top: true,
      });
    }
  }
  const shown = write.rules.map(
    (r) =>
      `${r.to} ← ${r.value !== undefined ? JSON.stringify(r.value) : r.how === 'join-name' ? r.parts?.join(' + ') : `${r.from}${r.how ? ` (${r.how})` : ''}`}`,
  );
  if (shown.length > 0) plan.understood.push(`Fields: ${shown.join(', ')}.`);
  else
    block(
      `no field of ${read.resource.plural} matches a field of ${write.operation.id}; name the mapping in the prompt ("map email to Email")`,
    );
}

/**
 * Mappings the prompt states in words, each side possibly several words: "Name = invoice
 * number" (destination = source), "customer email → Email", "amount due into Amount",
 * "number as Title". A pair counts only when its source side is a field of the records, found
 * by its words (the resource's own noun dropped: "invoice number" is an invoice's `number`).
 */
export function statedMappings(
  text: string,
  resource: TResource,
  sourceApiName = '',
): Array<{ from: string; to: string; phrase: string }> {
  return readStatedMappings(text, resource, sourceApiName).flatMap(({ from, to, phrase }) =>
    from ? [{ from, to, phrase }] : [],
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
): Array<{
  from: string | undefined;
  to: string;
  fromWords: string;
  phrase: string;
  explicit: boolean;
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
    return concept ? sourceLeaves.find((l) => conceptOf(l.path) === concept)?.path : undefined;
  };
  const out: ReturnType<typeof readStatedMappings> = [];
  const side = "[A-Za-z][\\w'’. -]{0,60}?";
  const pair = new RegExp(
    `^\\s*(?:map\\s+|put\\s+)?(?:the\\s+)?(${side})\\s*(=|:=|→|->|=>|\\binto\\b|\\bas\\b|\\bgoes to\\b|\\bin\\b)\\s*(?:the\\s+)?(${side})\\s*(?:column|property|field)?\\s*$`,
    'i',
  );
  for (const segment of text.split(/[,;:\n]|\band\b|\.\s/)) {
    const m = pair.exec(segment);
    if (!m) continue;
    const [, left = '', operator = '', right = ''] = m;
    const assignment = /^(=|:=)$/.test(operator);
    const [named, fromWords] = assignment
      ? [left.trim(), right.trim()]
      : [right.trim(), left.trim()];
    // "in a custom field named ref_no": the name after "called" or "named" is the field.
    const to = named
      .replace(/^(?:a|an|the)\s+/i, '')
      .replace(
        /^(?:new\s+)?(?:custom\s+)?(?:property|field|column|attribute)\s+(?:called|named)\s+/i,
        '',
      )
      .replace(/^["'“‘`](.*)["'”’`]$/, '$1');
    if (!to || !fromWords) continue;
    out.push({
      from: field(fromWords),
      to,
      fromWords,
      phrase: segment.trim(),
      explicit: /^(=|:=|→|->|=>)$/.test(operator),
    });
  }
  return out;
}

/** The resource example's value of a field, when it is one of the allowed choices. */
function exampleChoice(
  resource: TResource,
  path: string,
  choices: Array<string | number | boolean>,
): string | number | boolean | undefined {
  const value = path
    .split('.')
    .reduce<unknown>(
      (node, key) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
      resource.example,
    );
  return choices.find((choice) => String(choice) === String(value));
}

/** Required fields as dotted paths, into required objects (`input.teamId`, `input.title`). */
export function requiredPaths(schema: TFieldSchema | undefined, prefix = ''): string[] {
  const out: string[] = [];
  for (const name of schema?.required ?? []) {
    const child = schema?.properties?.[name];
    const path = prefix ? `${prefix}.${name}` : name;
    if (child?.type === 'object' && child.required?.length) out.push(...requiredPaths(child, path));
    else out.push(path);
  }
  return out;
}

function titleCase(path: string): string {
  return path
    .split(/[_.\s]+/)
    .filter(Boolean)
    .map((w) => capitalise(w))
    .join(' ');
}

const NOTION_TYPES = [
  'title',
  'rich_text',
  'email',
  'number',
  'date',
  'url',
  'checkbox',
  'phone_number',
  'select',
  'multi_select',
  'status',
];

/** Notion-style properties: each destination name gets a typed value ({ title: [...] }). */
function planTypedProperties(
  text: string,
  stated: Array<{ from: string; to: string }>,
  sourceLeaves: FieldLeaf[],
  write: WritePlan,
  plan: GroundedPlan,
  block: (message: string) => void,
  schema: TFieldSchema | undefined,
) {
  const declared = Object.entries(schema?.properties ?? {});
  const types: Record<string, string> = {};
  const typeOf = (
    name: string,
    property: TFieldSchema | undefined,
    from: FieldLeaf | undefined,
  ): string => {
    const own = Object.keys(property?.properties ?? {}).find((k) => NOTION_TYPES.includes(k));
    if (own) return own;
    const concept = conceptOf(name) ?? (from ? conceptOf(from.path) : undefined);
    if (concept === 'name') return Object.values(types).includes('title') ? 'rich_text' : 'title';
    if (concept === 'email') return 'email';
    if (concept === 'phone') return 'phone_number';
    if (concept === 'url') return 'url';
    if (concept === 'amount' || from?.schema.type === 'number' || from?.schema.type === 'integer')
      return from?.schema.format === 'unix-time' ? 'date' : 'number';
    if (
      concept === 'due' ||
      from?.schema.format === 'date' ||
      from?.schema.format === 'date-time' ||
      from?.schema.format === 'unix-time'
    )
      return 'date';
    if (concept === 'status') return 'select';
    if (from?.schema.type === 'boolean') return 'checkbox';
    return 'rich_text';
  };
  const pairs: Array<{
    to: string;
    rule: FieldRule | undefined;
    property?: TFieldSchema | undefined;
  }> = [];
  if (stated.length > 0) {
    for (const m of stated) {
      const from = sourceLeaves.find((l) => normalise(l.path) === normalise(m.from));
      pairs.push({
        to: m.to,
        rule: {
          to: m.to,
          from: from?.path ?? m.from,
          type: 'any',
          fromFormat: from?.schema.format,
          reason: 'the prompt',
        },
        property: schema?.properties?.[m.to],
      });
    }
  } else if (declared.length > 0) {
    for (const [name, property] of declared) {
      pairs.push({
        to: name,
        rule: matchField(
          { path: name, schema: { type: 'string' }, depth: 0 },
          sourceLeaves,
          new Map(),
        ),
        property,
      });
    }
  } else {
    // No schema for the database's columns: the record's main fields under their own names.
    for (const from of defaultColumns(sourceLeaves)) {
      const leaf = sourceLeaves.find((l) => l.path === from);
      pairs.push({
        to: capitalise(from.replace(/_/g, ' ')),
        rule: {
          to: from,
          from,
          type: 'any',
          fromFormat: leaf?.schema.format,
          reason: 'main field',
        },
      });
    }
    plan.assumptions.push(
      'The database columns are not described: the main fields go to properties of the same name, capitalised.',
    );
  }
  // Title first, so the first name-like field becomes the page title.
  pairs.sort((a, b) => Number(conceptOf(b.to) === 'name') - Number(conceptOf(a.to) === 'name'));
  for (const pair of pairs) {
    if (!pair.rule) continue;
    const from = sourceLeaves.find((l) => l.path === pair.rule?.from);
    types[pair.to] = typeOf(pair.to, pair.property, from);
    write.rules.push({ ...pair.rule, to: pair.to });
  }
  write.propertyTypes = types;
  if (!Object.values(types).includes('title'))
    block('a title for the page: no field of the source maps to the database title');
  // The parent database (or data source) comes from the prompt.
  const body = write.operation.body?.schema;
  const parentField = Object.keys(body?.properties ?? {}).find((k) => k === 'parent');
  if (parentField) {
    const parentSchema = body?.properties?.[parentField];
    const key =
      Object.keys(parentSchema?.properties ?? {}).find((k) =>
        /database_id|data_source_id|page_id/.test(k),
      ) ?? 'database_id';
    const value = idFromPrompt(text, hintsFor(key)) ?? idFromPrompt(text, ['database', 'db']);
    if (value)
      write.rules.push({ to: `parent.${key}`, value, type: 'string', reason: 'the prompt' });
    else
      block(
        `the ${hintsFor(key).join(' ')} to add pages to (name it in the prompt, e.g. "database 1a2b3c...")`,
      );
  }
}

function columnsFromPrompt(text: string, sourceLeaves: FieldLeaf[]): string[] {
  return namedColumns(text, sourceLeaves).flatMap((c) => (c.from ? [c.from] : []));
}

/**
 * The columns a prompt lists ("columns: email, total", "with Deal Name, Amount and Stage"), each
 * with the source field it takes: the same name at any depth (`properties.dealname`), the same
 * concept, else a field whose name contains it (`dealstage` for Stage). Names nothing matches
 * are left out (planMapping says so).
 */
function namedColumns(
  text: string,
  sourceLeaves: FieldLeaf[],
): Array<{ to: string; from: string | undefined }> {
  const m =
    /\bcolumns?\s*[:(]?\s*([^.;)]+)/i.exec(text) ??
    /\bwith (?:the |their |its )?([\w ,/-]+?)(?: columns?| fields?|\.|$)/i.exec(text);
  if (!m) return [];
  const names = (m[1] ?? '')
    .split(/,|\band\b|\//)
    .map((name) => name.trim())
    .filter(Boolean);
  const scalar = sourceLeaves
    .filter(
      (l) =>
        l.schema.type !== 'object' &&
        !(l.schema.type === 'array' && l.schema.items?.type === 'object'),
    )
    .sort((a, b) => a.depth - b.depth);
  const leafOf = (l: FieldLeaf) => normalise(l.path.split('.').at(-1) ?? '');
  return names.map((name) => {
    const wanted = normalise(name);
    const leaf =
      scalar.find((l) => normalise(l.path) === wanted) ??
      scalar.find((l) => leafOf(l) === wanted) ??
      scalar.find(
        (l) => conceptOf(l.path) !== undefined && conceptOf(l.path) === conceptOf(name),
      ) ??
      scalar.find((l) => namesTimeField(name, l)) ??
      (wanted.length >= 4 ? scalar.find((l) => leafOf(l).includes(wanted)) : undefined);
    return { to: name, from: leaf?.path };
  });
}

/**
 * A list of typed answers: an array of objects whose `type` enum names sibling keys holding the
 * value ({ type: 'email', email: 'a@b.c' }), as form APIs answer (Typeform's `answers`).
 */
export function typedAnswersField(schema: TFieldSchema | undefined): string | undefined {
  for (const [name, field] of Object.entries(schema?.properties ?? {})) {
    const item = field.type === 'array' ? field.items : undefined;
    const types = item?.properties?.type?.enum?.map(String) ?? [];
    const keys = Object.keys(item?.properties ?? {});
    if (types.filter((t) => keys.includes(t)).length >= 2) return name;
  }
  return undefined;
}

function defaultColumns(sourceLeaves: FieldLeaf[], resource?: TResource): string[] {
  const order = [
    'name',
    'firstname',
    'lastname',
    'email',
    'phone',
    'company',
    'amount',
    'currency',
    'status',
    'due',
    'url',
  ];
  const out: string[] = [];
  for (const concept of order) {
    const leaf = sourceLeaves.find(
      (l) =>
        l.depth === 0 &&
        conceptOf(l.path) === concept &&
        l.schema.type !== 'object' &&
        l.schema.type !== 'array',
    );
    if (leaf && !out.includes(leaf.path)) out.push(leaf.path);
  }
  const created =
    sourceLeaves.find(
      (l) => l.depth === 0 && /^(created|created_at|createdAt|add_time|added_at)$/.test(l.path),
    ) ?? sourceLeaves.find((l) => l.depth === 0 && l.path === resource?.createdField);
  const id = sourceLeaves.find(
    (l) =>
      l.depth === 0 &&
      l.schema.type !== 'object' &&
      (/^(id|gid|Id)$/.test(l.path) || l.path === resource?.idField),
  );
  return [...(id ? [id.path] : []), ...out, ...(created ? [created.path] : [])];
}

// ── Filters ─────────────────────────────────────────────────────────────────────────────────

const COMPARATORS: Array<[RegExp, FilterPlan['op']]> = [
  [/^(over|above|more than|greater than|bigger than|exceeds?|exceeding|>)$/, 'gt'],
  [/^(at least|>=|no less than)$/, 'gte'],
  [/^(under|below|less than|smaller than|<)$/, 'lt'],
  [/^(at most|<=|no more than)$/, 'lte'],
];

/** An exclusion whose object is a relative clause: "leave out anything that is", "skip those which are". */
const EXCLUDING_WHAT =
  /\b(?:leave out|leaving out|exclude|excluding|skip|skipping|drop|dropping|ignore|ignoring|omit|omitting|filter out|remove|don'?t (?:want|include|send|copy|post|sync))\b[^.;:!?]*\b(?:that|which|who|if (?:it|they))\s*(?:is|are|was|were)?\s*$/;

/**
 * "status open or pending", "labelled bug, regression or crash": a filter's value followed by
 * more of the same field's values becomes a list. For a field with choices only its choices
 * extend the list; for free values (labels) words do, up to a word that ends the phrase.
 */
function extendListedValues(lower: string, plan: GroundedPlan): void {
  const fields = leaves((plan.source as ReadPlan).resource.schema, 1);
  for (const filter of plan.filters) {
    if (!['eq', 'ne', 'contains'].includes(filter.op) || typeof filter.value !== 'string') continue;
    const value = filter.value.toLowerCase();
    const at = lower.indexOf(filter.phrase.toLowerCase());
    if (at === -1) continue;
    const end = lower.indexOf(value, at);
    if (end === -1) continue;
    const choices = fields
      .find((l) => l.path === filter.field)
      ?.schema.enum?.map((v) => String(v).toLowerCase());
    const rest = lower.slice(end + value.length);
    const found: Array<{ word: string; end: number; joined: boolean }> = [];
    const next =
      /^\s*(?:,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+|\s*\/\s*)["'`#]?([a-z0-9][\w-]*)["'`]?/;
    let offset = 0;
    for (let m = next.exec(rest); m; m = next.exec(rest.slice(offset))) {
      const word = m[1] ?? '';
      const fits = choices ? choices.includes(word) : !LIST_ENDS.has(word);
      if (!fits) break;
      offset += m[0].length;
      found.push({ word, end: offset, joined: /\b(?:or|and)\b|\//.test(m[0]) });
    }
    // A list of free words ends with its "or"/"and": "tagged urgent, excluding…" is no list.
    const last = choices ? found.length - 1 : found.findLastIndex((f) => f.joined);
    const more = found.slice(0, last + 1).map((f) => f.word);
    offset = last >= 0 ? (found[last]?.end ?? 0) : 0;
    if (more.length === 0) continue;
    const values = [filter.value, ...more];
    filter.value = values;
    if (filter.op === 'eq') filter.op = 'in';
    else if (filter.op === 'ne') filter.op = 'not-in';
    filter.phrase = `${filter.phrase}${rest.slice(0, offset)}`;
  }
}

/** Words that end a list of free values: "labelled bug or crash to Slack", "… and post them". */
const LIST_ENDS = new Set(
  'to into in on from for with by the a an as and or but that which who whose since every each then post send copy add create them it their our your is are was were be not excluding except without skip only where'.split(
    ' ',
  ),
);

function planFilters(text: string, reading: ReturnType<typeof readPrompt>, plan: GroundedPlan) {
  const read = plan.source as ReadPlan;
  const lower = text.toLowerCase();
  const fields = leaves(read.resource.schema, 1);
  const findField = (name: string) =>
    fields.find((l) => normalise(l.path) === normalise(name)) ??
    fields.find((l) => conceptOf(l.path) !== undefined && conceptOf(l.path) === conceptOf(name)) ??
    fields.find((l) => normalise(l.path).includes(normalise(name)) && normalise(name).length >= 4);
  const add = (filter: FilterPlan) => {
    plan.filters.push(filter);
    plan.understood.push(
      `Only ${read.resource.plural} where ${describeFilter(filter)} ("${filter.phrase}").`,
    );
  };

  // "where the amount is over 100", "with a total above 50"
  for (const m of lower.matchAll(
    /\b(?:where|with|whose|if|when)\s+(?:the\s+|its\s+|their\s+|an?\s+)?([a-z_][\w ]{0,30}?)\s+(?:is\s+|are\s+)?(over|above|more than|greater than|bigger than|exceeds?|exceeding|at least|under|below|less than|smaller than|at most|no more than|no less than|>=|<=|>|<)\s+\$?(-?\d+(?:\.\d+)?)/g,
  )) {
    const field = findField((m[1] ?? '').trim().replace(/\s+/g, '_'));
    const op = COMPARATORS.find(([pattern]) => pattern.test(m[2] ?? ''))?.[1];
    if (!field || !op) {
      plan.unresolved.push(`filter "${m[0]}": ${read.resource.plural} have no field "${m[1]}"`);
      plan.blocking.push(`filter "${m[0]}" (no field "${m[1]}" in ${read.resource.plural})`);
      continue;
    }
    add({ field: field.path, op, value: majorToField(Number(m[3]), field, plan), phrase: m[0] });
  }

  // "orders between $100 and $500": both bounds, inclusive.
  const NUMBER =
    '[$€£]?\\s?(\\d[\\d,]*(?:\\.\\d+)?)(k)?(?:\\s*(?:usd|eur|gbp|dollars?|euros?|pounds?))?';
  for (const m of lower.matchAll(new RegExp(`\\bbetween\\s+${NUMBER}\\s+and\\s+${NUMBER}`, 'g'))) {
    const field = amountField(fields);
    if (!field) {
      plan.unresolved.push(`"${m[0]}": ${read.resource.plural} have no amount field to compare`);
      plan.blocking.push(`"${m[0]}" (no amount in ${read.resource.plural})`);
      continue;
    }
    const bound = (digits: string | undefined, k: string | undefined) =>
      majorToField(Number((digits ?? '').replace(/,/g, '')) * (k ? 1000 : 1), field, plan);
    add({ field: field.path, op: 'gte', value: bound(m[1], m[2]), phrase: m[0] });
    add({ field: field.path, op: 'lte', value: bound(m[3], m[4]), phrase: m[0] });
  }

  // "invoices over $500", "orders above 1,000 USD", "deals worth more than €2k": a comparison
  // with a money amount (or a bare number right after the resource's noun) filters on the
  // records' amount field. One the schema cannot ground stops the code: ignoring it would send
  // every record (issue 15: no silent wrong results).
  const money =
    /(?:^|[^\w$€£])(over|above|more than|greater than|bigger than|exceeding|at least|under|below|less than|smaller than|at most|no more than|no less than|>=|<=|>|<)\s+(?:(?:[$€£]\s?)(\d[\d,]*(?:\.\d+)?)(k)?|(\d[\d,]*(?:\.\d+)?)(k)?\s*(?:usd|eur|gbp|dollars?|euros?|pounds?|bucks)\b|(\d[\d,]*(?:\.\d+)?)(k)?(?=\s*(?:$|[,.;)]|->|→|(?:to|into|on|in|from|and|as)\b)))/g;
  for (const m of lower.matchAll(money)) {
    const phrase = m[0].replace(/^[^a-z0-9$€£><=]+/, '');
    if (plan.filters.some((f) => f.phrase.includes(phrase.trim()))) continue;
    const digits = m[2] ?? m[4] ?? m[6] ?? '';
    const thousands = Boolean(m[3] ?? m[5] ?? m[7]);
    // A bare number counts only when it follows a noun of the records ("orders over 200").
    if (m[6] !== undefined) {
      const before = lower.slice(0, m.index + (m[0].length - phrase.length)).trimEnd();
      const nouns = resourceNames(read.resource);
      if (!nouns.some((n) => before.endsWith(n) || before.endsWith(`${n}s`))) continue;
    }
    const op = COMPARATORS.find(([pattern]) => pattern.test(m[1] ?? ''))?.[1];
    const field = amountField(fields);
    if (!field || !op) {
      plan.unresolved.push(`"${phrase}": ${read.resource.plural} have no amount field to compare`);
      plan.blocking.push(`"${phrase}" (no amount in ${read.resource.plural})`);
      continue;
    }
    const major = Number(digits.replace(/,/g, '')) * (thousands ? 1000 : 1);
    add({ field: field.path, op, value: majorToField(major, field, plan), phrase });
  }

  // "where status is open" (read-prompt's equality filters), grounded on a field.
  for (const f of reading.filters) {
    const field = findField(f.field);
    if (!field) {
      plan.unresolved.push(
        `filter "${f.phrase}": ${read.resource.plural} have no field "${f.field}"`,
      );
      plan.blocking.push(`filter "${f.phrase}"`);
      continue;
    }
    // "Status is Open - Not Contacted": an allowed value the prompt writes whole wins over the
    // first word the sentence reader kept.
    const given = String(f.value ?? '');
    // Allowed values: the enum, else the values the field's description lists (a picklist).
    const documented = (field.schema.description ?? '')
      .split(/[,;]/)
      .map((chunk) => {
        const at = chunk.toLowerCase().indexOf(given.toLowerCase());
        return at >= 0 ? chunk.slice(at).replace(/[.\s]+$/, '') : '';
      })
      .filter(Boolean);
    const whole = (field.schema.enum?.map(String) ?? documented)
      .filter(
        (v) => v.toLowerCase().startsWith(given.toLowerCase()) && lower.includes(v.toLowerCase()),
      )
      .sort((a, b) => b.length - a.length)[0];
    add({
      field: field.path,
      op: f.operator === 'equals' ? 'eq' : 'ne',
      value: whole ?? f.value ?? '',
      phrase: whole ? `${f.phrase}${whole.slice(given.length)}` : f.phrase,
    });
  }

  // "conversations that are still open", "deals which are not won", "people who are active".
  for (const m of lower.matchAll(
    /\b(?:that|which|who)\s+(?:are|is)\s+(?:still\s+|currently\s+|already\s+)?(not\s+|no longer\s+)?([a-z][a-z0-9_]*)\b/g,
  )) {
    const word = m[2] ?? '';
    if (plan.filters.some((f) => f.phrase.includes(word))) continue;
    const found = stateMatch(fields, word, true);
    if (!found) continue;
    // "drop every ticket which is not solved" leaves out what is not solved: keeps the solved.
    const excluded = EXCLUDING_WHAT.test(
      `${lower.slice(Math.max(0, m.index - 80), m.index)} that is`,
    );
    const negated = Boolean(m[1]) !== excluded;
    if (found.value !== undefined)
      add({ field: found.field, op: negated ? 'ne' : 'eq', value: found.value, phrase: m[0] });
    else add({ field: found.field, op: negated ? 'falsy' : 'truthy', phrase: m[0] });
  }

  // "overdue"
  if (/\b(overdue|past[- ]due|late)\b/.test(lower)) {
    const enumField = fields.find((l) =>
      l.schema.enum?.some((v) => /^(overdue|past_due)$/i.test(String(v))),
    );
    if (enumField) {
      add({
        field: enumField.path,
        op: 'eq',
        value: enumField.schema.enum?.find((v) =>
          /^(overdue|past_due)$/i.test(String(v)),
        ) as string,
        phrase: 'overdue',
      });
    } else {
      const due = fields.find((l) => conceptOf(l.path) === 'due');
      if (!due) {
        plan.unresolved.push(`"overdue": ${read.resource.plural} have no due date`);
        plan.blocking.push(`"overdue" (no due date in ${read.resource.plural})`);
      } else {
        add({ field: due.path, op: 'before-now', format: due.schema.format, phrase: 'overdue' });
        const status = fields.find((l) => conceptOf(l.path) === 'status' && l.schema.enum);
        const done = status?.schema.enum?.filter((v) =>
          /^(paid|void|closed|completed?|done|resolved|cancell?ed|draft|deleted)$/i.test(String(v)),
        );
        if (status && done && done.length > 0)
          add({ field: status.path, op: 'not-in', value: done, phrase: 'overdue (not settled)' });
        const flag = fields.find(
          (l) =>
            l.schema.type === 'boolean' &&
            /^(completed|closed|paid|dueComplete|done)$/.test(l.path),
        );
        if (flag) add({ field: flag.path, op: 'falsy', phrase: 'overdue (not done)' });
        const balance = fields.find(
          (l) =>
            /^(balance|amount_remaining|due_amount)$/i.test(l.path) && l.schema.type !== 'object',
        );
        if (balance)
          add({ field: balance.path, op: 'gt', value: 0, phrase: 'overdue (balance left)' });
      }
    }
  }

  // "who accepted email marketing", "opted in", "consenting", "subscribed to the newsletter":
  // the records' marketing consent (a flag, or a state whose value says subscribed).
  const consent =
    /\b(?:(?:accepted|accepts|agreed to|subscribed to|signed up for)\s+(?:the\s+)?(?:email\s+|sms\s+)?(?:marketing|newsletters?|promotional emails?)|opted[- ]in|opt[- ]in|consent(?:ed|ing)?(?:\s+to\s+(?:email\s+|sms\s+)?marketing)?)\b/.exec(
      lower,
    );
  if (consent) {
    const channel = /\bsms\b/.test(consent[0]) ? 'sms' : 'email';
    const candidates = fields
      .filter((l) => /marketing|consent|opt_?in|subscri|newsletter/i.test(l.path))
      .sort(
        (a, b) =>
          Number(b.path.toLowerCase().includes(channel)) -
          Number(a.path.toLowerCase().includes(channel)),
      );
    const flag = candidates.find((l) => l.schema.type === 'boolean');
    const state = candidates.find((l) =>
      l.schema.enum?.some((v) => /^(subscribed|opted_?in|granted|yes)$/i.test(String(v))),
    );
    if (state)
      add({
        field: state.path,
        op: 'eq',
        value: state.schema.enum?.find((v) =>
          /^(subscribed|opted_?in|granted|yes)$/i.test(String(v)),
        ) as string,
        phrase: consent[0],
      });
    else if (flag) add({ field: flag.path, op: 'truthy', phrase: consent[0] });
    else {
      plan.unresolved.push(`"${consent[0]}": ${read.resource.plural} have no consent field`);
      plan.blocking.push(`"${consent[0]}" (no consent field in ${read.resource.plural})`);
    }
  }

  // Any money amount no filter took ("orders of about $100") stops the code: sending every
  // record would silently ignore what the prompt asked.
  for (const m of lower.matchAll(
    /[$€£]\s?\d[\d,]*(?:\.\d+)?k?|\b\d[\d,]*(?:\.\d+)?k?\s*(?:usd|eur|gbp|dollars?|euros?|pounds?|bucks)\b/g,
  )) {
    const amount = m[0].replace(/\s+/g, ' ');
    if (plan.filters.some((f) => f.phrase.replace(/\s+/g, ' ').includes(amount))) continue;
    plan.unresolved.push(`the amount "${amount}": no comparison with it was understood`);
    plan.blocking.push(`the amount "${amount}" (say "over ${amount}" or "under ${amount}")`);
  }

  // "yesterday's orders", "today", "in the last 24 hours", "from the past 7 days": a window
  // on the records' creation time, relative to when the run was due.
  const DAY = 86_400_000;
  const windows: Array<
    [RegExp, (m: RegExpExecArray) => { value: [number, number]; alignDay: boolean }]
  > = [
    [/\byesterday(?:'s)?\b/, () => ({ value: [-DAY, 0], alignDay: true })],
    [/\btoday(?:'s)?\b/, () => ({ value: [0, DAY], alignDay: true })],
    [
      /\b(?:in|from|during|over|within)\s+the\s+(?:last|past)\s+(\d+)?\s*(hours?|days?|weeks?)\b/,
      (m) => {
        const unit = /^h/.test(m[2] ?? '') ? 3_600_000 : /^w/.test(m[2] ?? '') ? 7 * DAY : DAY;
        return { value: [-Number(m[1] ?? 1) * unit, 1], alignDay: false };
      },
    ],
  ];
  for (const [pattern, window] of windows) {
    const m = pattern.exec(lower);
    if (!m) continue;
    const createdField = read.resource.createdField;
    const field =
      eventTimeField(lower.slice(0, m.index), leaves(read.resource.schema, 2)) ??
      (createdField
        ? (fields.find((l) => l.path === createdField) ?? {
            path: createdField,
            schema: { type: 'string' } as TFieldSchema,
          })
        : undefined);
    if (!field) {
      plan.unresolved.push(`"${m[0]}": ${read.resource.plural} have no creation time`);
      plan.blocking.push(`"${m[0]}" (no creation time in ${read.resource.plural})`);
      continue;
    }
    add({
      field: field.path,
      op: 'within',
      ...window(m),
      format: field.schema.format,
      phrase: m[0],
    });
  }

  // "tagged urgent", "with the label bug", "labelled urgent"
  for (const m of lower.matchAll(
    /\b(?:tagged|labell?ed|with (?:the |a )?(?:tag|label))\s+["'`#]?([\w-]+)["'`]?/g,
  )) {
    const tags = fields.find((l) => conceptOf(l.path) === 'tags');
    if (!tags) {
      plan.unresolved.push(`"${m[0]}": ${read.resource.plural} have no tags or labels`);
      plan.blocking.push(`"${m[0]}" (no tags in ${read.resource.plural})`);
      continue;
    }
    add({ field: tags.path, op: 'contains', value: m[1] ?? '', phrase: m[0] });
  }

  planPresenceFilters(lower, read.resource, add);

  // "excluding archived ones", "not archived", "leave out closed", "without drafts", "except
  // cancelled": a state the records must not be in (an enum value, a documented value meaning,
  // or a boolean flag).
  for (const m of lower.matchAll(
    /(?:\b(?:excluding|exclude|except(?: for)?|not|never|skip(?:ping)?|ignore|ignoring|without|no|non|leave out|leaving out|omit(?:ting)?|drop(?:ping)?|minus)|n't)[- ](?:(?:include|including|send|sending|copy|copying|add|adding|post|posting|sync|syncing|want)\s+)?(?:the |any |all )?([a-z]+)\b/g,
  )) {
    const state = m[1] ?? '';
    if (
      /^(new|ones?|already|existing|duplicates?|more|longer|need|matter|later|changes?|those|them|it|twice|again|a|an|to|send|post|copy|add)$/.test(
        state,
      )
    )
      continue;
    if (plan.filters.some((f) => f.phrase === m[0] || f.phrase.includes(m[0]))) continue;
    // "skipping customers without an email": the records' own noun is not a state of theirs.
    if (resourceNames(read.resource).some((n) => normalise(n) === normalise(state))) continue;
    const found = stateMatch(fields, state);
    // "leave out anything that isn't shipped": excluding what is not X keeps only X.
    const excludedNot =
      /^(?:not|n't|never)\b/.test(m[0]) &&
      EXCLUDING_WHAT.test(lower.slice(Math.max(0, (m.index ?? 0) - 80), m.index));
    if (found && excludedNot) {
      add({
        field: found.field,
        op: found.value === undefined ? 'truthy' : 'eq',
        ...(found.value === undefined ? {} : { value: found.value }),
        phrase: m[0],
      });
    } else if (found) {
      add({
        field: found.field,
        op: found.value === undefined ? 'falsy' : 'ne',
        ...(found.value === undefined ? {} : { value: found.value }),
        phrase: m[0],
      });
    } else if (
      /^(archived|closed|completed|deleted|cancell?ed|inactive|drafts?|spam|resolved|done|void|paid)$/.test(
        state,
      )
    ) {
      plan.unresolved.push(`"${m[0]}": ${read.resource.plural} have no ${state} flag or status`);
      plan.blocking.push(`"${m[0]}" (no ${state} flag or status in ${read.resource.plural})`);
    }
  }

  // "open issues", "paid invoices", "active subscriptions", "completed tasks": an adjective
  // before the resource noun that is an enum value or a boolean field.
  const nouns = resourceNames(read.resource).map((n) => escapeRegExp(n));
  const apiName = plan.sourceName ? `(?:${escapeRegExp(plan.sourceName)}(?:'s)?\\s+)?` : '';
  const adjective = new RegExp(
    `\\b(?:only\\s+)?(?:the\\s+|all\\s+|our\\s+|new\\s+)*([a-z][a-z0-9_]*)\\s+${apiName}(?:${nouns.join('|')})s?\\b`,
    'g',
  );
  // "high priority tickets", "high-priority tickets", "enterprise plan customers": a value of
  // the field the next word names.
  const valued = new RegExp(
    `\\b([a-z][a-z0-9_]*)[- ]([a-z_]+)\\s+${apiName}(?:${nouns.join('|')})s?\\b`,
    'g',
  );
  for (const m of lower.matchAll(valued)) {
    const [, word = '', name = ''] = m;
    const field = fields.find((l) => normalise(l.path) === normalise(name));
    if (!field || plan.filters.some((f) => f.field === field.path)) continue;
    const found = stateMatch([field], word, true);
    if (found?.value !== undefined)
      add({ field: found.field, op: 'eq', value: found.value, phrase: m[0].trim() });
  }
  for (const m of lower.matchAll(adjective)) {
    const word = m[1] ?? '';
    if (
      /^(new|all|the|our|my|every|each|any|changed|updated|recent|latest|stripe|from|copy|add|sync|send|of)$/.test(
        word,
      )
    )
      continue;
    if (plan.filters.some((f) => f.phrase.includes(word))) continue;
    const negative = /^un(.+)$/.exec(word)?.[1];
    const found =
      stateMatch(fields, word, true) ?? (negative ? stateMatch(fields, negative, true) : undefined);
    const negated = Boolean(negative) && !stateMatch(fields, word, true);
    if (found?.value !== undefined)
      add({
        field: found.field,
        op: negated ? 'ne' : 'eq',
        value: found.value,
        phrase: m[0].trim(),
      });
    else if (found)
      add({ field: found.field, op: negated ? 'falsy' : 'truthy', phrase: m[0].trim() });
  }
  // "orders paid since …", "tasks that were completed": a state after the noun. Words for a
  // record coming into being ("issues opened since …", GitLab's `opened`) say which records are
  // new, not which state they must still be in.
  const participle = new RegExp(
    `\\b${apiName}(?:${nouns.join('|')})s?\\s+(?:(?:that|which)\\s+)?(?:(?:were|was|are|is|have been|has been|got|get)\\s+)?([a-z]+)\\b`,
    'g',
  );
  for (const m of lower.matchAll(participle)) {
    const word = m[1] ?? '';
    if (word.length < 4 || CREATION_EVENTS.test(word)) continue;
    if (plan.filters.some((f) => f.phrase.includes(word))) continue;
    const found = stateMatch(fields, word, true);
    if (found?.value !== undefined)
      add({ field: found.field, op: 'eq', value: found.value, phrase: m[0].trim() });
    else if (found) add({ field: found.field, op: 'truthy', phrase: m[0].trim() });
  }
}

const CREATION_EVENTS =
  /^(opened|created|added|submitted|placed|received|posted|raised|filed|reported|logged|made|registered|signed|booked|started|new|sent|published)$/;

/** What a sentence does with the records it describes: leaves them out. */
const DROPS =
  /\b(skip\w*|ignor\w*|leav\w* (?:\w+ )?out|exclud\w*|drop\w*|omit\w*|useless|no use|not (?:needed|useful|wanted)|(?:don'?t|do not|never) (?:want|need|copy|send|post|sync|add|import|include|create|bother)|filter\w* out|remove)\b/;

/**
 * "customers without an email … skip those", "ignore any that have no phone", "customers with an
 * email address": whether a field has a value at all. Absence in a sentence that leaves the
 * records out keeps those that have it; presence keeps those that have it unless the sentence
 * leaves them out.
 */
function planPresenceFilters(
  lower: string,
  resource: TResource,
  add: (filter: FilterPlan) => void,
) {
  const nouns = resourceNames(resource).map(escapeRegExp).join('|');
  const presence = new RegExp(
    `\\b(without|with no|missing|lacking|(?:that|which|who)\\s+(?:have|has|had)\\s+(?:no|an?|a valid|any)|(?:has|have|having)\\s+no|(?:${nouns})s?\\s+with\\s+(?:an?|a valid))\\s+(?:an?\\s+|any\\s+|the\\s+|their\\s+|its\\s+)?([a-z]+(?:\\s+(?:address|number|name|id|date|url))?)\\b`,
    'g',
  );
  for (const m of lower.matchAll(presence)) {
    // A top-level field of that name, an object or a list too ("without a milestone", "with no
    // assignees"), else a scalar field the words name.
    const wanted = normalise((m[2] ?? '').replace(/^(?:an?|the)\s+/, ''));
    const field =
      leaves(resource.schema, 0).find(
        (l) => normalise(l.path) === wanted || normalise(l.path) === `${wanted}s`,
      ) ?? placeholderField(m[2] ?? '', resource);
    if (!field || field.depth > 1) continue;
    // "without closed ones" names a state, which the negations below read.
    if (stateMatch(leaves(resource.schema, 1), m[2] ?? '', true)?.value !== undefined) continue;
    // From the clause's start to the sentence's end: "… are useless to us, skip those".
    const start = Math.max(
      ...['.', ';', '!', '?', ',', '\n'].map((c) => lower.lastIndexOf(c, m.index)),
    );
    const end = lower.slice(m.index).search(/[.;!?\n]/);
    const clause = lower.slice(start + 1, end === -1 ? undefined : m.index + end).trim();
    const absent = /^(without|with no|missing|lacking)|\bno$/.test(m[1] ?? '');
    const dropped = DROPS.test(clause);
    add({
      field: field.path,
      op: absent === dropped ? 'truthy' : 'falsy',
      phrase: dropped ? clause : m[0],
    });
  }
}

/**
 * "paid yesterday", "completed since the last run": the records' time field for the event the
 * words just before name (`paid_at`, `completed_at`), when they keep one.
 */
function eventTimeField(before: string, fields: readonly FieldLeaf[]): FieldLeaf | undefined {
  const event = before
    .split(/[^a-z]+/)
    .filter(Boolean)
    .slice(-3)
    .reverse()
    .find((word) => !/^(since|after|on|in|from|during|over|within|the|last|past)$/.test(word));
  return event ? fields.find((leaf) => namesTimeField(event, leaf)) : undefined;
}

/** Words for the same record state: Trello's `closed` is what its app calls archived. */
const STATE_SYNONYMS: Record<string, string[]> = {
  archived: ['archived', 'closed'],
  deleted: ['deleted', 'trashed', 'removed'],
  completed: ['completed', 'complete', 'done', 'finished'],
  done: ['done', 'completed', 'complete'],
  cancelled: ['cancelled', 'canceled'],
  canceled: ['cancelled', 'canceled'],
  inactive: ['inactive', 'disabled'],
  drafts: ['draft'],
};

/**
 * The field and value that say a record is in the state a word names: an enum value ("open"),
 * a value the field's description documents ("1 low, 2 medium, 3 high, 4 urgent" → 4 for
 * "urgent"), else a boolean flag of that name (`archived`, `is_archived`, Trello's `closed`).
 * `exact` (adjectives before a noun) skips the loose prefix match ("cancel" → "cancelled").
 */
export function stateMatch(
  fields: FieldLeaf[],
  word: string,
  exact = false,
): { field: string; value?: string | number | boolean } | undefined {
  const wanted = word.toLowerCase();
  // "open" is GitLab's "opened": a value that is the word inflected matches too.
  for (const form of [wanted, `${wanted}ed`, `${wanted}d`]) {
    const enumHit = fields.find((l) =>
      l.schema.enum?.some((v) => String(v).toLowerCase() === form),
    );
    if (!enumHit) continue;
    const value = enumHit.schema.enum?.find((v) => String(v).toLowerCase() === form);
    return { field: enumHit.path, value: value as string | number | boolean };
  }
  const documented = new RegExp(
    `(?:^|[\\s,;(])([\\w-]+)\\s*(?:=|:|-|–|→)?\\s*["'“]?${escapeRegExp(wanted)}["'”]?(?![\\w-])|(?<![\\w-])${escapeRegExp(wanted)}\\s*(?:=|:|\\(|→)\\s*([\\w-]+)`,
    'i',
  );
  for (const leaf of fields) {
    if (!leaf.schema.description || leaf.schema.type === 'object') continue;
    const m = documented.exec(leaf.schema.description);
    const token = m?.[1] ?? m?.[2];
    if (token === undefined) continue;
    const allowed = leaf.schema.enum?.find((v) => String(v) === token);
    if (allowed !== undefined) return { field: leaf.path, value: allowed as string | number };
    if (
      !leaf.schema.enum &&
      /^-?\d+$/.test(token) &&
      ['integer', 'number'].includes(leaf.schema.type)
    )
      return { field: leaf.path, value: Number(token) };
  }
  const names = (STATE_SYNONYMS[wanted] ?? [wanted]).map(normalise);
  const flag = fields.find(
    (l) =>
      l.schema.type === 'boolean' &&
      names.includes(normalise(l.path.split('.').at(-1) ?? '').replace(/^(is|has)/, '')),
  );
  if (flag) return { field: flag.path };
  // A time the state began: Shopify's `cancelled_at`, `archived_on`, `closedDate` (set = in it).
  const stamp = fields.find(
    (l) =>
      l.schema.type !== 'object' &&
      names.some((n) =>
        [`${n}at`, `${n}on`, `${n}date`, `${n}time`, `date${n}`].includes(
          normalise(l.path.split('.').at(-1) ?? ''),
        ),
      ),
  );
  if (stamp) return { field: stamp.path };
  if (exact || wanted.length < 5) return undefined;
  const prefix = fields.find((l) =>
    l.schema.enum?.some((v) => String(v).toLowerCase().startsWith(wanted.slice(0, 5))),
  );
  if (!prefix) return undefined;
  const value = prefix.schema.enum?.find((v) =>
    String(v).toLowerCase().startsWith(wanted.slice(0, 5)),
  );
  return { field: prefix.path, value: value as string | number | boolean };
}

/** The record's money amount: the amount concept, else a field named like one (`amount_cents`). */
function amountField(fields: FieldLeaf[]): FieldLeaf | undefined {
  const numeric = (l: FieldLeaf) =>
    ['number', 'integer', 'string'].includes(l.schema.type) && !l.schema.enum;
  return (
    fields.find((l) => conceptOf(l.path) === 'amount' && numeric(l)) ??
    fields.find((l) => /^(total|grand|amount)/i.test(l.path) && numeric(l)) ??
    fields.find((l) => /(amount|total|price|cents)/i.test(l.path) && numeric(l))
  );
}

/**
 * Whether a money field counts in the currency's minor unit (cents): its name says so
 * (`amount_cents`, `amount_in_cents`, `total_minor`) or its description does (Stripe's
 * "smallest currency unit").
 */
export function inMinorUnits(field: { path: string; schema: TFieldSchema }): boolean {
  const leaf = field.path.split('.').at(-1) ?? '';
  if (/(cents|_minor|minor_?units?)$/i.test(leaf) || /in_?cents/i.test(leaf)) return true;
  return /\bcents\b|smallest (currency )?unit|minor (currency )?units?/i.test(
    field.schema.description ?? '',
  );
}

/** A prompt's amount in major units ($500) as the field counts it (50000 for cents). */
function majorToField(value: number, field: FieldLeaf, plan: GroundedPlan): number {
  if (!inMinorUnits(field)) return value;
  const scaled = Math.round(value * 100);
  plan.assumptions.push(
    `${field.path} counts in cents (the currency's smallest unit), so ${value} becomes ${scaled}.`,
  );
  return scaled;
}

export function describeFilter(f: FilterPlan): string {
  const ops: Record<FilterPlan['op'], string> = {
    eq: 'is',
    ne: 'is not',
    gt: '>',
    gte: '>=',
    lt: '<',
    lte: '<=',
    'before-now': 'is before now',
    contains: 'contains',
    in: 'is one of',
    'not-in': 'is none of',
    falsy: 'is false',
    truthy: 'is true',
    within: 'is within',
  };
  if (f.op === 'within' && Array.isArray(f.value)) {
    const [start, end] = f.value as [number, number];
    const hours = (ms: number) => `${ms / 3_600_000} h`;
    return `${f.field} is from ${hours(start)} to ${hours(end)} ${f.alignDay ? "of the run day's UTC midnight" : 'of the run'}`;
  }
  return `${f.field} ${ops[f.op]}${f.value !== undefined ? ` ${JSON.stringify(f.value)}` : ''}`;
}

// ── Incremental sync ────────────────────────────────────────────────────────────────────────

function planCursor(lower: string, reading: ReturnType<typeof readPrompt>, plan: GroundedPlan) {
  const read = plan.source as ReadPlan;
  const incremental = reading.incremental;
  const wants =
    incremental ??
    (/\b(since (the )?last|only new|new ones|incremental)\b/.test(lower)
      ? { kind: 'new' as const, phrase: 'since the last run' }
      : undefined);
  if (!wants) {
    const repeats =
      plan.destination &&
      ['update', 'upsert', 'batch-upsert', 'batch-update'].includes(
        plan.destination.operation.kind,
      );
    if (repeats) {
      plan.assumptions.push(
        'No "new" or "changed" in the prompt: every run sends every record it reads again.',
      );
    } else {
      plan.remember = true;
      plan.assumptions.push(
        'No "new" or "changed" in the prompt: every run reads every record, and the ids of those ' +
          'sent are kept in ctx.state (the last 2000) so a record is not created or posted twice.',
      );
    }
    return;
  }
  const resource = read.resource;
  const since = read.operation.since;
  let field =
    wants.kind === 'changed'
      ? (resource.updatedField ?? resource.createdField)
      : (resource.createdField ?? resource.updatedField);
  if ('field' in wants && wants.field) field = wants.field;
  // "paid since the last run": the time of that event; records without it have not had it yet.
  const sinceWord = /\b(?:since|after)\b/.exec(lower);
  const eventField = sinceWord
    ? eventTimeField(lower.slice(0, sinceWord.index), leaves(resource.schema))?.path
    : undefined;
  if (eventField && !('field' in wants && wants.field)) field = eventField;
  if (since && (since.field === field || !field)) field = since.field;
  field ??= resource.idField;
  const fieldSchema = leaves(resource.schema).find((l) => l.path === field)?.schema;
  const param =
    since && since.field === field ? { name: since.param, format: since.format } : undefined;
  plan.cursor = {
    kind: wants.kind,
    field,
    format: fieldSchema?.format,
    param,
    phrase: wants.phrase,
  };
  plan.understood.push(
    `Only ${wants.kind} ${resource.plural} ("${wants.phrase}"): a cursor on ${field} kept in ctx.state` +
      `${param ? `, sent as ${param.name}` : ''}; at most ${MAX_ITEMS_PER_RUN} per run.`,
  );
}

// ── De-duplication ──────────────────────────────────────────────────────────────────────────

/** Records that are people, compared by email when nothing else is named. */
const PERSON_RECORD =
  /\b(contact|customer|subscriber|member|user|lead|person|people|candidate|employee|profile|attendee|applicant|recipient|prospect|guest|patient|student)s?$/i;

/**
 * "Update it instead of creating a duplicate", "create or update", "if one exists already,
 * update it": a match is updated in place rather than skipped.
 */
const UPDATE_EXISTING =
  /\b(upsert\w*|(?:create|add|insert)s? or updates?|(?:updat|refresh|overwrit)\w*(?: (?:it|them|that one|those|the (?:\w+ ){0,2}?\w+|existing \w+))?[\w ,']{0,40}?(?:instead of|rather than) (?:creat|add|insert|mak|duplicat)\w*(?: (?:a |another )?(?:duplicate|new|second) ?\w*)?(?:[\w ,']{0,40}?\b(?:already )?exists?)?|(?:if|when)\b[\w ,']{0,50}?\b(?:already )?exists?(?: already)?,? (?:then )?(?:updat|refresh|overwrit)\w*(?: (?:it|them|that one|the \w+))?|(?:updat|refresh|overwrit)\w*(?: (?:it|them|the \w+))? (?:if|when)[\w ']{0,40}?(?:already )?exists?(?: already)?|(?:updat|refresh|overwrit)\w* (?:the )?existing(?: \w+)?)/;

function planDedupe(lower: string, plan: GroundedPlan) {
  const upsert = UPDATE_EXISTING.exec(lower);
  const m =
    upsert ??
    /\b((?:skip|leave out|exclude|ignore|omit|drop)[\w ]{0,30}(already|exist\w*|duplicates?)|not already|(don't|do not|never|avoid|without)[\w ]{0,20}(duplicat\w*|twice|again)|dedup\w*|de-dup\w*|unless[\w ]{0,30}exists?|if[\w ]{0,20}(not|n't)[\w ]{0,20}(exist\w*|there)|only if (it's|it is) not there|no duplicates)\b/.exec(
      lower,
    );
  if (!m) return;
  const write = plan.destination as WritePlan;
  const read = plan.source as ReadPlan;
  if (write.kind === 'message') return;
  if (upsert && /upsert/.test(write.operation.kind)) {
    plan.understood.push(
      `"${upsert[0]}": ${write.operation.method} ${write.operation.path} creates or updates by itself.`,
    );
    return;
  }
  // Without a way to update one record, a match is at least not written twice.
  const found = upsert ? updateInPlace(write, plan, upsert[0]) : undefined;
  // "Update the existing contacts" with nothing said about creating: the others are left alone.
  const creates =
    /\b(creat\w*|add\w*|insert\w*|copy|copies|import\w*|new|otherwise|else|sync\w*|upsert\w*|if (?:it|they|one) (?:is|are|does|do)n'?t|if not)\b/.test(
      lower.replace(upsert?.[0] ?? '', ' '),
    ) || /creat|add|insert|upsert|instead|rather/.test(upsert?.[0] ?? '');
  const update = found && !creates ? { ...found, onlyExisting: true } : found;
  const rules = write.rules.filter((r) => r.from && !r.how);
  // The field the prompt compares by ("with the same email", "match on phone"), else the
  // likeliest key.
  const said = `${m[0]} ${/\bmatch\w* (?:on|by|using) (?:the |their |its )?(\w+)/.exec(lower)?.[1] ?? ''}`;
  const saidWords = said
    .split(/[^a-z0-9_]+/)
    .map(normalise)
    .filter(Boolean);
  // Any part of the field's path, in any case: "leverId" is fields.leverId.en-US's key.
  const named = (field: string | undefined) =>
    field !== undefined &&
    field
      .split('.')
      .map(normalise)
      .some((part) => part.length > 1 && saidWords.some((w) => w === part || w === `${part}s`));
  // A person is known by their email; any other record (an order, a ticket) by its own id or
  // number, since one customer's email is on many orders.
  const person = PERSON_RECORD.test(read.resource.name);
  const ownKey = (r: FieldRule) =>
    r.from === read.resource.idField || /(^|[._])(number|num|no|key|code)$/i.test(r.from ?? '');
  const key =
    rules.find((r) => named(r.to) || named(r.from)) ??
    (person ? undefined : rules.find(ownKey)) ??
    rules.find((r) => conceptOf(r.to) === 'email') ??
    rules.find((r) => conceptOf(r.to) === 'externalid') ??
    rules.find((r) => conceptOf(r.to) === 'name') ??
    rules[0];
  if (!key?.from) {
    plan.unresolved.push(`"${m[0]}": no field to compare records by`);
    plan.blocking.push(`"${m[0]}" (no key to compare)`);
    return;
  }
  const operations = write.resource.operations;
  const lists = operations.filter(
    (op) => op.kind === 'list' || (op.kind === 'search' && (op.method === 'GET' || op.safe)),
  );
  // A list whose path parameters are the ones the write already fills, or none.
  const list = lists
    .filter((op) =>
      requiredParams(op, 'path').every((name) => name in write.pathParams || name === 'id'),
    )
    .sort((a, b) => Number(b.kind === 'list') - Number(a.kind === 'list'))[0];
  if (!list) {
    plan.unresolved.push(
      `"${m[0]}": ${write.resource.plural} have no list or search to check against`,
    );
    plan.blocking.push(`"${m[0]}" (no way to read existing ${write.resource.plural})`);
    return;
  }
  const pathParams: Record<string, string> = {};
  for (const name of requiredParams(list, 'path')) {
    const value =
      write.pathParams[name] ??
      write.rules.find(
        (r) =>
          r.value !== undefined &&
          hintsFor(r.to).some((h) => hintsFor(name, list.path).includes(h)),
      )?.value;
    if (value === undefined) {
      plan.blocking.push(`"${m[0]}": ${list.path} needs {${name}}`);
      plan.unresolved.push(`"${m[0]}": ${list.path} needs {${name}}`);
      return;
    }
    pathParams[name] = value;
  }
  const query: Record<string, string> = {};
  for (const param of list.params.filter((p) => p.required && p.in === 'query')) {
    query[param.name] =
      queryLanguage(
        plan.destinationDescription as TApiDescription,
        write.resource,
        list,
        param.name,
        true,
      ) ?? '{key}';
  }
  const destinationField =
    write.container?.kind === 'object' ? `${write.container.field}.${key.to}` : key.to;
  plan.dedupe = {
    sourceField: key.from,
    destinationField,
    operation: list,
    pathParams,
    query,
    itemsPath: list.itemsPath ?? '',
    pagination: list.pagination ?? { style: 'none' },
    headers: requiredHeaders(list, plan.unresolved, plan.destinationDescription as TApiDescription),
    phrase: update ? withCondition(lower, upsert as RegExpExecArray) : m[0],
    update,
  };
  plan.understood.push(
    `${update ? 'Update' : 'Skip'} ${read.resource.plural} already in ${write.resource.plural} ("${m[0]}"): ${key.from} compared with ${destinationField}, read with ${list.method} ${list.path}` +
      (update
        ? `; a match is updated with ${update.operation.method} ${update.operation.path}${update.onlyExisting ? ', and the rest are left out' : ''}.`
        : '.'),
  );
}

/** An update's phrase with the condition just before it ("where one is on file, refresh it"). */
function withCondition(lower: string, match: RegExpExecArray): string {
  const before = /\b(?:where|if|when|whenever|in case)\b[^.;:!?]{0,80}?,?\s*$/.exec(
    lower.slice(0, match.index),
  );
  return `${before?.[0] ?? ''}${match[0]}`;
}

/**
 * How a match is updated in place: the resource's update whose one extra path parameter is
 * the record id. Undefined (and said so) when the destination describes none.
 */
function updateInPlace(write: WritePlan, plan: GroundedPlan, phrase: string): DedupePlan['update'] {
  // One record per call: a batch or a row append has no one record to update.
  const update =
    write.kind === 'record' && write.container?.kind !== 'values-array'
      ? inPlaceUpdate(write.resource, write.pathParams)
      : undefined;
  if (update) return update;
  plan.unresolved.push(
    `"${phrase}": ${write.resource.plural} have no update operation to change an existing one, so one already there is skipped`,
  );
  return undefined;
}

// ── Small helpers ───────────────────────────────────────────────────────────────────────────

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
