// RFC 7009 revocation of a connected account's tokens (ADR 024), at the endpoints they were
// issued for: on disconnect, and when an update moved the side's endpoints (ADR 029), where `row`
// is the integration as it was before the move.
import type { IntegrationRow, OAuthConnectionRow } from '@patchbay/db';
import {
  oauthTokenContext,
  type TConnectionSide,
  type TOAuthDisconnectResponse,
} from '@patchbay/schema';
import { decrypt } from '@patchbay/schema/vault';
import type { AppDeps } from '../app-deps.ts';
import { revokeToken, sideOAuth } from './oauth-flow.ts';
import { providerFetch } from './provider-fetch.ts';

/** Revokes the refresh token (else the access token) when the provider names a revocation URL. */
export async function revokeConnection(
  deps: Pick<AppDeps, 'sql' | 'vault' | 'allowPrivateNetwork'>,
  row: IntegrationRow,
  side: TConnectionSide,
  connection: OAuthConnectionRow,
): Promise<TOAuthDisconnectResponse> {
  const { vault } = deps;
  // Revoking the refresh token ends the grant (RFC 7009 §2.1); without one, the access token.
  const sealed = connection.refresh_token
    ? { value: connection.refresh_token, hint: 'refresh_token' as const }
    : connection.access_token
      ? { value: connection.access_token, hint: 'access_token' as const }
      : null;
  if (!sealed) return { revocation: 'nothing-to-revoke', message: null };
  const oauth = await sideOAuth(deps.sql, vault, row, side);
  const revokeUrl = oauth.endpoints.revokeUrl;
  if (!revokeUrl || !oauth.client) {
    return {
      revocation: 'not-supported',
      message: `${oauth.apiName} names no revocation URL: revoke Patchbay's access in your account there if you want it gone at the provider too`,
    };
  }
  const kind = sealed.hint === 'refresh_token' ? 'refresh' : 'access';
  const token = {
    value: decrypt(vault, sealed.value, oauthTokenContext(row.id, side, kind)),
    hint: sealed.hint,
  };
  try {
    await revokeToken({ ...oauth.endpoints, revokeUrl }, oauth.client, token, providerFetch(deps));
    return { revocation: 'revoked', message: null };
  } catch (error) {
    return {
      revocation: 'failed',
      message: `${oauth.apiName} did not confirm the revocation: ${error instanceof Error ? error.message : String(error)}. The tokens are deleted here anyway.`,
    };
  }
}
