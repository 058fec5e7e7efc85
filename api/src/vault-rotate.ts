// Re-encrypts every stored credential with the active key of APP_ENCRYPTION_KEYS
// (issue "Integrations": rotation). Run by scripts/ops/rotate-encryption-keys.ts.
import { credentialContext, decrypt, encrypt, keyIdOf, type KeyRing } from '@patchbay/schema/vault';
import type { Sql } from './db/client.ts';
import { checkVaultKeys } from './vault-check.ts';

const FIELDS = [
  { column: 'source_credential', side: 'source' },
  { column: 'dest_credential', side: 'destination' },
] as const;

/** Returns how many credentials were re-encrypted. Safe to re-run; safe while the API runs. */
export async function rotateCredentials(sql: Sql, ring: KeyRing): Promise<number> {
  await checkVaultKeys(sql, ring);
  let rotated = 0;
  for (const { column, side } of FIELDS) {
    const rows = await sql<{ id: string; value: string }[]>`
      select id, ${sql(column)} as value from integrations
      where ${sql(column)} is not null and split_part(${sql(column)}, ':', 1) <> ${ring.activeKeyId}`;
    for (const row of rows) {
      const context = credentialContext(row.id, side);
      const fresh = encrypt(ring, decrypt(ring, row.value, context), context);
      // Only if nobody changed it meanwhile; a concurrent save already used the active key.
      const updated = await sql`
        update integrations set ${sql(column)} = ${fresh}
        where id = ${row.id} and ${sql(column)} = ${row.value}`;
      if (updated.count === 1 && keyIdOf(fresh) === ring.activeKeyId) rotated += 1;
    }
  }
  return rotated;
}
