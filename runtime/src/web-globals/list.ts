// The web-standard globals integration code may use, on every host (ADR 030). This list is the
// contract: the sandbox installs exactly these names (install-isolate-globals.ts, checked by its
// test), Node provides them in the export, the docs page renders this list, and
// scripts/ctx-conformance.test.ts runs a program per family on both hosts.
//
// No imports: the console renders it.

export interface WebGlobalFamily {
  /** The heading on the docs page. */
  family: string;
  /** Global names, as code uses them. */
  names: readonly string[];
  /** What is supported, in a sentence for the docs. */
  notes: string;
}

export const WEB_GLOBAL_FAMILIES: readonly WebGlobalFamily[] = [
  {
    family: 'URLs and form bodies',
    names: ['URL', 'URLSearchParams'],
    notes:
      'The WHATWG URL standard. A URLSearchParams passed as a ctx request body is sent as application/x-www-form-urlencoded.',
  },
  {
    family: 'Text encoding',
    names: ['TextEncoder', 'TextDecoder'],
    notes: 'UTF-8, UTF-16 and the single-byte encodings of the WHATWG Encoding standard.',
  },
  {
    family: 'Base64',
    names: ['atob', 'btoa'],
    notes: 'As in browsers: btoa takes a string of characters up to U+00FF.',
  },
  {
    family: 'Cloning',
    names: ['structuredClone'],
    notes: 'Objects, arrays, Date, RegExp, Map, Set, typed arrays, errors and cycles.',
  },
  {
    family: 'Cryptography',
    names: ['crypto', 'Crypto', 'CryptoKey', 'SubtleCrypto'],
    notes:
      'crypto.getRandomValues, crypto.randomUUID, and crypto.subtle: digest (SHA-1, SHA-256, SHA-384, SHA-512), HMAC sign and verify, AES-GCM encrypt and decrypt, importKey and exportKey (raw, jwk), generateKey.',
  },
  {
    family: 'Timers',
    names: ['setTimeout', 'clearTimeout', 'queueMicrotask'],
    notes: 'Time spent waiting counts against the run’s wall-clock limit.',
  },
  {
    family: 'Cancellation and events',
    names: ['AbortController', 'AbortSignal', 'Event', 'EventTarget', 'DOMException'],
    notes: 'AbortSignal.abort(), AbortSignal.timeout(ms) and AbortSignal.any(signals) included.',
  },
  {
    family: 'HTTP headers',
    names: ['Headers'],
    notes:
      'A Headers object (or any iterable of [name, value] pairs) is accepted as ctx request headers.',
  },
];

/** Every name above, in order. */
export const WEB_GLOBAL_NAMES: readonly string[] = WEB_GLOBAL_FAMILIES.flatMap(
  (family) => family.names,
);
