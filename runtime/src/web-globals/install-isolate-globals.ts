/* eslint-disable @typescript-eslint/no-require-imports -- each require is a lazy loader, below */
import type * as TextEncoding from '@exodus/bytes/encoding-lite.js';
import type * as StructuredClone from '@ungap/structured-clone';
import { atob, btoa } from './base64.ts';
import { Crypto, CryptoKey, cryptoObject, seedRandom, SubtleCrypto } from './crypto.ts';
import {
  AbortController,
  AbortSignal,
  DOMException,
  Event,
  EventTarget,
  useTimers,
} from './events.ts';
import { Headers } from './headers.ts';
import { createTimers, type TimerBridge } from './timers.ts';

// The web-standard globals of the sandbox (ADR 030), installed into the isolate by its prelude
// (workers/src/sandbox/isolate-host.ts) before the user's module runs. Everything here is
// JavaScript evaluated inside the isolate, so it runs under the run's CPU and memory limits and
// holds no host object. Two things come from the runner, both as plain values: a 32-byte seed
// for the random source, and the timer messages (timers.ts). The export runs on Node, which has
// all of these; list.ts is the contract both hosts keep.

// The larger implementations load on first use. esbuild bundles a module reached by require()
// inside a function that runs when first called, and the runner keeps V8's code cache of the
// prelude, so an isolate no run touches pays almost nothing for them: evaluating them all up
// front took 30 ms per isolate instead of 1.5 (ADR 030). Node's own lazy globals are accessors
// too; the first read replaces the accessor with a plain value.
const LAZY_GLOBALS: Record<string, () => unknown> = {
  URL: () => require('core-js-pure/actual/url/index.js') as typeof URL,
  URLSearchParams: () =>
    require('core-js-pure/actual/url-search-params/index.js') as typeof URLSearchParams,
  TextEncoder: () => textEncoding().TextEncoder,
  TextDecoder: () => textEncoding().TextDecoder,
};

function textEncoding() {
  return require('@exodus/bytes/encoding-lite.js') as typeof TextEncoding;
}

function structuredCloneLibrary() {
  return require('@ungap/structured-clone') as typeof StructuredClone;
}

export interface IsolateGlobalsBridge {
  /** 32 bytes from the operating system's CSPRNG, new for each run. */
  randomSeed: Uint8Array;
  timers: TimerBridge;
}

function structuredClone(value: unknown, _options?: unknown): unknown {
  if (arguments.length === 0) {
    throw new TypeError('structuredClone: 1 argument required, but only 0 present');
  }
  const { serialize, deserialize } = structuredCloneLibrary();
  let serialized: unknown;
  try {
    serialized = serialize(value);
  } catch (error) {
    // The polyfill says "unable to serialize <type>"; the standard's error is a DataCloneError.
    if (error instanceof TypeError) {
      throw new DOMException(`${describe(value)} could not be cloned.`, 'DataCloneError');
    }
    throw error;
  }
  return deserialize(serialized);
}

function describe(value: unknown): string {
  try {
    return typeof value === 'symbol' ? value.toString() : String(value);
  } catch {
    return 'The value';
  }
}

/** As Node defines its globals: writable and configurable, not enumerable. */
function defineGlobal(target: typeof globalThis, name: string, value: unknown): void {
  Object.defineProperty(target, name, {
    value,
    writable: true,
    configurable: true,
    enumerable: false,
  });
}

/** Installs every name of WEB_GLOBAL_NAMES on `target`; returns what the runner calls back. */
export function installIsolateGlobals(
  target: typeof globalThis,
  bridge: IsolateGlobalsBridge,
): { fireTimer(id: number): void } {
  seedRandom(bridge.randomSeed);
  const timers = createTimers(bridge.timers);
  useTimers((callback, delayMs) => timers.setTimeout(callback, delayMs));
  const globals: Record<string, unknown> = {
    atob,
    btoa,
    structuredClone,
    crypto: cryptoObject,
    Crypto,
    CryptoKey,
    SubtleCrypto,
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    queueMicrotask: timers.queueMicrotask,
    AbortController,
    AbortSignal,
    Event,
    EventTarget,
    DOMException,
    Headers,
  };
  for (const [name, value] of Object.entries(globals)) defineGlobal(target, name, value);
  // A library that looks for a native version of a global while it loads (the text encoding
  // one does) must find none, not a half-loaded one.
  let loading = 0;
  for (const [name, load] of Object.entries(LAZY_GLOBALS)) {
    Object.defineProperty(target, name, {
      configurable: true,
      enumerable: false,
      get() {
        if (loading > 0) return undefined;
        loading++;
        let value: unknown;
        try {
          value = load();
        } finally {
          loading--;
        }
        defineGlobal(target, name, value);
        return value;
      },
      set(value: unknown) {
        defineGlobal(target, name, value);
      },
    });
  }
  return { fireTimer: timers.fire };
}
