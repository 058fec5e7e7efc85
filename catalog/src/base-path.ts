import type { TApiDescription, TOperation } from '@patchbay/schema';

// Where a described operation sits relative to the base URL a user typed. Descriptions give a
// server URL and operation paths (`https://api.notion.com/v1` + `/pages`, or
// `https://api.stripe.com` + `/v1/customers`); users type base URLs the way vendors document
// them: a bare origin, the versioned URL, a shorter or longer prefix, or the API behind a
// gateway path. One function reconciles the two, so the generated code, the static check, the
// dry run and the editor's completions agree on every call's path.
//
// Browser-safe (no Node built-ins): the review page uses it through check-calls.ts.

/** A version segment: v2, v1.1, 2024-10, 2010-04-01, 3.0, 1. */
const VERSION = /^(v\d+(\.\d+)*[a-z]*|\d{4}-\d{2}(-\d{2})?|\d+(\.\d+)+|\d)$/i;
const TEMPLATE = /^\{[^}]+\}$/;

export interface CallPath {
  /** The path to pass to ctx.source/ctx.destination, relative to the user's base URL. */
  path: string;
  /** Set when the user's base URL names another version than the description documents. */
  versionNote?: string | undefined;
}

/** A path's non-empty segments: '/v1//items/' → ['v1', 'items']. */
export function pathSegments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** The path part of a URL, with `{template}` parts kept as they are. */
export function urlPathSegments(url: string): string[] {
  const withoutOrigin = url.trim().replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '');
  return pathSegments(withoutOrigin.split(/[?#]/)[0] ?? '');
}

/** The segments before the first path parameter: the part a base URL may already hold. */
function staticLead(parts: string[]): number {
  const first = parts.findIndex((segment) => segment.includes('{'));
  return first === -1 ? parts.length : first;
}

type SegmentFit = 'same' | 'template' | 'version' | 'no';

function fit(typed: string, described: string): SegmentFit {
  if (typed.toLowerCase() === described.toLowerCase()) return 'same';
  if (TEMPLATE.test(described)) return 'template';
  if (VERSION.test(typed) && VERSION.test(described)) return 'version';
  return 'no';
}

/**
 * The longest run at the end of the typed base path that is the start of the operation's full
 * path (`typed` suffix = `full` prefix), segment by segment. A version segment fits another
 * version (the user's wins), a `{param}` fits anything. At least one segment of the operation
 * path stays, so a base URL can never swallow a whole call.
 */
function overlap(
  typed: string[],
  full: string[],
  limit: number,
): { size: number; fits: SegmentFit[] } {
  for (let size = Math.min(typed.length, limit); size > 0; size -= 1) {
    const tail = typed.slice(typed.length - size);
    const fits = tail.map((segment, i) => fit(segment, full[i] ?? ''));
    if (fits.every((f) => f !== 'no')) return { size, fits };
  }
  return { size: 0, fits: [] };
}

/**
 * The path of `operation` for a connection whose base URL is `baseUrl`: the description's
 * server path and the operation path, less what the typed base URL already holds.
 *   typed https://api.notion.com        server /v1   op /pages      → /v1/pages
 *   typed https://api.stripe.com/v1     server ''    op /v1/charges → /charges
 *   typed https://x.zendesk.com/api/v2  server ''    op /api/v2/tickets.json → /tickets.json
 *   typed https://gw.example/acme/v1    server /v1   op /pages      → /pages
 */
export function callPathFor(
  baseUrl: string,
  description: Pick<TApiDescription, 'baseUrl'>,
  operation: Pick<TOperation, 'path' | 'graphql'>,
): CallPath {
  const typed = urlPathSegments(baseUrl);
  const server = urlPathSegments(description.baseUrl);
  const opSegments = pathSegments(operation.path.split('?')[0] ?? '');
  const full = [...server, ...opSegments];
  // An operation on the base URL itself (an incoming webhook's POST /), or a GraphQL endpoint
  // the typed URL already ends with (https://api.monday.com/v2): the call is the typed URL.
  const typedTail = typed
    .slice(typed.length - full.length)
    .join('/')
    .toLowerCase();
  if (opSegments.length === 0 && typed.join('/').endsWith(server.join('/'))) return { path: '/' };
  if (operation.graphql && full.length > 0 && typedTail === full.join('/').toLowerCase())
    return { path: '/' };
  const limit = Math.min(server.length + staticLead(opSegments), full.length - 1);
  const { size, fits } = overlap(typed, full, limit);
  // Nothing in common, but both end their API's root with a version (typed /rest/v2, described
  // /api/v1/tasks): the user's root stands for the description's, up to its version.
  const root = size === 0 ? versionRoot(typed, full, limit) : undefined;
  if (root !== undefined)
    return {
      path: `/${full.slice(root + 1).join('/')}`,
      versionNote: `the base URL says /${typed.join('/')} where the description documents /${full.slice(0, root + 1).join('/')}; calls use the base URL's`,
    };
  const rest = full.slice(size);
  const versionAt = fits.indexOf('version');
  const versionNote =
    versionAt === -1
      ? undefined
      : `the base URL says ${typed[typed.length - size + versionAt]} where the description documents ${full[versionAt]}; calls use the base URL's`;
  return { path: `/${rest.join('/')}`, versionNote };
}

/**
 * Where the described path's root ends, when the typed base path ends with a version and the
 * described path has one before any parameter: the index of that version segment.
 */
function versionRoot(typed: string[], full: string[], limit: number): number | undefined {
  if (!VERSION.test(typed.at(-1) ?? '')) return undefined;
  const at = full.findIndex((segment, i) => i < limit && VERSION.test(segment));
  return at === -1 ? undefined : at;
}

/** The first version note for any of a description's operations, for the generation report. */
export function versionNoteFor(
  baseUrl: string,
  description: Pick<TApiDescription, 'baseUrl' | 'resources'>,
): string | undefined {
  for (const resource of description.resources) {
    for (const operation of resource.operations) {
      const note = callPathFor(baseUrl, description, operation).versionNote;
      if (note) return note;
    }
  }
  return undefined;
}

/** A base URL's `{placeholder}` parts: a shop name, a region or a subdomain left to fill in. */
export function placeholdersIn(url: string): string[] {
  return [...url.matchAll(/\{([^}]*)\}/g)].map((m) => m[1] ?? '');
}
