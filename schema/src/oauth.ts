import { z } from 'zod';
import type { TApiDescription } from './api-description.ts';
import type { TAuthConfig } from './integrations.ts';

// OAuth 2.0 connections (ADR 024): which grant a connection uses, where its
// endpoints come from, what the API says about a connected account (never its tokens), and
// the operator's OAuth apps. The API, the worker and the console share these.

export const OAUTH_GRANTS = ['authorization_code', 'client_credentials'] as const;
export const ZOAuthGrant = z.enum(OAUTH_GRANTS, {
  error: `must be one of ${OAUTH_GRANTS.join(', ')}`,
});
export type TOAuthGrant = z.infer<typeof ZOAuthGrant>;

export const CONNECTION_SIDES = ['source', 'destination'] as const;
export const ZConnectionSide = z.enum(CONNECTION_SIDES, {
  error: `must be one of ${CONNECTION_SIDES.join(', ')}`,
});
export type TConnectionSide = z.infer<typeof ZConnectionSide>;

export const OAUTH_CONNECTION_STATUSES = ['connected', 'needs-reconnect'] as const;
export type TOAuthConnectionStatus = (typeof OAUTH_CONNECTION_STATUSES)[number];

/** A pending authorization lives this long: the user has 10 minutes on the consent page. */
export const OAUTH_AUTHORIZATION_TTL_MS = 10 * 60_000;
/** A token expiring within this margin is refreshed before it is used. */
export const OAUTH_REFRESH_MARGIN_MS = 60_000;

/** One side's connected account as the API shows it: status and who, never a token. */
export const ZOAuthConnection = z.object({
  status: z.enum(OAUTH_CONNECTION_STATUSES),
  /** The email or name the provider reports, when it reports one. */
  accountLabel: z.string().nullable(),
  scopes: z.string().nullable(),
  /** Why it needs a reconnect (the provider's error), when it does. */
  lastError: z.string().nullable(),
  connectedAt: z.string(),
});
export type TOAuthConnection = z.infer<typeof ZOAuthConnection>;

/** GET /api/integrations/:id/oauth */
export const ZOAuthConnections = z.object({
  source: ZOAuthConnection.nullable(),
  destination: ZOAuthConnection.nullable(),
});
export type TOAuthConnections = z.infer<typeof ZOAuthConnections>;

export const ZOAuthConnectResponse = z.object({ authorizeUrl: z.string() });
export type TOAuthConnectResponse = z.infer<typeof ZOAuthConnectResponse>;

/** What disconnect did at the provider: RFC 7009 revocation when a revocation URL is known. */
export const ZOAuthDisconnectResponse = z.object({
  revocation: z.enum(['revoked', 'not-supported', 'failed', 'nothing-to-revoke']),
  message: z.string().nullable(),
});
export type TOAuthDisconnectResponse = z.infer<typeof ZOAuthDisconnectResponse>;

/** The callback's result, as the query of the review page it redirects to. */
export const OAUTH_RESULT_PARAM = 'oauth';
export const OAUTH_MESSAGE_PARAM = 'oauthMessage';

// ── Operator OAuth apps ─────────────────────────────────────────────────────────────────────

/** A catalog id (`salesforce`) or an authorize URL for an API outside the catalog. */
const zProvider = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(2048)
  .refine(
    (value) => /^[a-z0-9][a-z0-9-]{0,99}$/.test(value) || /^https?:\/\/\S+$/.test(value),
    'must be a catalog id (e.g. salesforce) or an authorize URL',
  );

/** The provider is an authorize URL, not a catalog id. */
export function isAuthorizeUrlProvider(provider: string): boolean {
  return /^https?:\/\//.test(provider);
}

export const ZOAuthAppRequest = z
  .strictObject({
    provider: zProvider,
    clientId: z.string().trim().min(1, 'is required').max(512),
    clientSecret: z.string().trim().min(1, 'is required').max(4096),
    /**
     * Required with an authorize URL: the app's secret only goes to this token URL's origin.
     * A catalog id takes the catalog's.
     */
    tokenUrl: z
      .string()
      .trim()
      .max(2048)
      .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')
      .optional(),
  })
  .superRefine((body, ctx) => {
    const byUrl = isAuthorizeUrlProvider(body.provider);
    if (byUrl && !body.tokenUrl)
      ctx.addIssue({
        code: 'custom',
        path: ['tokenUrl'],
        message: "is required with an authorize URL: the app's secret only goes there",
      });
    if (!byUrl && body.tokenUrl)
      ctx.addIssue({
        code: 'custom',
        path: ['tokenUrl'],
        message: "must be left out for a catalog id: the catalog's token URL is used",
      });
  });
export type TOAuthAppRequest = z.infer<typeof ZOAuthAppRequest>;

export const ZOAuthApp = z.object({
  id: z.string(),
  provider: z.string(),
  clientId: z.string(),
  /** The secret's last characters, like a credential's hint. */
  clientSecretHint: z.string(),
  /** The token URL an app registered under an authorize URL sends its secret to; null otherwise. */
  tokenUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TOAuthApp = z.infer<typeof ZOAuthApp>;

// ── Endpoints ───────────────────────────────────────────────────────────────────────────────

/** Where one side's OAuth endpoints and scopes come from: its auth config, else the catalog. */
export interface OAuthEndpoints {
  grant: TOAuthGrant | null;
  authorizeUrl: string | null;
  tokenUrl: string | null;
  revokeUrl: string | null;
  /** OpenID Connect UserInfo: names the account when the token answer has no ID token. */
  userinfoUrl: string | null;
  scope: string | null;
  /** Keys an operator's OAuth app may be registered under: the catalog id, the authorize URL. */
  providerKeys: string[];
  /**
   * The auth config sends the catalog API's OAuth to other servers than the catalog's, so an
   * app an operator registered under the catalog id is not used for it (ADR 029).
   */
  leavesCatalogEndpoints: boolean;
}

function originOf(url: string | undefined): string | null {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return url ?? null;
  }
}

/**
 * The grant and endpoints of one side: what the user typed wins, the catalog's oauth
 * scheme fills the rest. A connection without a grant keeps the old meaning: a token URL means
 * client credentials, none means the secret is an access token (grant null).
 */
export function oauthEndpoints(
  config: TAuthConfig,
  description: TApiDescription | null,
): OAuthEndpoints {
  const scheme = description?.auth.schemes.find((s) => s.type === 'oauth');
  const catalog = scheme?.type === 'oauth' ? scheme : undefined;
  const grant = config.grant ?? (config.tokenUrl ? 'client_credentials' : null);
  const authorizeUrl = config.authorizeUrl ?? catalog?.authorizeUrl ?? null;
  // An operator's app registered under the catalog id goes (with its secret) only to that
  // provider's own endpoints: a typed token, authorize or revocation URL elsewhere does not get it.
  const typedElsewhere = (typed: string | undefined, own: string | undefined) =>
    typed !== undefined && originOf(typed) !== originOf(own);
  const leavesCatalogEndpoints =
    catalog !== undefined &&
    (typedElsewhere(config.tokenUrl, catalog.tokenUrl) ||
      typedElsewhere(config.authorizeUrl, catalog.authorizeUrl) ||
      typedElsewhere(config.revokeUrl, catalog.revokeUrl));
  const providerKeys = [leavesCatalogEndpoints ? undefined : description?.id, authorizeUrl].filter(
    (key): key is string => typeof key === 'string' && key !== '',
  );
  return {
    grant,
    authorizeUrl,
    tokenUrl: config.tokenUrl ?? catalog?.tokenUrl ?? null,
    revokeUrl: config.revokeUrl ?? catalog?.revokeUrl ?? null,
    userinfoUrl: config.userinfoUrl ?? catalog?.userinfoUrl ?? null,
    scope: config.scope ?? (catalog ? catalog.scopes.join(' ') : null) ?? null,
    providerKeys,
    leavesCatalogEndpoints,
  };
}

/** Why a side whose typed endpoints leave the catalog's has no operator app (ADR 029). */
export function operatorAppWithheldMessage(apiName: string): string {
  return `The OAuth app an operator registered for ${apiName} is only used with ${apiName}'s own OAuth endpoints: clear the token, authorize and revocation URLs you entered, or enter your own app's client id and secret`;
}

/**
 * Whether an operator's app may serve these endpoints. One registered under a catalog id is
 * already withheld by `leavesCatalogEndpoints`; one registered under an authorize URL only goes
 * to the token URL's origin it was registered with, and revokes only on its authorize or token
 * URL's origin, so a side naming its authorize URL cannot choose where the secret is sent.
 */
export function operatorAppServes(
  app: { provider: string; tokenUrl: string | null },
  endpoints: Pick<OAuthEndpoints, 'tokenUrl' | 'revokeUrl'>,
): boolean {
  if (!isAuthorizeUrlProvider(app.provider)) return true;
  if (app.tokenUrl === null || endpoints.tokenUrl === null) return false;
  const registered = [originOf(app.provider), originOf(app.tokenUrl)];
  return (
    originOf(endpoints.tokenUrl) === originOf(app.tokenUrl) &&
    (endpoints.revokeUrl === null || registered.includes(originOf(endpoints.revokeUrl)))
  );
}

/** Why a side whose token or revocation URL is not the one an app was registered with has none. */
export function operatorAppUnboundMessage(apiName: string, app: { provider: string }): string {
  return `The OAuth app an operator registered for ${apiName} (${app.provider}) is only used with the token URL it was registered with: enter that token URL, ask an operator to register the app again with this one, or enter your own app's client id and secret`;
}

/** The grant a new oauth connection starts with: authorization code where the catalog offers it. */
export function defaultOAuthGrant(description: TApiDescription | null): TOAuthGrant {
  const scheme = description?.auth.schemes.find((s) => s.type === 'oauth');
  if (scheme?.type === 'oauth' && !scheme.grants.includes('authorization_code'))
    return 'client_credentials';
  return 'authorization_code';
}

// ── Vault contexts (ADR 009): a sealed value only opens for the row and field it was sealed for ──

export function oauthTokenContext(
  integrationId: string,
  side: TConnectionSide,
  kind: 'access' | 'refresh',
): string {
  return `patchbay:oauth-connection:${integrationId}:${side}:${kind}`;
}

export function oauthVerifierContext(stateHash: string): string {
  return `patchbay:oauth-authorization:${stateHash}`;
}

export function oauthAppContext(appId: string): string {
  return `patchbay:oauth-app:${appId}`;
}

// ── The OAuth app a connection uses ─────────────────────────────────────────────────────────

export interface OAuthClientCredentials {
  clientId: string;
  clientSecret: string;
  /** The user's own app (client id in the auth config, secret in the vault) or the operator's. */
  owner: 'user' | 'operator';
}

/**
 * The user's own app when they gave a client id and secret on the integration, else
 * the app an operator registered for the provider, else none.
 */
export function chooseOAuthClient(
  config: TAuthConfig,
  userSecret: string | null,
  operatorApp: { clientId: string; clientSecret: string } | null,
): OAuthClientCredentials | null {
  if (config.clientId && userSecret)
    return { clientId: config.clientId, clientSecret: userSecret, owner: 'user' };
  if (operatorApp) return { ...operatorApp, owner: 'operator' };
  return null;
}
