// Where each connection's credential comes from (an environment variable, usually set in .env)
// and what it adds to a request. This mirrors the auth types Patchbay offers; the secrets were
// not exported, so you provide them here.
//
// | authType                  | variable (SOURCE_ or DESTINATION_) | added to each request         |
// | ------------------------- | ---------------------------------- | ----------------------------- |
// | api-key                   | *_API_KEY                          | header authConfig.name        |
// |                           |                                    | (default X-API-Key), or query |
// |                           |                                    | parameter when in: 'query'    |
// | bearer                    | *_BEARER_TOKEN                     | Authorization: Bearer <token> |
// | basic                     | *_BASIC_PASSWORD                   | Authorization: Basic ...      |
// | oauth (with tokenUrl)     | *_OAUTH_CLIENT_SECRET              | Authorization: Bearer <token  |
// |                           |                                    | from the token endpoint>      |
// | oauth (without tokenUrl)  | *_OAUTH_ACCESS_TOKEN               | Authorization: Bearer <token> |
// | none                      | (nothing)                          | nothing                       |

import { createClientCredentialsToken } from './oauth-token.js';

/** @typedef {'source' | 'destination'} Role */

/**
 * @typedef {object} AuthConfig
 * @property {'header' | 'query'} [in] api-key: where the key goes (default: header).
 * @property {string} [name] api-key: the header or query parameter name.
 * @property {string} [username] basic: the user name; the password is the secret.
 * @property {string} [tokenUrl] oauth: the token endpoint for the client credentials grant.
 * @property {string} [clientId] oauth: the client ID.
 * @property {string} [scope] oauth: the scope to ask for.
 *
 * @typedef {object} Connection
 * @property {string} name The API's name, e.g. 'Stripe'.
 * @property {string} baseUrl
 * @property {'api-key' | 'bearer' | 'basic' | 'oauth' | 'none'} authType
 * @property {AuthConfig} authConfig
 */

export const AUTH_TYPES = ['api-key', 'bearer', 'basic', 'oauth', 'none'];

/** Header used for an API key when authConfig.name is not set (Patchbay's default). */
const DEFAULT_API_KEY_HEADER = 'X-API-Key';
/** Query parameter used for an API key sent in the query when authConfig.name is not set. */
const DEFAULT_API_KEY_PARAMETER = 'api_key';

/**
 * The environment variable holding a connection's secret, or null when it needs none.
 *
 * @param {Role} role
 * @param {Connection} connection
 * @returns {string | null}
 */
export function credentialVariable(role, connection) {
  const prefix = role === 'source' ? 'SOURCE' : 'DESTINATION';
  switch (connection.authType) {
    case 'api-key':
      return `${prefix}_API_KEY`;
    case 'bearer':
      return `${prefix}_BEARER_TOKEN`;
    case 'basic':
      return `${prefix}_BASIC_PASSWORD`;
    case 'oauth':
      return connection.authConfig.tokenUrl
        ? `${prefix}_OAUTH_CLIENT_SECRET`
        : `${prefix}_OAUTH_ACCESS_TOKEN`;
    case 'none':
      return null;
    default:
      throw new Error(`${role}.authType must be one of ${AUTH_TYPES.join(', ')}`);
  }
}

/**
 * Reads a connection's secret from the environment and returns a function that gives the
 * headers and query parameters to add to each request. Fails at once, naming the variable,
 * when the secret is missing, so a run never starts half-configured.
 *
 * @param {Role} role
 * @param {Connection} connection
 * @param {Record<string, string | undefined>} env
 * @returns {() => Promise<import('./send-request.js').Auth>}
 */
export function createAuth(role, connection, env) {
  const variable = credentialVariable(role, connection);
  if (variable === null) return async () => ({});

  const secret = env[variable];
  if (!secret) {
    throw new Error(
      `Missing environment variable ${variable}: the credential for ${connection.name} ` +
        `(the ${role} API). Set it in .env (see .env.example) or in the environment.`,
    );
  }

  const config = connection.authConfig;
  switch (connection.authType) {
    case 'api-key': {
      if (config.in === 'query') {
        const parameter = config.name ?? DEFAULT_API_KEY_PARAMETER;
        return async () => ({ query: { [parameter]: secret } });
      }
      const header = config.name ?? DEFAULT_API_KEY_HEADER;
      return async () => ({ headers: { [header]: secret } });
    }
    case 'basic': {
      const encoded = Buffer.from(`${config.username ?? ''}:${secret}`).toString('base64');
      return async () => ({ headers: { Authorization: `Basic ${encoded}` } });
    }
    case 'oauth':
      if (config.tokenUrl) {
        const token = createClientCredentialsToken({
          tokenUrl: config.tokenUrl,
          clientId: config.clientId,
          clientSecret: secret,
          scope: config.scope,
        });
        return async () => ({ headers: { Authorization: `Bearer ${await token()}` } });
      }
      // Without a token endpoint the secret is a ready access token.
      return async () => ({ headers: { Authorization: `Bearer ${secret}` } });
    default: // bearer
      return async () => ({ headers: { Authorization: `Bearer ${secret}` } });
  }
}
