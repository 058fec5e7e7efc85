import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { currentUserQuery } from '../../lib/queries/account.ts';
import { toast } from '../../lib/toast.ts';
import { FullPageMessage } from './full-page-message.tsx';

/** The redirect to /login follows the Unauthorized toast after 500 ms. */
export const UNAUTHORIZED_REDIRECT_MS = 500;

/**
 * The login guard of every signed-in route: 'Loading...' while the session
 * loads; without a user a red 'Unauthorized' toast, 'Redirecting to login...' and, after
 * 500 ms, a full-page redirect to /login (with ?next= the page asked for). The lookup is never
 * retried (currentUserQuery), and a failed lookup counts as no user.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useQuery(currentUserQuery);

  if (isPending) return <FullPageMessage withLoader>Loading...</FullPageMessage>;
  if (!user) return <RedirectToLogin />;
  return children;
}

function RedirectToLogin() {
  useEffect(() => {
    toast({
      title: 'Unauthorized',
      message: 'Please log in to continue...',
      variant: 'destructive',
    });
    // After logging in, the user lands on the page they asked for.
    const next = `${window.location.pathname}${window.location.search}`;
    const timer = window.setTimeout(() => {
      window.location.href = `/login?${new URLSearchParams({ next }).toString()}`;
    }, UNAUTHORIZED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return <FullPageMessage>Redirecting to login...</FullPageMessage>;
}
