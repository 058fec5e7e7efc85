// AppType carries the routes (ADR 018): the routers are single chains mounted with
// app.route(), so hono/client knows every path, its input and its JSON output. tsc checks
// the typed calls below; the test checks they reach the real app.
import { hc } from 'hono/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../scripts/test-support/test-app.ts';
import type { AppType } from './app.ts';

describe('AppType', () => {
  let t: TestApp;
  let client: ReturnType<typeof hc<AppType>>;
  beforeAll(async () => {
    t = await createTestApp();
    client = hc<AppType>(TEST_ORIGIN, {
      fetch: (input: string | URL | Request, init?: RequestInit) => t.app.request(input, init),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('types a route mounted two routers deep, with its path parameter', async () => {
    const response = await client.api.integrations[':id'].$get({ param: { id: '1' } });
    // Not signed in: the typed client still reaches the real route.
    expect(response.status).toBe(401);
  });

  it("types a route's JSON output", async () => {
    const response = await client.api.health.$get();
    const body = await response.json();
    // `database` exists on the inferred type; a typo here fails tsc.
    expect(['ok', 'down']).toContain(body.database);
  });
});
