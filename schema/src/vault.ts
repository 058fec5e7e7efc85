// Credential encryption (ADR 009): AES-256-GCM with a random 12-byte IV,
// the auth tag, additional data binding the ciphertext to its integration and field, and
// the key id in front so keys can rotate. Node-only; shared by the API (which encrypts)
// and the workers (which decrypt inside activities).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface KeyRing {
  /** The first key of APP_ENCRYPTION_KEYS: new ciphertext uses it. */
  activeKeyId: string;
  keys: ReadonlyMap<string, Buffer>;
}

export class VaultError extends Error {
  override name = 'VaultError';
}

/** Parses `kid:base64key,kid2:base64key` (first one active); each key is 32 bytes. */
export function parseKeyRing(value: string): KeyRing {
  const keys = new Map<string, Buffer>();
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0)
    throw new VaultError('APP_ENCRYPTION_KEYS is empty: give at least one kid:base64key');
  for (const entry of entries) {
    const colon = entry.indexOf(':');
    const kid = entry.slice(0, colon);
    const key = Buffer.from(entry.slice(colon + 1), 'base64');
    if (colon < 1 || !KEY_ID.test(kid)) {
      throw new VaultError(
        `APP_ENCRYPTION_KEYS: "${entry.slice(0, 12)}…" must look like kid:base64key (kid of letters, digits, _ or -)`,
      );
    }
    if (key.length !== 32) {
      throw new VaultError(
        `APP_ENCRYPTION_KEYS: key "${kid}" must be 32 bytes of base64 (got ${key.length}); make one with: openssl rand -base64 32`,
      );
    }
    if (keys.has(kid)) throw new VaultError(`APP_ENCRYPTION_KEYS: key id "${kid}" appears twice`);
    keys.set(kid, key);
  }
  return { activeKeyId: entries[0]?.slice(0, entries[0].indexOf(':')) ?? '', keys };
}

/** A new random key in APP_ENCRYPTION_KEYS form. */
export function generateKeyEntry(kid: string): string {
  return `${kid}:${randomBytes(32).toString('base64')}`;
}

/**
 * What a ciphertext is bound to: decrypting it for another row or field fails. 'webhook' is the
 * webhook's signing secret (ADR 021).
 */
export function credentialContext(
  integrationId: string,
  field: 'source' | 'destination' | 'webhook',
): string {
  return `patchbay:integration:${integrationId}:${field}`;
}

/** `kid:base64(iv ‖ tag ‖ ciphertext)` */
export function encrypt(ring: KeyRing, plaintext: string, context: string): string {
  const key = ring.keys.get(ring.activeKeyId);
  if (!key) throw new VaultError('no active key');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${ring.activeKeyId}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
}

export function keyIdOf(stored: string): string {
  return stored.slice(0, stored.indexOf(':'));
}

export function decrypt(ring: KeyRing, stored: string, context: string): string {
  const kid = keyIdOf(stored);
  const key = ring.keys.get(kid);
  if (!key)
    throw new VaultError(
      `This credential was encrypted with key "${kid}", which APP_ENCRYPTION_KEYS does not contain`,
    );
  const raw = Buffer.from(stored.slice(kid.length + 1), 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new VaultError('Malformed ciphertext');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new VaultError(
      'Credential failed to decrypt: wrong key, or ciphertext moved to another row or field',
    );
  }
}

/** Shown instead of the secret: its last 4 characters, only when it is long enough to spare them. */
export function secretHint(secret: string): string {
  return secret.length >= 12 ? `…${secret.slice(-4)}` : '…';
}
