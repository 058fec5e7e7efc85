// GET /api/openapi.json is generated from the routes (hono-openapi, ADR 018). This test
// walks the app's routes: one without describeRoute({summary}) fails it, and the document
// must carry what clients rely on (paths, auth, request and response schemas).
import { Hono } from 'hono';
import { describeRoute, uniqueSymbol } from 'hono-openapi';
import { findTargetHandler } from 'hono/utils/handler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestUser,
  type TestApp,
} from '../../scripts/test-support/test-app.ts';

interface Operation {
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; schema?: Record<string, unknown> }[];
  requestBody?: {
    required?: boolean;
    description?: string;
    content: Record<
      string,
      { schema: { properties: Record<string, unknown>; required: string[] } }
    >;
  };
  responses: Record<
    string,
    {
      description?: string;
      headers?: Record<string, unknown>;
      content?: Record<string, { schema: Record<string, unknown> }>;
    }
  >;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
}

/** `METHOD /path/{param}` of every API route, and whether a describeRoute with a summary is on it. */
function apiRoutes(app: Hono) {
  const routes = new Map<string, boolean>();
  for (const route of app.routes) {
    // /hooks/:token is the webhook intake: public, outside /api, documented too.
    const documentedPath = route.path.startsWith('/api/') || route.path.startsWith('/hooks/');
    if (route.method === 'ALL' || !documentedPath || route.path === '/api/*') {
      continue;
    }
    const key = `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`;
    const marker = (findTargetHandler(route.handler) as { [uniqueSymbol]?: { spec?: unknown } })[
      uniqueSymbol
    ];
    const spec = marker?.spec as { summary?: string; description?: string } | undefined;
    const described = Boolean(spec?.summary?.trim() || spec?.description?.trim());
    routes.set(key, (routes.get(key) ?? false) || described);
  }
  return routes;
}

function undescribed(app: Hono): string[] {
  return [...apiRoutes(app)].filter(([, described]) => !described).map(([key]) => key);
}

describe('apiRoutes (the walker this file relies on)', () => {
  it('finds a route that lacks a description', () => {
    const api = new Hono()
      .get('/described', describeRoute({ summary: 'Has one' }), (c) => c.text('ok'))
      .post('/bare/:id', (c) => c.text('no description'))
      .put('/empty', describeRoute({ summary: ' ' }), (c) => c.text('blank summary'));
    const app = new Hono().route('/api', api);
    expect(undescribed(app).sort()).toEqual(['POST /api/bare/{id}', 'PUT /api/empty']);
  });
});

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.app.request('/api/openapi.json');
    expect(response.status).toBe(200);
    doc = (await response.json()) as Document;
  });
  afterAll(async () => {
    await t.close();
  });

  it('every route has describeRoute with a summary', () => {
    expect(apiRoutes(t.app).size).toBeGreaterThan(20);
    expect(undescribed(t.app)).toEqual([]);
  });

  it('documents exactly the routes the app has', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual([...apiRoutes(t.app).keys()].sort());
    for (const operations of Object.values(doc.paths)) {
      for (const operation of Object.values(operations)) expect(operation.summary).toBeTruthy();
    }
  });

  it('is OpenAPI 3.1 with both ways to authenticate, on exactly the signed-in routes', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearer', 'session']);
    const signedIn = [{ session: [] }, { bearer: [] }];
    expect(doc.paths['/api/integrations']?.get?.security).toEqual(signedIn);
    expect(doc.paths['/api/integrations/{id}/runs']?.get?.security).toEqual(signedIn);
    expect(doc.paths['/api/auth/user']?.get?.security).toEqual(signedIn);
    expect(doc.paths['/api/auth/signup']?.post?.security).toBeUndefined();
    expect(doc.paths['/api/health']?.get?.security).toBeUndefined();
  });

  it('takes request bodies and query parameters from the validating schemas', () => {
    const create =
      doc.paths['/api/integrations']?.post?.requestBody?.content['application/json']?.schema;
    expect(create?.required).toEqual(
      expect.arrayContaining([
        'userPrompt',
        'sourceApiName',
        'sourceApiUrl',
        'destApiName',
        'destApiUrl',
      ]),
    );
    expect(create?.properties.userPrompt).toMatchObject({ minLength: 20, maxLength: 1000 });
    expect(create?.properties.sourceAuthType).toMatchObject({
      enum: ['api-key', 'bearer', 'oauth', 'basic', 'none'],
    });
    const signup =
      doc.paths['/api/auth/signup']?.post?.requestBody?.content['application/json']?.schema;
    expect(signup?.properties.password).toMatchObject({ minLength: 8 });
    const runs = doc.paths['/api/integrations/{id}/runs']?.get;
    expect(runs?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'id', in: 'path' }),
        expect.objectContaining({ name: 'limit', in: 'query' }),
        expect.objectContaining({ name: 'before', in: 'query' }),
      ]),
    );
  });

  it('describes responses with the shared schemas, and errors with the shared error body', () => {
    const run = doc.paths['/api/integrations/{id}/execute']?.post;
    const success = run?.responses['200']?.content?.['application/json']?.schema;
    expect(success).toMatchObject({
      properties: expect.objectContaining({
        status: expect.anything(),
        requests: expect.anything(),
      }),
    });
    expect(run?.responses['404']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    // The validator's 400 is the shared error body, not hono-openapi's default.
    expect(run?.responses['400']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(doc.components.schemas.Error).toMatchObject({
      required: expect.arrayContaining(['message', 'code']),
    });
    const created = doc.paths['/api/integrations']?.post?.responses['201'];
    expect(created?.content?.['application/json']?.schema).toMatchObject({ type: 'object' });
    expect(
      doc.paths['/api/integrations/{id}/export']?.get?.responses['200']?.content,
    ).toHaveProperty('application/zip');
  });

  const body = (path: string, method: string) =>
    doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;

  it('states what the server checks: http(s) URLs, emails, the OAuth side, a non-empty replay', () => {
    const httpUrl = { type: 'string', format: 'uri', pattern: '^(?:https?):' };
    for (const [path, method] of [
      ['/api/integrations', 'post'],
      ['/api/integrations/{id}', 'put'],
      ['/api/integrations/generate', 'post'],
    ] as const) {
      expect(body(path, method)?.properties.sourceApiUrl, path).toMatchObject(httpUrl);
      expect(body(path, method)?.properties.destApiUrl, path).toMatchObject(httpUrl);
    }
    for (const path of [
      '/api/auth/signup',
      '/api/auth/login',
      '/api/auth/password-reset/request',
    ]) {
      expect(body(path, 'post')?.properties.email, path).toMatchObject({ format: 'email' });
    }
    for (const action of ['connect', 'disconnect']) {
      const side = doc.paths[
        `/api/integrations/{id}/oauth/{side}/${action}`
      ]?.post?.parameters?.find((parameter) => parameter.name === 'side');
      expect(side?.schema).toMatchObject({ enum: ['source', 'destination'] });
    }
    expect(
      body('/api/integrations/{id}/runs/{runId}/replay', 'post')?.properties.code,
    ).toMatchObject({ minLength: 1, pattern: '\\S' });
  });

  it('marks a body required exactly where the server refuses a request without one', () => {
    const required = (path: string, method: string) =>
      doc.paths[path]?.[method]?.requestBody?.required;
    // Every field optional: no body is an empty change, and the server takes it.
    expect(required('/api/ping', 'post')).toBe(false);
    expect(required('/api/integrations/{id}', 'put')).toBe(false);
    expect(required('/api/notifications/channels/{id}', 'put')).toBe(false);
    expect(required('/api/integrations', 'post')).toBe(true);
    expect(required('/api/integrations/{id}/execute', 'post')).toBe(true);
  });

  it('lists what the middleware answers on every route it covers: 400, 401, 403, 413, 503', () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses);
        const label = `${method.toUpperCase()} ${path}`;
        expect(statuses, label).toContain('503');
        if (path.startsWith('/api/'))
          expect(statuses, label).toEqual(expect.arrayContaining(['400', '401']));
        if (path.startsWith('/api/') && method !== 'get') expect(statuses, label).toContain('403');
        if (operation.requestBody) expect(statuses, label).toContain('413');
      }
    }
    const create = doc.paths['/api/integrations']?.post?.responses;
    // A route's own description of a status stays (403 is also the plan limit here).
    expect(create?.['403']?.description).toBe('Error: JSON {message, code}');
    expect(doc.paths['/api/usage']?.get?.responses['403']).toBeUndefined();
    // Every 429 says when to try again.
    expect(doc.paths['/api/auth/login']?.post?.responses['429']?.headers).toHaveProperty(
      'Retry-After',
    );
  });

  it('answers "mail not configured" with one status wherever mail is asked for', () => {
    for (const [path, operation] of [
      ['/api/auth/password-reset/request', doc.paths['/api/auth/password-reset/request']?.post],
      [
        '/api/notifications/channels/{id}/test',
        doc.paths['/api/notifications/channels/{id}/test']?.post,
      ],
    ] as const) {
      expect(operation?.description, path).toMatch(/503 MAIL_NOT_CONFIGURED/);
      expect(operation?.responses, path).toHaveProperty('503');
    }
  });

  it('describes the webhook receiver: any body up to 1 MiB, its headers and answers', () => {
    const hook = doc.paths['/hooks/{token}']?.post;
    expect(hook?.requestBody?.required).toBe(false);
    expect(hook?.requestBody?.description).toMatch(/Any body up to 1024 KiB/);
    expect(Object.keys(hook?.requestBody?.content ?? {})).toEqual(
      expect.arrayContaining(['application/json', '*/*']),
    );
    expect(hook?.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['stripe-signature', 'x-hub-signature-256', 'x-slack-signature']),
    );
    expect(Object.keys(hook?.responses ?? {}).sort()).toEqual(
      ['200', '202', '400', '401', '404', '413', '429', '431', '503'].sort(),
    );
    expect(hook?.responses['503']?.headers).toHaveProperty('Retry-After');
    expect(hook?.description).toMatch(/Any other method on this URL answers 405/);
  });

  it('every documented path answers 405 with Allow for each method it lacks', async () => {
    // Signed in, so a route's own requireAuth lets the request reach the router's answer.
    const user = await createTestUser(t);
    const example: Record<string, string> = { side: 'source', token: 'a'.repeat(64) };
    const wrong: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => example[name] ?? 'x');
      const documented = Object.keys(operations).map((method) => method.toUpperCase());
      const allow = [...documented, ...(documented.includes('GET') ? ['HEAD'] : [])].sort();
      for (const method of ['GET', 'PUT', 'POST', 'DELETE', 'PATCH']) {
        if (documented.includes(method)) continue;
        const response = await user.request(method, url);
        const got = `${response.status} ${response.headers.get('allow')}`;
        if (got !== `405 ${allow.join(', ')}`) wrong.push(`${method} ${path}: ${got}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
