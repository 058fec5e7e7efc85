import { GOOGLE_SIGN_IN_ERRORS, safeNextPath } from '@patchbay/schema';

/**
 * Search params of /login and /signup: `next` is where a successful sign-in goes (the landing
 * page sends visitors to /signup?next=/integrations/new), `error` is a Google sign-in failure
 * code the API redirected with.
 */
export interface AuthSearch {
  next?: string;
  error?: string;
}

export function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  const result: AuthSearch = {};
  if (typeof search.next === 'string' && search.next) result.next = search.next;
  if (typeof search.error === 'string' && search.error) result.error = search.error;
  return result;
}

/** Success goes to /dashboard, or to a local `next` path (never another site). */
export function redirectAfterSignIn(search: AuthSearch): string {
  return safeNextPath(search.next);
}

/** The toast text for /login?error=<code>; an unknown code reads as a generic failure. */
export function googleSignInErrorText(code: string): string {
  return Object.hasOwn(GOOGLE_SIGN_IN_ERRORS, code)
    ? GOOGLE_SIGN_IN_ERRORS[code as keyof typeof GOOGLE_SIGN_IN_ERRORS]
    : GOOGLE_SIGN_IN_ERRORS.google_failed;
}
