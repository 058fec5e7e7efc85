// The integration limits and labels that need no zod (ADR 026): the console's public pages
// (landing, docs) show them, and importing them must not load zod. integrations.ts builds its
// schemas from the same values.

export const PROMPT_MIN_LENGTH = 20;
export const PROMPT_MAX_LENGTH = 1000;
export const NAME_MAX_LENGTH = 120;
export const DEFAULT_INTEGRATION_NAME = 'Unnamed Integration';
/** Generated code is JavaScript source; 256 KiB is far beyond any sane integration. */
export const CODE_MAX_LENGTH = 256 * 1024;
export const AUTH_TYPES = ['api-key', 'bearer', 'oauth', 'basic', 'none'] as const;

/** The Auth Type select's labels. */
export const AUTH_TYPE_LABELS: Record<(typeof AUTH_TYPES)[number], string> = {
  'api-key': 'API Key',
  bearer: 'Bearer Token',
  oauth: 'OAuth 2.0',
  basic: 'Basic Auth',
  none: 'No Auth',
};
