// Session and API-token secrets, after Lucia's current guide ("Sessions"): the token
// is `<id>.<secret>`; only SHA-256(secret) is stored, and compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// 32 symbols, 5 bits each: 24 characters carry 120 random bits.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

export function randomId(length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte >> 3];
  return out;
}

export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

export function secretMatches(secret: string, storedHash: Uint8Array): boolean {
  const candidate = hashSecret(secret);
  return candidate.length === storedHash.length && timingSafeEqual(candidate, storedHash);
}

export interface NewToken {
  id: string;
  secret: string;
  token: string;
  secretHash: Buffer;
}

/** `prefix` marks the kind (API tokens start with `pbt_`), so one header can carry either. */
export function newToken(prefix = ''): NewToken {
  const id = `${prefix}${randomId()}`;
  const secret = randomId();
  return { id, secret, token: `${id}.${secret}`, secretHash: hashSecret(secret) };
}

/** Only what newToken makes: anything else (a NUL from a decoded cookie, say) never reaches SQL. */
const TOKEN_SHAPE = /^([a-z0-9_]+)\.([a-z0-9]+)$/;

export function splitToken(token: string): { id: string; secret: string } | null {
  const parts = token.length <= 200 ? TOKEN_SHAPE.exec(token) : null;
  if (!parts?.[1] || !parts[2]) return null;
  return { id: parts[1], secret: parts[2] };
}
