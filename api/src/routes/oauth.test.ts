// OAuth 2.0 connections through the API (ADR 024) against a real OAuth server on loopback
// (oauth2-mock-server), which checks PKCE itself: connect, callback, forged and reused state,
// a wrong verifier, disconnect with revocation, operators' apps. Tokens never in a response.
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { oauthTokenContext, oauthVerifierContext } from '@patchbay/schema';
import { decrypt, encrypt, generateKeyEntry, parseKeyRing } from '@patchbay/schema/vault';
import { checkVaultKeys } from '@patchbay/db';
import { rotateCredentials } from '../vault-rotate.ts';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';

const CLIENT_ID = 'patchbay-user-app';
const CLIENT_SECRET = 'user-app-secret-0123456789';
let provider: OAuth2Server;
let issuer: string;
let t: TestApp;
let user: TestUser;
/** Token endpoint requests the provider saw, by grant type. */
let tokenRequests: Array<Record<string, string>>;
let revoked: string[];
/** Whether the ID token names the account (else only UserInfo can). */
let idTokenEmail: boolean;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  issuer = provider.issuer.url ?? '';
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    if (idTokenEmail) token.payload.email = 'ada@example.com';
  });
  provider.service.on(
    'beforeResponse',
    (_response: unknown, req: { body: Record<string, string> }) => {
      tokenRequests.push(req.body);
    },
  );
  // The mock does not parse a revocation's body: read the form here.
  provider.service.on('beforeRevoke', (_response: unknown, req: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      revoked.push(new URLSearchParams(Buffer.concat(chunks).toString()).get('token') ?? '');
    });
  });
  t = await createTestApp();
  user = await createTestUser(t, { plan: 'pro' });
  // The first sign-up is the installation's operator; this one is an ordinary user.
  await t.db.sql`update users set role = 'user' where id = ${user.id}`;
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});
beforeEach(() => {
  tokenRequests = [];
  revoked = [];
  idTokenEmail = true;
});

function authConfig(overrides: Record<string, unknown> = {}) {
  return {
    grant: 'authorization_code',
    authorizeUrl: `${issuer}/authorize`,
    tokenUrl: `${issuer}/token`,
    revokeUrl: `${issuer}/revoke`,
    scope: 'openid email offline_access',
    clientId: CLIENT_ID,
    ...overrides,
  };
}

async function createIntegration(
  owner: TestUser,
  config: Record<string, unknown> = authConfig(),
  secret: string | undefined = CLIENT_SECRET,
): Promise<string> {
  const response = await owner.request('POST', '/api/integrations', {
    userPrompt: 'Copy every new Acme CRM contact into the mailing list.',
    sourceApiName: 'Acme CRM',
    sourceApiUrl: 'http://127.0.0.1:9/api',
    sourceAuthType: 'oauth',
    sourceAuthConfig: config,
    ...(secret === undefined ? {} : { sourceApiKeyEncrypted: secret }),
    destApiName: 'Acme Mail',
    destApiUrl: 'http://127.0.0.1:9/mail',
    destAuthType: 'none',
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function startConnect(owner: TestUser, id: string, side = 'source'): Promise<URL> {
  const response = await owner.request('POST', `/api/integrations/${id}/oauth/${side}/connect`);
  expect(response.status, await response.clone().text()).toBe(200);
  return new URL(((await response.json()) as { authorizeUrl: string }).authorizeUrl);
}

/** The consent page (auto-approving) sends the browser back to our callback. */
async function consent(authorizeUrl: URL): Promise<URL> {
  const atProvider = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  return new URL(atProvider.headers.get('location') ?? '');
}

async function callback(owner: TestUser, url: URL): Promise<URL> {
  const response = await t.app.request(`${url.pathname}${url.search}`, {
    headers: { cookie: owner.cookie },
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '', 'http://localhost');
}

async function connections(owner: TestUser, id: string) {
  const response = await owner.request('GET', `/api/integrations/${id}/oauth`);
  expect(response.status).toBe(200);
  return response.json() as Promise<{
    source: { status: string; accountLabel: string | null } | null;
    destination: unknown;
  }>;
}

describe('connect an account: authorization code + PKCE', () => {
  it('round trip: consent URL with S256 PKCE, callback stores sealed tokens, shows the account', async () => {
    const id = await createIntegration(user);
    const authorizeUrl = await startConnect(user, id);
    expect(authorizeUrl.origin).toBe(new URL(issuer).origin);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorizeUrl.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(
      'http://localhost/api/oauth/callback',
    );
    expect(authorizeUrl.searchParams.get('scope')).toBe('openid email offline_access');

    const back = await callback(user, await consent(authorizeUrl));
    expect(back.pathname).toBe(`/integrations/${id}/review`);
    expect(back.searchParams.get('oauth')).toBe('connected');
    expect(back.searchParams.get('side')).toBe('source');

    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]).toMatchObject({
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    });
    expect(tokenRequests[0]?.code_verifier).toMatch(/^[\w-]{43,128}$/);

    const shown = await connections(user, id);
    expect(shown.source).toMatchObject({ status: 'connected', accountLabel: 'ada@example.com' });
    expect(shown.destination).toBeNull();
    // Stored sealed, bound to the row and field; never in a response.
    const [row] = await t.db.sql<{ access_token: string; refresh_token: string }[]>`
      select access_token, refresh_token from oauth_connections where integration_id = ${id}`;
    const access = decrypt(
      t.deps.vault,
      row?.access_token ?? '',
      oauthTokenContext(id, 'source', 'access'),
    );
    expect(access.split('.')).toHaveLength(3);
    const integration = await (await user.request('GET', `/api/integrations/${id}`)).text();
    expect(integration).not.toContain(access);
    expect(JSON.stringify(shown)).not.toContain(access);
    // The pending authorization is spent.
    const [pending] = await t.db
      .sql`select count(*)::int as n from oauth_authorizations where integration_id = ${id}`;
    expect(pending?.n).toBe(0);
  });

  it('names the account from the UserInfo endpoint when the ID token does not', async () => {
    idTokenEmail = false;
    provider.service.once(
      'beforeUserinfo',
      (response: { body: unknown }, req: { headers: Record<string, string> }) => {
        response.body = req.headers.authorization?.startsWith('Bearer ey')
          ? { sub: 'johndoe', email: 'grace@example.com' }
          : { sub: 'johndoe' };
      },
    );
    const id = await createIntegration(user, authConfig({ userinfoUrl: `${issuer}/userinfo` }));
    expect(
      (await callback(user, await consent(await startConnect(user, id)))).searchParams.get('oauth'),
    ).toBe('connected');
    expect((await connections(user, id)).source).toMatchObject({
      accountLabel: 'grace@example.com',
    });

    // Without a UserInfo endpoint the account stays unnamed, and is connected all the same.
    const unnamed = await createIntegration(user);
    await callback(user, await consent(await startConnect(user, unnamed)));
    expect((await connections(user, unnamed)).source).toMatchObject({
      status: 'connected',
      accountLabel: null,
    });
  });

  it('a reused state is refused and stores nothing new', async () => {
    const id = await createIntegration(user);
    const returned = await consent(await startConnect(user, id));
    expect((await callback(user, returned)).searchParams.get('oauth')).toBe('connected');
    tokenRequests = [];
    const again = await callback(user, returned);
    expect(again.pathname).toBe('/integrations');
    expect(again.searchParams.get('oauth')).toBe('error');
    expect(again.searchParams.get('oauthMessage')).toMatch(/unknown or was already used/);
    expect(tokenRequests).toHaveLength(0);
  });

  it('the code exchange follows the network rules: a loopback token URL is refused when private addresses are closed', async () => {
    const id = await createIntegration(user);
    const returned = await consent(await startConnect(user, id));
    t.deps.allowPrivateNetwork = false;
    try {
      const back = await callback(user, returned);
      expect(back.searchParams.get('oauth')).toBe('error');
      expect(back.searchParams.get('oauthMessage')).toMatch(/blocked by the network guard/);
    } finally {
      t.deps.allowPrivateNetwork = true;
    }
    expect(tokenRequests).toHaveLength(0);
    expect((await connections(user, id)).source).toBeNull();
  });

  it('a forged state is refused: no token request, nothing stored', async () => {
    const id = await createIntegration(user);
    const returned = await consent(await startConnect(user, id));
    returned.searchParams.set('state', 'forged-state-value');
    const back = await callback(user, returned);
    expect(back.searchParams.get('oauth')).toBe('error');
    expect(back.searchParams.get('oauthMessage')).toMatch(/unknown or was already used/);
    expect(tokenRequests).toHaveLength(0);
    expect((await connections(user, id)).source).toBeNull();
  });

  it('a state started by another account is refused (the victim cannot be connected into it)', async () => {
    const id = await createIntegration(user);
    const returned = await consent(await startConnect(user, id));
    const other = await createTestUser(t);
    const back = await callback(other, returned);
    expect(back.searchParams.get('oauth')).toBe('error');
    expect(tokenRequests).toHaveLength(0);
    expect((await connections(user, id)).source).toBeNull();
  });

  it('an expired authorization is refused', async () => {
    const id = await createIntegration(user);
    const returned = await consent(await startConnect(user, id));
    await t.db.sql`
      update oauth_authorizations set expires_at = now() - interval '1 second' where integration_id = ${id}`;
    const back = await callback(user, returned);
    expect(back.pathname).toBe(`/integrations/${id}/review`);
    expect(back.searchParams.get('oauthMessage')).toMatch(/expired/);
    expect(tokenRequests).toHaveLength(0);
  });

  it('a wrong PKCE verifier: the provider refuses, and its error is shown', async () => {
    const id = await createIntegration(user);
    const returned = await consent(await startConnect(user, id));
    const [pending] = await t.db.sql<{ state_hash: string }[]>`
      select state_hash from oauth_authorizations where integration_id = ${id}`;
    const hash = pending?.state_hash ?? '';
    const wrong = encrypt(t.deps.vault, 'w'.repeat(43), oauthVerifierContext(hash));
    await t.db
      .sql`update oauth_authorizations set code_verifier = ${wrong} where state_hash = ${hash}`;
    const back = await callback(user, returned);
    expect(back.searchParams.get('oauth')).toBe('error');
    expect(back.searchParams.get('oauthMessage')).toMatch(
      /refused the authorization code: HTTP 400 \(code_verifier provided does not match code_challenge\)/,
    );
    expect((await connections(user, id)).source).toBeNull();
  });

  it('the user denying consent comes back with the provider error', async () => {
    const id = await createIntegration(user);
    const returned = await consent(await startConnect(user, id));
    returned.searchParams.delete('code');
    returned.searchParams.set('error', 'access_denied');
    const back = await callback(user, returned);
    expect(back.searchParams.get('oauthMessage')).toMatch(/did not authorize: access_denied/);
  });

  it('signed out, the callback sends the browser to sign in', async () => {
    const response = await t.app.request('/api/oauth/callback?state=x&code=y');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login');
  });

  it('says what is missing: not oauth, client credentials, no app, bad side, not mine', async () => {
    const notOauth = await user.request('POST', '/api/integrations', {
      userPrompt: 'Copy every new Acme CRM contact into the mailing list.',
      sourceApiName: 'Acme CRM',
      sourceApiUrl: 'http://127.0.0.1:9/api',
      sourceAuthType: 'bearer',
      sourceApiKeyEncrypted: 'a-bearer-token-123456',
      destApiName: 'Acme Mail',
      destApiUrl: 'http://127.0.0.1:9/mail',
      destAuthType: 'none',
    });
    const plainId = ((await notOauth.json()) as { id: string }).id;
    const attempt = (id: string, side = 'source', owner = user) =>
      owner.request('POST', `/api/integrations/${id}/oauth/${side}/connect`);

    let response = await attempt(plainId);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'NOT_OAUTH' });

    const cc = await createIntegration(user, authConfig({ grant: 'client_credentials' }));
    response = await attempt(cc);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'NOT_AUTHORIZATION_CODE' });

    const noApp = await createIntegration(user, authConfig({ clientId: undefined }), undefined);
    response = await attempt(noApp);
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /No OAuth app is registered for Acme CRM/,
    );

    response = await attempt(noApp, 'sideways');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });

    const stranger = await createTestUser(t);
    expect((await attempt(noApp, 'source', stranger)).status).toBe(404);
  });
});

describe('disconnect', () => {
  it('revokes the refresh token at the provider (RFC 7009), then forgets the account', async () => {
    const id = await createIntegration(user);
    await callback(user, await consent(await startConnect(user, id)));
    const [row] = await t.db.sql<{ refresh_token: string }[]>`
      select refresh_token from oauth_connections where integration_id = ${id}`;
    const refresh = decrypt(
      t.deps.vault,
      row?.refresh_token ?? '',
      oauthTokenContext(id, 'source', 'refresh'),
    );

    const response = await user.request('POST', `/api/integrations/${id}/oauth/source/disconnect`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ revocation: 'revoked', message: null });
    await vi.waitFor(() => expect(revoked).toEqual([refresh]));
    expect((await connections(user, id)).source).toBeNull();
  });

  it('with nothing connected there is nothing to revoke; a bad side is a 400', async () => {
    const id = await createIntegration(user);
    const response = await user.request('POST', `/api/integrations/${id}/oauth/source/disconnect`);
    expect(await response.json()).toEqual({ revocation: 'nothing-to-revoke', message: null });
    const bad = await user.request('POST', `/api/integrations/${id}/oauth/both/disconnect`);
    expect(bad.status).toBe(400);
    expect(revoked).toEqual([]);
  });

  it('without a revocation URL it deletes here and says so', async () => {
    const id = await createIntegration(user, authConfig({ revokeUrl: undefined }));
    await callback(user, await consent(await startConnect(user, id)));
    const response = await user.request('POST', `/api/integrations/${id}/oauth/source/disconnect`);
    expect(await response.json()).toMatchObject({ revocation: 'not-supported' });
    expect(revoked).toEqual([]);
    expect((await connections(user, id)).source).toBeNull();
  });

  it('a provider refusing the revocation is reported; the tokens go anyway', async () => {
    const id = await createIntegration(user);
    await callback(user, await consent(await startConnect(user, id)));
    provider.service.once('beforeRevoke', (response: { statusCode: number }) => {
      response.statusCode = 503;
    });
    const response = await user.request('POST', `/api/integrations/${id}/oauth/source/disconnect`);
    expect(await response.json()).toMatchObject({ revocation: 'failed' });
    expect((await connections(user, id)).source).toBeNull();
  });
});

describe("operators' OAuth apps", () => {
  let operator: TestUser;
  beforeAll(async () => {
    operator = await createTestUser(t);
    await t.db.sql`update users set role = 'operator' where id = ${operator.id}`;
  });

  it('an operator registers an app; connections without their own app use it', async () => {
    const provider = `${issuer}/authorize`;
    const saved = await operator.request('POST', '/api/oauth/apps', {
      provider,
      clientId: 'operator-app',
      clientSecret: 'operator-secret-abcdefgh',
      tokenUrl: `${issuer}/token`,
    });
    expect(saved.status).toBe(200);
    const app = (await saved.json()) as { id: string; clientSecretHint: string; tokenUrl: string };
    expect(app.clientSecretHint).toBe('…efgh');
    expect(app.tokenUrl).toBe(`${issuer}/token`);
    const listed = await (await operator.request('GET', '/api/oauth/apps')).text();
    expect(listed).toContain('operator-app');
    expect(listed).not.toContain('operator-secret-abcdefgh');

    const id = await createIntegration(user, authConfig({ clientId: undefined }), undefined);
    const authorizeUrl = await startConnect(user, id);
    expect(authorizeUrl.searchParams.get('client_id')).toBe('operator-app');
    expect((await callback(user, await consent(authorizeUrl))).searchParams.get('oauth')).toBe(
      'connected',
    );
    expect(tokenRequests[0]).toMatchObject({
      client_id: 'operator-app',
      client_secret: 'operator-secret-abcdefgh',
    });

    expect((await operator.request('DELETE', `/api/oauth/apps/${app.id}`)).status).toBe(204);
    expect((await operator.request('DELETE', `/api/oauth/apps/${app.id}`)).status).toBe(404);
  });

  it('is for operators only, and validates', async () => {
    const body = { provider: 'salesforce', clientId: 'x', clientSecret: 'y' };
    expect((await user.request('POST', '/api/oauth/apps', body)).status).toBe(403);
    expect((await user.request('GET', '/api/oauth/apps')).status).toBe(403);
    const bad = await operator.request('POST', '/api/oauth/apps', {
      ...body,
      provider: 'Not A Key',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(
      /provider: must be a catalog id/,
    );
  });
});

describe('key rotation (ADR 009)', () => {
  it('the start-up check counts OAuth secrets, and rotate-keys re-seals them', async () => {
    const operator = await createTestUser(t);
    await t.db.sql`update users set role = 'operator' where id = ${operator.id}`;
    await operator.request('POST', '/api/oauth/apps', {
      provider: 'rotation-test',
      clientId: 'rotation-app',
      clientSecret: 'rotation-secret-123456',
    });
    const id = await createIntegration(user);
    expect((await callback(user, await consent(await startConnect(user, id)))).pathname).toMatch(
      /review$/,
    );
    await startConnect(user, id); // a pending authorization too
    const [before] = await t.db.sql<{ access_token: string; refresh_token: string }[]>`
      select access_token, refresh_token from oauth_connections where integration_id = ${id}`;
    const access = decrypt(
      t.deps.vault,
      before?.access_token ?? '',
      oauthTokenContext(id, 'source', 'access'),
    );

    // A key set without the key that sealed them is refused at start-up.
    await t.db.sql`delete from integrations where id <> ${id}`;
    await t.db.sql`update integrations set source_credential = null where id = ${id}`;
    await expect(checkVaultKeys(t.db.sql, parseKeyRing(generateKeyEntry('other')))).rejects.toThrow(
      /lacks key "test"/,
    );

    const next = parseKeyRing(
      `${generateKeyEntry('next')},test:${t.deps.vault.keys.get('test')?.toString('base64')}`,
    );
    await rotateCredentials(t.db.sql, next);
    const sealed = await t.db.sql<{ value: string }[]>`
      select access_token as value from oauth_connections
      union all select refresh_token from oauth_connections
      union all select client_secret from oauth_apps
      union all select code_verifier from oauth_authorizations`;
    expect(sealed.length).toBeGreaterThanOrEqual(4);
    expect(sealed.every((row) => row.value.startsWith('next:'))).toBe(true);
    const [after] = await t.db.sql<{ access_token: string }[]>`
      select access_token from oauth_connections where integration_id = ${id}`;
    expect(
      decrypt(next, after?.access_token ?? '', oauthTokenContext(id, 'source', 'access')),
    ).toBe(access);
  });
});
