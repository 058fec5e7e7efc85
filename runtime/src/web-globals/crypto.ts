/* eslint-disable @typescript-eslint/no-require-imports -- each require is a lazy loader, below */
import type * as Aes from '@noble/ciphers/aes.js';
import type * as ChaCha from '@noble/ciphers/chacha.js';
import type * as Hmac from '@noble/hashes/hmac.js';
import type * as Legacy from '@noble/hashes/legacy.js';
import type * as Sha2 from '@noble/hashes/sha2.js';
import type { CHash } from '@noble/hashes/utils.js';
import { atob, btoa } from './base64.ts';
import { DOMException } from './events.ts';

// Web Crypto for the sandbox (ADR 030), computed inside the isolate so it counts against the
// run's CPU and memory limits like any other code. The primitives are noble's audited pure-JS
// implementations; this file is the WebCrypto API over them, for what integrations use:
// digests, HMAC, AES-GCM. Randomness is a ChaCha20 keystream keyed by 32 bytes the runner draws
// from the operating system for each run: no call leaves the isolate.

// Loaded on first use (install-isolate-globals.ts says why): AES alone took 16 ms to evaluate.
const noble = {
  gcm: () => (require('@noble/ciphers/aes.js') as typeof Aes).gcm,
  chacha20: () => (require('@noble/ciphers/chacha.js') as typeof ChaCha).chacha20,
  hmac: () => (require('@noble/hashes/hmac.js') as typeof Hmac).hmac,
  sha1: () => (require('@noble/hashes/legacy.js') as typeof Legacy).sha1,
  sha2: () => require('@noble/hashes/sha2.js') as typeof Sha2,
};

type Hash = CHash;
const HASHES: Record<string, () => Hash> = {
  'SHA-1': () => noble.sha1(),
  'SHA-256': () => noble.sha2().sha256,
  'SHA-384': () => noble.sha2().sha384,
  'SHA-512': () => noble.sha2().sha512,
};
const JWK_HMAC_ALG: Record<string, string> = {
  'SHA-1': 'HS1',
  'SHA-256': 'HS256',
  'SHA-384': 'HS384',
  'SHA-512': 'HS512',
};
const ALGORITHMS = ['HMAC', 'AES-GCM'] as const;
type AlgorithmName = (typeof ALGORITHMS)[number];
const USAGES: Record<AlgorithmName, readonly string[]> = {
  HMAC: ['sign', 'verify'],
  'AES-GCM': ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey'],
};
const MAX_RANDOM_BYTES = 65_536;

// ── Randomness ────────────────────────────────────────────────────────────────────────────────

const STREAM_CHUNK = 4096;

/** A ChaCha20 keystream (RFC 8439) keyed by the run's seed: a CSPRNG inside the isolate. */
export function createRandomSource(seed: Uint8Array): (bytes: Uint8Array) => void {
  if (seed.length !== 32) throw new TypeError('the random seed must be 32 bytes');
  const key = seed.slice();
  const nonce = new Uint8Array(12);
  let counter = 0;
  let buffer = new Uint8Array(0);
  let offset = 0;
  return (target) => {
    let filled = 0;
    while (filled < target.length) {
      if (offset === buffer.length) {
        buffer = noble.chacha20()(key, nonce, new Uint8Array(STREAM_CHUNK), undefined, counter);
        counter += STREAM_CHUNK / 64;
        offset = 0;
      }
      const take = Math.min(target.length - filled, buffer.length - offset);
      target.set(buffer.subarray(offset, offset + take), filled);
      // Bytes handed out are wiped from the buffer, so nothing can hand them out twice.
      buffer.fill(0, offset, offset + take);
      offset += take;
      filled += take;
    }
  };
}

// ── Values ────────────────────────────────────────────────────────────────────────────────────

function bytesOf(data: unknown, what: string): Uint8Array {
  if (data instanceof ArrayBuffer) return new Uint8Array(data.slice(0));
  if (ArrayBuffer.isView(data)) {
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice();
  }
  throw new TypeError(`${what} must be an ArrayBuffer, a typed array or a DataView`);
}

function arrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const out = new ArrayBuffer(bytes.length);
  new Uint8Array(out).set(bytes);
  return out;
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: unknown): Uint8Array {
  if (typeof text !== 'string' || !/^[A-Za-z0-9_-]*$/.test(text)) {
    throw new DOMException('The JWK "k" member is not base64url', 'DataError');
  }
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function algorithmName(algorithm: unknown): string {
  const name =
    typeof algorithm === 'string'
      ? algorithm
      : algorithm !== null && typeof algorithm === 'object'
        ? (algorithm as { name?: unknown }).name
        : undefined;
  if (typeof name !== 'string') throw new TypeError('The algorithm must have a name');
  return name.toUpperCase();
}

function hashName(hash: unknown): string {
  const name = algorithmName(hash);
  if (!Object.hasOwn(HASHES, name)) {
    throw new DOMException(`Unrecognized hash algorithm: ${name}`, 'NotSupportedError');
  }
  return name;
}

function supported(algorithm: unknown): AlgorithmName {
  const name = algorithmName(algorithm);
  const found = ALGORITHMS.find((known) => known === name);
  if (!found) {
    throw new DOMException(
      `Unrecognized or unsupported algorithm: ${name} (available: HMAC, AES-GCM, and SHA digests)`,
      'NotSupportedError',
    );
  }
  return found;
}

// ── Keys ──────────────────────────────────────────────────────────────────────────────────────

interface KeyAlgorithm {
  name: AlgorithmName;
  hash?: { name: string };
  length: number;
}

const keyMaterial = new WeakMap<CryptoKey, Uint8Array>();
const KEY_CONSTRUCTOR = Symbol('CryptoKey');

export class CryptoKey {
  readonly type = 'secret';
  readonly extractable: boolean;
  readonly algorithm: KeyAlgorithm;
  readonly usages: string[];

  constructor(
    key: symbol,
    algorithm: KeyAlgorithm,
    extractable: boolean,
    usages: string[],
    bytes: Uint8Array,
  ) {
    if (key !== KEY_CONSTRUCTOR) throw new TypeError('Illegal constructor');
    this.algorithm = Object.freeze({
      ...algorithm,
      ...(algorithm.hash ? { hash: Object.freeze({ ...algorithm.hash }) } : {}),
    });
    this.extractable = extractable;
    this.usages = usages;
    keyMaterial.set(this, bytes);
  }

  get [Symbol.toStringTag](): string {
    return 'CryptoKey';
  }
}

function checkedUsages(name: AlgorithmName, usages: unknown): string[] {
  if (!Array.isArray(usages)) throw new TypeError('keyUsages must be an array');
  const list = [...new Set(usages.map(String))];
  for (const usage of list) {
    if (!USAGES[name].includes(usage)) {
      throw new DOMException(`Unsupported key usage for a ${name} key: ${usage}`, 'SyntaxError');
    }
  }
  if (list.length === 0) throw new DOMException('Usages cannot be empty', 'SyntaxError');
  return list;
}

function makeKey(
  algorithm: unknown,
  bytes: Uint8Array,
  extractable: unknown,
  usages: unknown,
): CryptoKey {
  const name = supported(algorithm);
  const options = (typeof algorithm === 'object' ? algorithm : {}) as {
    hash?: unknown;
    length?: unknown;
  };
  const list = checkedUsages(name, usages);
  if (name === 'HMAC') {
    if (bytes.length === 0) throw new DOMException('Zero-length key is not supported', 'DataError');
    const length = options.length === undefined ? bytes.length * 8 : Number(options.length);
    if (length !== bytes.length * 8) {
      throw new DOMException('The key length does not match the key data', 'DataError');
    }
    const hash = { name: hashName(options.hash) };
    return new CryptoKey(
      KEY_CONSTRUCTOR,
      { name, hash, length },
      Boolean(extractable),
      list,
      bytes,
    );
  }
  if (![16, 24, 32].includes(bytes.length)) {
    throw new DOMException('An AES key must be 128, 192 or 256 bits', 'DataError');
  }
  return new CryptoKey(
    KEY_CONSTRUCTOR,
    { name, length: bytes.length * 8 },
    Boolean(extractable),
    list,
    bytes,
  );
}

function usableKey(key: unknown, name: AlgorithmName, usage: string): Uint8Array {
  const bytes = key instanceof CryptoKey ? keyMaterial.get(key) : undefined;
  if (!(key instanceof CryptoKey) || !bytes) throw new TypeError('The key must be a CryptoKey');
  if (key.algorithm.name !== name || !key.usages.includes(usage)) {
    throw new DOMException(
      `The key is a ${key.algorithm.name} key for ${key.usages.join(', ')}, not for ${name} ${usage}`,
      'InvalidAccessError',
    );
  }
  return bytes;
}

function hmacSign(key: CryptoKey, bytes: Uint8Array, data: Uint8Array): Uint8Array {
  const hash = HASHES[key.algorithm.hash?.name ?? ''];
  if (!hash) throw new DOMException('The key has no hash', 'OperationError');
  return noble.hmac()(hash(), bytes, data);
}

function gcmCipher(algorithm: unknown, bytes: Uint8Array) {
  const options = algorithm as { iv?: unknown; additionalData?: unknown; tagLength?: unknown };
  const iv = bytesOf(options.iv, 'AES-GCM iv');
  if (iv.length === 0) throw new DOMException('The iv must not be empty', 'OperationError');
  if (options.tagLength !== undefined && Number(options.tagLength) !== 128) {
    throw new DOMException('Only a 128-bit AES-GCM tag is supported', 'NotSupportedError');
  }
  const aad =
    options.additionalData === undefined
      ? undefined
      : bytesOf(options.additionalData, 'AES-GCM additionalData');
  return noble.gcm()(bytes, iv, aad);
}

// ── The API ───────────────────────────────────────────────────────────────────────────────────

const SUBTLE_CONSTRUCTOR = Symbol('SubtleCrypto');

export class SubtleCrypto {
  constructor(key?: symbol) {
    if (key !== SUBTLE_CONSTRUCTOR) throw new TypeError('Illegal constructor');
  }

  async digest(algorithm: unknown, data: unknown): Promise<ArrayBuffer> {
    const hash = (HASHES[hashName(algorithm)] as () => Hash)();
    return arrayBuffer(hash(bytesOf(data, 'data')));
  }

  async importKey(
    format: unknown,
    keyData: unknown,
    algorithm: unknown,
    extractable: unknown,
    usages: unknown,
  ): Promise<CryptoKey> {
    if (format === 'raw')
      return makeKey(algorithm, bytesOf(keyData, 'keyData'), extractable, usages);
    if (format === 'jwk') {
      const jwk = keyData as { kty?: unknown; k?: unknown; ext?: unknown };
      if (jwk === null || typeof jwk !== 'object' || jwk.kty !== 'oct') {
        throw new DOMException('Only "oct" JWKs are supported', 'DataError');
      }
      if (jwk.ext === false && extractable) {
        throw new DOMException('The JWK is not extractable', 'DataError');
      }
      return makeKey(algorithm, fromBase64url(jwk.k), extractable, usages);
    }
    throw new DOMException(`Unsupported key format: ${String(format)}`, 'NotSupportedError');
  }

  async exportKey(format: unknown, key: unknown): Promise<ArrayBuffer | Record<string, unknown>> {
    const bytes = key instanceof CryptoKey ? keyMaterial.get(key) : undefined;
    if (!(key instanceof CryptoKey) || !bytes) throw new TypeError('The key must be a CryptoKey');
    if (!key.extractable) throw new DOMException('key is not extractable', 'InvalidAccessError');
    if (format === 'raw') return arrayBuffer(bytes);
    if (format === 'jwk') {
      const alg =
        key.algorithm.name === 'HMAC'
          ? JWK_HMAC_ALG[key.algorithm.hash?.name ?? '']
          : `A${key.algorithm.length}GCM`;
      return { kty: 'oct', k: base64url(bytes), alg, key_ops: [...key.usages], ext: true };
    }
    throw new DOMException(`Unsupported key format: ${String(format)}`, 'NotSupportedError');
  }

  async generateKey(algorithm: unknown, extractable: unknown, usages: unknown) {
    const name = supported(algorithm);
    const options = (typeof algorithm === 'object' ? algorithm : {}) as {
      hash?: unknown;
      length?: unknown;
    };
    let bits: number;
    if (name === 'HMAC') {
      const hash = (HASHES[hashName(options.hash)] as () => Hash)();
      bits = options.length === undefined ? hash.blockLen * 8 : Number(options.length);
    } else {
      bits = Number(options.length);
      if (![128, 192, 256].includes(bits)) {
        throw new DOMException('AES key length must be 128, 192 or 256 bits', 'OperationError');
      }
    }
    if (!Number.isInteger(bits) || bits <= 0 || bits % 8 !== 0 || bits > 8192) {
      throw new DOMException(
        'The key length must be a positive multiple of 8 bits',
        'OperationError',
      );
    }
    const bytes = new Uint8Array(bits / 8);
    cryptoObject.getRandomValues(bytes);
    return makeKey(algorithm, bytes, extractable, usages);
  }

  async sign(algorithm: unknown, key: unknown, data: unknown): Promise<ArrayBuffer> {
    const name = supported(algorithm);
    if (name !== 'HMAC') throw new DOMException(`${name} cannot sign`, 'NotSupportedError');
    const bytes = usableKey(key, 'HMAC', 'sign');
    return arrayBuffer(hmacSign(key as CryptoKey, bytes, bytesOf(data, 'data')));
  }

  async verify(algorithm: unknown, key: unknown, signature: unknown, data: unknown) {
    const name = supported(algorithm);
    if (name !== 'HMAC') throw new DOMException(`${name} cannot verify`, 'NotSupportedError');
    const bytes = usableKey(key, 'HMAC', 'verify');
    const expected = hmacSign(key as CryptoKey, bytes, bytesOf(data, 'data'));
    const given = bytesOf(signature, 'signature');
    // Constant time over the expected length: a wrong guess takes as long as a right one.
    let difference = expected.length ^ given.length;
    for (let i = 0; i < expected.length; i++) difference |= (expected[i] ?? 0) ^ (given[i] ?? 0);
    return difference === 0;
  }

  async encrypt(algorithm: unknown, key: unknown, data: unknown): Promise<ArrayBuffer> {
    const name = supported(algorithm);
    if (name !== 'AES-GCM') throw new DOMException(`${name} cannot encrypt`, 'NotSupportedError');
    const bytes = usableKey(key, 'AES-GCM', 'encrypt');
    return arrayBuffer(gcmCipher(algorithm, bytes).encrypt(bytesOf(data, 'data')));
  }

  async decrypt(algorithm: unknown, key: unknown, data: unknown): Promise<ArrayBuffer> {
    const name = supported(algorithm);
    if (name !== 'AES-GCM') throw new DOMException(`${name} cannot decrypt`, 'NotSupportedError');
    const bytes = usableKey(key, 'AES-GCM', 'decrypt');
    const cipher = gcmCipher(algorithm, bytes);
    try {
      return arrayBuffer(cipher.decrypt(bytesOf(data, 'data')));
    } catch {
      throw new DOMException(
        'The operation failed for an operation-specific reason',
        'OperationError',
      );
    }
  }
}

const INTEGER_ARRAYS = new Set([
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'BigInt64Array',
  'BigUint64Array',
]);

let fillRandom: ((bytes: Uint8Array) => void) | null = null;

/** Keys the run's random source; install calls it once, with the runner's seed. */
export function seedRandom(seed: Uint8Array): void {
  fillRandom = createRandomSource(seed);
}

const CRYPTO_CONSTRUCTOR = Symbol('Crypto');

export class Crypto {
  readonly subtle = new SubtleCrypto(SUBTLE_CONSTRUCTOR);

  constructor(key?: symbol) {
    if (key !== CRYPTO_CONSTRUCTOR) throw new TypeError('Illegal constructor');
  }

  getRandomValues<T extends ArrayBufferView>(array: T): T {
    if (!ArrayBuffer.isView(array) || array instanceof DataView) {
      throw new DOMException('The data must be an integer typed array', 'TypeMismatchError');
    }
    const kind = Object.prototype.toString.call(array).slice(8, -1);
    if (!INTEGER_ARRAYS.has(kind)) {
      throw new DOMException('The data must be an integer typed array', 'TypeMismatchError');
    }
    if (array.byteLength > MAX_RANDOM_BYTES) {
      throw new DOMException(
        `The ArrayBufferView's byte length (${array.byteLength}) exceeds the number of bytes of entropy available via this API (${MAX_RANDOM_BYTES})`,
        'QuotaExceededError',
      );
    }
    if (!fillRandom) throw new DOMException('No random source', 'OperationError');
    fillRandom(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    return array;
  }

  randomUUID(): string {
    const bytes = this.getRandomValues(new Uint8Array(16));
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
    const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  get [Symbol.toStringTag](): string {
    return 'Crypto';
  }
}

export const cryptoObject = new Crypto(CRYPTO_CONSTRUCTOR);
