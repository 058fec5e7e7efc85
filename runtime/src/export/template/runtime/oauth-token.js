// OAuth 2.0 tokens for the exported runtime: the client credentials grant (RFC 6749 §4.4) and,
// for a connected account, the refresh token grant (§6). Either way an access token is reused
// until shortly before it expires.

import { readFile, rename, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sendResolved } from './fetch-host.js';

/** Fetch a new token this long before the old one expires, so no request carries a stale one. */
const EXPIRY_MARGIN_SECONDS = 60;

/**
 * Sends a token request (client_secret_post: the credentials travel in the form body) and
 * answers the token endpoint's JSON, which must hold an access_token.
 *
 * @param {string} tokenUrl
 * @param {URLSearchParams} form
 */
async function requestToken(tokenUrl, form) {
  const response = await sendResolved(
    {
      method: 'POST',
      url: new URL(tokenUrl),
      headers: {
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
      },
      body: form.toString(),
    },
    null,
  );
  if (typeof response?.access_token !== 'string' || response.access_token === '') {
    throw new Error(`The token endpoint ${tokenUrl} answered without an access_token`);
  }
  return response;
}

/**
 * An access-token getter over `fetchToken` (which answers the token endpoint's JSON): a token is
 * reused until shortly before it expires, and calls made while one is being fetched share it.
 *
 * @param {() => Promise<{ access_token: string, expires_in?: unknown }>} fetchToken
 * @returns {() => Promise<string>}
 */
function reusedUntilExpiry(fetchToken) {
  /** @type {{ accessToken: string, refreshAt: number } | null} */
  let cached = null;
  /** @type {Promise<string> | null} */
  let pending = null;

  async function fetchAndKeep() {
    const response = await fetchToken();
    const expiresIn = Number(response.expires_in);
    // Without expires_in the token is kept for the rest of this run.
    let refreshAt = Number.POSITIVE_INFINITY;
    if (Number.isFinite(expiresIn) && expiresIn > 0) {
      const margin = Math.min(EXPIRY_MARGIN_SECONDS, expiresIn / 2);
      refreshAt = Date.now() + (expiresIn - margin) * 1000;
    }
    cached = { accessToken: response.access_token, refreshAt };
    return response.access_token;
  }

  return async function accessToken() {
    if (cached && Date.now() < cached.refreshAt) return cached.accessToken;
    pending ??= fetchAndKeep().finally(() => {
      pending = null;
    });
    return pending;
  };
}

/**
 * @param {object} client
 * @param {string} client.tokenUrl
 * @param {string} [client.clientId]
 * @param {string} client.clientSecret
 * @param {string} [client.scope]
 * @returns {() => Promise<string>} Resolves to a valid access token.
 */
export function createClientCredentialsToken({ tokenUrl, clientId, clientSecret, scope }) {
  return reusedUntilExpiry(() => {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (clientId) form.set('client_id', clientId);
    form.set('client_secret', clientSecret);
    if (scope) form.set('scope', scope);
    return requestToken(tokenUrl, form);
  });
}

/**
 * Where a rotated refresh token is kept between runs, next to state.json. Keep it out
 * of version control, like .env.
 */
export const OAUTH_TOKEN_FILE = fileURLToPath(new URL('../.oauth-tokens.json', import.meta.url));

/**
 * OAuth 2.0 refresh token grant (RFC 6749 §6) for a connected account (the authorization code
 * grant): trade the refresh token for an access token on first use and again shortly
 * before it expires. A provider that rotates refresh tokens sends a new one each time; it is
 * saved in .oauth-tokens.json and used by later runs, until the environment names another.
 *
 * @param {object} client
 * @param {'source' | 'destination'} client.role
 * @param {string} client.tokenUrl
 * @param {string} [client.clientId]
 * @param {string} client.clientSecret
 * @param {string} client.refreshToken The one in the environment (*_OAUTH_REFRESH_TOKEN).
 * @param {string} [client.tokenFile]
 * @returns {() => Promise<string>} Resolves to a valid access token.
 */
export function createRefreshedAccessToken({
  role,
  tokenUrl,
  clientId,
  clientSecret,
  refreshToken,
  tokenFile = OAUTH_TOKEN_FILE,
}) {
  return reusedUntilExpiry(async () => {
    const saved = await readTokenFile(tokenFile);
    // A token rotated from the environment's one wins; a new one in the environment starts over.
    const entry = saved[role];
    const current = entry?.from === refreshToken ? entry.refreshToken : refreshToken;
    const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: current });
    if (clientId) form.set('client_id', clientId);
    form.set('client_secret', clientSecret);

    let response;
    try {
      response = await requestToken(tokenUrl, form);
    } catch (error) {
      if (error?.body?.error === 'invalid_grant') {
        throw new Error(
          `The ${role} API refused its refresh token (invalid_grant): connect the account again ` +
            `and put the new refresh token in ${role === 'source' ? 'SOURCE' : 'DESTINATION'}_OAUTH_REFRESH_TOKEN`,
          { cause: error },
        );
      }
      throw error;
    }
    const rotated = response.refresh_token;
    if (typeof rotated === 'string' && rotated !== '' && rotated !== current) {
      saved[role] = { from: refreshToken, refreshToken: rotated };
      // A temporary file and a rename, so a crash never leaves half a token file.
      await writeFile(`${tokenFile}.tmp`, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600 });
      await rename(`${tokenFile}.tmp`, tokenFile);
    }
    return response;
  });
}

/** @param {string} file */
async function readTokenFile(file) {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if (error?.code === 'ENOENT') return {};
    throw new Error(`Cannot read ${file}: ${error.message}`, { cause: error });
  }
}
