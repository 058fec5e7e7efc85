// Re-encrypts every stored credential with the active key of APP_ENCRYPTION_KEYS
// (ADR 009). Run by scripts/ops/rotate-encryption-keys.ts.
import {
  alertUrlContext,
  oauthAppContext,
  oauthTokenContext,
  oauthVerifierContext,
} from '@patchbay/schema';
import { credentialContext, decrypt, encrypt, keyIdOf, type KeyRing } from '@patchbay/schema/vault';
import {
  checkVaultKeys,
  listChannelUrlsNotSealedWith,
  listCredentialsNotSealedWith,
  listOAuthSecretsNotSealedWith,
  replaceChannelUrl,
  replaceCredential,
  replaceOAuthSecret,
  type SealedOAuthValue,
  type Sql,
} from '@patchbay/db';

/** Returns how many credentials were re-encrypted. Safe to re-run; safe while the API runs. */
export async function rotateCredentials(sql: Sql, ring: KeyRing): Promise<number> {
  await checkVaultKeys(sql, ring);
  let rotated = 0;
  for (const side of ['source', 'destination', 'webhook'] as const) {
    for (const row of await listCredentialsNotSealedWith(sql, side, ring.activeKeyId)) {
      const context = credentialContext(row.id, side);
      const fresh = encrypt(ring, decrypt(ring, row.value, context), context);
      // Only if nobody changed it meanwhile; a concurrent save already used the active key.
      const replaced = await replaceCredential(sql, {
        integrationId: row.id,
        side,
        from: row.value,
        to: fresh,
      });
      if (replaced && keyIdOf(fresh) === ring.activeKeyId) rotated += 1;
    }
  }
  // Alert webhook URLs: a Slack or Discord URL is a credential too.
  for (const row of await listChannelUrlsNotSealedWith(sql, ring.activeKeyId)) {
    const context = alertUrlContext(row.id);
    const fresh = encrypt(ring, decrypt(ring, row.value, context), context);
    const replaced = await replaceChannelUrl(sql, {
      channelId: row.id,
      from: row.value,
      to: fresh,
    });
    if (replaced && keyIdOf(fresh) === ring.activeKeyId) rotated += 1;
  }
  // OAuth connections: tokens, operators' app secrets, pending PKCE verifiers.
  for (const sealed of await listOAuthSecretsNotSealedWith(sql, ring.activeKeyId)) {
    const context = oauthSealContext(sealed);
    const fresh = encrypt(ring, decrypt(ring, sealed.value, context), context);
    if ((await replaceOAuthSecret(sql, sealed, fresh)) && keyIdOf(fresh) === ring.activeKeyId)
      rotated += 1;
  }
  return rotated;
}

function oauthSealContext(sealed: SealedOAuthValue): string {
  switch (sealed.kind) {
    case 'access':
    case 'refresh':
      return oauthTokenContext(sealed.integrationId, sealed.side, sealed.kind);
    case 'app':
      return oauthAppContext(sealed.appId);
    case 'verifier':
      return oauthVerifierContext(sealed.stateHash);
  }
}
