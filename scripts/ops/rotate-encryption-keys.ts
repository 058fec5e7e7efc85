// npm run rotate-keys: re-encrypt every stored credential with the first (active) key of
// APP_ENCRYPTION_KEYS. Rotate by putting a new key first and keeping the old one after
// it, running this, then dropping the old key (ADR 009).
import { parseKeyRing } from '@patchbay/schema/vault';
import { rotateCredentials } from '../../api/src/vault-rotate.ts';
import { opsEnvironment } from '../lib/ops-env.ts';

try {
  const { sql, encryptionKeys } = await opsEnvironment();
  const ring = parseKeyRing(encryptionKeys);
  const rotated = await rotateCredentials(sql, ring);
  await sql.end();
  console.log(`Re-encrypted ${rotated} credential(s) with key "${ring.activeKeyId}".`);
} catch (error) {
  console.error(`rotate-keys: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
