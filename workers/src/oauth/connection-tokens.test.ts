// Refreshing connected accounts' tokens in the worker (ADR 024), on the real database against a
// real OAuth server on loopback (oauth2-mock-server, which rotates refresh tokens). Accounts are
// connected through the API's real authorization-code flow first.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSql, type Sql } from '@patchbay/db';
import { oauthTokenContext } from '@patchbay/schema';
import { decrypt } from '@patchbay/schema/vault';
import {
  connectAccount,
  providerAuthConfig,
  startOAuthProvider,
  type OAuthProvider,
} from '../../../scripts/test-support/oauth-provider.ts';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';
import {
  authCodeConnection,
  ConnectionNeedsReconnectError,
  freshAccessToken,
  RefreshFailedError,
  type AuthCodeConnection,
  type ConnectionTokenDeps,
} from './connection-tokens.ts';

const CLIENT_SECRET = 'user-app-secret-0123456789';
let provider: OAuthProvider;
let t: TestApp;
let user: TestUser;
let deps: ConnectionTokenDeps;
/** A second pool, as a second worker process would have. */
let otherWorkerSql: Sql;
let reconnectAlerts: Array<{ integrationId: string; message: string }>;

beforeAll(async () => {
  provider = await startOAuthProvider();
  t = await createTestApp();
  user = await createTestUser(t, { plan: 'pro' });
  otherWorkerSql = createSql(t.db.url, { max: 2 });
});
afterAll(async () => {
  await otherWorkerSql.end({ timeout: 5 });
  await t.close();
  await provider.close();
});
beforeEach(() => {
  reconnectAlerts = [];
  deps = {
    sql: t.db.sql,
    vault: t.deps.vault,
    allowPrivateNetwork: true,
    onNeedsReconnect: async (event) => {
      reconnectAlerts.push(event);
    },
  };
});

/** An integration whose source is a connected account; the provider's log starts empty. */
async function connected(): Promise<{ id: string; account: AuthCodeConnection }> {
  const response = await user.request('POST', '/api/integrations', {
    userPrompt: 'Copy every new Acme CRM contact into the mailing list.',
    sourceApiName: 'Acme CRM',
    sourceApiUrl: 'http://127.0.0.1:9/api',
    sourceAuthType: 'oauth',
    sourceAuthConfig: providerAuthConfig(provider),
    sourceApiKeyEncrypted: CLIENT_SECRET,
    destApiName: 'Acme Mail',
    destApiUrl: 'http://127.0.0.1:9/mail',
    destAuthType: 'none',
  });
  const { id } = (await response.json()) as { id: string };
  expect((await connectAccount(t, user, id)).searchParams.get('oauth')).toBe('connected');
  provider.tokenRequests.length = 0;
  const account = await authCodeConnection(
    deps,
    { integrationId: id, side: 'source' },
    {
      apiName: 'Acme CRM',
      authConfig: providerAuthConfig(provider) as never,
      secret: CLIENT_SECRET,
      description: null,
    },
  );
  return { id, account };
}

async function stored(id: string) {
  const [row] = await t.db.sql<
    { access_token: string; refresh_token: string; expires_at: Date; status: string }[]
  >`select * from oauth_connections where integration_id = ${id}`;
  if (!row) throw new Error('no connection');
  return {
    status: row.status,
    expiresAt: row.expires_at,
    access: decrypt(t.deps.vault, row.access_token, oauthTokenContext(id, 'source', 'access')),
    refresh: decrypt(t.deps.vault, row.refresh_token, oauthTokenContext(id, 'source', 'refresh')),
  };
}

const expireIn = (id: string, seconds: number) =>
  t.db.sql`update oauth_connections set expires_at = now() + make_interval(secs => ${seconds})
           where integration_id = ${id}`;

const refreshRequests = () =>
  provider.tokenRequests.filter((request) => request.grant_type === 'refresh_token');

describe('refresh before a run', () => {
  it('a token good for more than a minute is used as it is: no request', async () => {
    const { id, account } = await connected();
    const before = await stored(id);
    const tokens = await freshAccessToken(deps, account);
    expect(tokens.accessToken).toBe(before.access);
    expect(provider.tokenRequests).toHaveLength(0);
  });

  it('a token expiring within a minute is refreshed; the rotated refresh token is saved with it', async () => {
    const { id, account } = await connected();
    const before = await stored(id);
    await expireIn(id, 30);

    const tokens = await freshAccessToken(deps, account);
    expect(refreshRequests()).toHaveLength(1);
    expect(refreshRequests()[0]).toMatchObject({
      refresh_token: before.refresh,
      client_id: 'patchbay-user-app',
      client_secret: CLIENT_SECRET,
    });
    const after = await stored(id);
    expect(tokens.accessToken).not.toBe(before.access);
    expect(after.access).toBe(tokens.accessToken);
    // Rotation: the provider sent a new refresh token; it replaced the old one in the same commit.
    expect(after.refresh).not.toBe(before.refresh);
    expect(tokens.refreshToken).toBe(after.refresh);
    expect(after.expiresAt.getTime()).toBeGreaterThan(Date.now() + 60_000);

    // The next refresh sends the rotated token, not the spent one.
    await expireIn(id, 0);
    await freshAccessToken(deps, account);
    expect(refreshRequests()[1]?.refresh_token).toBe(after.refresh);
  });

  it('two runs needing a refresh at once (two worker pools): exactly one refresh request', async () => {
    const { id, account } = await connected();
    await expireIn(id, 5);
    const [first, second] = await Promise.all([
      freshAccessToken(deps, account),
      freshAccessToken({ ...deps, sql: otherWorkerSql }, account),
    ]);
    expect(refreshRequests()).toHaveLength(1);
    expect(second.accessToken).toBe(first.accessToken);
    expect((await stored(id)).access).toBe(first.accessToken);
  });

  it('a provider failing (5xx) is retryable and changes nothing', async () => {
    const { id, account } = await connected();
    await expireIn(id, 5);
    const before = await stored(id);
    provider.failNextRefresh(503, { error: 'temporarily_unavailable' });
    await expect(freshAccessToken(deps, account)).rejects.toThrow(RefreshFailedError);
    expect(await stored(id)).toMatchObject({ status: 'connected', refresh: before.refresh });
  });
});

describe('after a 401', () => {
  it('the refused token is replaced, unless another run replaced it already', async () => {
    const { id, account } = await connected();
    const before = await stored(id);
    const fresh = await freshAccessToken(deps, account, before.access);
    expect(fresh.accessToken).not.toBe(before.access);
    expect(refreshRequests()).toHaveLength(1);
    // A second run refused the same old token meanwhile: it gets the new one, no second refresh.
    expect((await freshAccessToken(deps, account, before.access)).accessToken).toBe(
      fresh.accessToken,
    );
    expect(refreshRequests()).toHaveLength(1);
  });
});

describe('invalid_grant', () => {
  it('marks the connection needs-reconnect, fails clearly, alerts once, and Reconnect heals it', async () => {
    const { id, account } = await connected();
    await expireIn(id, 5);
    provider.failNextRefresh(400, {
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });
    const failure = await freshAccessToken(deps, account).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConnectionNeedsReconnectError);
    expect((failure as Error).message).toBe(
      'The Acme CRM connection needs to be reconnected: the provider refused the refresh token: invalid_grant (Token has been expired or revoked.). Open the integration and choose Reconnect.',
    );
    expect((await stored(id)).status).toBe('needs-reconnect');
    expect(reconnectAlerts).toEqual([
      expect.objectContaining({ integrationId: id, side: 'source', apiName: 'Acme CRM' }),
    ]);

    // The next run fails the same way without asking the provider, and alerts no more.
    await expect(freshAccessToken(deps, account)).rejects.toThrow(/needs to be reconnected/);
    expect(refreshRequests()).toHaveLength(1);
    expect(reconnectAlerts).toHaveLength(1);

    const shown = (await (await user.request('GET', `/api/integrations/${id}/oauth`)).json()) as {
      source: { status: string; lastError: string };
    };
    expect(shown.source).toMatchObject({
      status: 'needs-reconnect',
      lastError: expect.stringMatching(/invalid_grant/),
    });

    expect((await connectAccount(t, user, id)).searchParams.get('oauth')).toBe('connected');
    expect((await stored(id)).status).toBe('connected');
    await expect(freshAccessToken(deps, account)).resolves.toMatchObject({
      accessToken: expect.any(String),
    });
  });

  it('an account that was never connected says so', async () => {
    const { id, account } = await connected();
    await t.db.sql`delete from oauth_connections where integration_id = ${id}`;
    await expect(freshAccessToken(deps, account)).rejects.toThrow(
      /The Acme CRM account is not connected/,
    );
  });
});
