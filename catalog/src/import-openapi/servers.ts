import { isObject, type OpenApiSchema } from '../openapi-field-schema.ts';
import type { ImportOptions } from './options.ts';

// Where the API is: the document's servers (or, failing those, where it was fetched from or the
// base URL the user typed), their hosts, and absolute http(s) URLs for links.

export interface Server {
  /** With `{variables}` in the host kept (the user fills them in), others set to their default. */
  baseUrl: string;
  /** Every variable set to its default: a URL that parses. */
  concrete: string;
  host: string;
}

function readServer(server: unknown, options: ImportOptions): Server | undefined {
  if (!isObject(server) || typeof server.url !== 'string') return undefined;
  const variables = isObject(server.variables) ? server.variables : {};
  const defaultOf = (name: string) => {
    const v = variables[name];
    return isObject(v) && v.default !== undefined ? String(v.default) : undefined;
  };
  let url = server.url.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    // OpenAPI resolves a relative server URL against where the document is.
    const base = options.sourceUrl ?? options.baseUrl;
    if (!base || !URL.canParse(base)) return undefined;
    url = new URL(url.replace(/\{[^}]+\}/g, (m) => defaultOf(m.slice(1, -1)) ?? m) || '/', base)
      .href;
  }
  const match = /^(https?):\/\/([^/?#]+)([^?#]*)/i.exec(url);
  if (!match) return undefined;
  const [, scheme, authority, rawPath] = match as unknown as [string, string, string, string];
  const path = rawPath
    .replace(/\{[^}]+\}/g, (m) => defaultOf(m.slice(1, -1)) ?? m)
    .replace(/\/+$/, '');
  const baseUrl = `${scheme.toLowerCase()}://${authority}${path}`;
  const concrete = baseUrl.replace(/\{[^}]+\}/g, (m) => defaultOf(m.slice(1, -1)) ?? 'example');
  if (!URL.canParse(concrete)) return undefined;
  const host = authority.replace(/:\d+$/, '').toLowerCase();
  return { baseUrl, concrete, host };
}

export function servers(doc: OpenApiSchema, options: ImportOptions): Server[] {
  const listed = (Array.isArray(doc.servers) ? doc.servers : [])
    .map((s) => readServer(s, options))
    .filter((s): s is Server => s !== undefined);
  if (listed.length > 0) return listed;
  // No server: the document's own origin (the OpenAPI default is "/"), else the typed base URL.
  const fallback =
    options.baseUrl ?? (options.sourceUrl ? new URL('/', options.sourceUrl).href : undefined);
  const server = fallback ? readServer({ url: fallback }, {}) : undefined;
  return server ? [server] : [];
}

export function httpUrl(value: unknown, base?: string): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  try {
    const url = new URL(value, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
