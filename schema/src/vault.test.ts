import { describe, expect, it } from 'vitest';
import {
  credentialContext,
  decrypt,
  encrypt,
  generateKeyEntry,
  parseKeyRing,
  secretHint,
} from './vault.ts';

const ring = parseKeyRing(`${generateKeyEntry('k2')},${generateKeyEntry('k1')}`);
const context = credentialContext('8c0f2a9e-0000-4000-8000-000000000001', 'source');

describe('vault', () => {
  it('round-trips with the active key and puts the key id in front', () => {
    const stored = encrypt(ring, 'sk_live_1234567890abcd', context);
    expect(stored.startsWith('k2:')).toBe(true);
    expect(stored).not.toContain('sk_live');
    expect(decrypt(ring, stored, context)).toBe('sk_live_1234567890abcd');
  });

  it('uses a fresh IV every time', () => {
    expect(encrypt(ring, 'same', context)).not.toBe(encrypt(ring, 'same', context));
  });

  it('refuses ciphertext moved to another row or field', () => {
    const stored = encrypt(ring, 'secret value', context);
    expect(() =>
      decrypt(ring, stored, credentialContext('8c0f2a9e-0000-4000-8000-000000000002', 'source')),
    ).toThrow(/failed to decrypt/);
    expect(() =>
      decrypt(
        ring,
        stored,
        credentialContext('8c0f2a9e-0000-4000-8000-000000000001', 'destination'),
      ),
    ).toThrow(/failed to decrypt/);
  });

  it('refuses a tampered ciphertext and a wrong key', () => {
    const stored = encrypt(ring, 'secret value', context);
    const bytes = Buffer.from(stored.slice(3), 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => decrypt(ring, `k2:${bytes.toString('base64')}`, context)).toThrow(
      /failed to decrypt/,
    );
    const other = parseKeyRing(generateKeyEntry('k2'));
    expect(() => decrypt(other, stored, context)).toThrow(/failed to decrypt/);
    expect(() => decrypt(parseKeyRing(generateKeyEntry('k9')), stored, context)).toThrow(
      /key "k2", which APP_ENCRYPTION_KEYS does not contain/,
    );
  });

  it('decrypts with an older key after rotation', () => {
    const old = parseKeyRing(generateKeyEntry('old'));
    const stored = encrypt(old, 'rotate me', context);
    const rotated = parseKeyRing(
      `${generateKeyEntry('new')},old:${old.keys.get('old')?.toString('base64')}`,
    );
    expect(decrypt(rotated, stored, context)).toBe('rotate me');
    expect(encrypt(rotated, 'x', context).startsWith('new:')).toBe(true);
  });

  it.each([
    ['', /empty/],
    ['nokey', /must look like kid:base64key/],
    ['k1:c2hvcnQ=', /must be 32 bytes/],
    [`${generateKeyEntry('k1')},${generateKeyEntry('k1')}`, /appears twice/],
    ['bad id!:AAAA', /must look like/],
  ])('rejects APP_ENCRYPTION_KEYS=%j', (value, message) => {
    expect(() => parseKeyRing(value)).toThrow(message);
  });

  it('hints at long secrets only', () => {
    expect(secretHint('sk_live_abcdefgh1a2b')).toBe('…1a2b');
    expect(secretHint('short')).toBe('…');
  });
});
