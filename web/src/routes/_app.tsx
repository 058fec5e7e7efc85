import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppShellLayout } from '../components/app-shell/app-shell-layout.tsx';
import { RequireUser } from '../components/app-shell/require-user.tsx';

// Pathless layout of every signed-in route (spec §2): the login guard, then the shell.
export const Route = createFileRoute('/_app')({
  component: SignedInLayout,
});

function SignedInLayout() {
  return (
    <RequireUser>
      <AppShellLayout>
        <Outlet />
      </AppShellLayout>
    </RequireUser>
  );
}
