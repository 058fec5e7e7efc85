// Types for the bundled implementations that ship none (install-isolate-globals.ts).

declare module 'core-js-pure/actual/url/index.js' {
  const URL: typeof globalThis.URL;
  export = URL;
}

declare module 'core-js-pure/actual/url-search-params/index.js' {
  const URLSearchParams: typeof globalThis.URLSearchParams;
  export = URLSearchParams;
}

declare module '@ungap/structured-clone' {
  export function serialize(value: unknown, options?: { json?: boolean; lossy?: boolean }): unknown;
  export function deserialize(serialized: unknown): unknown;
}
