// A connected account's tokens only go to the origins they were issued for (ADR 029): moving the
// side's base URL, token URL (or any other endpoint) to another server ends the connection in
// the same transaction, revokes its tokens at the old provider, and the other server receives
// nothing, whoever's OAuth app the connection used. Real API, Temporal, worker and sandbox; the
// provider is oauth2-mock-server on loopback and "another server" a loopback HTTP server.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { oauthTokenContext } from '@patchbay/schema';
import { decrypt } from '@patchbay/schema/vault';
import { startFakeApi, type FakeApi } from '../../../scripts/test-support/fake-api.ts';
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
import { startTestWorker, type TestWorker } from '../../../scripts/test-support/test-worker.ts';

const CLIENT_SECRET = 'user-app-secret-0123456789';
const OPERATOR_SECRET = 'operator-secret-0123456789';
const CODE = `export default async function run(ctx) {
  const contacts = await ctx.source.get('/contacts');
  return { count: contacts.length };
}
`;

let provider: OAuthProvider;
let t: TestApp;
let worker: TestWorker;
let user: TestUser;
/** The API the account was connected for. */
let api: FakeApi;
/** The server the endpoints are moved to: it must receive nothing. */
let other: FakeApi;

beforeAll(async () => {
  provider = await startOAuthProvider();
  const taskQueue = `test-${randomUUID()}`;
  t = await createTestApp({ taskQueue, workflowWaitMs: 45_000 });
  worker = await startTestWorker({ databaseUrl: t.db.url, vault: t.deps.vault, taskQueue });
  user = await createTestUser(t, { plan: 'pro' });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await provider.close();
  await api?.close();
  await other?.close();
});
beforeEach(async () => {
  await api?.close();
  await other?.close();
  api = await startFakeApi();
  other = await startFakeApi();
  for (const server of [api, other]) {
    server.on('GET /api/contacts', () => ({ json: [{ email: 'ada@example.com' }] }));
    server.on('POST /token', () => ({ json: { access_token: 'forged', token_type: 'Bearer' } }));
  }
  provider.revoked.length = 0;
});

/** A source connected with the user's own app, or with the operator's when `ownApp` is false. */
async function connectedIntegration(ownApp = true): Promise<string> {
  const response = await user.request('POST', '/api/integrations', {
    userPrompt: 'Count the contacts of my Acme CRM account every hour.',
    sourceApiName: 'Acme CRM',
    sourceApiUrl: `${api.url}/api`,
    sourceAuthType: 'oauth',
    sourceAuthConfig: providerAuthConfig(provider, ownApp ? {} : { clientId: undefined }),
    ...(ownApp ? { sourceApiKeyEncrypted: CLIENT_SECRET } : {}),
    destApiName: 'Nowhere',
    destApiUrl: `${api.url}/none`,
    destAuthType: 'none',
    generatedCode: CODE,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  expect((await connectAccount(t, user, id)).searchParams.get('oauth')).toBe('connected');
  provider.tokenRequests.length = 0;
  return id;
}

async function tokensOf(id: string) {
  const [row] = await t.db.sql<{ access_token: string | null; refresh_token: string | null }[]>`
    select access_token, refresh_token from oauth_connections where integration_id = ${id}`;
  const open = (sealed: string | null | undefined, kind: 'access' | 'refresh') =>
    sealed ? decrypt(t.deps.vault, sealed, oauthTokenContext(id, 'source', kind)) : null;
  return {
    access: open(row?.access_token, 'access'),
    refresh: open(row?.refresh_token, 'refresh'),
  };
}

async function move(id: string, body: Record<string, unknown>): Promise<string[]> {
  const response = await user.request('PUT', `/api/integrations/${id}`, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { notices?: string[] }).notices ?? [];
}

/** A test run after the move: the other server must have received nothing from it. */
async function testRunReachesNoOtherServer(id: string) {
  const run = await user.request('POST', `/api/integrations/${id}/execute`, { testMode: true });
  expect(other.received).toEqual([]);
  return run;
}

/**
 * The connection is over: needs a reconnect, no tokens kept, the run failed saying so (or, when
 * the side no longer has an OAuth app at all, saying that: `runMessage`).
 */
async function expectEnded(id: string, run: Response, movedWhat: string, runMessage?: string) {
  const reason = `its ${movedWhat} moved to another server, so its tokens were withdrawn`;
  expect(run.status).toBe(422);
  expect(((await run.json()) as { message: string }).message).toBe(
    runMessage ??
      `The Acme CRM connection needs to be reconnected: ${reason}. Open the integration and choose Reconnect.`,
  );
  const shown = (await (await user.request('GET', `/api/integrations/${id}/oauth`)).json()) as {
    source: { status: string; lastError: string };
  };
  expect(shown.source).toMatchObject({ status: 'needs-reconnect', lastError: reason });
  expect(await tokensOf(id)).toEqual({ access: null, refresh: null });
}

describe('a connected account whose endpoints move to another server', () => {
  it('the base URL: the connection ends and the new server never sees the access token', async () => {
    const id = await connectedIntegration();
    const issued = await tokensOf(id);
    // Any client secret: re-entering one does not carry the account over.
    const notices = await move(id, {
      sourceApiUrl: `${other.url}/api`,
      sourceApiKeyEncrypted: 'another-secret-0123456789',
    });
    const run = await testRunReachesNoOtherServer(id);
    await expectEnded(id, run, 'base URL');
    expect(notices).toContain(
      'The source account was disconnected: its base URL moved to another server, so its tokens were withdrawn. The provider revoked them. Connect it again.',
    );
    // Revoked where it was issued, with the app it was issued to.
    expect(provider.revoked).toEqual([issued.refresh]);
    expect(api.received).toEqual([]);
  });

  it('the token URL: the connection ends and no refresh reaches the new server', async () => {
    const id = await connectedIntegration();
    const issued = await tokensOf(id);
    // A refresh is due: without the move, the next run would send the refresh token.
    await t.db.sql`update oauth_connections set expires_at = now() where integration_id = ${id}`;
    await move(id, {
      sourceAuthConfig: providerAuthConfig(provider, { tokenUrl: `${other.url}/token` }),
      sourceApiKeyEncrypted: CLIENT_SECRET,
    });
    const run = await testRunReachesNoOtherServer(id);
    await expectEnded(id, run, 'token URL');
    expect(provider.revoked).toEqual([issued.refresh]);
    expect(provider.tokenRequests).toEqual([]);
  });

  it("with an operator's app: neither the tokens nor the app's secret reach the new server", async () => {
    const operator = await createTestUser(t);
    await t.db.sql`update users set role = 'operator' where id = ${operator.id}`;
    const app = await operator.request('POST', '/api/oauth/apps', {
      provider: `${provider.issuer}/authorize`,
      clientId: 'operator-app',
      clientSecret: OPERATOR_SECRET,
      tokenUrl: `${provider.issuer}/token`,
    });
    expect(app.status).toBe(200);
    const { id: appId } = (await app.json()) as { id: string };
    try {
      const id = await connectedIntegration(false);
      const issued = await tokensOf(id);
      await t.db.sql`update oauth_connections set expires_at = now() where integration_id = ${id}`;
      await move(id, {
        sourceAuthConfig: providerAuthConfig(provider, {
          clientId: undefined,
          tokenUrl: `${other.url}/token`,
          revokeUrl: `${other.url}/revoke`,
        }),
      });
      const run = await testRunReachesNoOtherServer(id);
      // The operator's app is not used with the new token URL either, and the run says so.
      await expectEnded(
        id,
        run,
        'token URL and revocation URL',
        `The OAuth app an operator registered for Acme CRM (${provider.issuer}/authorize) is only used with the token URL it was registered with: enter that token URL, ask an operator to register the app again with this one, or enter your own app's client id and secret`,
      );
      expect(provider.revoked).toEqual([issued.refresh]);
      // Disconnecting now revokes nothing anywhere: the tokens are gone.
      const disconnected = await user.request(
        'POST',
        `/api/integrations/${id}/oauth/source/disconnect`,
      );
      expect(await disconnected.json()).toEqual({ revocation: 'nothing-to-revoke', message: null });
      expect(other.received).toEqual([]);
    } finally {
      await operator.request('DELETE', `/api/oauth/apps/${appId}`);
    }
  });

  it('a change within the same origins keeps the connection and its tokens', async () => {
    const id = await connectedIntegration();
    const issued = await tokensOf(id);
    const notices = await move(id, {
      name: 'Contacts count',
      sourceApiUrl: `${api.url}/api/`,
      sourceAuthConfig: providerAuthConfig(provider, { scope: 'openid email' }),
    });
    expect(notices).toEqual([]);
    expect(await tokensOf(id)).toEqual(issued);
    expect(provider.revoked).toEqual([]);
    const run = await user.request('POST', `/api/integrations/${id}/execute`, { testMode: true });
    expect(await run.json()).toMatchObject({ status: 'success', data: { count: 1 } });
    expect(api.received.map((request) => request.headers.authorization)).toEqual([
      `Bearer ${issued.access}`,
    ]);
  });
});

describe("an operator's app registered under a catalog id", () => {
  it("is only used with the catalog's own endpoints: a typed token URL elsewhere gets no secret", async () => {
    const operator = await createTestUser(t);
    await t.db.sql`update users set role = 'operator' where id = ${operator.id}`;
    const app = await operator.request('POST', '/api/oauth/apps', {
      provider: 'hubspot',
      clientId: 'operator-hubspot-app',
      clientSecret: OPERATOR_SECRET,
    });
    expect(app.status).toBe(200);
    const { id: appId } = (await app.json()) as { id: string };
    const hubspot = async (authConfig: Record<string, unknown>) => {
      const created = await user.request('POST', '/api/integrations', {
        userPrompt: 'Count my HubSpot contacts every hour.',
        sourceApiName: 'HubSpot',
        sourceApiUrl: 'https://api.hubapi.com',
        sourceAuthType: 'oauth',
        sourceAuthConfig: { grant: 'authorization_code', ...authConfig },
        destApiName: 'Nowhere',
        destApiUrl: `${api.url}/none`,
        destAuthType: 'none',
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const { id } = (await created.json()) as { id: string };
      return user.request('POST', `/api/integrations/${id}/oauth/source/connect`);
    };
    try {
      // With HubSpot's own endpoints, the operator's app is the one the consent names.
      const own = await hubspot({});
      expect(own.status).toBe(200);
      const { authorizeUrl } = (await own.json()) as { authorizeUrl: string };
      expect(new URL(authorizeUrl).searchParams.get('client_id')).toBe('operator-hubspot-app');
      // A token URL on another server: the code exchange would carry the app's secret there.
      const elsewhere = await hubspot({ tokenUrl: `${other.url}/token` });
      expect(elsewhere.status).toBe(409);
      expect(await elsewhere.json()).toMatchObject({
        code: 'OAUTH_APP_MISSING',
        message:
          "The OAuth app an operator registered for HubSpot is only used with HubSpot's own OAuth endpoints: clear the token, authorize and revocation URLs you entered, or enter your own app's client id and secret",
      });
      expect(other.received).toEqual([]);
    } finally {
      await operator.request('DELETE', `/api/oauth/apps/${appId}`);
    }
  });
});

describe("an operator's app registered under an authorize URL", () => {
  it('only sends its secret to the token URL it was registered with', async () => {
    const operator = await createTestUser(t);
    await t.db.sql`update users set role = 'operator' where id = ${operator.id}`;
    const register = (body: Record<string, unknown>) =>
      operator.request('POST', '/api/oauth/apps', {
        provider: `${provider.issuer}/authorize`,
        clientId: 'operator-app',
        clientSecret: OPERATOR_SECRET,
        ...body,
      });
    // Without its token URL, a side naming the authorize URL would choose where the secret goes.
    const unbound = await register({});
    expect(unbound.status).toBe(400);
    expect(await unbound.text()).toContain('tokenUrl');
    const app = await register({ tokenUrl: `${provider.issuer}/token` });
    expect(app.status).toBe(200);
    const { id: appId } = (await app.json()) as { id: string };
    const connect = async (authConfig: Record<string, unknown>) => {
      const created = await user.request('POST', '/api/integrations', {
        userPrompt: 'Count the contacts of my Acme CRM account every hour.',
        sourceApiName: 'Acme CRM',
        sourceApiUrl: `${api.url}/api`,
        sourceAuthType: 'oauth',
        sourceAuthConfig: providerAuthConfig(provider, { clientId: undefined, ...authConfig }),
        destApiName: 'Nowhere',
        destApiUrl: `${api.url}/none`,
        destAuthType: 'none',
        generatedCode: CODE,
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const { id } = (await created.json()) as { id: string };
      return user.request('POST', `/api/integrations/${id}/oauth/source/connect`);
    };
    try {
      // With the registered token URL, the consent names the operator's app.
      const own = await connect({});
      expect(own.status).toBe(200);
      const { authorizeUrl } = (await own.json()) as { authorizeUrl: string };
      expect(new URL(authorizeUrl).searchParams.get('client_id')).toBe('operator-app');
      // The same authorize URL with a token or revocation URL on another server gets no app: the
      // code exchange or revocation would carry its secret there.
      for (const elsewhere of [
        { tokenUrl: `${other.url}/token` },
        { revokeUrl: `${other.url}/revoke` },
      ]) {
        const refused = await connect(elsewhere);
        expect(refused.status).toBe(409);
        expect(await refused.json()).toMatchObject({
          code: 'OAUTH_APP_MISSING',
          message: `The OAuth app an operator registered for Acme CRM (${provider.issuer}/authorize) is only used with the token URL it was registered with: enter that token URL, ask an operator to register the app again with this one, or enter your own app's client id and secret`,
        });
      }
      expect(other.received).toEqual([]);
      expect(provider.tokenRequests).toEqual([]);
    } finally {
      await operator.request('DELETE', `/api/oauth/apps/${appId}`);
    }
  });
});
