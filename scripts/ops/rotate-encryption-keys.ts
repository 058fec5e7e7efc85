// npm run rotate-keys: re-encrypt every stored credential with the first (active) key of
// APP_ENCRYPTION_KEYS, then save every Schedule again so that its encrypted start arguments use
// that key too. Rotate by putting a new key first and keeping the old one after it, running
// this while Patchbay runs, then dropping the old key once Temporal's retention has expired the
// histories it encrypted (ADR 009).
import { parseKeyRing } from '@patchbay/schema/vault';
import { createTemporalClient } from '../../api/src/temporal.ts';
import { resaveSchedules } from '../../api/src/runtime/resave-schedules.ts';
import { rotateCredentials } from '../../api/src/vault-rotate.ts';
import { opsEnvironment } from '../lib/ops-env.ts';

try {
  const { sql, encryptionKeys, temporal } = await opsEnvironment();
  const ring = parseKeyRing(encryptionKeys);
  try {
    const rotated = await rotateCredentials(sql, ring);
    console.log(`Re-encrypted ${rotated} credential(s) with key "${ring.activeKeyId}".`);
    const client = createTemporalClient({ ...temporal, keyRing: ring });
    try {
      const saved = await resaveSchedules({ sql, temporal: client, taskQueue: temporal.taskQueue });
      console.log(`Saved ${saved} Schedule(s) again, sealed with key "${ring.activeKeyId}".`);
    } catch (error) {
      throw new Error(
        `credentials are done, but the Schedules could not be saved again through Temporal at ${temporal.address} ` +
          `(${error instanceof Error ? error.message : String(error)}). Start Patchbay (npm start) and run this again ` +
          'before dropping the old key: Schedules keep their start arguments encrypted.',
        { cause: error },
      );
    } finally {
      await client.connection.close();
    }
  } finally {
    await sql.end();
  }
} catch (error) {
  console.error(`rotate-keys: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
