// OAuth 2.0 client credentials grant (RFC 6749 §4.4): trade the client ID and secret for an
// access token at the token endpoint, and reuse that token until shortly before it expires.

import { sendResolved } from './fetch-host.js';

/** Fetch a new token this long before the old one expires, so no request carries a stale one. */
const EXPIRY_MARGIN_SECONDS = 60;

/**
 * @param {object} client
 * @param {string} client.tokenUrl
 * @param {string} [client.clientId]
 * @param {string} client.clientSecret
 * @param {string} [client.scope]
 * @returns {() => Promise<string>} Resolves to a valid access token.
 */
export function createClientCredentialsToken({ tokenUrl, clientId, clientSecret, scope }) {
  /** @type {{ accessToken: string, refreshAt: number } | null} */
  let cached = null;
  /** @type {Promise<string> | null} Shared by calls made while a token is being fetched. */
  let pending = null;

  async function fetchToken() {
    // client_secret_post: the credentials travel in the form body.
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (clientId) form.set('client_id', clientId);
    form.set('client_secret', clientSecret);
    if (scope) form.set('scope', scope);

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
    const accessToken = response?.access_token;
    if (typeof accessToken !== 'string' || accessToken === '') {
      throw new Error(`The token endpoint ${tokenUrl} answered without an access_token`);
    }

    const expiresIn = Number(response.expires_in);
    // Without expires_in the token is kept for the rest of this run.
    let refreshAt = Number.POSITIVE_INFINITY;
    if (Number.isFinite(expiresIn) && expiresIn > 0) {
      const margin = Math.min(EXPIRY_MARGIN_SECONDS, expiresIn / 2);
      refreshAt = Date.now() + (expiresIn - margin) * 1000;
    }
    cached = { accessToken, refreshAt };
    return accessToken;
  }

  return async function accessToken() {
    if (cached && Date.now() < cached.refreshAt) return cached.accessToken;
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  };
}
