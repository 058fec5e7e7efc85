// Where each connection's credential comes from (an environment variable, usually set in .env).
// What it adds to a request is Patchbay's own table (placeCredential in patchbay-runtime.js); the
// secrets were not exported, so you provide them here.
//
// | authType                  | variable (SOURCE_ or DESTINATION_) | added to each request         |
// | ------------------------- | ---------------------------------- | ----------------------------- |
// | api-key                   | *_API_KEY                          | header authConfig.name        |
// |                           |                                    | (default X-API-Key), or query |
// |                           |                                    | parameter when in: 'query'    |
// | bearer                    | *_BEARER_TOKEN                     | Authorization: Bearer <token> |
// | basic                     | *_BASIC_PASSWORD                   | Authorization: Basic ...      |
// | basic (secretIn:          | *_BASIC_USERNAME (the API key;     | Authorization: Basic          |
// |   'username')             | the password is empty)             | base64(<key>:)                |
// | oauth (with tokenUrl)     | *_OAUTH_CLIENT_SECRET              | Authorization: Bearer <token  |
// |                           |                                    | from the token endpoint>      |
// | oauth (without tokenUrl)  | *_OAUTH_ACCESS_TOKEN               | Authorization: Bearer <token> |
// | oauth (grant              | *_OAUTH_REFRESH_TOKEN, with        | Authorization: Bearer <token  |
// |   authorization_code)     | *_OAUTH_CLIENT_SECRET (and         | refreshed at tokenUrl>        |
// |                           | *_OAUTH_CLIENT_ID without clientId)|                               |
// | none                      | (nothing)                          | nothing                       |

import { AUTH_TYPES, placeCredential } from './patchbay-runtime.js';
import { createClientCredentialsToken, createRefreshedAccessToken } from './oauth-token.js';

export { AUTH_TYPES };

/** @typedef {'source' | 'destination'} Role */

/**
 * @typedef {object} AuthConfig
 * @property {'header' | 'query'} [in] api-key: where the key goes (default: header).
 * @property {string} [name] api-key: the header or query parameter name.
 * @property {string} [username] basic: the user name; the password is the secret.
 * @property {'password' | 'username'} [secretIn] basic: 'username' when the secret is the user
 *   name and the password is empty.
 * @property {string} [tokenUrl] oauth: the token endpoint for the client credentials grant.
 * @property {string} [clientId] oauth: the client ID.
 * @property {string} [scope] oauth: the scope to ask for.
 * @property {'authorization_code' | 'client_credentials'} [grant] oauth: a connected account
 *   (refreshed with its refresh token) or the client credentials grant.
 *
 * @typedef {object} Connection
 * @property {string} name The API's name, e.g. 'Stripe'.
 * @property {string} baseUrl
 * @property {'api-key' | 'bearer' | 'basic' | 'oauth' | 'none'} authType
 * @property {AuthConfig} authConfig
 */

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
      return connection.authConfig.secretIn === 'username'
        ? `${prefix}_BASIC_USERNAME`
        : `${prefix}_BASIC_PASSWORD`;
    case 'oauth':
      if (connection.authConfig.grant === 'authorization_code')
        return `${prefix}_OAUTH_REFRESH_TOKEN`;
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
 * @returns {() => Promise<import('./patchbay-runtime.js').CredentialPlacement | null>}
 */
export function createAuth(role, connection, env) {
  const variable = credentialVariable(role, connection);
  if (variable === null) return async () => null;

  const secret = env[variable];
  if (!secret) {
    throw new Error(
      `Missing environment variable ${variable}: the credential for ${connection.name} ` +
        `(the ${role} API). Set it in .env (see .env.example) or in the environment.`,
    );
  }

  const config = connection.authConfig;
  if (connection.authType === 'oauth' && config.grant === 'authorization_code') {
    // A connected account: the app's client id and secret refresh its token.
    const prefix = role === 'source' ? 'SOURCE' : 'DESTINATION';
    const required = (name) => {
      const value = env[name];
      if (!value) {
        throw new Error(
          `Missing environment variable ${name}: ${connection.name} (the ${role} API) refreshes ` +
            `its OAuth token with it. Set it in .env (see .env.example) or in the environment.`,
        );
      }
      return value;
    };
    if (!config.tokenUrl)
      throw new Error(`${role}.authConfig.tokenUrl is needed to refresh tokens`);
    const token = createRefreshedAccessToken({
      role,
      tokenUrl: config.tokenUrl,
      clientId: config.clientId ?? required(`${prefix}_OAUTH_CLIENT_ID`),
      clientSecret: required(`${prefix}_OAUTH_CLIENT_SECRET`),
      refreshToken: secret,
    });
    return async () => placeCredential('oauth', config, await token());
  }
  if (connection.authType === 'oauth' && config.tokenUrl) {
    const token = createClientCredentialsToken({
      tokenUrl: config.tokenUrl,
      clientId: config.clientId,
      clientSecret: secret,
      scope: config.scope,
    });
    return async () => placeCredential('oauth', config, await token());
  }
  // Otherwise the secret itself is what goes out (for oauth without a token URL, an access token).
  const placement = placeCredential(connection.authType, config, secret);
  return async () => placement;
}
