// The credential check the mock server makes before a vendor sees a request, and the oauth
// client-credentials token endpoint it serves for a side whose auth is `oauth` (ZTaskAuth).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { MockResponse, TaskAuth } from './contract.ts';

/** How long an issued access token is said to last. */
export const TOKEN_LIFETIME_SECONDS = 3600;

const equal = (given: string | null | undefined, expected: string) =>
  given !== null &&
  given !== undefined &&
  given.length === expected.length &&
  timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/** The credentials of an `Authorization: Basic …` header, or undefined. */
function basicCredentials(
  header: string | undefined,
): { user: string; password: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // RFC 7617 needs the colon; a client that drops it for an empty password still means "".
  if (colon < 0) return { user: decoded, password: '' };
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function bearer(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
}

/** Whether the request carries the credential the side was configured with. */
export function authorized(
  auth: TaskAuth,
  headers: Record<string, string>,
  query: URLSearchParams,
  issuedTokens: Set<string>,
): boolean {
  switch (auth.type) {
    case 'none':
      return true;
    case 'api-key':
      return auth.in === 'query'
        ? equal(query.get(auth.name), auth.secret)
        : equal(headers[auth.name.toLowerCase()], auth.secret);
    case 'bearer':
      return equal(bearer(headers.authorization), auth.secret);
    case 'basic': {
      const given = basicCredentials(headers.authorization);
      return !!given && equal(given.user, auth.username) && equal(given.password, auth.secret);
    }
    case 'oauth': {
      const token = bearer(headers.authorization);
      return token !== undefined && issuedTokens.has(token);
    }
  }
}

const field = (body: unknown, name: string): string | undefined => {
  if (body === null || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * RFC 6749 §4.4: the client credentials in the form body (client_secret_post) or in Basic
 * auth (client_secret_basic); an access token with expires_in, remembered in `issued`.
 */
export function tokenResponse(
  auth: Extract<TaskAuth, { type: 'oauth' }>,
  headers: Record<string, string>,
  body: unknown,
  issued: Set<string>,
): MockResponse {
  const grant = field(body, 'grant_type');
  if (grant !== 'client_credentials') {
    return {
      status: 400,
      body: { error: 'unsupported_grant_type', error_description: `grant_type ${grant}` },
    };
  }
  const basic = basicCredentials(headers.authorization);
  const clientId = basic?.user ?? field(body, 'client_id');
  const secret = basic?.password ?? field(body, 'client_secret');
  if (!equal(clientId, auth.clientId) || !equal(secret, auth.secret)) {
    return {
      status: 401,
      body: { error: 'invalid_client', error_description: 'Client authentication failed' },
    };
  }
  const token = `mock_${randomBytes(18).toString('base64url')}`;
  issued.add(token);
  return {
    status: 200,
    headers: { 'cache-control': 'no-store' },
    body: {
      access_token: token,
      token_type: 'Bearer',
      expires_in: TOKEN_LIFETIME_SECONDS,
      ...(auth.scope ? { scope: auth.scope } : {}),
    },
  };
}
