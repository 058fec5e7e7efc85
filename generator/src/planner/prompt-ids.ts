import type { TApiDescription, TOperation, TResource } from '@patchbay/schema';
import { answerRecordPath } from '@patchbay/catalog';
import { conceptOf, leaves } from './field-match.ts';
import type { GroundedPlan, LookupPlan } from './plan-types.ts';
import { escapeRegExp, NAMED_AS } from './text.ts';
import { singular } from './resource-words.ts';
import { requiredParams } from './choose-operations.ts';
import { idFromUrls } from './ids-in-urls.ts';

// Values the prompt writes out for a call ("Trello list 5f1a…", "project 1201", "#billing"):
// ids, keys, names, phone numbers and channels, each given to the parameter its words are about.
// An id the prompt gives only by name becomes a lookup the code makes at run time.

// ── Ids the prompt names ("Trello list 5f1a…", "project 1201", "#billing") ──────────────────

const ALTERNATIVES =
  /(?:_?(?:id|Id|ID|gid|key|Key|slug|Slug|name|Name))?(?:_?(?:or|Or)_?(?:id|Id|ID|key|Key|slug|Slug|name|Name))+$/;

/** A parameter that takes a slug or a name as well as an id (`organization_id_or_slug`). */
export function takesSlug(name: string): boolean {
  return /slug/i.test(name) || /(?:^|_|[a-z])(?:or_?|Or)(?:name|Name|key|Key)$/.test(name);
}

/** How people shorten the nouns of containers ("Sentry org acme", "env staging"). */
const SHORT_FORMS: Record<string, string[]> = {
  organization: ['org', 'organisation'],
  environment: ['env'],
  repository: ['repo'],
  project: ['proj'],
  application: ['app'],
  workspace: ['ws'],
  department: ['dept'],
};

/** The hints and their short forms. */
export function withShortForms(words: readonly string[]): string[] {
  return [...new Set(words.flatMap((word) => [word, ...(SHORT_FORMS[word] ?? [])]))];
}

/** Words that follow a noun without naming it ("the project in question", "org and team"). */
const NOT_A_SLUG = new Set(
  'the a an in on of to for and or with from by is are was that which this these those all every each its their our my your we it as at be'.split(
    ' ',
  ),
);

/** Words a parameter or field is about: `idList` → list, `calendarId` → calendar, `{id}` after /lists → list. */
export function hintsFor(name: string, path?: string): string[] {
  // `webhook_token` is a token: the head noun comes last in an English compound, so it is the
  // first hint tried ("hook: id 42, token abc9" gives abc9 to `webhook_token`).
  // `tableIdOrName` takes a table's id or name: its words after "Id" qualify it.
  const split = name
    // `organization_id_or_slug`, `tableIdOrName`, `project_id_or_key`: the noun before the
    // alternatives is what the parameter is about.
    .replace(ALTERNATIVES, '')
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
export function idFromPrompt(
  text: string,
  hints: string[],
  options: { slugs?: boolean } = {},
): string | undefined {
  // A parameter that takes a slug takes one quoted as written: org `acme-eu`, project "web".
  if (options.slugs) {
    for (const hint of hints) {
      const quoted = new RegExp(
        `\\b${escapeRegExp(hint)}s?\\b${NAMED_AS}\\s*[:=]?\\s*(?:"([\\w.-]{2,})"|'([\\w.-]{2,})'|\`([\\w.-]{2,})\`|“([\\w.-]{2,})”)`,
        'i',
      ).exec(text);
      const slug = quoted?.slice(1).find(Boolean);
      if (slug) return slug;
    }
  }
  for (const hint of hints) {
    const pattern = new RegExp(
      // The value is in a lookahead, so "Teams team 9f3e" can match "team 9f3e" after "Teams team".
      // "sheet id 9zz", "form ID: ab12", "database (id 77aa…)", "project gid 4445", project
      // "Ops" (gid 4446): the word "id" is never the value, and a quoted name may come first.
      // An id may be shaped like an address (Google's calendar ids, "c_3f…@group.calendar…").
      `\\b${escapeRegExp(hint)}s?\\b(?=${NAMED_AS}\\s*(?:["“'][^"”'\\n]{1,80}["”']\\s*)?[:=(]?\\s*(?:(?:id|named|called|gid)\\b\\s*)?[:=#]?\\s*(?:"([^"]+)"|'([^']+)'|\`([^\`]+)\`|([A-Za-z0-9][\\w.-]*(?:@[\\w-]+(?:\\.[\\w-]+)+)?)))`,
      'gi',
    );
    for (const m of text.matchAll(pattern)) {
      const quoted = m[1] ?? m[2] ?? m[3];
      // A quoted id ("5f1a…"); a quoted name ("To Do") is looked up instead (nameFromPrompt).
      if (quoted && /\d/.test(quoted) && !/\s/.test(quoted)) return quoted;
      if (quoted) continue;
      const token = (m[4] ?? '').replace(/[.]+$/, '');
      if (/\d/.test(token) && token.length >= 2) return token;
      // A slug unquoted ends its noun phrase: "org acme-eu, project web".
      const end = (m.index ?? 0) + m[0].length;
      if (
        options.slugs &&
        /^[a-z][a-z0-9_-]+$/.test(token) &&
        !NOT_A_SLUG.has(token) &&
        isPhraseEnd(text, end, token)
      )
        return token;
    }
  }
  // A link the prompt pastes: notion.so/…-<id>, app.asana.com/0/<project>/…
  return idFromUrls(text, hints);
}

/** A parameter whose description says it takes a path with its namespace. */
const TAKES_PATH = /\b(?:path with namespace|namespace\/|full path|url-encoded path)/i;

function parameterDoc(
  description: TApiDescription,
  path: string | undefined,
  name: string,
): string | undefined {
  for (const resource of description.resources)
    for (const operation of resource.operations)
      if (operation.path === path)
        return operation.params.find((p) => p.name === name)?.description;
  return undefined;
}

/** "project infra/terraform", "repo `acme/web`": a namespaced path after one of `hints`. */
function pathAfter(text: string, hints: string[]): string | undefined {
  for (const hint of hints) {
    const m = new RegExp(
      `\\b${escapeRegExp(hint)}s?\\b${NAMED_AS}\\s*[:=]?\\s*[\`'"“]?([A-Za-z0-9][\\w.-]*(?:\\/[A-Za-z0-9][\\w.-]*)+)`,
      'i',
    ).exec(text);
    if (m?.[1]) return m[1].replace(/[.]+$/, '');
  }
  return undefined;
}

/** The one "group/project" a prompt writes on its own ("MRs in acme/payments-api"). */
function loneSlug(text: string): string | undefined {
  const slugs = [
    ...text.matchAll(/(?<![\w/:.@-])([A-Za-z0-9][\w.-]*(?:\/[A-Za-z0-9][\w.-]*)+)(?![\w/])/g),
  ]
    .map((m) => m[1] ?? '')
    .filter(
      (slug) => !/^(?:and|or|either|yes|no|on|off|in|out)\/(?:and|or|no|off|out)$/i.test(slug),
    )
    .filter((slug) => !/^\d+(?:\/\d+)+$/.test(slug));
  return new Set(slugs).size === 1 ? slugs[0] : undefined;
}

/** Whether `token`, found at or before `from`, ends its noun phrase (a comma, a full stop, "and"). */
function isPhraseEnd(text: string, from: number, token: string): boolean {
  const at = text.indexOf(token, from);
  if (at < 0) return false;
  return /^(?:\s*(?:[,.;:)\n]|$)|\s+and\b)/.test(text.slice(at + token.length));
}

/**
 * A path or query parameter's value from the prompt: its own words (`list_id` → "list 123"),
 * the aliases of the resource it names (`spreadsheetId` → "sheet 1xYz"), or owner/repo.
 */
export function paramValue(
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
  const words = withShortForms([...new Set([...hints, ...aliases])]);
  // GitLab's project `{id}` takes "group/project" as well: the description says so.
  if (TAKES_PATH.test(parameterDoc(description, path, name) ?? '')) {
    const written = pathAfter(text, words) ?? loneSlug(text);
    if (written) return written;
  }
  return (
    idFromPrompt(text, words, { slugs: takesSlug(name) }) ??
    // "project OPS" (`projectKey`), "table Deals" (`tableIdOrName`): keys and names, not ids.
    (/key/i.test(name) ? keyFromPrompt(text, words) : undefined) ??
    (/name$/i.test(name) ? capitalisedFromPrompt(text, words, description.name) : undefined)
  );
}

/**
 * A parameter whose description names the value most accounts use ("Usually master", "Defaults
 * to primary"): the word the prompt gives after its noun ("env staging"), else that value.
 */
export function documentedValue(
  text: string,
  name: string,
  path: string | undefined,
  description: TApiDescription,
): { value: string; assumed: boolean } | undefined {
  const doc = parameterDoc(description, path, name) ?? '';
  const usual =
    /\b(?:usually|typically|defaults? (?:to|is)|default:)\s*[`"'“]?([A-Za-z][\w.-]*)/i.exec(
      doc,
    )?.[1];
  if (!usual) return undefined;
  const value = usual.replace(/[.]+$/, '');
  const words = withShortForms(hintsFor(name, path));
  const given = idFromPrompt(text, words, { slugs: true });
  return given ? { value: given, assumed: false } : { value, assumed: true };
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
      // Names are often not ASCII ("the Zürich Office calendar").
      new RegExp(
        `(?<=\\b[a-z]+\\s)((?:\\p{Lu}[\\p{L}\\p{N}'’&-]*\\s+){1,3})${escapeRegExp(hint)}s?\\b`,
        'gu',
      ),
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

/** The field a resource is known by to people: `name`, `displayName`, or `attributes.name`. */
function nameFieldOf(resource: TApiDescription['resources'][number]): string | undefined {
  const named = leaves(resource.schema, 2).filter(
    (leaf) => leaf.schema.type !== 'object' && conceptOf(leaf.path) === 'name',
  );
  return (named.find((leaf) => !leaf.path.includes('.')) ?? named[0])?.path;
}

/**
 * The name a prompt gives a container: quoted ("list 'To Do'"), capitalised ("the Returns
 * mailbox", "site Acme"), or a host name after the noun ("site shop.example").
 */
export function containerName(text: string, words: string[], apiName = ''): string | undefined {
  const named = nameFromPrompt(text, words) ?? capitalisedFromPrompt(text, words, apiName);
  if (named) return named;
  for (const word of words) {
    const host = new RegExp(
      `\\b${escapeRegExp(word)}s?\\s+((?:[a-z0-9-]+\\.)+[a-z]{2,})(?![\\w.])`,
      'i',
    ).exec(text);
    if (host?.[1]) return host[1];
  }
  return undefined;
}

export interface LookupContext {
  /** Lookups planned already: their ids fill the blanks of later ones. */
  earlier?: LookupPlan[];
  /** The other side's API: a word that names one of its resources names that, not this one. */
  other?: TApiDescription | undefined;
  /** Values the side's own call has already ("boardId" of a write): a lookup's may be the same. */
  known?: Record<string, string>;
}

/**
 * The words a container goes by, short forms too; an alias that the other API uses as a
 * resource's own name is left to that API ("list" is a Trello list, not an Asana project).
 */
function containerWords(resource: TResource, other: TApiDescription | undefined): string[] {
  const theirs = new Set(
    (other?.resources ?? []).flatMap((r) => [r.name, r.plural].map((n) => n.toLowerCase())),
  );
  const aliases = resource.aliases.filter((alias) => !theirs.has(alias.toLowerCase()));
  return withShortForms([resource.name, singular(resource.plural), ...aliases]);
}

/**
 * The lookups that find an id the prompt does not give: the resource the id names (`idList` →
 * list), read with a list operation whose own path ids the prompt gives (`/boards/{id}/lists`
 * with "board 5f1…"), matched by name. A path id of that list which the prompt also gives only
 * by name is looked up first ("form 'Contact' on site Acme": the site, then its forms).
 */
export function planLookups(
  text: string,
  description: TApiDescription,
  side: LookupPlan['side'],
  target: LookupPlan['target'],
  path: string | undefined,
  context: LookupContext = {},
  depth = 0,
): LookupPlan[] | undefined {
  const earlier = context.earlier ?? [];
  const hints = hintsFor(target.name, path);
  // The records an operation lists are never the container its parameter names: a deals list's
  // `pipeline_id` is no deal, whatever else people call deals.
  const listed = (r: TResource) =>
    r.operations.some((op) => op.kind === 'list' && op.path === path);
  const resource = description.resources.find(
    (r) =>
      !listed(r) &&
      hints.some((h) => h === r.name || h === singular(r.plural) || r.aliases.includes(h)),
  );
  if (!resource) return undefined;
  const nameField = nameFieldOf(resource);
  if (!nameField) return undefined;
  // "the events of Jane Doe (user 'Jane Doe')": someone else's, not the caller's own.
  const someone = containerName(text, containerWords(resource, context.other), description.name);
  const caller =
    someone === undefined ? callerLookup(resource, side, target, nameField) : undefined;
  for (const operation of resource.operations.filter((op) => op.kind === 'list')) {
    const pathParams: Record<string, string> = {};
    const before: LookupPlan[] = [];
    // A GraphQL list takes its required variables as a call takes its path ("boardId").
    const names = [...requiredParams(operation, 'path'), ...requiredVariables(operation)];
    for (const name of names) {
      const value =
        paramValue(text, name, operation.path, description) || context.known?.[name] || undefined;
      if (value) pathParams[name] = value;
      // "#billing in Teams": the team is looked up first, then its channels (filled at run time).
      else if (
        [...earlier, ...before].some(
          (l) => l.side === side && l.target.kind === 'path' && l.target.name === name,
        )
      )
        pathParams[name] = '';
      else if (depth < 2) {
        const chain = planLookups(
          text,
          description,
          side,
          { kind: 'path', name },
          operation.path,
          { ...context, earlier: [...earlier, ...before] },
          depth + 1,
        );
        if (chain?.at(-1)?.name === undefined) continue;
        before.push(...chain);
        pathParams[name] = '';
      }
    }
    if (Object.keys(pathParams).length !== names.length) continue;
    // Required headers (an API version) are the side's own, sent with every call it makes.
    if (operation.params.some((p) => p.required && p.in !== 'path' && p.in !== 'header')) continue;
    const lookup: LookupPlan = {
      side,
      target,
      operation,
      pathParams,
      itemsPath: operation.itemsPath ?? '',
      idField: resource.idField,
      nameField,
      name: containerName(text, containerWords(resource, context.other), description.name),
      resource: resource.name,
    };
    return [...before, lookup];
  }
  return caller ? [caller] : undefined;
}

/** The variables a GraphQL operation's document requires (`$boardId: ID!`). */
function requiredVariables(operation: TOperation): string[] {
  if (!operation.graphql) return [];
  const variables = operation.body?.schema.properties?.variables;
  return variables?.required ?? [];
}

/**
 * The record of the account the credentials belong to: a get that needs no id (Calendly's
 * `GET /users/me`). Where a call needs the caller's own user and there is no list to find it in,
 * that get answers it.
 */
function callerLookup(
  resource: TResource,
  side: LookupPlan['side'],
  target: LookupPlan['target'],
  nameField: string,
): LookupPlan | undefined {
  const operation = resource.operations.find(
    (op) =>
      op.kind === 'get' &&
      op.method === 'GET' &&
      !op.params.some((p) => p.required && p.in !== 'header'),
  );
  if (!operation) return undefined;
  return {
    side,
    target,
    operation,
    pathParams: {},
    itemsPath: answerRecordPath(operation),
    idField: resource.idField,
    nameField,
    name: undefined,
    resource: resource.name,
  };
}

/** Adds lookups to the plan and says how they resolve; false when none can. */
export function useLookup(
  text: string,
  description: TApiDescription,
  target: LookupPlan['target'],
  path: string | undefined,
  plan: GroundedPlan,
  side: LookupPlan['side'] = 'destination',
  other?: TApiDescription,
  known?: Record<string, string>,
): boolean {
  const chain = planLookups(text, description, side, target, path, {
    earlier: plan.lookups,
    other,
    known,
  });
  if (!chain) return false;
  for (const lookup of chain) {
    plan.lookups.push(lookup);
    const where = `${lookup.operation.method} ${lookup.operation.path}`;
    if (lookup.operation.kind === 'get') {
      plan.understood.push(
        `${lookup.target.name}: the ${lookup.resource} the credentials belong to, read with ${where}.`,
      );
    } else if (lookup.name) {
      plan.understood.push(
        `${lookup.target.name}: the ${lookup.resource} named "${lookup.name}", looked up with ${where}.`,
      );
    } else {
      plan.unresolved.push(
        `${lookup.target.name}: no ${lookup.resource} was named, so the first one ${where} returns is used; name it in the prompt (${lookup.resource} "To Do")`,
      );
    }
  }
  return true;
}

/** The value a parameter's description calls usual, said as an assumption when it is taken. */
export function usualValue(
  text: string,
  name: string,
  path: string,
  description: TApiDescription,
  plan: GroundedPlan,
): string | undefined {
  const usual = documentedValue(text, name, path, description);
  if (usual?.assumed)
    plan.assumptions.push(
      `{${name}} is ${usual.value}, the value ${description.name} documents as usual; the prompt names none.`,
    );
  return usual?.value;
}
