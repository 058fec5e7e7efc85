import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';

export function createAppRouter() {
  return createRouter({
    routeTree,
    // Loaders fill the Query cache; let Query (lib/query-client.ts), not the router, decide
    // freshness.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
