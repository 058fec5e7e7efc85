// Built-ins the runtime uses, taken when this module is evaluated. In the sandbox that is before
// the user's module runs (the prelude is evaluated first), so code that replaces JSON.parse or
// Map cannot change how ctx behaves (workers/src/sandbox/escape.test.ts).

export const NativeError = Error;
export const NativeTypeError = TypeError;
export const NativePromise = Promise;
export const NativeMap = Map;
export const NativeSet = Set;
export const NativeDate = Date;
export const NativeWeakSet = WeakSet;
export const jsonParse = JSON.parse;
export const jsonStringify = JSON.stringify;
export const objectEntries = Object.entries;
export const objectFreeze = Object.freeze;
export const defineProperty = Object.defineProperty;
export const isArray = Array.isArray;
export const toStr = String;
export const reflectApply = Reflect.apply;
export const stringIndexOf = String.prototype.indexOf;
export const arrayFrom = Array.from;
export const objectToString = Object.prototype.toString;
