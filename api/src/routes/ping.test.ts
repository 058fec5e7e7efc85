import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postJson, type TestApp } from '../../../scripts/test-support/test-app.ts';
import { startTestWorker, type TestWorker } from '../../../scripts/test-support/test-worker.ts';
import { createApp } from '../app.ts';

describe('POST /api/ping: api → Temporal → worker → api', () => {
  let t: TestApp;
  let worker: TestWorker;
  beforeAll(async () => {
    const taskQueue = `test-${randomUUID()}`;
    t = await createTestApp({ taskQueue });
    worker = await startTestWorker({ databaseUrl: t.db.url, vault: t.deps.vault, taskQueue });
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  it('runs the ping workflow on a real worker and answers its reply', async () => {
    const response = await postJson(
      t.app,
      '/api/ping',
      { message: 'hello' },
      { 'x-forwarded-for': '127.0.0.1' },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      reply: string;
      workflowId: string;
      roundTripMs: number;
    };
    expect(body.reply).toBe('pong: hello');
    expect(body.workflowId).toMatch(/^ping:[0-9a-f-]{36}$/);

    // The execution is recorded in Temporal, as the Web UI shows it.
    const description = await t.deps.temporal.workflow.getHandle(body.workflowId).describe();
    expect(description.status.name).toBe('COMPLETED');
    expect(description.type).toBe('ping');
    expect(description.taskQueue).toBe(worker.taskQueue);
  });

  it('answers 504 when no worker answers in time, and the workflow keeps going', async () => {
    const app = createApp({
      ...t.deps,
      taskQueue: `${worker.taskQueue}-nobody`,
      workflowWaitMs: 500,
    });
    const response = await postJson(
      app,
      '/api/ping',
      { message: 'late' },
      { 'x-forwarded-for': '127.0.0.1' },
    );
    expect(response.status).toBe(504);
    const body = (await response.json()) as { message: string; code: string };
    expect(body.code).toBe('WORKFLOW_TIMEOUT');
    const workflowId = /workflow (ping:[0-9a-f-]{36})/.exec(body.message)?.[1];
    expect(workflowId).toBeDefined();
    const handle = t.deps.temporal.workflow.getHandle(workflowId ?? '');
    expect((await handle.describe()).status.name).toBe('RUNNING');
    await handle.terminate('test cleanup');
  });
});
