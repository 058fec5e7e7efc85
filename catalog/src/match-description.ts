import type { TApiDescription, TCatalogSummary } from '@patchbay/schema';
import { loadCatalog } from './load-catalog.ts';

// Matching a connection to a catalog entry: the API Name and Base URL the user
// typed pick an entry. A host match is the strongest signal ("https://api.stripe.com"), then
// the name or an alias, compared as lower-case words ("Stripe", "stripe payments").

/** Lower-case words, punctuation dropped: "Monday.com" → "monday com". */
export function normaliseName(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The host of a typed URL; "api.github.com" without a scheme counts as https://api.github.com. */
function hostOf(url: string): string | undefined {
  const typed = url.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(typed)
    ? typed
    : /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?(\/|$)/i.test(typed)
      ? `https://${typed}`
      : typed;
  try {
    return new URL(withScheme).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * The forms of a name that should compare equal, as people type them: "Sales force" and
 * "salesforce", "Google Sheet" and "google sheets".
 */
function nameForms(normalised: string): string[] {
  const singular = normalised
    .split(' ')
    .map((word) => (word.length > 3 && /[^s]s$/.test(word) ? word.slice(0, -1) : word))
    .join(' ');
  return [
    ...new Set([normalised, singular, normalised.replace(/ /g, ''), singular.replace(/ /g, '')]),
  ];
}

function pathOf(url: string): string {
  try {
    const path = new URL(url.replace(/\{[^}]+\}/g, 'x')).pathname.toLowerCase();
    return path.endsWith('/') ? path : `${path}/`;
  } catch {
    return '/';
  }
}

/** Whether a typed URL lies under the entry's base path (not just `/`). */
function basePathFits(entry: Matchable, typedUrl: string): boolean {
  const basePath = pathOf(entry.baseUrl);
  return (
    basePath !== '/' &&
    pathOf(typedUrl.includes('://') ? typedUrl : `https://${typedUrl}`).startsWith(basePath)
  );
}

/** A regex for `pattern` or a subdomain of it; `{x}` in a pattern matches one label. */
function hostPattern(pattern: string): RegExp {
  return new RegExp(
    `(^|\\.)${pattern
      .toLowerCase()
      .replace(/[.]/g, '\\.')
      .replace(/\{[^}]+\}/g, '[a-z0-9-]+')}$`,
  );
}

/**
 * What matching reads of an entry: curated entries and directory APIs (directory.ts) alike, so
 * both tiers are matched and searched by this one implementation.
 */
export interface Matchable {
  id: string;
  name: string;
  aliases: readonly string[];
  hosts: readonly string[];
  baseUrl: string;
  category: string;
}

/** What matching compares an entry by, worked out once per entry: every run matches both sides. */
interface EntryKeys {
  hosts: RegExp[];
  /** The entry's name, id and aliases, normalised. */
  names: string[];
  /** Every form of those names (nameForms). */
  forms: Set<string>;
}

const keysOfEntry = new WeakMap<Matchable, EntryKeys>();

function entryKeys(entry: Matchable): EntryKeys {
  let keys = keysOfEntry.get(entry);
  if (!keys) {
    const names = [entry.name, entry.id.replace(/-/g, ' '), ...entry.aliases].map(normaliseName);
    keys = {
      hosts: entry.hosts.map(hostPattern),
      names,
      forms: new Set(names.flatMap(nameForms)),
    };
    keysOfEntry.set(entry, keys);
  }
  return keys;
}

function nameScore(entry: Matchable, typed: string): number {
  const name = normaliseName(typed);
  if (!name) return 0;
  const { names, forms } = entryKeys(entry);
  if (names.includes(name)) return 3;
  if (nameForms(name).some((form) => forms.has(form))) return 3;
  // "stripe api", "our stripe account": an entry name that is a whole word of what was typed.
  const words = ` ${name} `;
  if (names.some((n) => n.length >= 3 && words.includes(` ${n} `))) return 2;
  return 0;
}

/**
 * The catalog entry a connection's name and URL point at, or undefined. A host match wins over
 * a name match, so "My billing" on api.stripe.com is Stripe.
 */
export function matchDescription(
  apiName: string,
  apiUrl: string,
  catalog: readonly TApiDescription[] = loadCatalog(),
): TApiDescription | undefined {
  return matchEntry(apiName, apiUrl, catalog);
}

/**
 * `minNameScore` 3 accepts only a name that is the entry's, in one of its forms: the directory
 * holds thousands of names, and "Acme API" must not match the provider called "api".
 */
export function matchEntry<T extends Matchable>(
  apiName: string,
  apiUrl: string,
  catalog: readonly T[],
  minNameScore = 2,
): T | undefined {
  const host = hostOf(apiUrl);
  if (host) {
    const byHost = catalog.filter((entry) => entryKeys(entry).hosts.some((re) => re.test(host)));
    // Several APIs share a host (Google's www.googleapis.com): the base URL's path decides
    // (/drive/v3 vs /calendar/v3), then the name.
    if (byHost.length > 1) {
      const typedPath = pathOf(apiUrl);
      const byPath = byHost.filter((entry) => {
        const basePath = pathOf(entry.baseUrl);
        return basePath !== '/' && typedPath.startsWith(basePath);
      });
      const candidates = byPath.length > 0 ? byPath : byHost;
      return (
        [...candidates].sort((a, b) => nameScore(b, apiName) - nameScore(a, apiName))[0] ??
        undefined
      );
    }
    if (byHost[0]) return byHost[0];
  }
  let best: T | undefined;
  let bestScore = minNameScore - 1;
  for (const entry of catalog) {
    const score = nameScore(entry, apiName);
    if (score > bestScore) [best, bestScore] = [entry, score];
  }
  return best;
}

export function summarise(entry: TApiDescription): TCatalogSummary {
  const first = entry.auth.schemes[0];
  return {
    id: entry.id,
    name: entry.name,
    aliases: entry.aliases,
    category: entry.category,
    baseUrl: entry.baseUrl,
    docsUrl: entry.docsUrl,
    defaultAuthType: first?.type ?? 'none',
    ...(entry.auth.keyHelp ? { keyHelp: entry.auth.keyHelp } : {}),
    operationCount: entry.resources.reduce((n, r) => n + r.operations.length, 0),
    tier: 'curated',
  };
}

/** Catalog entries whose name, alias, id, host or category starts a word with `query`. */
export function searchCatalog(
  query: string,
  catalog: readonly TApiDescription[] = loadCatalog(),
): TApiDescription[] {
  return searchEntries(query, catalog);
}

export function searchEntries<T extends Matchable>(query: string, catalog: readonly T[]): T[] {
  const q = normaliseName(query);
  if (!q) return [...catalog];
  const host = hostOf(query.includes('://') ? query : `https://${query}`);
  return catalog
    .map((entry) => {
      const texts = [entry.name, entry.id, ...entry.aliases, entry.category].map(normaliseName);
      const byHost = host !== undefined && entryKeys(entry).hosts.some((re) => re.test(host));
      let score = 0;
      if (texts.some((t) => t === q)) score = 4;
      // A pasted base URL: its host, and its path when several APIs share the host.
      else if (byHost && basePathFits(entry, query)) score = 4;
      else if (texts.some((t) => t.startsWith(q))) score = 3;
      else if (byHost) score = 3;
      else if (texts.some((t) => ` ${t}`.includes(` ${q}`))) score = 2;
      // "zendesk.com" finds {subdomain}.zendesk.com.
      else if (host?.includes('.') && entry.hosts.some((h) => h.toLowerCase().endsWith(`.${host}`)))
        score = 2;
      // "google drive" finds "Google Drive API": every typed word starts a word of the entry.
      else if (q.split(' ').every((word) => texts.some((t) => ` ${t}`.includes(` ${word}`))))
        score = 1;
      return { entry, score };
    })
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score || a.entry.name.localeCompare(b.entry.name))
    .map((m) => m.entry);
}
