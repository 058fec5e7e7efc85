import { ZIntegration, ZIntegrationListItem } from '@patchbay/schema';
import { decrypt, credentialContext } from '@patchbay/schema/vault';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { insertRunRecord, pruneExpiredRows } from '@patchbay/db';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SOURCE_SECRET = 'sk_live_51Habcdefghijklmnop1a2b';
const DEST_SECRET = 'pat-na1-zyxwvutsrqp9z8y';

function validBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Stripe to HubSpot',
    userPrompt: 'Every 15 minutes, copy new Stripe customers into HubSpot contacts.',
    sourceApiName: 'Stripe',
    sourceApiUrl: 'https://api.stripe.com',
    sourceApiKeyEncrypted: SOURCE_SECRET,
    sourceAuthType: 'bearer',
    destApiName: 'HubSpot',
    destApiUrl: 'https://api.hubapi.com',
    destApiKeyEncrypted: DEST_SECRET,
    destAuthType: 'api-key',
    ...overrides,
  };
}

async function create(user: TestUser, overrides: Record<string, unknown> = {}) {
  const response = await user.request('POST', '/api/integrations', validBody(overrides));
  return { response, body: (await response.json()) as Record<string, unknown> & { id: string } };
}

describe('creating an integration', () => {
  it('starts it as a draft and answers credentials only as set + hint', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const { response, body } = await create(user);
    expect(response.status).toBe(201);
    expect(body).toMatchObject({
      name: 'Stripe to HubSpot',
      status: 'draft',
      sourceAuthType: 'bearer',
      sourceApiKeySet: true,
      sourceApiKeyHint: '…1a2b',
      destApiKeySet: true,
      destApiKeyHint: '…9z8y',
      generatedCode: '',
      schedule: { everyMinutes: 15 },
    });
    const text = JSON.stringify(body);
    expect(text).not.toContain(SOURCE_SECRET);
    expect(text).not.toContain('sourceApiKeyEncrypted');
    expect(text).not.toMatch(/credential/i);
  });

  it('stores credentials as AES-256-GCM ciphertext that never contains the plaintext', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const { body } = await create(user);
    const [row] = await t.db
      .sql`select source_credential, dest_credential from integrations where id = ${body.id}`;
    const stored = String(row?.source_credential);
    expect(stored).toMatch(/^test:[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain(SOURCE_SECRET);
    expect(Buffer.from(stored.slice(5), 'base64').toString('latin1')).not.toContain(SOURCE_SECRET);
    expect(decrypt(t.deps.vault, stored, credentialContext(body.id, 'source'))).toBe(SOURCE_SECRET);
    // Bound to its row and field: copied elsewhere it does not decrypt.
    expect(() =>
      decrypt(t.deps.vault, stored, credentialContext(body.id, 'destination')),
    ).toThrow();
    const other = await create(user);
    expect(() =>
      decrypt(t.deps.vault, stored, credentialContext(other.body.id, 'source')),
    ).toThrow();
  });

  it("defaults the name to 'Unnamed Integration'", async () => {
    const user = await createTestUser(t);
    const { body } = await create(user, { name: undefined });
    expect(body.name).toBe('Unnamed Integration');
  });

  it.each([
    [
      'a 19-character prompt',
      { userPrompt: 'x'.repeat(19) },
      /userPrompt: Please describe your integration \(minimum 20 characters\)/,
    ],
    [
      'a 1001-character prompt',
      { userPrompt: 'x'.repeat(1001) },
      /userPrompt: must be at most 1000 characters/,
    ],
    ['a missing source name', { sourceApiName: '' }, /sourceApiName: Source API name is required/],
    ['a missing destination URL', { destApiUrl: undefined }, /destApiUrl/],
    [
      'a relative URL',
      { sourceApiUrl: '/v1/customers' },
      /sourceApiUrl: must be an absolute http\(s\) URL/,
    ],
    [
      'an ftp URL',
      { destApiUrl: 'ftp://files.example.com' },
      /destApiUrl: must be an absolute http\(s\) URL/,
    ],
    [
      'an unknown auth type',
      { sourceAuthType: 'magic' },
      /sourceAuthType: must be one of api-key, bearer, oauth, basic, none/,
    ],
    ['a 121-character name', { name: 'n'.repeat(121) }, /name: must be at most 120 characters/],
    ['an unknown field', { owner: 'someone-else' }, /owner|Unrecognized/i],
    ['a wrong type', { sourceApiName: 42 }, /sourceApiName/],
  ])('rejects %s with 400 and writes nothing', async (_name, overrides, message) => {
    const user = await createTestUser(t);
    const response = await user.request('POST', '/api/integrations', validBody(overrides));
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toMatch(message);
    const [count] = await t.db
      .sql`select count(*)::int as n from integrations where user_id = ${user.id}`;
    expect(count?.n).toBe(0);
  });

  it('rejects invalid JSON (400), code over its cap (400) and a huge body (413)', async () => {
    const user = await createTestUser(t);
    expect((await user.request('POST', '/api/integrations', '{"name":')).status).toBe(400);
    // The body may be up to 4 MiB (it can carry an imported API description), but code has its
    // own cap, and past 4 MiB the body is refused before it is read.
    const overCode = validBody({ generatedCode: 'x'.repeat(1_100_000) });
    expect((await user.request('POST', '/api/integrations', overCode)).status).toBe(400);
    const huge = validBody({ generatedCode: 'x'.repeat(4_300_000) });
    expect((await user.request('POST', '/api/integrations', huge)).status).toBe(413);
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.request('/api/integrations');
    expect(response.status).toBe(401);
  });
});

describe('the Free plan limit', () => {
  it('refuses the 6th integration with TIER_LIMIT_REACHED, and deleting does not free a slot', async () => {
    const user = await createTestUser(t);
    for (let i = 0; i < 5; i++) expect((await create(user)).response.status).toBe(201);
    const sixth = await create(user);
    expect(sixth.response.status).toBe(403);
    expect(sixth.body).toEqual({
      message: 'Integration limit reached',
      code: 'TIER_LIMIT_REACHED',
    });

    const [first] = (await (await user.request('GET', '/api/integrations')).json()) as {
      id: string;
    }[];
    expect((await user.request('DELETE', `/api/integrations/${first?.id}`)).status).toBe(204);
    expect((await create(user)).response.status).toBe(403); // 5 in the account's lifetime (ADR 020)
  });

  it('holds under concurrency: two parallel creates at 4 cannot both pass', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await createTestUser(t);
      for (let i = 0; i < 4; i++) await create(user);
      const results = await Promise.all([create(user), create(user), create(user)]);
      expect(results.map((r) => r.response.status).sort()).toEqual([201, 403, 403]);
      const [count] = await t.db
        .sql`select count(*)::int as n from integrations where user_id = ${user.id}`;
      expect(count?.n).toBe(5);
    }
  });

  it('does not apply to Pro', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    for (let i = 0; i < 7; i++) expect((await create(user)).response.status).toBe(201);
  });

  it('is what GET /api/usage reports', async () => {
    const user = await createTestUser(t);
    await create(user);
    await create(user);
    const usage = await (await user.request('GET', '/api/usage')).json();
    expect(usage).toEqual({
      plan: 'free',
      integrations: { used: 2, limit: 5 },
      // ADR 020: runs are counted, not capped.
      executionsThisMonth: { used: 0, limit: null },
    });
    const pro = await createTestUser(t, { plan: 'pro' });
    expect(await (await pro.request('GET', '/api/usage')).json()).toMatchObject({
      plan: 'pro',
      integrations: { used: 0, limit: null },
    });
  });
});

describe('reading, updating and deleting', () => {
  it('lists newest first, filtered by status and text', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const a = await create(user, { name: 'Alpha sync' });
    const b = await create(user, { name: 'Beta 100% sync', sourceApiName: 'Shopify' });
    await user.request('PUT', `/api/integrations/${a.body.id}`, {
      generatedCode: 'export default async function run() {}',
      status: 'active',
    });

    const all = (await (await user.request('GET', '/api/integrations')).json()) as { id: string }[];
    expect(all.map((i) => i.id)).toEqual([b.body.id, a.body.id]);
    const active = (await (
      await user.request('GET', '/api/integrations?status=active')
    ).json()) as { id: string }[];
    expect(active.map((i) => i.id)).toEqual([a.body.id]);
    const shopify = (await (await user.request('GET', '/api/integrations?q=shopify')).json()) as {
      id: string;
    }[];
    expect(shopify.map((i) => i.id)).toEqual([b.body.id]);
    // LIKE wildcards in q are literal.
    const percent = (await (await user.request('GET', '/api/integrations?q=100%25')).json()) as {
      id: string;
    }[];
    expect(percent.map((i) => i.id)).toEqual([b.body.id]);
    expect((await user.request('GET', '/api/integrations?status=broken')).status).toBe(400);
  });

  it('a list item is exactly the contract, with the fields and timestamps the detail has', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const { body } = await create(user, { name: 'Quotes "and" \\ backslashes, ünïcode' });
    const listed = await user.request('GET', '/api/integrations');
    expect(listed.headers.get('content-type')).toMatch(/^application\/json/);
    const [item] = z.array(ZIntegrationListItem.strict()).parse(await listed.json());
    const detail = ZIntegration.parse(
      await (await user.request('GET', `/api/integrations/${body.id}`)).json(),
    );
    expect(item).toEqual({
      id: detail.id,
      name: 'Quotes "and" \\ backslashes, ünïcode',
      sourceApiName: detail.sourceApiName,
      sourceApiUrl: detail.sourceApiUrl,
      destApiName: detail.destApiName,
      destApiUrl: detail.destApiUrl,
      userPrompt: detail.userPrompt,
      status: 'draft',
      trigger: detail.trigger,
      schedule: detail.schedule,
      createdAt: detail.createdAt,
      updatedAt: detail.updatedAt,
      lastRunAt: null,
      lastRunStatus: null,
      lastError: null,
    });
    const other = await createTestUser(t);
    expect(await (await other.request('GET', '/api/integrations')).json()).toEqual([]);
  });

  it('updates fields, keeps a credential that is left out, and replaces one that is given', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const { body } = await create(user);
    const renamed = await user.request('PUT', `/api/integrations/${body.id}`, {
      name: 'Renamed',
      destApiUrl: 'https://api.hubapi.com/crm',
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({
      name: 'Renamed',
      destApiUrl: 'https://api.hubapi.com/crm',
      sourceApiKeySet: true,
      sourceApiKeyHint: '…1a2b',
    });

    const rekeyed = await user.request('PUT', `/api/integrations/${body.id}`, {
      sourceApiKeyEncrypted: 'sk_live_newnewnewnew9999',
    });
    expect(await rekeyed.json()).toMatchObject({
      sourceApiKeyHint: '…9999',
      destApiKeyHint: '…9z8y',
    });
    const cleared = await user.request('PUT', `/api/integrations/${body.id}`, {
      destAuthType: 'none',
    });
    expect(await cleared.json()).toMatchObject({
      destAuthType: 'none',
      destApiKeySet: false,
      destApiKeyHint: null,
    });
  });

  it('drops a stored secret when the connection moves to another origin without it', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const { body } = await create(user);
    const put = async (payload: object) =>
      (await (await user.request('PUT', `/api/integrations/${body.id}`, payload)).json()) as Record<
        string,
        unknown
      >;
    // Same origin, another path: the key stays.
    expect(await put({ sourceApiUrl: 'https://api.stripe.com/v2' })).toMatchObject({
      sourceApiKeySet: true,
    });
    // Another origin: a stolen session must not be able to send the stored key there.
    expect(await put({ sourceApiUrl: 'https://attacker.example' })).toMatchObject({
      sourceApiKeySet: false,
      sourceApiKeyHint: null,
    });
    // Unless the secret is entered again with the move.
    expect(
      await put({
        destApiUrl: 'https://eu.hubapi.com',
        destApiKeyEncrypted: 'pat-eu1-000000000000abcd',
      }),
    ).toMatchObject({
      destApiKeySet: true,
      destApiKeyHint: '…abcd',
    });
  });

  it('follows the allowed status transitions and answers 409 to the others', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const { body } = await create(user);
    const put = (payload: object) => user.request('PUT', `/api/integrations/${body.id}`, payload);

    const noCode = await put({ status: 'active' });
    expect(noCode.status).toBe(409);
    expect(await noCode.json()).toMatchObject({ code: 'NO_CODE' });
    expect(
      (
        await put({
          generatedCode: 'export default async function run() { return 1; }',
          status: 'active',
        })
      ).status,
    ).toBe(200);
    expect(await (await put({ status: 'paused' })).json()).toMatchObject({ status: 'paused' });
    expect(await (await put({ status: 'active' })).json()).toMatchObject({ status: 'active' });
    const toDraft = await put({ status: 'draft' });
    expect(toDraft.status).toBe(409);
    expect(await toDraft.json()).toEqual({
      message: 'Cannot change the status from active to draft',
      code: 'INVALID_TRANSITION',
    });
    expect((await put({ status: 'failed' })).status).toBe(409);
  });

  it('records every code change as a version: generated, edited, deployed', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const { body } = await create(user);
    const put = (payload: object) => user.request('PUT', `/api/integrations/${body.id}`, payload);
    // Deployable code: the API refuses to deploy code that cannot run (ADR 031).
    const v1 = 'export default async function run() { return 1; }';
    const v2 = 'export default async function run() { return 2; }';
    await put({ generatedCode: v1 });
    await put({ generatedCode: v1 }); // unchanged: no new version
    await put({ generatedCode: v2 });
    await put({ generatedCode: v2, status: 'active' });
    await put({ status: 'paused' });
    const versions = (await (
      await user.request('GET', `/api/integrations/${body.id}/versions`)
    ).json()) as { version: number; origin: string; code: string }[];
    expect(versions.map(({ version, origin, code }) => ({ version, origin, code }))).toEqual([
      { version: 3, origin: 'deployed', code: v2 },
      { version: 2, origin: 'edited', code: v2 },
      { version: 1, origin: 'generated', code: v1 },
    ]);
    // Restoring a version is a PUT of its code.
    await put({ generatedCode: v1 });
    expect(await (await user.request('GET', `/api/integrations/${body.id}`)).json()).toMatchObject({
      generatedCode: v1,
    });
  });

  it('deletes with 204, and the integration and its versions are gone', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const { body } = await create(user, {
      generatedCode: 'export default async function run() {}',
    });
    expect((await user.request('DELETE', `/api/integrations/${body.id}`)).status).toBe(204);
    expect((await user.request('GET', `/api/integrations/${body.id}`)).status).toBe(404);
    const [versions] = await t.db
      .sql`select count(*)::int as n from integration_versions where integration_id = ${body.id}`;
    expect(versions?.n).toBe(0);
    expect((await user.request('DELETE', `/api/integrations/${body.id}`)).status).toBe(404);
  });

  it('answers 404 for ids that are not UUIDs', async () => {
    const user = await createTestUser(t);
    expect((await user.request('GET', '/api/integrations/not-a-uuid')).status).toBe(404);
    // An update reads the connected accounts first: that query must not see the bad id either.
    const update = await user.request('PUT', '/api/integrations/not-a-uuid', { name: 'x' });
    expect(update.status).toBe(404);
  });
});

describe('the kept list (ADR 027)', () => {
  type Item = { id: string; name: string; status: string; lastRunStatus: string | null };
  const list = async (user: TestUser) =>
    (await (await user.request('GET', '/api/integrations')).json()) as Item[];

  it('serves the list it kept until a write moves the account’s revision, from any process', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const { body } = await create(user, { name: 'Kept' });
    expect((await list(user)).map((i) => i.name)).toEqual(['Kept']);

    // A write that skips the triggers is invisible: proof the second read is the kept list.
    await t.db.sql.begin(async (tx) => {
      await tx`set local session_replication_role = replica`;
      await tx`update integrations set name = 'Unseen' where id = ${body.id}`;
    });
    expect((await list(user)).map((i) => i.name)).toEqual(['Kept']);
    // A filtered list is a search, always read fresh.
    const searched = await (await user.request('GET', '/api/integrations?q=unseen')).json();
    expect((searched as Item[]).map((i) => i.name)).toEqual(['Unseen']);
    const drafts = await (await user.request('GET', '/api/integrations?status=draft')).json();
    expect((drafts as Item[]).map((i) => i.name)).toEqual(['Unseen']);

    // An edit through the API.
    await user.request('PUT', `/api/integrations/${body.id}`, { name: 'Renamed' });
    expect((await list(user)).map((i) => i.name)).toEqual(['Renamed']);

    // The worker's writes go straight to PostgreSQL, not through this API.
    await t.db.sql`update integrations set status = 'failed' where id = ${body.id}`;
    expect(await list(user)).toMatchObject([{ name: 'Renamed', status: 'failed' }]);

    const startedAt = new Date(Date.now() - 100 * 24 * 3_600_000);
    await insertRunRecord(
      t.db.sql,
      { integrationId: body.id, kind: 'scheduled', workflowId: 'wf-kept', runId: 'kept' },
      {
        status: 'success',
        data: null,
        logs: [],
        requests: [],
        stateChanges: { set: {}, deleted: [] },
        durationMs: 3,
        attempt: 1,
      },
      startedAt,
    );
    expect(await list(user)).toMatchObject([{ lastRunStatus: 'success' }]);
    // Retention removes the (100-day-old) run in bulk; the list loses its last run with it.
    await pruneExpiredRows(t.db.sql);
    expect(await list(user)).toMatchObject([{ lastRunStatus: null }]);

    await user.request('DELETE', `/api/integrations/${body.id}`);
    expect(await list(user)).toEqual([]);
  });

  it('keeps one list per account', async () => {
    const a = await createTestUser(t, { plan: 'pro' });
    const b = await createTestUser(t, { plan: 'pro' });
    await create(a, { name: 'A’s' });
    expect((await list(a)).map((i) => i.name)).toEqual(['A’s']);
    expect(await list(b)).toEqual([]);
    await create(b, { name: 'B’s' });
    expect((await list(b)).map((i) => i.name)).toEqual(['B’s']);
    expect((await list(a)).map((i) => i.name)).toEqual(['A’s']);
  });
});

describe('ownership', () => {
  it("hides user A's integrations from user B: read, update, delete, versions, export, list", async () => {
    const a = await createTestUser(t);
    const b = await createTestUser(t);
    const { body } = await create(a, { generatedCode: 'export default async function run() {}' });
    const url = `/api/integrations/${body.id}`;
    for (const [method, path, payload] of [
      ['GET', url, undefined],
      ['PUT', url, { name: 'stolen' }],
      ['DELETE', url, undefined],
      ['GET', `${url}/versions`, undefined],
      ['GET', `${url}/export`, undefined],
    ] as const) {
      const response = await b.request(method, path, payload);
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 404 });
    }
    expect(await (await b.request('GET', '/api/integrations')).json()).toEqual([]);
    expect(await (await a.request('GET', url)).json()).toMatchObject({ name: 'Stripe to HubSpot' });
  });
});

describe('export', () => {
  it('downloads a zip named after the integration, without credentials', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const { body } = await create(user, {
      generatedCode: 'export default async function run(ctx) { return { ok: true }; }',
    });
    const response = await user.request('GET', `/api/integrations/${body.id}/export`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="stripe-to-hubspot.zip"',
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.toString('latin1')).not.toContain(SOURCE_SECRET);
  });
});
