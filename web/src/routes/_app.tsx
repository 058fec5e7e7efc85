import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppShellLayout } from '../components/app-shell/app-shell-layout.tsx';
import { RequireUser } from '../components/app-shell/require-user.tsx';
import { WithQueryClient } from '../components/with-query-client.tsx';
import { loadQueryClient } from '../lib/load-query-client.ts';

// Pathless layout of every signed-in route: the login guard, then the shell. Its
// beforeLoad hands React Query's client to every signed-in route's loader.
export const Route = createFileRoute('/_app')({
  beforeLoad: loadQueryClient,
  component: SignedInLayout,
});

function SignedInLayout() {
  return (
    <WithQueryClient>
      <RequireUser>
        <AppShellLayout>
          <Outlet />
        </AppShellLayout>
      </RequireUser>
    </WithQueryClient>
  );
}
