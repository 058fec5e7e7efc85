import { insertRunRecord } from '@patchbay/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';

// Deploy refuses code that cannot run (ADR 031), and the list carries the last run.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const GOOD = 'export default async function run(ctx) {\n  return { ok: true };\n}\n';
const BROKEN = 'export default async function run(ctx) {\n  const x = ;\n}\n';

async function createDraft(user: TestUser): Promise<string> {
  const response = await user.request('POST', '/api/integrations', {
    name: 'Orders to sheet',
    userPrompt: 'Copy every new order from the shop into the spreadsheet as a row.',
    sourceApiName: 'Shop',
    sourceApiUrl: 'https://shop.example.com',
    sourceAuthType: 'none',
    destApiName: 'Sheets',
    destApiUrl: 'https://sheets.example.com',
    destAuthType: 'none',
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe('deploying code that cannot run', () => {
  it('refuses a syntax error with 409 naming the line and column, and keeps the draft', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const id = await createDraft(user);
    const put = (body: object) => user.request('PUT', `/api/integrations/${id}`, body);

    // Save keeps work in progress, even when it does not parse.
    const saved = await put({ generatedCode: BROKEN });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ status: 'draft', generatedCode: BROKEN });

    const deploy = await put({ generatedCode: BROKEN, status: 'active' });
    expect(deploy.status).toBe(409);
    expect(await deploy.json()).toEqual({
      code: 'CODE_NOT_RUNNABLE',
      message: 'The code cannot run: Unexpected token (line 2, column 13)',
      issues: [
        {
          path: ['generatedCode'],
          message: 'The code cannot run: Unexpected token (line 2, column 13)',
          code: 'CODE_NOT_RUNNABLE',
        },
      ],
    });
    // The saved code alone cannot go live either.
    expect((await put({ status: 'active' })).status).toBe(409);
    const after = (await (await user.request('GET', `/api/integrations/${id}`)).json()) as {
      status: string;
    };
    expect(after.status).toBe('draft');
  });

  it('refuses code without a default export function', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const id = await createDraft(user);
    const response = await user.request('PUT', `/api/integrations/${id}`, {
      generatedCode: 'async function run(ctx) {\n  return 1;\n}\n',
      status: 'active',
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /no default export.*\(line 1, column 1\)$/,
    );
  });

  it('does not let broken code replace what an active integration runs, nor resume it', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const id = await createDraft(user);
    const put = (body: object) => user.request('PUT', `/api/integrations/${id}`, body);
    expect((await put({ generatedCode: GOOD, status: 'active' })).status).toBe(200);

    const overLive = await put({ generatedCode: BROKEN });
    expect(overLive.status).toBe(409);
    expect(await (await user.request('GET', `/api/integrations/${id}`)).json()).toMatchObject({
      generatedCode: GOOD,
      status: 'active',
    });

    // Paused, the draft may be broken again; resuming it is a deploy and is refused.
    expect((await put({ status: 'paused' })).status).toBe(200);
    expect((await put({ generatedCode: BROKEN })).status).toBe(200);
    expect((await put({ status: 'active' })).status).toBe(409);
    expect((await put({ generatedCode: GOOD, status: 'active' })).status).toBe(200);
  });
});

describe('the list carries each integration’s last deployed run', () => {
  it('is null before any run, ignores tests, and gives the failed run’s error', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const id = await createDraft(user);
    type Item = {
      id: string;
      lastRunAt: string | null;
      lastRunStatus: string | null;
      lastError: string | null;
    };
    const list = async () =>
      ((await (await user.request('GET', '/api/integrations')).json()) as Item[]).find(
        (item) => item.id === id,
      );
    expect(await list()).toMatchObject({ lastRunAt: null, lastRunStatus: null, lastError: null });

    const outcome = (status: 'success' | 'failed', attempt = 1) => ({
      status,
      data: null,
      logs: [],
      requests: [],
      stateChanges: { set: {}, deleted: [] },
      durationMs: 5,
      attempt,
      ...(status === 'failed'
        ? { error: { name: 'Error', message: 'CRM answered 500', retryable: true } }
        : {}),
    });
    const key = (kind: 'test' | 'manual' | 'scheduled', runId: string) => ({
      integrationId: id,
      kind,
      workflowId: `wf-${runId}`,
      runId,
    });
    await insertRunRecord(
      t.db.sql,
      key('manual', 'a'),
      outcome('success'),
      new Date('2026-01-01T10:00:00Z'),
    );
    await insertRunRecord(
      t.db.sql,
      key('scheduled', 'b'),
      outcome('failed'),
      new Date('2026-01-01T11:00:00Z'),
    );
    // A later test is not a run of the integration.
    await insertRunRecord(
      t.db.sql,
      key('test', 'c'),
      outcome('success'),
      new Date('2026-01-01T12:00:00Z'),
    );
    expect(await list()).toMatchObject({
      lastRunAt: '2026-01-01T11:00:00.000Z',
      lastRunStatus: 'failed',
      lastError: 'CRM answered 500',
    });

    await insertRunRecord(
      t.db.sql,
      key('scheduled', 'd'),
      outcome('success'),
      new Date('2026-01-01T13:00:00Z'),
    );
    expect(await list()).toMatchObject({
      lastRunAt: '2026-01-01T13:00:00.000Z',
      lastRunStatus: 'success',
      lastError: null,
    });
  });
});
