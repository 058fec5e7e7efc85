import type { DirectoryApi } from './directory.ts';

// Versions of one directory API (ADR 036). The directory keeps one document per id, and a
// provider publishes a new major version under a new id: `twilio.com/twilio_chat_v3` next to
// `_v2` and `_v1`, `adyen.com/CheckoutService-v71` next to `CheckoutService` (v70),
// `github.com/ghes-3.6` next to `ghes-3.5`, `twitter.com/current` next to `legacy`. Those ids
// form one family; its default is the newest stable version, and the others stay choosable.

/** A version written at the end of a service id: `_v3`, `-v71`, `.v2`, `-3.6`, `-beta`. */
const VERSION_SUFFIX = /^(.*?)[-_.](v\d+(?:\.\d+)*|\d+(?:\.\d+)+|beta|alpha|preview)$/i;
/** Service ids that are only a version word: Twitter's `current` and `legacy`. */
const VERSION_WORDS = new Set(['current', 'latest', 'stable', 'legacy', 'beta', 'preview']);
const UNSTABLE = /alpha|beta|preview|legacy|snapshot|experimental|\d(a|b|rc)\d*$/i;

export interface DirectoryFamily {
  /** `provider/service-without-version`. */
  key: string;
  /** Its versions, the default first: stable before unstable, then the newest. */
  apis: DirectoryApi[];
}

/** The family key and the version token of one API, when its id carries one. */
function split(api: DirectoryApi): { key: string; token?: string } {
  const service = api.service ?? '';
  if (VERSION_WORDS.has(service.toLowerCase())) return { key: api.provider, token: service };
  const suffix = VERSION_SUFFIX.exec(service);
  if (suffix?.[1] && suffix[2]) return { key: `${api.provider}/${suffix[1]}`, token: suffix[2] };
  return { key: service ? `${api.provider}/${service}` : api.provider };
}

/** What the console shows for a version: the id's token (`v3`, `3.6`, `legacy`), else the document's. */
export function versionLabel(api: DirectoryApi): string {
  const { token } = split(api);
  // Twitter's `current` and `legacy` say which, the document's version says what.
  if (token && VERSION_WORDS.has(token.toLowerCase()) && api.version)
    return `${api.version} (${token.toLowerCase()})`;
  const label = token ?? api.version;
  return /^\d+$/.test(label) ? `v${label}` : label;
}

/** `v71` → [71]; `2.62` → [2, 62]; a word → []. */
function numbers(text: string): number[] {
  return (/\d+(?:\.\d+)*/.exec(text)?.[0] ?? '').split('.').filter(Boolean).map(Number);
}

function newerFirst(a: DirectoryApi, b: DirectoryApi): number {
  const stable = (api: DirectoryApi) =>
    UNSTABLE.test(versionLabel(api)) || UNSTABLE.test(api.version) ? 1 : 0;
  if (stable(a) !== stable(b)) return stable(a) - stable(b);
  // The id's token, else the document's version: `ghes-3.6` carries 1.1.4 inside, like 3.5.
  const [x, y] = [numbers(versionLabel(a)), numbers(versionLabel(b))];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const diff = (y[i] ?? 0) - (x[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return b.quality.operations - a.quality.operations || a.id.localeCompare(b.id);
}

/** Each API's family, by API id; only families of two or more versions are listed. */
export function familyOf(apis: readonly DirectoryApi[]): Map<string, DirectoryFamily> {
  const byKey = new Map<string, DirectoryApi[]>();
  for (const api of apis) {
    const { key } = split(api);
    byKey.set(key.toLowerCase(), [...(byKey.get(key.toLowerCase()) ?? []), api]);
  }
  const byId = new Map<string, DirectoryFamily>();
  for (const [key, members] of byKey) {
    // A family needs a version on at least one id: `googleapis.com/drive` and a provider's
    // main API are not versions of each other just for sharing a provider.
    if (members.length < 2 || !members.some((api) => split(api).token)) continue;
    const family = { key, apis: [...members].sort(newerFirst) };
    for (const api of members) byId.set(api.id, family);
  }
  return byId;
}
