import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';

// ADR 031: deploy, resume and Run now refuse, with 409 and a code, an integration that cannot get
// past its first request: a side without the credential its auth type needs (or without a
// connected OAuth account), a `{placeholder}` left in a URL, code that does not parse.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const GOOD = 'export default async function run(ctx) {\n  return { ok: true };\n}\n';
const SHOPIFY = 'https://{shop}.myshopify.com/admin/api/2025-10';

interface ErrorBody {
  code: string;
  message: string;
  issues?: Array<{ path: string[]; message: string; code: string }>;
}

async function create(user: TestUser, overrides: object = {}): Promise<string> {
  const response = await user.request('POST', '/api/integrations', {
    name: 'Orders to CRM',
    userPrompt: 'Copy every new order from the shop into the CRM as a deal.',
    sourceApiName: 'Shop',
    sourceApiUrl: 'https://shop.example.com',
    sourceAuthType: 'none',
    destApiName: 'CRM',
    destApiUrl: 'https://crm.example.com',
    destAuthType: 'none',
    generatedCode: GOOD,
    ...overrides,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const put = (user: TestUser, id: string, body: object) =>
  user.request('PUT', `/api/integrations/${id}`, body);
const statusOf = async (user: TestUser, id: string) =>
  ((await (await user.request('GET', `/api/integrations/${id}`)).json()) as { status: string })
    .status;

describe('deploying an integration that cannot run', () => {
  it('refuses a side without its API key, names it, keeps the draft, and deploys once it is added', async () => {
    const user = await createTestUser(t);
    const id = await create(user, { destAuthType: 'api-key' });

    const refused = await put(user, id, { status: 'active' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      code: 'CREDENTIAL_MISSING',
      message: 'The destination API (CRM) has no API key: add it in Edit connection.',
      issues: [
        {
          code: 'CREDENTIAL_MISSING',
          path: ['destApiKeyEncrypted'],
          message: 'The destination API (CRM) has no API key: add it in Edit connection.',
        },
      ],
    });
    expect(await statusOf(user, id)).toBe('draft');

    // The key and the deploy in one request: the check reads the integration as it would be.
    const deployed = await put(user, id, {
      destApiKeyEncrypted: 'crm-key-0123456789abcdef',
      status: 'active',
    });
    expect(deployed.status, await deployed.clone().text()).toBe(200);
    expect(await statusOf(user, id)).toBe('active');
  });

  it('names the secret each auth type needs', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const cases: Array<[object, string]> = [
      [{ sourceAuthType: 'bearer' }, 'has no bearer token'],
      [{ sourceAuthType: 'basic', sourceAuthConfig: { username: 'ada' } }, 'has no password'],
      [
        {
          sourceAuthType: 'oauth',
          sourceAuthConfig: {
            grant: 'client_credentials',
            tokenUrl: 'https://shop.example.com/oauth/token',
            clientId: 'client-1',
          },
        },
        'has no client secret',
      ],
      [{ sourceAuthType: 'oauth' }, 'has no access token'],
    ];
    for (const [overrides, expected] of cases) {
      const id = await create(user, overrides);
      const refused = await put(user, id, { status: 'active' });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as ErrorBody).message).toBe(
        `The source API (Shop) ${expected}: add it in Edit connection.`,
      );
    }
  });

  it('refuses a {placeholder} left in the base URL, naming it, until it is filled in', async () => {
    const user = await createTestUser(t);
    const id = await create(user, { sourceApiName: 'Shopify', sourceApiUrl: SHOPIFY });
    const refused = await put(user, id, { status: 'active' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: 'URL_PLACEHOLDER',
      message:
        "The source API (Shopify)'s base URL still has {shop} in it: replace it with your value in Edit connection.",
      issues: [{ code: 'URL_PLACEHOLDER', path: ['sourceApiUrl'] }],
    });
    const fixed = await put(user, id, {
      sourceApiUrl: 'https://acme.myshopify.com/admin/api/2025-10',
      status: 'active',
    });
    expect(fixed.status, await fixed.clone().text()).toBe(200);
  });

  it('refuses a placeholder in an OAuth URL the user entered', async () => {
    const user = await createTestUser(t);
    const id = await create(user, {
      sourceAuthType: 'oauth',
      sourceAuthConfig: {
        grant: 'client_credentials',
        tokenUrl: 'https://{tenant}.auth.example.com/token',
        clientId: 'client-1',
      },
      sourceApiKeyEncrypted: 'client-secret-0123456789',
    });
    const refused = await put(user, id, { status: 'active' });
    expect(await refused.json()).toMatchObject({
      code: 'URL_PLACEHOLDER',
      issues: [
        {
          path: ['sourceAuthConfig', 'tokenUrl'],
          message:
            "The source API (Shop)'s token URL still has {tenant} in it: replace it with your value in Edit connection.",
        },
      ],
    });
  });

  it('lists every problem in issues, each with its own code, and says them all', async () => {
    const user = await createTestUser(t);
    const id = await create(user, {
      sourceAuthType: 'api-key',
      sourceApiUrl: 'https://{subdomain}.zendesk.com',
      destAuthType: 'bearer',
      generatedCode: 'export default async function run(ctx) {\n  return ;;\n}}\n',
    });
    const refused = await put(user, id, { status: 'active' });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as ErrorBody;
    expect(body.code).toBe('CREDENTIAL_MISSING');
    expect(body.issues?.map((issue) => [issue.code, issue.path.join('.')])).toEqual([
      ['CREDENTIAL_MISSING', 'sourceApiKeyEncrypted'],
      ['URL_PLACEHOLDER', 'sourceApiUrl'],
      ['CREDENTIAL_MISSING', 'destApiKeyEncrypted'],
      ['CODE_NOT_RUNNABLE', 'generatedCode'],
    ]);
    expect(body.message).toBe(body.issues?.map((issue) => issue.message).join(' '));
  });

  it('saves a draft with problems: only going live is checked', async () => {
    const user = await createTestUser(t);
    const id = await create(user, { sourceAuthType: 'api-key' });
    const saved = await put(user, id, { sourceApiUrl: SHOPIFY, generatedCode: GOOD + '\n' });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ sourceApiUrl: SHOPIFY, status: 'draft' });
  });
});

describe('an active integration stays runnable', () => {
  it('refuses clearing its credential or leaving a placeholder, and loses nothing', async () => {
    const user = await createTestUser(t);
    const id = await create(user, {
      sourceAuthType: 'bearer',
      sourceApiKeyEncrypted: 'shop-token-0123456789abcdef',
    });
    expect((await put(user, id, { status: 'active' })).status).toBe(200);

    const cleared = await put(user, id, { sourceApiKeyEncrypted: '' });
    expect(cleared.status).toBe(409);
    expect(((await cleared.json()) as ErrorBody).code).toBe('CREDENTIAL_MISSING');
    const placeholder = await put(user, id, { sourceApiUrl: 'https://{shop}.example.com' });
    expect(placeholder.status).toBe(409);

    const kept = (await (await user.request('GET', `/api/integrations/${id}`)).json()) as {
      sourceApiKeySet: boolean;
      sourceApiKeyHint: string;
      sourceApiUrl: string;
    };
    expect(kept).toMatchObject({
      sourceApiKeySet: true,
      sourceApiKeyHint: expect.stringMatching(/cdef$/),
      sourceApiUrl: 'https://shop.example.com',
    });

    // A rotated key applies to the next run; so does a renamed API (nothing a run checks).
    expect(
      (await put(user, id, { sourceApiKeyEncrypted: 'shop-token-rotated-987654' })).status,
    ).toBe(200);
    expect((await put(user, id, { sourceApiName: 'Shop EU' })).status).toBe(200);
    // Paused, it may be taken apart; resuming checks again.
    expect((await put(user, id, { status: 'paused' })).status).toBe(200);
    expect((await put(user, id, { sourceApiKeyEncrypted: '' })).status).toBe(200);
    const resumed = await put(user, id, { status: 'active' });
    expect(resumed.status).toBe(409);
    expect(((await resumed.json()) as ErrorBody).message).toBe(
      'The source API (Shop EU) has no bearer token: add it in Edit connection.',
    );
  });
});

describe('OAuth accounts', () => {
  const authorizationCode = {
    sourceAuthType: 'oauth',
    sourceAuthConfig: {
      grant: 'authorization_code',
      authorizeUrl: 'https://auth.example.com/authorize',
      tokenUrl: 'https://auth.example.com/token',
    },
  };
  const connect = (id: string, status: 'connected' | 'needs-reconnect') => t.db.sql`
    insert into oauth_connections (integration_id, side, status, access_token)
    values (${id}, 'source', ${status}, 'sealed-elsewhere')
    on conflict (integration_id, side) do update set status = excluded.status`;

  it('needs a connected account, then one that does not need reconnecting', async () => {
    const user = await createTestUser(t);
    const id = await create(user, authorizationCode);
    const none = await put(user, id, { status: 'active' });
    expect(await none.json()).toMatchObject({
      code: 'CREDENTIAL_MISSING',
      message: 'The source API (Shop) has no connected account: connect one in Edit connection.',
      issues: [{ path: ['sourceAuthConfig', 'grant'] }],
    });

    await connect(id, 'needs-reconnect');
    expect(((await (await put(user, id, { status: 'active' })).json()) as ErrorBody).message).toBe(
      'The source API (Shop) needs its account connected again: reconnect it in Edit connection.',
    );

    await connect(id, 'connected');
    expect((await put(user, id, { status: 'active' })).status).toBe(200);
  });

  it('counts an account as gone when the same change moves the token URL elsewhere', async () => {
    const user = await createTestUser(t);
    const id = await create(user, authorizationCode);
    await connect(id, 'connected');
    const moved = await put(user, id, {
      sourceAuthConfig: {
        ...authorizationCode.sourceAuthConfig,
        tokenUrl: 'https://elsewhere.example.net/token',
      },
      status: 'active',
    });
    expect(moved.status).toBe(409);
    expect(((await moved.json()) as ErrorBody).code).toBe('CREDENTIAL_MISSING');
  });
});

describe('Run now', () => {
  it('refuses, with the same 409, an integration that lost what it needs since its deploy', async () => {
    const user = await createTestUser(t);
    const id = await create(user, {
      destAuthType: 'api-key',
      destApiKeyEncrypted: 'crm-key-0123456789abcdef',
    });
    expect((await put(user, id, { status: 'active' })).status).toBe(200);
    // As an integration deployed before the check existed would be.
    await t.db.sql`update integrations set dest_credential = null, dest_credential_hint = null,
                   source_api_url = ${SHOPIFY} where id = ${id}`;

    const refused = await user.request('POST', `/api/integrations/${id}/run`);
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as ErrorBody;
    expect(body.code).toBe('URL_PLACEHOLDER');
    expect(body.issues?.map((issue) => issue.code)).toEqual([
      'URL_PLACEHOLDER',
      'CREDENTIAL_MISSING',
    ]);
  });

  it('refuses code that does not parse', async () => {
    const user = await createTestUser(t);
    const id = await create(user);
    expect((await put(user, id, { status: 'active' })).status).toBe(200);
    await t.db.sql`update integrations set generated_code = 'export default (' where id = ${id}`;
    const refused = await user.request('POST', `/api/integrations/${id}/run`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).code).toBe('CODE_NOT_RUNNABLE');
  });
});
