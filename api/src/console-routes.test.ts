// The console names its API calls in one table (@patchbay/schema/api-routes, ADR 042); this
// file holds it to the routes the app registers. The type below makes `npm run typecheck`
// fail when a route the console calls is renamed or removed here; the test checks the same at
// run time, against the router itself.
import { API_ROUTES, type ApiRoutePattern } from '@patchbay/schema/api-routes';
import { generateKeyEntry, parseKeyRing } from '@patchbay/schema/vault';
import type { ExtractSchema } from 'hono/types';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from './app-deps.ts';
import { createApp, type AppType } from './app.ts';

/** Every path pattern the app's type carries (hono/client's view of the routes). */
type ServerPath = keyof ExtractSchema<AppType>;
/** Compiles only when every pattern in `P` is a route of the app. */
type KnownRoutes<P extends ServerPath> = P;

// The check itself: a table entry the app lacks is named in the error.
export type ConsoleRoutes = KnownRoutes<ApiRoutePattern>;

// @ts-expect-error a route the app does not have: a rename on either side reads like this.
export type RenamedRoute = KnownRoutes<'/api/integrations/:id/runz'>;

/**
 * Route registration needs only these; nothing here handles a request, so no database or
 * Temporal is reached.
 */
function registeredPaths(): Set<string> {
  const deps = {
    vault: parseKeyRing(generateKeyEntry('test')),
    temporalUi: { baseUrl: 'http://localhost:8233', namespace: 'default' },
    webDistDir: null,
    auth: { appUrl: new URL('http://localhost') },
  } as unknown as AppDeps;
  return new Set(createApp(deps).routes.map((route) => route.path));
}

describe('the console route table', () => {
  it('names only routes the app registers', () => {
    const paths = registeredPaths();
    const unknown = Object.values(API_ROUTES).filter((pattern) => !paths.has(pattern));
    expect(unknown).toEqual([]);
    // The comparison can fail: a path the app lacks is reported.
    expect(paths.has('/api/integrations/:id/runz')).toBe(false);
  });
});
