// Sign-in redirect rules the API and the console share. No zod here: the console's route
// definitions (/login, /signup search params) import this, and they load with every page, the
// public ones included (ADR 026).

/**
 * Google sign-in failures redirect to /login?error=<code>; the login page shows the text.
 */
export const GOOGLE_SIGN_IN_ERRORS = {
  google_not_configured: 'Google sign-in is not configured',
  google_state_mismatch: 'Google sign-in expired or was tampered with. Please try again.',
  google_email_unverified: 'Your Google email address is not verified.',
  google_denied: 'Google sign-in was cancelled.',
  google_failed: 'Google sign-in failed. Please try again.',
} as const;
export type TGoogleSignInError = keyof typeof GOOGLE_SIGN_IN_ERRORS;

/** Where a successful sign-in may send the browser: local paths only (no open redirect). */
export function safeNextPath(next: string | null | undefined, fallback = '/dashboard'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return fallback;
  return next;
}
