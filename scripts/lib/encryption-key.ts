import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateKeyEntry, parseKeyRing } from '@patchbay/schema/vault';

/**
 * The embedded default's credential key (ADR 009): generated once into
 * DATA_DIR/secret.key, loudly, and read from there afterwards. Losing the file makes
 * every stored credential unreadable, so it is never regenerated over an existing one.
 */
export function embeddedEncryptionKeys(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) {
    const value = readFileSync(file, 'utf8').trim();
    parseKeyRing(value); // a damaged file stops start-up here, naming the problem
    return value;
  }
  const value = generateKeyEntry('local1');
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  console.warn(`
  ┌────────────────────────────────────────────────────────────────────────────┐
  │ WARNING: generated a new credential encryption key in ${path.basename(dataDir)}/secret.key.
  │ API credentials you save are encrypted with it. Back it up: without it they
  │ cannot be decrypted. In production set APP_ENCRYPTION_KEYS instead.
  └────────────────────────────────────────────────────────────────────────────┘
`);
  return value;
}
