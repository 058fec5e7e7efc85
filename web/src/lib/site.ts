// Facts about the public site that several pages repeat.

/** The footer's Contact and About's 'Contact Support' open a mail to this address. */
export const SUPPORT_EMAIL = 'support@patchbay.dev';
export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;

/**
 * Routes that belong to the signed-in app and the sign-in pages. Public pages reach them
 * with a full page load (plain links), which also re-reads the session on arrival.
 */
export const APP_PATHS = {
  login: '/login',
  signup: '/signup',
  dashboard: '/dashboard',
  createIntegration: '/integrations/new',
} as const;
