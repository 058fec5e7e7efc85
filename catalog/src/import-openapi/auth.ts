import type { TAuthScheme } from '@patchbay/schema';
import { isObject, shortText, type OpenApiSchema } from '../openapi-field-schema.ts';
import type { RawOperation } from '../openapi-operations.ts';
import { escapePointer } from './errors.ts';
import { httpUrl } from './servers.ts';

// How a caller proves who it is: the document's security schemes, those the operations use
// first, as our auth schemes (API key, bearer, basic, OAuth). The rest are left out with a
// warning.

function securityNames(requirements: unknown): string[] {
  if (!Array.isArray(requirements)) return [];
  return requirements.flatMap((r) => (isObject(r) ? Object.keys(r) : []));
}

function scopesIn(requirements: unknown, name: string): string[] {
  if (!Array.isArray(requirements)) return [];
  return requirements.flatMap((r) =>
    isObject(r) && Array.isArray(r[name])
      ? r[name].filter((s): s is string => typeof s === 'string')
      : [],
  );
}

export function readAuth(
  doc: OpenApiSchema,
  operations: RawOperation[],
  base: string,
  warn: (message: string) => void,
): { schemes: TAuthScheme[]; keyHelp?: string; headers: Set<string> } {
  const declared =
    isObject(doc.components) && isObject(doc.components.securitySchemes)
      ? doc.components.securitySchemes
      : {};
  const used = [
    ...securityNames(doc.security),
    ...operations.flatMap((op) => securityNames(op.operation.security)),
  ];
  const order = [...new Set([...used.filter((n) => n in declared), ...Object.keys(declared)])];
  const schemes: TAuthScheme[] = [];
  const headers = new Set<string>();
  let keyHelp: string | undefined;
  for (const name of order) {
    const scheme = declared[name];
    const where = `/components/securitySchemes/${escapePointer(name)}`;
    if (!isObject(scheme)) continue;
    let converted: TAuthScheme | undefined;
    const type = String(scheme.type ?? '').toLowerCase();
    if (
      type === 'apikey' &&
      (scheme.in === 'header' || scheme.in === 'query') &&
      typeof scheme.name === 'string' &&
      scheme.name
    ) {
      converted = { type: 'api-key', in: scheme.in, name: scheme.name.slice(0, 100) };
      if (scheme.in === 'header') headers.add(scheme.name.toLowerCase());
    } else if (type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer') {
      converted = { type: 'bearer' };
    } else if (type === 'http' && String(scheme.scheme).toLowerCase() === 'basic') {
      converted = { type: 'basic' };
    } else if (type === 'oauth2' && isObject(scheme.flows)) {
      const flows = scheme.flows;
      const code = isObject(flows.authorizationCode) ? flows.authorizationCode : undefined;
      const client = isObject(flows.clientCredentials) ? flows.clientCredentials : undefined;
      const grants: Array<'authorization_code' | 'client_credentials'> = [];
      const authorizeUrl = httpUrl(code?.authorizationUrl, base);
      const codeToken = httpUrl(code?.tokenUrl, base);
      const clientToken = httpUrl(client?.tokenUrl, base);
      if (code && authorizeUrl && codeToken) grants.push('authorization_code');
      if (client && clientToken) grants.push('client_credentials');
      const tokenUrl =
        (grants[0] === 'authorization_code' ? codeToken : clientToken) ?? clientToken;
      if (grants.length > 0 && tokenUrl) {
        const allScopes = [code, client].flatMap((f) =>
          f && isObject(f.scopes) ? Object.keys(f.scopes) : [],
        );
        const needed = [
          ...scopesIn(doc.security, name),
          ...operations.flatMap((op) => scopesIn(op.operation.security, name)),
        ];
        const scopes = [...new Set(needed.length > 0 ? needed : allScopes)]
          .filter((s) => s.length <= 200)
          .slice(0, 100);
        converted = {
          type: 'oauth',
          grants,
          ...(authorizeUrl && grants.includes('authorization_code') ? { authorizeUrl } : {}),
          tokenUrl,
          scopes,
        };
      } else {
        warn(
          `${where}: only the authorization code and client credentials flows are supported; left out`,
        );
      }
    } else {
      warn(
        `${where}: ${type || 'unknown'}${scheme.in ? ` in ${String(scheme.in)}` : ''}${scheme.scheme ? ` ${String(scheme.scheme)}` : ''} auth is not supported; left out`,
      );
    }
    if (converted && !schemes.some((s) => JSON.stringify(s) === JSON.stringify(converted))) {
      schemes.push(converted);
      keyHelp ??= shortText(scheme.description, 400);
    }
  }
  if (schemes.length === 0) schemes.push({ type: 'none' });
  return { schemes, ...(keyHelp ? { keyHelp } : {}), headers };
}
