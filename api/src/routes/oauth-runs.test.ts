// Runs of an integration whose source is a connected OAuth account (ADR 024), through the API,
// the real Temporal dev server and a real worker with its sandbox. The provider is a real OAuth
// server on loopback (oauth2-mock-server); the API behind the account is an HTTP server on
// loopback that accepts only the tokens the test says.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { oauthTokenContext } from '@patchbay/schema';
import { decrypt } from '@patchbay/schema/vault';
import { manualRunWorkflowId, WORKFLOW_NAMES } from '@patchbay/workflows';
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
const CODE = `export default async function run(ctx) {
  const contacts = await ctx.source.get('/contacts');
  return { count: contacts.length };
}
`;

let provider: OAuthProvider;
let t: TestApp;
let worker: TestWorker;
let user: TestUser;
let api: FakeApi;
/** Access tokens the API behind the account no longer accepts. */
let refusedTokens: Set<string>;

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
});
beforeEach(async () => {
  await api?.close();
  api = await startFakeApi();
  refusedTokens = new Set();
  api.on('GET /api/contacts', (request) => {
    const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    return refusedTokens.has(token)
      ? { status: 401, json: { error: 'invalid_token' } }
      : { json: [{ email: 'ada@example.com' }, { email: 'grace@example.com' }] };
  });
});

async function connectedIntegration(): Promise<string> {
  const response = await user.request('POST', '/api/integrations', {
    userPrompt: 'Count the contacts of my Acme CRM account every hour.',
    sourceApiName: 'Acme CRM',
    sourceApiUrl: `${api.url}/api`,
    sourceAuthType: 'oauth',
    sourceAuthConfig: providerAuthConfig(provider),
    sourceApiKeyEncrypted: CLIENT_SECRET,
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
  const [row] = await t.db.sql<{ access_token: string; refresh_token: string }[]>`
    select access_token, refresh_token from oauth_connections where integration_id = ${id}`;
  return {
    access: decrypt(
      t.deps.vault,
      row?.access_token ?? '',
      oauthTokenContext(id, 'source', 'access'),
    ),
    refresh: decrypt(
      t.deps.vault,
      row?.refresh_token ?? '',
      oauthTokenContext(id, 'source', 'refresh'),
    ),
  };
}

async function testRun(id: string) {
  return user.request('POST', `/api/integrations/${id}/execute`, { testMode: true });
}

const refreshRequests = () =>
  provider.tokenRequests.filter((request) => request.grant_type === 'refresh_token');

describe('runs with a connected account', () => {
  it('a token near expiry is refreshed before the run; the API sees the new one', async () => {
    const id = await connectedIntegration();
    const before = await tokensOf(id);
    await t.db.sql`update oauth_connections set expires_at = now() + interval '20 seconds'
                   where integration_id = ${id}`;
    const response = await testRun(id);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; data: unknown; requests: unknown[] };
    expect(body).toMatchObject({ status: 'success', data: { count: 2 } });
    expect(refreshRequests()).toHaveLength(1);
    const after = await tokensOf(id);
    expect(after.access).not.toBe(before.access);
    expect(api.received.map((r) => r.headers.authorization)).toEqual([`Bearer ${after.access}`]);
    // The refresh happened host-side, outside the run's transcript; no token shows anywhere.
    expect(body.requests).toHaveLength(1);
    const text = JSON.stringify(body);
    for (const secret of [
      before.access,
      before.refresh,
      after.access,
      after.refresh,
      CLIENT_SECRET,
    ])
      expect(text).not.toContain(secret);
  });

  it('a 401 mid-run: the host refreshes the token and sends the request once more', async () => {
    const id = await connectedIntegration();
    const before = await tokensOf(id);
    refusedTokens.add(before.access);
    const body = (await (await testRun(id)).json()) as {
      status: string;
      data: unknown;
      requests: Array<{ status: number; requestHeaders: Record<string, string> }>;
    };
    expect(body).toMatchObject({ status: 'success', data: { count: 2 } });
    expect(refreshRequests()).toHaveLength(1);
    const after = await tokensOf(id);
    expect(api.received.map((r) => r.headers.authorization)).toEqual([
      `Bearer ${before.access}`,
      `Bearer ${after.access}`,
    ]);
    expect(body.requests.map((r) => r.status)).toEqual([401, 200]);
    const text = JSON.stringify(body);
    for (const secret of [before.access, before.refresh, after.access, after.refresh])
      expect(text).not.toContain(secret);
  });

  it('invalid_grant: the run fails for good with what to do, and the connection needs a reconnect', async () => {
    const id = await connectedIntegration();
    await t.db.sql`update oauth_connections set expires_at = now() where integration_id = ${id}`;
    provider.failNextRefresh(400, { error: 'invalid_grant', error_description: 'Token revoked' });
    const response = await testRun(id);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      code: 'TEST_RUN_FAILED',
      message:
        'The Acme CRM connection needs to be reconnected: the provider refused the refresh token: invalid_grant (Token revoked). Open the integration and choose Reconnect.',
    });
    expect(api.received).toHaveLength(0);
    const shown = (await (await user.request('GET', `/api/integrations/${id}/oauth`)).json()) as {
      source: { status: string };
    };
    expect(shown.source.status).toBe('needs-reconnect');
  });

  it('invalid_grant on deployed runs: each fails without retries, and the failure alert fires once', async () => {
    const id = await connectedIntegration();
    // Deployed: a failed run of an active integration makes it failed, and that alerts (ADR 022).
    const deployed = await user.request('PUT', `/api/integrations/${id}`, { status: 'active' });
    expect(deployed.status, await deployed.clone().text()).toBe(200);
    await t.db.sql`update oauth_connections set expires_at = now() where integration_id = ${id}`;
    provider.failNextRefresh(400, { error: 'invalid_grant' });
    const started = await user.request('POST', `/api/integrations/${id}/run`);
    expect(started.status).toBe(202);
    const { workflowId } = (await started.json()) as { workflowId: string };
    await expect(t.deps.temporal.workflow.getHandle(workflowId).result()).rejects.toThrow();
    // Run now now refuses an account that needs reconnecting (ADR 031); a run the schedule
    // starts still meets it, and fails the same way without asking the provider again.
    const refused = await user.request('POST', `/api/integrations/${id}/run`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('CREDENTIAL_MISSING');
    const scheduled = await t.deps.temporal.workflow.start(WORKFLOW_NAMES.runIntegration, {
      taskQueue: t.deps.taskQueue,
      workflowId: manualRunWorkflowId(id, randomUUID()),
      args: [{ integrationId: id, kind: 'manual' }],
    });
    await expect(scheduled.result()).rejects.toThrow();
    // One refresh request: the second run saw 'needs-reconnect' and did not ask the provider.
    expect(refreshRequests()).toHaveLength(1);
    expect(api.received).toHaveLength(0);
    const runs = await t.db.sql<{ status: string }[]>`
      select status from runs where integration_id = ${id} and kind = 'manual'`;
    expect(runs.map((run) => run.status)).toEqual(['failed', 'failed']);
    const alerts = await t.db.sql<{ transition: string; error_message: string }[]>`
      select transition, error_message from alerts where integration_id = ${id}`;
    expect(alerts).toEqual([
      {
        transition: 'failed',
        error_message: expect.stringMatching(/The Acme CRM connection needs to be reconnected/),
      },
    ]);
    // Its Schedule goes with it.
    expect((await user.request('DELETE', `/api/integrations/${id}`)).status).toBe(204);
  });

  it('a 401 mid-run whose refresh gets invalid_grant fails the request with the reconnect message', async () => {
    const id = await connectedIntegration();
    refusedTokens.add((await tokensOf(id)).access);
    provider.failNextRefresh(400, { error: 'invalid_grant' });
    const body = (await (await testRun(id)).json()) as {
      status: string;
      error: { message: string; retryable: boolean };
    };
    expect(body.status).toBe('failed');
    expect(body.error.message).toMatch(/The Acme CRM connection needs to be reconnected/);
    expect(body.error.retryable).toBe(false);
  });
});
