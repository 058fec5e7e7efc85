// OAuth 2.0 connections (ADR 024): "Connect your account" with the authorization-code
// grant, state and S256 PKCE; the callback; disconnect with RFC 7009 revocation; and the
// operators' OAuth apps. Tokens are sealed by the vault and never leave the API in a response:
// it says only connected / needs-reconnect and the account's name.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import {
  consumeOAuthAuthorization,
  deleteOAuthApp,
  deleteOAuthConnection,
  findIntegrationOfUser,
  findOAuthConnection,
  insertOAuthAuthorization,
  listOAuthApps,
  listOAuthConnections,
  saveOAuthApp,
  saveOAuthConnection,
  type OAuthAppRow,
  type OAuthConnectionRow,
} from '@patchbay/db';
import {
  OAUTH_AUTHORIZATION_TTL_MS,
  OAUTH_MESSAGE_PARAM,
  OAUTH_RESULT_PARAM,
  oauthAppContext,
  oauthTokenContext,
  oauthVerifierContext,
  ZConnectionSide,
  ZOAuthApp,
  ZOAuthAppRequest,
  ZOAuthConnectResponse,
  ZOAuthConnections,
  ZOAuthDisconnectResponse,
  type TConnectionSide,
  type TOAuthApp,
  type TOAuthConnection,
  type TOAuthDisconnectResponse,
} from '@patchbay/schema';
import { decrypt, encrypt, secretHint } from '@patchbay/schema/vault';
import * as oidc from 'openid-client';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../app-env.ts';
import { currentUser, currentUserId, requireAuth } from '../auth/middleware.ts';
import { ApiError } from '../errors.ts';
import {
  buildConsentUrl,
  exchangeCode,
  OAuthSetupError,
  ProviderError,
  readyToConnect,
  sideOAuth,
  stateHash,
} from '../oauth/oauth-flow.ts';
import { providerFetch } from '../oauth/provider-fetch.ts';
import { revokeConnection } from '../oauth/revoke-connection.ts';
import { empty, errors, json, SIGNED_IN } from '../route-docs.ts';
import { jsonBody, pathParams } from '../validate.ts';

export const OAUTH_CALLBACK_PATH = '/api/oauth/callback';

/** `:side` is source or destination; the validator puts that enum into the document. */
const sideParams = pathParams(z.strictObject({ id: z.string(), side: ZConnectionSide }));

function integrationNotFound(): ApiError {
  return new ApiError(404, 'NOT_FOUND', 'Integration not found');
}

function connectionView(row: OAuthConnectionRow): TOAuthConnection {
  return {
    status: row.status,
    accountLabel: row.account_label,
    scopes: row.scopes,
    lastError: row.last_error,
    connectedAt: row.connected_at.toISOString(),
  };
}

function appView(row: OAuthAppRow): TOAuthApp {
  return {
    id: row.id,
    provider: row.provider,
    clientId: row.client_id,
    clientSecretHint: row.client_secret_hint,
    tokenUrl: row.token_url,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** /api/integrations/:id/oauth… : one integration's connected accounts. */
export function oauthIntegrationRoutes(deps: AppDeps) {
  const { sql, vault } = deps;
  const redirectUri = new URL(OAUTH_CALLBACK_PATH, deps.auth.appUrl).href;
  const integrationOf = async (c: Context<AppEnv>) => {
    const row = await findIntegrationOfUser(sql, currentUserId(c), c.req.param('id') ?? '');
    if (!row) throw integrationNotFound();
    return row;
  };

  return new Hono<AppEnv>()
    .use('/:id/oauth/*', requireAuth)
    .use('/:id/oauth', requireAuth)
    .get(
      '/:id/oauth',
      describeRoute({
        summary: "Both sides' connected OAuth accounts: status and account name, never tokens",
        security: SIGNED_IN,
        responses: { 200: json('Connections', ZOAuthConnections), ...errors(401, 404) },
      }),
      async (c) => {
        const row = await integrationOf(c);
        const rows = await listOAuthConnections(sql, row.id);
        const of = (side: TConnectionSide) => {
          const found = rows.find((connection) => connection.side === side);
          return found ? connectionView(found) : null;
        };
        return c.json({ source: of('source'), destination: of('destination') });
      },
    )
    .post(
      '/:id/oauth/:side/connect',
      describeRoute({
        summary: "Start connecting an account: the provider's consent URL (state + S256 PKCE)",
        description:
          'Open authorizeUrl in the browser; the provider sends it back to /api/oauth/callback. 409 says what is missing (OAuth app, endpoints, grant).',
        security: SIGNED_IN,
        responses: {
          200: json('Where to send the browser', ZOAuthConnectResponse),
          ...errors(400, 401, 403, 404, 409),
        },
      }),
      sideParams,
      async (c) => {
        const side = c.req.valid('param').side;
        const row = await integrationOf(c);
        const oauth = await sideOAuth(sql, vault, row, side);
        let ready: ReturnType<typeof readyToConnect>;
        try {
          ready = readyToConnect(side, oauth);
        } catch (error) {
          if (error instanceof OAuthSetupError) throw new ApiError(409, error.code, error.message);
          throw error;
        }
        const state = oidc.randomState();
        const codeVerifier = oidc.randomPKCECodeVerifier();
        const hash = stateHash(state);
        await insertOAuthAuthorization(sql, {
          state_hash: hash,
          integration_id: row.id,
          side,
          user_id: currentUserId(c),
          code_verifier: encrypt(vault, codeVerifier, oauthVerifierContext(hash)),
          expires_at: new Date(Date.now() + OAUTH_AUTHORIZATION_TTL_MS),
        });
        const authorizeUrl = await buildConsentUrl(ready, oauth, {
          redirectUri,
          state,
          codeVerifier,
        });
        return c.json({ authorizeUrl });
      },
    )
    .post(
      '/:id/oauth/:side/disconnect',
      describeRoute({
        summary:
          'Disconnect the account: revoke at the provider (RFC 7009) when it can, then forget',
        security: SIGNED_IN,
        responses: {
          200: json('What the provider said', ZOAuthDisconnectResponse),
          ...errors(400, 401, 403, 404),
        },
      }),
      sideParams,
      async (c) => {
        const side = c.req.valid('param').side;
        const row = await integrationOf(c);
        const key = { integrationId: row.id, side };
        const connection = await findOAuthConnection(sql, key);
        if (!connection) {
          const nothing: TOAuthDisconnectResponse = {
            revocation: 'nothing-to-revoke',
            message: null,
          };
          return c.json(nothing);
        }
        const result = await revokeConnection(deps, row, side, connection);
        await deleteOAuthConnection(sql, key);
        return c.json(result);
      },
    );
}

const requireOperator: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (currentUser(c).role !== 'operator') {
    throw new ApiError(
      403,
      'OPERATORS_ONLY',
      'Only operators may manage OAuth apps (npm run set-role -- <email> operator)',
    );
  }
  await next();
};

/** /api/oauth: the provider's callback and the operators' OAuth apps. */
export function oauthRoutes(deps: AppDeps) {
  const { sql, vault } = deps;
  const redirectUri = new URL(OAUTH_CALLBACK_PATH, deps.auth.appUrl).href;
  const resultUrl = (
    integrationId: string | null,
    result:
      { ok: true; side: TConnectionSide } | { ok: false; side?: TConnectionSide; message: string },
  ) => {
    const url = new URL(
      integrationId ? `/integrations/${integrationId}/review` : '/integrations',
      deps.auth.appUrl,
    );
    url.searchParams.set(OAUTH_RESULT_PARAM, result.ok ? 'connected' : 'error');
    if (result.side) url.searchParams.set('side', result.side);
    if (!result.ok) url.searchParams.set(OAUTH_MESSAGE_PARAM, result.message.slice(0, 500));
    return `${url.pathname}${url.search}`;
  };

  return new Hono<AppEnv>()
    .get(
      '/callback',
      describeRoute({
        summary: "The provider's redirect after consent (browser)",
        description:
          'Spends the pending authorization (single use, 10 minutes, same account), exchanges the code with the PKCE verifier and stores the tokens sealed. Redirects to the review page with ?oauth=connected or ?oauth=error&oauthMessage=…; nothing is stored on any error.',
        responses: { 302: empty('To the review page (or /integrations) with the result') },
      }),
      async (c) => {
        const auth = c.get('auth');
        if (!auth) return c.redirect('/login');
        const state = c.req.query('state');
        if (!state) {
          return c.redirect(
            resultUrl(null, { ok: false, message: 'The provider sent no state: connect again.' }),
          );
        }
        const hash = stateHash(state);
        const pending = await consumeOAuthAuthorization(sql, hash);
        // Unknown, reused, expired or started by another account: refused alike, nothing stored.
        if (!pending || pending.user_id !== auth.user.id) {
          return c.redirect(
            resultUrl(null, {
              ok: false,
              message:
                'This authorization is unknown or was already used (each works once, for the account that started it): connect again.',
            }),
          );
        }
        const side = pending.side;
        const fail = (message: string) =>
          c.redirect(resultUrl(pending.integration_id, { ok: false, side, message }));
        if (pending.expires_at.getTime() < Date.now())
          return fail('The authorization expired (it lasts 10 minutes): connect again.');
        const denied = c.req.query('error');
        if (denied) {
          const description = c.req.query('error_description');
          return fail(
            `The provider did not authorize: ${denied}${description ? ` (${description})` : ''}`,
          );
        }
        const row = await findIntegrationOfUser(sql, auth.user.id, pending.integration_id);
        if (!row)
          return c.redirect(resultUrl(null, { ok: false, message: 'Integration not found' }));
        let tokens;
        try {
          const ready = readyToConnect(side, await sideOAuth(sql, vault, row, side));
          const codeVerifier = decrypt(vault, pending.code_verifier, oauthVerifierContext(hash));
          tokens = await exchangeCode(
            ready,
            { redirectUri, query: new URL(c.req.url).searchParams },
            { state, codeVerifier },
            providerFetch(deps),
          );
        } catch (error) {
          if (error instanceof ProviderError || error instanceof OAuthSetupError) {
            return fail(`The provider refused the authorization code: ${error.message}`);
          }
          throw error;
        }
        const key = { integrationId: row.id, side };
        await saveOAuthConnection(sql, key, {
          accountLabel: tokens.accountLabel,
          accessToken: encrypt(
            vault,
            tokens.accessToken,
            oauthTokenContext(row.id, side, 'access'),
          ),
          refreshToken: tokens.refreshToken
            ? encrypt(vault, tokens.refreshToken, oauthTokenContext(row.id, side, 'refresh'))
            : null,
          expiresAt: tokens.expiresAt,
          scopes: tokens.scopes,
        });
        return c.redirect(resultUrl(row.id, { ok: true, side }));
      },
    )
    .use('/apps', requireAuth, requireOperator)
    .use('/apps/*', requireAuth, requireOperator)
    .get(
      '/apps',
      describeRoute({
        summary: 'OAuth apps operators registered, per provider (operators; secrets never shown)',
        security: SIGNED_IN,
        responses: { 200: json('OAuth apps', z.array(ZOAuthApp)), ...errors(401, 403) },
      }),
      async (c) => c.json((await listOAuthApps(sql)).map(appView)),
    )
    .post(
      '/apps',
      describeRoute({
        summary:
          "Register a provider's OAuth app, or replace its client id, secret and token URL (operators)",
        description:
          "provider: a catalog id (salesforce) or, for an API outside the catalog, its authorize URL, with tokenUrl: the only token URL the app's secret is sent to. Register the redirect URI /api/oauth/callback of this server with the provider.",
        security: SIGNED_IN,
        responses: { 200: json('The app', ZOAuthApp), ...errors(400, 401, 403) },
      }),
      jsonBody(ZOAuthAppRequest),
      async (c) => {
        const body = c.req.valid('json');
        const row = await saveOAuthApp(sql, {
          provider: body.provider,
          clientId: body.clientId,
          tokenUrl: body.tokenUrl ?? null,
          createdBy: currentUserId(c),
          seal: (id) => ({
            clientSecret: encrypt(vault, body.clientSecret, oauthAppContext(id)),
            hint: secretHint(body.clientSecret),
          }),
        });
        return c.json(appView(row));
      },
    )
    .delete(
      '/apps/:appId',
      describeRoute({
        summary:
          "Remove a provider's OAuth app (operators); connected accounts keep working until their refresh",
        security: SIGNED_IN,
        responses: { 204: empty('Removed'), ...errors(401, 403, 404) },
      }),
      async (c) => {
        if (!(await deleteOAuthApp(sql, c.req.param('appId'))))
          throw new ApiError(404, 'NOT_FOUND', 'OAuth app not found');
        return c.body(null, 204);
      },
    );
}
