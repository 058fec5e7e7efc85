import { createHash } from 'node:crypto';
import { ConfigurationError, placeCredential } from '@patchbay/runtime';
import type { Credentials, IncomingResponse, OutgoingRequest } from '@patchbay/runtime/network';
import type { Redactor } from './redact.ts';
import type { SandboxConnection } from './types.ts';
import { tokenEndpointFields, tokenEndpointRequest } from '../oauth/token-endpoint.ts';

// The sandbox's credentials, host-side only. What each auth type adds to a request
// is @patchbay/runtime's table (placeCredential), which the exported runtime applies too. OAuth 2.0 client credentials tokens are fetched here,
// through the network guard, and cached per token endpoint, client, scope and secret.

export { ConfigurationError };

/** Fetch a new token this long before the old one expires, so no request carries a stale one. */
const EXPIRY_MARGIN_MS = 60_000;
/** A token answered without expires_in is reused this long. */
const UNKNOWN_EXPIRY_MS = 5 * 60_000;
const MAX_CACHED_TOKENS = 1000;

/** The token endpoint answered outside 2xx: thrown in the isolate as an HttpError. */
export class TokenEndpointError extends Error {
  override name = 'TokenEndpointError';
  readonly response: IncomingResponse;
  constructor(response: IncomingResponse) {
    super(`POST ${response.url.href} → ${response.status}`);
    this.response = response;
  }
}

interface CachedToken {
  accessToken: string;
  refreshAt: number;
}

/** Shared by the pool's runs. Keys are hashes, so the cache holds no secret in clear as a key. */
export class OAuthTokenCache {
  #tokens = new Map<string, CachedToken>();

  get(key: string): string | null {
    const cached = this.#tokens.get(key);
    if (!cached) return null;
    if (Date.now() >= cached.refreshAt) {
      this.#tokens.delete(key);
      return null;
    }
    return cached.accessToken;
  }

  set(key: string, accessToken: string, expiresInSeconds: number | null): void {
    let lifetime = UNKNOWN_EXPIRY_MS;
    if (expiresInSeconds !== null && expiresInSeconds > 0) {
      const ms = expiresInSeconds * 1000;
      lifetime = ms - Math.min(EXPIRY_MARGIN_MS, ms / 2);
    }
    this.#tokens.delete(key);
    this.#tokens.set(key, { accessToken, refreshAt: Date.now() + lifetime });
    // Oldest first: a Map keeps insertion order.
    while (this.#tokens.size > MAX_CACHED_TOKENS) {
      const oldest = this.#tokens.keys().next().value;
      if (oldest === undefined) break;
      this.#tokens.delete(oldest);
    }
  }

  /** After a 401: the token was revoked or the clock was off. */
  evict(key: string): void {
    this.#tokens.delete(key);
  }
}

export function tokenCacheKey(connection: SandboxConnection): string {
  const { tokenUrl, clientId, scope } = connection.authConfig;
  return createHash('sha256')
    .update(JSON.stringify([tokenUrl, clientId ?? '', scope ?? '', connection.secret ?? '']))
    .digest('hex');
}

export interface AuthDeps {
  redactor: Redactor;
  tokenCache: OAuthTokenCache;
  /** Sends the token request through the run's guard, transcript and request budget. */
  send: (request: OutgoingRequest) => Promise<IncomingResponse>;
}

/**
 * What to add to a request for this connection, or undefined for 'none'. The caller registers
 * every value with the redactor before anything is recorded.
 */
export async function credentialsFor(
  role: 'source' | 'destination',
  connection: SandboxConnection,
  deps: AuthDeps,
): Promise<{ credentials: Credentials; tokenKey?: string } | undefined> {
  if (connection.authType === 'none') return undefined;
  const secret = connection.secret;
  if (!secret) {
    throw new ConfigurationError(
      `ctx.${role}: no credential is saved for this API (auth type ${connection.authType}); ` +
        "add it in Edit connection on the integration's review page",
    );
  }
  const origin = new URL(connection.baseUrl).origin;
  const config = connection.authConfig;
  const place = (credential: string): Credentials => ({
    origin,
    ...placeCredential(
      connection.authType as Exclude<typeof connection.authType, 'none'>,
      config,
      credential,
    ),
  });
  // Authorization-code connections come with their access token as the secret.
  if (connection.authType === 'oauth' && config.tokenUrl && config.grant !== 'authorization_code') {
    const tokenKey = tokenCacheKey(connection);
    let token = deps.tokenCache.get(tokenKey);
    if (token === null) {
      const fetched = await fetchClientCredentialsToken(connection, secret, deps);
      deps.tokenCache.set(tokenKey, fetched.accessToken, fetched.expiresIn);
      token = fetched.accessToken;
    }
    deps.redactor.add(token);
    return { credentials: place(token), tokenKey };
  }
  const credentials = place(secret);
  const basic = credentials.headers.Authorization;
  // basic: the encoded user:password is a secret too, wherever it appears.
  if (connection.authType === 'basic' && basic) deps.redactor.add(basic.slice('Basic '.length));
  return { credentials };
}

/** RFC 6749 §4.4, client_secret_post: the credentials travel in the form body. */
async function fetchClientCredentialsToken(
  connection: SandboxConnection,
  clientSecret: string,
  deps: AuthDeps,
): Promise<{ accessToken: string; expiresIn: number | null }> {
  const { tokenUrl, clientId, scope } = connection.authConfig;
  const url = new URL(tokenUrl as string);
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  if (clientId) form.set('client_id', clientId);
  form.set('client_secret', clientSecret);
  if (scope) form.set('scope', scope);

  const response = await deps.send(tokenEndpointRequest(url, form));
  if (response.status < 200 || response.status > 299) throw new TokenEndpointError(response);

  const fields = tokenEndpointFields(response);
  const accessToken = fields.access_token;
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw new Error(`The token endpoint ${url.href} answered without an access_token`);
  }
  deps.redactor.add(accessToken);
  const expiresIn = Number(fields.expires_in);
  return { accessToken, expiresIn: Number.isFinite(expiresIn) ? expiresIn : null };
}
