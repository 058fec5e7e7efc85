// Temporal must not hold customer data in plaintext (ADR 009): runs go through the API to a real
// worker on the real Temporal dev server, and the workflow histories, read raw (the gRPC
// service, no codec), hold none of the customer data the runs read, returned, logged or
// failed with; the product still answers with it. The codec endpoint the Temporal Web UI
// calls decodes those payloads for operators only, and runs carry Temporal links for
// operators only. The third-party API is an HTTP server on loopback.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { defaultPayloadConverter } from '@temporalio/common';
import { Client, WorkflowFailedError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENCRYPTED_ENCODING,
  payloadFromJson,
  payloadToJson,
  type CodecPayload,
  type TCodecPayloadJson,
} from '@patchbay/schema/temporal-codec';
import { startFakeApi, type FakeApi } from '../../../scripts/test-support/fake-api.ts';
import {
  createTestApp,
  createTestUser,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';
import { startTestWorker, type TestWorker } from '../../../scripts/test-support/test-worker.ts';

const EMAIL = 'jane.roe.7f3a@example.com';
const ORDER = 'ORDER-A99812';
const UI_ORIGIN = 'http://localhost:8233';

const CODE = `export default async function run(ctx) {
  const customer = await ctx.source.get('/customer');
  ctx.log('customer', customer.email);
  if (customer.refuse) throw new Error('refused ' + customer.email + ' for ' + customer.order);
  return { email: customer.email, order: customer.order };
}
`;

let t: TestApp;
let worker: TestWorker;
let source: FakeApi;
let operator: TestUser;
let user: TestUser;

beforeAll(async () => {
  const taskQueue = `test-${randomUUID()}`;
  t = await createTestApp({ taskQueue, workflowWaitMs: 45_000 });
  worker = await startTestWorker({ databaseUrl: t.db.url, vault: t.deps.vault, taskQueue });
  // The first account of an installation is its operator; the next is a user.
  operator = await createTestUser(t, { plan: 'pro' });
  user = await createTestUser(t, { plan: 'pro' });
  source = await startFakeApi();
});
afterAll(async () => {
  await source?.close();
  await worker?.stop();
  await t?.close();
});

async function createIntegration(owner: TestUser, refuse: boolean): Promise<string> {
  source.on('GET /customer', { json: { email: EMAIL, order: ORDER, refuse } });
  const response = await owner.request('POST', '/api/integrations', {
    userPrompt: 'Read the customer from the shop and return it.',
    sourceApiName: 'Shop',
    sourceApiUrl: source.url,
    sourceAuthType: 'none',
    destApiName: 'Nothing',
    destApiUrl: source.url,
    destAuthType: 'none',
    generatedCode: CODE,
  });
  const body = (await response.json()) as { id: string };
  expect(response.status, JSON.stringify(body)).toBe(201);
  // Active without a Temporal Schedule, so "Run now" may start it (drafts only test-run).
  await t.db.sql`update integrations set status = 'active' where id = ${body.id}`;
  return body.id;
}

/** Every payload of a workflow's history, read raw: the gRPC service applies no codec. */
async function rawHistory(workflowId: string) {
  const { history } = await t.deps.temporal.workflowService.getWorkflowExecutionHistory({
    namespace: 'default',
    execution: { workflowId },
  });
  return history?.events ?? [];
}

/** Every string and byte of a value, as UTF-8 text, to search for plaintext. */
function allText(value: unknown): string {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(allText).join('\n');
  if (typeof value === 'object' && value !== null)
    return Object.values(value).map(allText).join('\n');
  return '';
}

/** The payloads (objects with `data` bytes) anywhere in a value. */
function payloadsIn(value: unknown, found: CodecPayload[] = []): CodecPayload[] {
  if (Array.isArray(value)) value.forEach((item) => payloadsIn(item, found));
  else if (typeof value === 'object' && value !== null && !(value instanceof Uint8Array)) {
    const candidate = value as CodecPayload;
    if (candidate.data instanceof Uint8Array && candidate.metadata) found.push(candidate);
    else Object.values(value).forEach((item) => payloadsIn(item, found));
  }
  return found;
}

function codecRequest(
  who: TestUser | null,
  path: 'decode' | 'encode',
  payloads: TCodecPayloadJson[],
  origin = UI_ORIGIN,
) {
  return t.app.request(`/api/temporal-codec/${path}`, {
    method: 'POST',
    headers: {
      origin,
      'content-type': 'application/json',
      'x-namespace': 'default',
      ...(who ? { cookie: who.cookie } : {}),
    },
    body: JSON.stringify({ payloads }),
  });
}

describe('Temporal holds ciphertext only', () => {
  it('a test run: the API answers with the data and logs, the raw history holds none of them', async () => {
    const id = await createIntegration(user, false);
    const response = await user.request('POST', `/api/integrations/${id}/execute`, {
      testMode: true,
    });
    expect(response.status).toBe(200);
    const run = (await response.json()) as { status: string; data: unknown; logs: string[] };
    expect(run.status).toBe('success');
    expect(run.data).toEqual({ email: EMAIL, order: ORDER });
    expect(run.logs.join('\n')).toContain(EMAIL);

    const runs = (await (await user.request('GET', `/api/integrations/${id}/runs`)).json()) as {
      runs: { workflowId: string }[];
    };
    const workflowId = runs.runs[0]?.workflowId ?? '';
    const events = await rawHistory(workflowId);
    expect(events.length).toBeGreaterThan(0);
    const stored = allText(events);
    expect(stored).not.toContain(EMAIL);
    expect(stored).not.toContain(ORDER);
    const payloads = payloadsIn(events);
    expect(payloads.length).toBeGreaterThan(0);
    // Test runs are a local activity: its marker carries Temporal's own bookkeeping in
    // plain JSON (sequence, attempt, activity type, times) beside the encrypted result. Nothing
    // else may be plain.
    const MARKER_BOOKKEEPING = [
      'seq',
      'attempt',
      'activity_id',
      'activity_type',
      'complete_time',
      'backoff',
      'original_schedule_time',
    ];
    let encrypted = 0;
    for (const payload of payloads) {
      if (Buffer.from(payload.metadata?.encoding ?? []).toString() === ENCRYPTED_ENCODING) {
        encrypted += 1;
        continue;
      }
      const plain = JSON.parse(Buffer.from(payload.data ?? []).toString()) as Record<
        string,
        unknown
      >;
      expect(Object.keys(plain).filter((key) => !MARKER_BOOKKEEPING.includes(key))).toEqual([]);
    }
    expect(encrypted).toBeGreaterThan(0);

    // A client without the codec cannot read the result; the product's client can.
    const plainClient = new Client({ connection: t.deps.temporal.connection });
    await expect(plainClient.workflow.getHandle(workflowId).result()).rejects.toThrow();
    expect(await t.deps.temporal.workflow.getHandle(workflowId).result()).toMatchObject({
      data: { email: EMAIL, order: ORDER },
    });

    // The codec endpoint decodes those very payloads for an operator (so the search above
    // would have found the data had it been there).
    const decoded = await codecRequest(operator, 'decode', payloads.map(payloadToJson));
    expect(decoded.status).toBe(200);
    const { payloads: plain } = (await decoded.json()) as { payloads: TCodecPayloadJson[] };
    const text = plain.map((payload) => allText(payloadFromJson(payload))).join('\n');
    expect(text).toContain(EMAIL);
    expect(text).toContain(ORDER);
  });

  it('a failed run: its error message and stack are encrypted too', async () => {
    const id = await createIntegration(user, true);
    const started = await user.request('POST', `/api/integrations/${id}/run`);
    expect(started.status).toBe(202);
    const { workflowId } = (await started.json()) as { workflowId: string };
    // The product's client reads the failure, message included.
    const failure = await t.deps.temporal.workflow
      .getHandle(workflowId)
      .result()
      .then(
        () => new Error('the run should have failed'),
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(WorkflowFailedError);
    expect((failure as WorkflowFailedError).cause?.message).toContain(`refused ${EMAIL}`);
    const runs = (await (await user.request('GET', `/api/integrations/${id}/runs`)).json()) as {
      runs: { status: string; error: { message: string } | null }[];
    };
    expect(runs.runs[0]?.status).toBe('failed');
    expect(runs.runs[0]?.error?.message).toContain(`refused ${EMAIL}`);

    const events = await rawHistory(workflowId);
    expect(events.some((event) => event.activityTaskFailedEventAttributes)).toBe(true);
    const stored = allText(events);
    expect(stored).not.toContain(EMAIL);
    expect(stored).not.toContain(ORDER);
    expect(stored).toContain('Encoded failure'); // what Temporal keeps instead of the message
  }, 90_000);
});

describe('POST /api/temporal-codec/decode and /encode (the Temporal Web UI codec server)', () => {
  it('encode then decode round-trips for an operator, from the UI origin, with CORS for it', async () => {
    const encoded = await codecRequest(operator, 'encode', [plain()]);
    expect(encoded.status).toBe(200);
    expect(encoded.headers.get('access-control-allow-origin')).toBe(UI_ORIGIN);
    expect(encoded.headers.get('access-control-allow-credentials')).toBe('true');
    const { payloads } = (await encoded.json()) as { payloads: TCodecPayloadJson[] };
    expect(payloads).toHaveLength(1);
    const cipher = payloadFromJson(payloads[0] as TCodecPayloadJson);
    expect(Buffer.from(cipher.metadata?.encoding ?? []).toString()).toBe(ENCRYPTED_ENCODING);
    expect(allText(cipher)).not.toContain(EMAIL);

    const decoded = await codecRequest(operator, 'decode', payloads);
    expect(decoded.status).toBe(200);
    expect(await decoded.json()).toEqual({ payloads: [plain()] });
  });

  it('answers the UI origin’s preflight, and no other origin’s', async () => {
    const preflight = (origin: string) =>
      t.app.request('/api/temporal-codec/decode', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-namespace',
        },
      });
    const allowed = await preflight(UI_ORIGIN);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(UI_ORIGIN);
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(allowed.headers.get('access-control-allow-methods')).toContain('POST');
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'x-namespace',
    );
    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
  });

  it('401 signed out, 403 for a user who is not an operator (readable by the UI), 403 from another origin', async () => {
    const signedOut = await codecRequest(null, 'decode', [plain()]);
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get('access-control-allow-origin')).toBe(UI_ORIGIN);

    const notOperator = await codecRequest(user, 'decode', [plain()]);
    expect(notOperator.status).toBe(403);
    expect(await notOperator.json()).toMatchObject({ code: 'OPERATORS_ONLY' });
    expect(notOperator.headers.get('access-control-allow-origin')).toBe(UI_ORIGIN);
    expect((await codecRequest(user, 'encode', [plain()])).status).toBe(403);

    const elsewhere = await codecRequest(operator, 'decode', [plain()], 'https://evil.example');
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.json()).toMatchObject({ code: 'ORIGIN_MISMATCH' });
    // The console's own origin may call it too.
    expect((await codecRequest(operator, 'decode', [plain()], TEST_ORIGIN)).status).toBe(200);
  });

  it('400 for a body that is not payloads, and for a payload it cannot decrypt', async () => {
    const malformed = await codecRequest(operator, 'decode', [{ data: 'not base64!' }]);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED' });

    const unknownKey = {
      metadata: {
        encoding: Buffer.from(ENCRYPTED_ENCODING).toString('base64'),
        'encryption-key-id': Buffer.from('gone').toString('base64'),
      },
      data: Buffer.alloc(40).toString('base64'),
    };
    const undecryptable = await codecRequest(operator, 'decode', [unknownKey]);
    expect(undecryptable.status).toBe(400);
    expect(await undecryptable.json()).toEqual({
      code: 'CODEC_FAILED',
      message:
        'a Temporal payload was encrypted with key "gone", which APP_ENCRYPTION_KEYS does not contain',
    });
  });
});

describe('the operator role', () => {
  it('the first account is the operator; the current user says its role', async () => {
    const me = async (who: TestUser) =>
      ((await (await who.request('GET', '/api/auth/user')).json()) as { role: string }).role;
    expect(await me(operator)).toBe('operator');
    expect(await me(user)).toBe('user');
  });

  it('runs carry a Temporal link for operators only', async () => {
    const mine = await createIntegration(operator, false);
    const theirs = await createIntegration(user, false);
    await operator.request('POST', `/api/integrations/${mine}/execute`, { testMode: true });
    await user.request('POST', `/api/integrations/${theirs}/execute`, { testMode: true });
    const runsOf = async (who: TestUser, id: string) =>
      (
        (await (await who.request('GET', `/api/integrations/${id}/runs`)).json()) as {
          runs: { temporalUrl?: string; workflowId: string; runId: string }[];
        }
      ).runs;

    const [operatorRun] = await runsOf(operator, mine);
    expect(operatorRun?.temporalUrl).toBe(
      `${UI_ORIGIN}/namespaces/default/workflows/${encodeURIComponent(operatorRun?.workflowId ?? '')}/${operatorRun?.runId}/history`,
    );
    const [userRun] = await runsOf(user, theirs);
    expect(userRun).toBeDefined();
    expect(userRun).not.toHaveProperty('temporalUrl');

    const started = await user.request('POST', `/api/integrations/${theirs}/run`);
    expect(started.status).toBe(202);
    expect(await started.json()).not.toHaveProperty('temporalUrl');
    const operatorStarted = await operator.request('POST', `/api/integrations/${mine}/run`);
    expect(await operatorStarted.json()).toHaveProperty('temporalUrl');
  });

  it('npm run set-role makes an account an operator and takes it back', async () => {
    const someone = await createTestUser(t);
    const setRole = (...args: string[]) =>
      promisify(execFile)(
        process.execPath,
        [fileURLToPath(new URL('../../../scripts/ops/set-role.ts', import.meta.url)), ...args],
        {
          env: {
            ...process.env,
            DATABASE_URL: t.db.url,
            // Ops scripts resolve the key ring as npm start does; set-role does not use it.
            APP_ENCRYPTION_KEYS: `test:${t.deps.vault.keys.get('test')?.toString('base64')}`,
          },
        },
      );
    expect((await codecRequest(someone, 'decode', [plain()])).status).toBe(403);

    const made = await setRole(someone.email.toUpperCase(), 'operator');
    expect(made.stdout).toBe(`${someone.email} is now an operator.\n`);
    expect((await codecRequest(someone, 'decode', [plain()])).status).toBe(200);

    await setRole(someone.email, 'user');
    expect((await codecRequest(someone, 'decode', [plain()])).status).toBe(403);

    await expect(setRole(someone.email, 'admin')).rejects.toMatchObject({
      code: 2,
      stderr: 'usage: npm run set-role -- <email> <user|operator>\n',
    });
    await expect(setRole('nobody@example.com', 'operator')).rejects.toMatchObject({
      code: 1,
      stderr: 'set-role: no account with the email nobody@example.com\n',
    });
  });
});

function plain(): TCodecPayloadJson {
  return payloadToJson(defaultPayloadConverter.toPayload({ email: EMAIL }) as CodecPayload);
}
