import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes, 1 lane): OWASP's minimum.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verifying against this when the email is unknown makes both failures cost the same.
const dummyHash = hash('not-a-real-password-just-for-timing');

export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
