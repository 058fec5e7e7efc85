// The signed-in user. One lookup serves the login guard and the signed-in screens (through
// React Query: currentUserQuery in lib/queries/account.ts) and the public pages' top bar, landing
// and pricing (useSignedInUser below, without React Query). Public pages do not load React Query
// at all (ADR 026), so this module must not import it.
import type { TUser } from '@patchbay/schema';
import { useEffect, useState } from 'react';
import { apiPath } from '@patchbay/schema/api-routes';
import { apiRequest, getJson } from './api-client.ts';

/**
 * GET /api/auth/user. A 401 means "not signed in" (null), not an error. Every
 * public page asks (the top bar), so the schema, and zod with it, loads only when there is a
 * user to parse: a visitor's pages stay small (ADR 026).
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<TUser | null> {
  return getJson(apiPath('currentUser'), {
    schema: () => import('@patchbay/schema').then(({ ZUser }) => ZUser),
    on401: 'returnNull',
    signal,
  });
}

let lookup: Promise<TUser | null> | undefined;
let known: { user: TUser | null } | undefined;

/**
 * The public pages' lookup: once per page load, shared by every caller. Never
 * retried, and a failed lookup counts as no user.
 */
export function signedInUser(): Promise<TUser | null> {
  lookup ??= fetchCurrentUser()
    .catch(() => null)
    .then((user) => {
      known = { user };
      return user;
    });
  return lookup;
}

/** The user for a public page; pending (nothing to show yet) until the lookup answers once. */
export function useSignedInUser(): { user: TUser | null; isPending: boolean } {
  const [state, setState] = useState(() =>
    known ? { user: known.user, isPending: false } : { user: null, isPending: true },
  );
  useEffect(() => {
    if (!state.isPending) return;
    let mounted = true;
    void signedInUser().then((user) => {
      if (mounted) setState({ user, isPending: false });
    });
    return () => {
      mounted = false;
    };
  }, [state.isPending]);
  return state;
}

/** Logout posts to the server, then the browser goes to /. */
export async function logOut(): Promise<void> {
  try {
    await apiRequest('POST', apiPath('logout'));
  } finally {
    window.location.href = '/';
  }
}

/** Landing → signup → Create Integration: the typed prompt survives the detour. */
export const PENDING_PROMPT_KEY = 'patchbay.pendingPrompt';
