import { createRootRoute, Outlet } from '@tanstack/react-router';
import { NotFoundScreen } from '../components/not-found-screen.tsx';

// No router-wide context: the routes that use React Query add its client in their beforeLoad
// (lib/load-query-client.ts), and their loaders read it as `context.queryClient`.
export const Route = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFoundScreen,
});
