// The authorization-code flow of OAuth 2.0 connections (ADR 024), protocol half:
// which endpoints and app a side uses, the consent URL with state and S256 PKCE, the code
// exchange and RFC 7009 revocation. openid-client does the protocol; routes/oauth.ts the HTTP.
import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import { resolveDescription } from '@patchbay/catalog';
import { findOAuthApp, type IntegrationRow, type Sql } from '@patchbay/db';
import {
  chooseOAuthClient,
  oauthAppContext,
  oauthEndpoints,
  operatorAppServes,
  operatorAppUnboundMessage,
  operatorAppWithheldMessage,
  type OAuthClientCredentials,
  type OAuthEndpoints,
  type TAuthConfig,
  type TAuthType,
  type TConnectionSide,
} from '@patchbay/schema';
import { credentialContext, decrypt, type KeyRing } from '@patchbay/schema/vault';
import { PROVIDER_TIMEOUT_MS, type ProviderFetch } from './provider-fetch.ts';

/** One side of an integration as the OAuth flow sees it. */
export interface SideOAuth {
  apiName: string;
  authType: TAuthType;
  config: TAuthConfig;
  endpoints: OAuthEndpoints;
  client: OAuthClientCredentials | null;
  /** An operator's app registered under the authorize URL, withheld for another token URL. */
  unboundApp: { provider: string } | null;
}

/** Why a side cannot start the flow; the route answers 409 with it. */
export class OAuthSetupError extends Error {
  override name = 'OAuthSetupError';
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

export function stateHash(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

/** The side's grant, endpoints (auth config, else catalog) and OAuth app (user's, else operator's). */
export async function sideOAuth(
  sql: Sql,
  vault: KeyRing,
  row: IntegrationRow,
  side: TConnectionSide,
): Promise<SideOAuth> {
  const source = side === 'source';
  const apiName = source ? row.source_api_name : row.dest_api_name;
  const config = source ? row.source_auth_config : row.dest_auth_config;
  const description = resolveDescription(
    source ? row.source_description : row.dest_description,
    apiName,
    source ? row.source_api_url : row.dest_api_url,
  ).description;
  const endpoints = oauthEndpoints(config, description);
  const sealed = source ? row.source_credential : row.dest_credential;
  const userSecret = sealed ? decrypt(vault, sealed, credentialContext(row.id, side)) : null;
  const found = await findOAuthApp(sql, endpoints.providerKeys);
  const app =
    found && operatorAppServes({ provider: found.provider, tokenUrl: found.token_url }, endpoints)
      ? found
      : undefined;
  const operatorApp = app
    ? {
        clientId: app.client_id,
        clientSecret: decrypt(vault, app.client_secret, oauthAppContext(app.id)),
      }
    : null;
  return {
    apiName,
    authType: source ? row.source_auth_type : row.dest_auth_type,
    config,
    endpoints,
    client: chooseOAuthClient(config, userSecret, operatorApp),
    unboundApp: found && !app ? { provider: found.provider } : null,
  };
}

/**
 * The auth config an export carries: a connected account's token URL and scopes are
 * resolved from the catalog when the integration leaves them to it, so the exported project can
 * refresh its token by itself.
 */
export function exportAuthConfig(row: IntegrationRow, side: TConnectionSide): TAuthConfig {
  const source = side === 'source';
  const config = source ? row.source_auth_config : row.dest_auth_config;
  if (config.grant !== 'authorization_code') return config;
  const description = resolveDescription(
    source ? row.source_description : row.dest_description,
    source ? row.source_api_name : row.dest_api_name,
    source ? row.source_api_url : row.dest_api_url,
  ).description;
  const { tokenUrl, scope } = oauthEndpoints(config, description);
  return { ...config, ...(tokenUrl ? { tokenUrl } : {}), ...(scope ? { scope } : {}) };
}

/** What connecting needs, or a 409 saying what is missing. */
export function readyToConnect(side: TConnectionSide, oauth: SideOAuth) {
  const label = `The ${side} API (${oauth.apiName})`;
  if (oauth.authType !== 'oauth')
    throw new OAuthSetupError(
      'NOT_OAUTH',
      `${label} uses auth type ${oauth.authType}, not OAuth 2.0; choose OAuth 2.0 first`,
    );
  if (oauth.endpoints.grant !== 'authorization_code')
    throw new OAuthSetupError(
      'NOT_AUTHORIZATION_CODE',
      `${label} uses the ${oauth.endpoints.grant ?? 'access token'} grant; choose "authorization code" to connect an account`,
    );
  const { authorizeUrl, tokenUrl } = oauth.endpoints;
  if (!authorizeUrl || !tokenUrl)
    throw new OAuthSetupError(
      'OAUTH_ENDPOINTS_MISSING',
      `${label} has no ${authorizeUrl ? 'token' : 'authorize'} URL: enter the provider's authorize and token URLs`,
    );
  if (!oauth.client && oauth.endpoints.leavesCatalogEndpoints)
    throw new OAuthSetupError('OAUTH_APP_MISSING', operatorAppWithheldMessage(oauth.apiName));
  if (!oauth.client && oauth.unboundApp)
    throw new OAuthSetupError(
      'OAUTH_APP_MISSING',
      operatorAppUnboundMessage(oauth.apiName, oauth.unboundApp),
    );
  if (!oauth.client)
    throw new OAuthSetupError(
      'OAUTH_APP_MISSING',
      `No OAuth app is registered for ${oauth.apiName}: an operator adds one in Settings → OAuth apps, or enter your own app's client id and secret`,
    );
  return {
    authorizeUrl,
    tokenUrl,
    userinfoUrl: oauth.endpoints.userinfoUrl,
    client: oauth.client,
  };
}

/** What the ID token (when the provider sends one) says about the account. */
interface IdClaims {
  email?: unknown;
  preferred_username?: unknown;
  name?: unknown;
}

function configuration(
  endpoints: { authorizeUrl: string; tokenUrl: string; revokeUrl: string | null },
  client: OAuthClientCredentials,
  seen: { idClaims: IdClaims | null },
  fetch: ProviderFetch,
): oidc.Configuration {
  const config = new oidc.Configuration(
    {
      // Plain OAuth 2.0 providers have no issuer identifier; the consent page's origin stands in.
      issuer: new URL(endpoints.authorizeUrl).origin,
      authorization_endpoint: endpoints.authorizeUrl,
      token_endpoint: endpoints.tokenUrl,
      ...(endpoints.revokeUrl ? { revocation_endpoint: endpoints.revokeUrl } : {}),
    },
    client.clientId,
    { client_secret: client.clientSecret },
    oidc.ClientSecretPost(client.clientSecret),
  );
  const urls = [endpoints.authorizeUrl, endpoints.tokenUrl, endpoints.revokeUrl];
  // Only what the user (or a test's loopback provider) typed as http is allowed to be http.
  if (urls.some((url) => url?.startsWith('http:'))) oidc.allowInsecureRequests(config);
  config[oidc.customFetch] = async (url, options) => {
    const response = await fetch(url, {
      ...options,
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    } as RequestInit);
    if (url !== endpoints.tokenUrl) return response;
    if (!response.ok) return oauthErrorResponse(response);
    // An ID token only names the account here. Plain OAuth providers have no issuer to check it
    // against, so it is read from the token endpoint's direct TLS answer (OIDC Core §3.1.3.7)
    // and kept out of openid-client's OpenID checks.
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (body === null) return new Response('not JSON', { status: 502 });
    if (typeof body.id_token === 'string') {
      seen.idClaims = decodeJwtPayload(body.id_token);
      delete body.id_token;
    }
    return new Response(JSON.stringify(body), {
      status: response.status,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    });
  };
  return config;
}

/**
 * A refusal in RFC 6749 §5.2 form passes on as it is; any other (problem+json, HTML, text) is
 * turned into a ProviderError with its status and words, so the user reads what the provider said.
 */
async function oauthErrorResponse(response: Response): Promise<Response> {
  const text = await response.text();
  let body: Record<string, unknown> | null = null;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON: the text itself is quoted below.
  }
  if (typeof body?.error === 'string') {
    return new Response(text, {
      status: response.status,
      headers: { 'content-type': 'application/json' },
    });
  }
  const words = [body?.detail, body?.title, body?.message, body === null ? text : null].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  throw new ProviderError(`HTTP ${response.status}${words ? ` (${words.slice(0, 300)})` : ''}`);
}

function decodeJwtPayload(jwt: string): IdClaims | null {
  try {
    return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

/** The consent page's URL: state and an S256 PKCE challenge (RFC 7636). */
export async function buildConsentUrl(
  ready: ReturnType<typeof readyToConnect>,
  oauth: SideOAuth,
  options: { redirectUri: string; state: string; codeVerifier: string },
): Promise<string> {
  // Building the URL sends nothing; the configuration still wants a fetch.
  const config = configuration(
    { ...ready, revokeUrl: oauth.endpoints.revokeUrl },
    ready.client,
    { idClaims: null },
    () => Promise.reject(new Error('the consent URL is built without a request')),
  );
  const parameters: Record<string, string> = {
    redirect_uri: options.redirectUri,
    response_type: 'code',
    state: options.state,
    code_challenge: await oidc.calculatePKCECodeChallenge(options.codeVerifier),
    code_challenge_method: 'S256',
  };
  if (oauth.endpoints.scope) parameters.scope = oauth.endpoints.scope;
  return oidc.buildAuthorizationUrl(config, parameters).href;
}

export interface ExchangedTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scopes: string | null;
  accountLabel: string | null;
}

/** The provider refused or failed: its own words, for the review page. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

/** Exchanges the callback's code with the stored verifier (RFC 7636 §4.5). */
export async function exchangeCode(
  ready: ReturnType<typeof readyToConnect>,
  callback: { redirectUri: string; query: URLSearchParams },
  checks: { state: string; codeVerifier: string },
  fetch: ProviderFetch,
): Promise<ExchangedTokens> {
  const seen: { idClaims: IdClaims | null } = { idClaims: null };
  const config = configuration({ ...ready, revokeUrl: null }, ready.client, seen, fetch);
  const currentUrl = new URL(callback.redirectUri);
  for (const name of ['code', 'state']) {
    const value = callback.query.get(name);
    if (value !== null) currentUrl.searchParams.set(name, value);
  }
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      expectedState: checks.state,
      pkceCodeVerifier: checks.codeVerifier,
    });
  } catch (error) {
    throw error instanceof ProviderError ? error : new ProviderError(providerMessage(error));
  }
  const label =
    accountLabel(seen.idClaims) ??
    (ready.userinfoUrl ? await userinfoLabel(ready.userinfoUrl, tokens.access_token, fetch) : null);
  const expiresIn = tokens.expiresIn();
  return {
    accessToken: tokens.access_token,
    refreshToken: typeof tokens.refresh_token === 'string' ? tokens.refresh_token : null,
    expiresAt: expiresIn === undefined ? null : new Date(Date.now() + expiresIn * 1000),
    scopes: typeof tokens.scope === 'string' ? tokens.scope : null,
    accountLabel: label?.slice(0, 200) ?? null,
  };
}

/** The email or name in an ID token's or UserInfo answer's claims. */
function accountLabel(claims: IdClaims | null): string | null {
  const label = [claims?.email, claims?.preferred_username, claims?.name].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return label ?? null;
}

/**
 * OpenID Connect UserInfo (Core §5.3), when the catalog or the auth config names it and the
 * token answer had no ID token. Only a label is at stake: a failure leaves the account unnamed.
 */
async function userinfoLabel(
  url: string,
  accessToken: string,
  fetch: ProviderFetch,
): Promise<string | null> {
  try {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    return accountLabel((await response.json()) as IdClaims);
  } catch {
    return null;
  }
}

/** RFC 7009: revokes the token at the provider. Throws ProviderError when it refuses. */
export async function revokeToken(
  endpoints: { authorizeUrl: string | null; tokenUrl: string | null; revokeUrl: string },
  client: OAuthClientCredentials,
  token: { value: string; hint: 'refresh_token' | 'access_token' },
  fetch: ProviderFetch,
): Promise<void> {
  const config = configuration(
    {
      authorizeUrl: endpoints.authorizeUrl ?? endpoints.revokeUrl,
      tokenUrl: endpoints.tokenUrl ?? endpoints.revokeUrl,
      revokeUrl: endpoints.revokeUrl,
    },
    client,
    { idClaims: null },
    fetch,
  );
  try {
    await oidc.tokenRevocation(config, token.value, { token_type_hint: token.hint });
  } catch (error) {
    throw new ProviderError(providerMessage(error));
  }
}

/** "invalid_grant (the code expired)" from an OAuth error answer, else the error's message. */
export function providerMessage(error: unknown): string {
  const cause = (error as { cause?: unknown })?.cause;
  if (cause instanceof ProviderError) return cause.message;
  if (error instanceof oidc.ResponseBodyError) {
    return error.error_description
      ? `${error.error} (${error.error_description})`
      : `${error.error} (HTTP ${error.status})`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return cause instanceof Error ? `${message}: ${cause.message}` : message;
}
