import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTemporalClient } from './temporal.ts';
import { createApp } from './app.ts';
import {
  createTestApp,
  postJson,
  TEST_ORIGIN,
  type TestApp,
} from '../../scripts/test-support/test-app.ts';

describe('the API shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/health answers ok when PostgreSQL and Temporal answer', async () => {
    const response = await t.app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok', temporal: 'ok' });
  });

  it('GET /api/health answers 503 naming Temporal when it is unreachable', async () => {
    const unreachable = createTemporalClient({
      address: '127.0.0.1:1',
      namespace: 'default',
      tls: false,
      keyRing: t.deps.vault,
    });
    const app = createApp({ ...t.deps, temporal: unreachable });
    const response = await app.request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: 'degraded',
      database: 'ok',
      temporal: 'down',
      message: 'Unreachable: temporal',
    });
  });

  it('answers unknown /api paths with JSON 404, never the console', async () => {
    const response = await t.app.request('/api/no-such-thing', {
      method: 'DELETE',
      headers: { origin: TEST_ORIGIN },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({
      message: 'No API route for DELETE /api/no-such-thing',
      code: 'NOT_FOUND',
    });
  });

  it('answers a method a path lacks with 405 and Allow, not 404', async () => {
    const put = await t.app.request('/api/health', {
      method: 'PUT',
      headers: { origin: TEST_ORIGIN },
    });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD');
    expect(await put.json()).toEqual({
      message: 'PUT is not allowed on /api/health; it takes GET, HEAD',
      code: 'METHOD_NOT_ALLOWED',
    });
    // A path parameter matches any id; the methods are the path's, whoever asks.
    const patch = await t.app.request('/api/auth/tokens/any-id', {
      method: 'PATCH',
      headers: { origin: TEST_ORIGIN },
    });
    expect(patch.status).toBe(405);
    expect(patch.headers.get('allow')).toBe('DELETE');
    // HEAD is answered wherever GET is.
    expect((await t.app.request('/api/health', { method: 'HEAD' })).status).toBe(200);
  });

  it('answers GET on a webhook URL with 405 (it takes POST), never the console', async () => {
    const response = await t.app.request(`/hooks/${'a'.repeat(64)}`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await response.json()) as { code: string }).code).toBe('METHOD_NOT_ALLOWED');
    // Below /hooks, a path no route has is a JSON 404.
    expect((await t.app.request('/hooks/a/b')).status).toBe(404);
  });

  it('serves the console for any other path, so the client router can show its own 404', async () => {
    const response = await t.app.request('/integrations/123/review');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Patchbay test console');
  });

  it('lets only signed-in users and this machine start the ping workflow', async () => {
    const response = await postJson(
      t.app,
      '/api/ping',
      { message: 'hi' },
      { 'x-forwarded-for': '203.0.113.9' },
    );
    expect(response.status).toBe(401);
  });

  it('rejects invalid JSON with 400 and a clear message', async () => {
    const response = await postJson(t.app, '/api/ping', '{"message": ');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/JSON/i),
    });
  });

  it('rejects unknown fields and wrong types with 400 and the issues', async () => {
    const unknown = await postJson(t.app, '/api/ping', { message: 'hi', extra: true });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [expect.objectContaining({ path: [] })],
    });

    const wrongType = await postJson(t.app, '/api/ping', { message: 42 });
    expect(wrongType.status).toBe(400);
    expect(await wrongType.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/^message: /),
    });
  });

  it('rejects a body over 1 MiB with 413 before reading it', async () => {
    const response = await postJson(t.app, '/api/ping', { message: 'x'.repeat(1024 * 1024 + 10) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      message: 'Request body is larger than 1024 KiB',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('lets a pasted OpenAPI document be larger (up to the import cap), and no more', async () => {
    // Signed out: the size check comes first, so 413 means "too large", 401 means "read on".
    const twoMiB = await postJson(t.app, '/api/catalog/import', {
      document: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(twoMiB.status).toBe(401);
    const sevenMiB = await postJson(t.app, '/api/catalog/import', {
      document: 'x'.repeat(7 * 1024 * 1024),
    });
    expect(sevenMiB.status).toBe(413);
  });
});
