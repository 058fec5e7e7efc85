import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../scripts/test-support/test-app.ts';
import { routeDocs } from './openapi.ts';

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('describes exactly the routes the app has', () => {
    const served = t.app.routes
      .filter(
        (route) =>
          route.method !== 'ALL' && route.path.startsWith('/api/') && route.path !== '/api/*',
      )
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    const documented = routeDocs.map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect([...new Set(served)].sort()).toEqual([...documented].sort());
  });

  it('serves an OpenAPI 3.1 document whose bodies come from the validating schemas', async () => {
    const response = await t.app.request('/api/openapi.json');
    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: {
              content: Record<
                string,
                { schema: { properties: Record<string, unknown>; required: string[] } }
              >;
            };
          }
        >
      >;
    };
    expect(doc.openapi).toBe('3.1.0');
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
  });
});
