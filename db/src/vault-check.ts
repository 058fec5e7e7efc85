// At start-up of the API and of every worker, prove APP_ENCRYPTION_KEYS is the key set this
// database was written with (ADR 009): a wrong or missing key stops start-up with a clear
// message, rather than silently encrypting new data with a key that cannot read the old.
import { decrypt, encrypt, keyIdOf, type KeyRing, VaultError } from '@patchbay/schema/vault';
import type { Sql } from './client.ts';
import { credentialKeyIdsInUse, insertVaultKeyCheck, listVaultKeyChecks } from './credentials.ts';

const CHECK_PLAINTEXT = 'patchbay vault key check';
const checkContext = (kid: string) => `patchbay:vault-check:${kid}`;

export async function checkVaultKeys(sql: Sql, ring: KeyRing): Promise<void> {
  const known = await listVaultKeyChecks(sql);
  for (const { kid, check_value } of known) {
    if (!ring.keys.has(kid)) continue;
    let ok: boolean;
    try {
      ok = decrypt(ring, check_value, checkContext(kid)) === CHECK_PLAINTEXT;
    } catch {
      ok = false;
    }
    if (!ok) {
      throw new VaultError(
        `APP_ENCRYPTION_KEYS: key "${kid}" is not the key that encrypted this database's credentials. Restore the original key (in the embedded default: .data/secret.key).`,
      );
    }
  }
  const missing = (await credentialKeyIdsInUse(sql)).filter((kid) => !ring.keys.has(kid));
  if (missing.length > 0) {
    throw new VaultError(
      `APP_ENCRYPTION_KEYS lacks key ${missing.map((kid) => `"${kid}"`).join(', ')}, which encrypted stored credentials. Add it back (after the active key) or rotate first.`,
    );
  }
  for (const kid of ring.keys.keys()) {
    if (known.some((row) => row.kid === kid)) continue;
    const single: KeyRing = { activeKeyId: kid, keys: ring.keys };
    const value = encrypt(single, CHECK_PLAINTEXT, checkContext(kid));
    if (keyIdOf(value) !== kid) throw new VaultError('key check written with the wrong key');
    await insertVaultKeyCheck(sql, kid, value);
  }
}
