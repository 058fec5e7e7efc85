// What each auth type adds to a request by default. The sandbox's host
// (workers/src/sandbox/connection-auth.ts) and the exported project's fetch adapter both apply
// this table; the docs page and the export's README describe it from here.

export const AUTH_TYPES = ['api-key', 'bearer', 'basic', 'oauth', 'none'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

/** The non-secret settings of a connection's auth (ZAuthConfig in schema). */
export interface AuthSettings {
  in?: 'header' | 'query';
  name?: string;
  username?: string;
  /** basic: 'username' when the API key is the user name and the password is empty. */
  secretIn?: 'password' | 'username';
  tokenUrl?: string;
  clientId?: string;
  scope?: string;
}

/** Header used for an API key when authConfig.name is not set. */
export const DEFAULT_API_KEY_HEADER = 'X-API-Key';
/** Query parameter used for an API key sent in the query when authConfig.name is not set. */
export const DEFAULT_API_KEY_PARAMETER = 'api_key';

/** The table, in words, for the docs and the export's README. */
export const AUTH_DEFAULTS: Record<AuthType, string> = {
  'api-key': `the key in the ${DEFAULT_API_KEY_HEADER} header (or the header named by authConfig.name), or in the ${DEFAULT_API_KEY_PARAMETER} query parameter (or authConfig.name) when authConfig.in is 'query'`,
  bearer: 'Authorization: Bearer <token>',
  basic:
    "Authorization: Basic base64(<authConfig.username>:<password>), or base64(<API key>:) with an empty password when authConfig.secretIn is 'username'",
  oauth:
    'Authorization: Bearer <access token>; with authConfig.tokenUrl the token comes from the OAuth 2.0 client credentials grant (client_secret_post), otherwise the secret is the access token',
  none: 'nothing',
};

export interface CredentialPlacement {
  headers: Record<string, string>;
  query: Record<string, string>;
}

/** base64 of the UTF-8 bytes, without Node's Buffer, so every host can run it. */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * What a connection's credential adds to a request. `credential` is the secret, except for
 * OAuth with a token URL, where it is the access token the host obtained with that secret.
 */
export function placeCredential(
  authType: Exclude<AuthType, 'none'>,
  settings: AuthSettings,
  credential: string,
): CredentialPlacement {
  switch (authType) {
    case 'api-key':
      if (settings.in === 'query') {
        return { headers: {}, query: { [settings.name ?? DEFAULT_API_KEY_PARAMETER]: credential } };
      }
      return { headers: { [settings.name ?? DEFAULT_API_KEY_HEADER]: credential }, query: {} };
    case 'basic': {
      const pair =
        settings.secretIn === 'username'
          ? `${credential}:`
          : `${settings.username ?? ''}:${credential}`;
      return { headers: { Authorization: `Basic ${base64(pair)}` }, query: {} };
    }
    case 'bearer':
    case 'oauth':
      return { headers: { Authorization: `Bearer ${credential}` }, query: {} };
  }
}
