// Access tokens of authorization-code connections (ADR 024), in the worker only. A
// token that expires within OAUTH_REFRESH_MARGIN_MS, or one the API just refused with a 401, is
// refreshed under the connection's row lock: "read, refresh if still stale, save" is one
// transaction, so two runs needing a refresh send ONE refresh request and the second reads the
// token the first saved. A rotated refresh token is saved in that same transaction.
// `invalid_grant` marks the connection 'needs-reconnect' and fails the run for good.
import {
  findOAuthApp,
  markOAuthNeedsReconnect,
  updateOAuthTokens,
  withLockedOAuthConnection,
  type ConnectionKey,
  type Sql,
} from '@patchbay/db';
import {
  chooseOAuthClient,
  OAUTH_REFRESH_MARGIN_MS,
  oauthAppContext,
  oauthEndpoints,
  oauthTokenContext,
  operatorAppServes,
  operatorAppUnboundMessage,
  operatorAppWithheldMessage,
  type OAuthClientCredentials,
  type TApiDescription,
  type TAuthConfig,
} from '@patchbay/schema';
import { decrypt, encrypt, type KeyRing } from '@patchbay/schema/vault';
import { guardedRequest, type IncomingResponse } from '@patchbay/runtime/network';
import { tokenEndpointFields, tokenEndpointRequest } from './token-endpoint.ts';

/** A token endpoint that does not answer within this long has failed (the row stays locked meanwhile). */
const REFRESH_TIMEOUT_MS = 15_000;
const MAX_TOKEN_RESPONSE_BYTES = 256 * 1024;

/** The connection needs the user again; runs fail without retries until they reconnect. */
export class ConnectionNeedsReconnectError extends Error {
  override name = 'ConnectionNeedsReconnectError';
}

/** The connection cannot be used as configured (no account, no app, no token URL): not retried. */
export class ConnectionSetupError extends Error {
  override name = 'ConnectionSetupError';
}

/** The token endpoint failed in a way a later attempt may not see (5xx, network): retried. */
export class RefreshFailedError extends Error {
  override name = 'RefreshFailedError';
}

/** Called once, by the refresh that marked the connection, so the alert fires once (ADR 024). */
export type NeedsReconnectHook = (event: {
  integrationId: string;
  side: ConnectionKey['side'];
  apiName: string;
  message: string;
}) => Promise<void>;

export interface ConnectionTokenDeps {
  sql: Sql;
  vault: KeyRing;
  /** SANDBOX_ALLOW_PRIVATE_NETWORK: the token endpoint goes through the same network guard. */
  allowPrivateNetwork: boolean;
  onNeedsReconnect?: NeedsReconnectHook;
}

/** What refreshing one side's connection needs. */
export interface AuthCodeConnection {
  key: ConnectionKey;
  apiName: string;
  tokenUrl: string;
  client: OAuthClientCredentials;
}

export interface ConnectionTokens {
  accessToken: string;
  /** Kept host-side for redaction only. */
  refreshToken: string | null;
}

/**
 * The side's endpoints and OAuth app (schema's oauthEndpoints and chooseOAuthClient, as the API
 * uses them), or a ConnectionSetupError saying what is missing.
 */
export async function authCodeConnection(
  deps: Pick<ConnectionTokenDeps, 'sql' | 'vault'>,
  key: ConnectionKey,
  side: {
    apiName: string;
    authConfig: TAuthConfig;
    secret: string | null;
    description: TApiDescription | null;
  },
): Promise<AuthCodeConnection> {
  const endpoints = oauthEndpoints(side.authConfig, side.description);
  if (!endpoints.tokenUrl)
    throw new ConnectionSetupError(
      `The ${side.apiName} connection has no token URL: enter it in Edit connection on the integration's review page`,
    );
  const found = await findOAuthApp(deps.sql, endpoints.providerKeys);
  const app =
    found && operatorAppServes({ provider: found.provider, tokenUrl: found.token_url }, endpoints)
      ? found
      : undefined;
  const client = chooseOAuthClient(
    side.authConfig,
    side.secret,
    app
      ? {
          clientId: app.client_id,
          clientSecret: decrypt(deps.vault, app.client_secret, oauthAppContext(app.id)),
        }
      : null,
  );
  if (!client && endpoints.leavesCatalogEndpoints)
    throw new ConnectionSetupError(operatorAppWithheldMessage(side.apiName));
  if (!client && found && !app)
    throw new ConnectionSetupError(operatorAppUnboundMessage(side.apiName, found));
  if (!client)
    throw new ConnectionSetupError(
      `No OAuth app is registered for ${side.apiName}: an operator adds one in Settings, or enter your own app's client id and secret`,
    );
  return { key, apiName: side.apiName, tokenUrl: endpoints.tokenUrl, client };
}

type LockedOutcome =
  | { kind: 'token'; tokens: ConnectionTokens }
  | { kind: 'needs-reconnect'; message: string; marked: boolean };

/**
 * An access token good for at least OAUTH_REFRESH_MARGIN_MS. `refused`: the token an API just
 * answered 401 to; it is replaced unless another run replaced it already.
 */
export async function freshAccessToken(
  deps: ConnectionTokenDeps,
  connection: AuthCodeConnection,
  refused?: string,
): Promise<ConnectionTokens> {
  const { key, apiName } = connection;
  const context = (kind: 'access' | 'refresh') =>
    oauthTokenContext(key.integrationId, key.side, kind);
  const reconnect = (reason: string) =>
    `The ${apiName} connection needs to be reconnected: ${reason}. Open the integration and choose Reconnect.`;

  const outcome = await withLockedOAuthConnection<LockedOutcome>(deps.sql, key, async (row, tx) => {
    if (!row)
      throw new ConnectionSetupError(
        `The ${apiName} account is not connected: open the integration and choose Connect your account`,
      );
    // An ended connection (its endpoints moved, ADR 029) has no tokens and is needs-reconnect.
    if (row.status === 'needs-reconnect' || row.access_token === null)
      return {
        kind: 'needs-reconnect',
        message: reconnect(row.last_error ?? 'its refresh failed'),
        marked: false,
      };
    const accessToken = decrypt(deps.vault, row.access_token, context('access'));
    const refreshToken = row.refresh_token
      ? decrypt(deps.vault, row.refresh_token, context('refresh'))
      : null;
    const stillGood =
      refused === undefined
        ? row.expires_at === null || row.expires_at.getTime() - Date.now() > OAUTH_REFRESH_MARGIN_MS
        : accessToken !== refused;
    if (stillGood) return { kind: 'token', tokens: { accessToken, refreshToken } };
    if (!refreshToken) {
      const message =
        'the provider gave no refresh token and the access token is no longer accepted';
      const marked = await markOAuthNeedsReconnect(tx, key, message);
      return { kind: 'needs-reconnect', message: reconnect(message), marked };
    }

    const answer = await refreshRequest(deps, connection, refreshToken);
    if (answer.kind === 'invalid_grant') {
      const marked = await markOAuthNeedsReconnect(tx, key, answer.message);
      return { kind: 'needs-reconnect', message: reconnect(answer.message), marked };
    }
    const { fields } = answer;
    const rotated = typeof fields.refresh_token === 'string' ? fields.refresh_token : null;
    const expiresIn = Number(fields.expires_in);
    // The new access token and a rotated refresh token commit together, or neither does.
    await updateOAuthTokens(tx, key, {
      accessToken: encrypt(deps.vault, fields.access_token as string, context('access')),
      refreshToken: rotated ? encrypt(deps.vault, rotated, context('refresh')) : null,
      expiresAt:
        Number.isFinite(expiresIn) && expiresIn > 0
          ? new Date(Date.now() + expiresIn * 1000)
          : null,
      scopes: typeof fields.scope === 'string' ? fields.scope : null,
    });
    return {
      kind: 'token',
      tokens: { accessToken: fields.access_token as string, refreshToken: rotated ?? refreshToken },
    };
  });

  if (outcome.kind === 'token') return outcome.tokens;
  if (outcome.marked && deps.onNeedsReconnect) {
    await deps
      .onNeedsReconnect({ ...key, apiName, message: outcome.message })
      .catch((error: unknown) => console.warn('could not raise the reconnect alert:', error));
  }
  throw new ConnectionNeedsReconnectError(outcome.message);
}

type RefreshAnswer =
  | { kind: 'tokens'; fields: Record<string, unknown> & { access_token: string } }
  | { kind: 'invalid_grant'; message: string };

/** RFC 6749 §6, client_secret_post, through the network guard; nothing of it is in a transcript. */
async function refreshRequest(
  deps: ConnectionTokenDeps,
  connection: AuthCodeConnection,
  refreshToken: string,
): Promise<RefreshAnswer> {
  const url = new URL(connection.tokenUrl);
  const form = new URLSearchParams({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: connection.client.clientId,
    client_secret: connection.client.clientSecret,
  });
  let response: IncomingResponse;
  try {
    response = await guardedRequest(tokenEndpointRequest(url, form), {
      allowPrivateNetwork: deps.allowPrivateNetwork,
      maxResponseBytes: MAX_TOKEN_RESPONSE_BYTES,
      timeoutMs: REFRESH_TIMEOUT_MS,
      signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS),
      onAttempt: () => {},
      record: () => () => {},
    });
  } catch (error) {
    throw new RefreshFailedError(
      `The ${connection.apiName} token refresh failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const fields = tokenEndpointFields(response);
  const error = typeof fields.error === 'string' ? fields.error : null;
  const description =
    typeof fields.error_description === 'string' ? ` (${fields.error_description})` : '';
  if (error === 'invalid_grant') {
    return {
      kind: 'invalid_grant',
      message: `the provider refused the refresh token: invalid_grant${description}`,
    };
  }
  if (response.status < 200 || response.status > 299 || typeof fields.access_token !== 'string') {
    const why = error
      ? `${error}${description}`
      : `HTTP ${response.status}${typeof fields.access_token === 'string' ? '' : ', no access_token'}`;
    const message = `The ${connection.apiName} token refresh failed: ${why}`;
    // 4xx other than invalid_grant is the app's configuration (invalid_client…): retrying won't help.
    if (response.status >= 400 && response.status < 500) throw new ConnectionSetupError(message);
    throw new RefreshFailedError(message);
  }
  return { kind: 'tokens', fields: fields as Record<string, unknown> & { access_token: string } };
}
