import {
  jsonParse,
  jsonStringify,
  NativeMap,
  NativeTypeError,
  objectEntries,
  reflectApply,
  stringIndexOf,
} from './intrinsics.ts';

// ctx.state: the saved state as it was when the run started, plus this run's
// writes, held back until the host commits them (only when the run succeeds). Values are kept as
// JSON text: reads return fresh copies, and the changes leave as [key, JSON] pairs, so no
// "__proto__" key can become a prototype on the way.

export interface StateChanges {
  /** [key, value as JSON text], in the order the keys were first written. */
  set: [string, string][];
  deleted: string[];
}

/** The API handed to the integration as ctx.state. */
export interface StateApi {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
}

const indexOf = (text: string, search: string, from: number): number =>
  reflectApply(stringIndexOf, text, [search, from]) as number;

/** The longest saved-state key; PUT /state refuses longer ones too. */
export const STATE_KEY_MAX_CHARS = 200;

/**
 * Why a saved-state key is refused, in the words both ctx.state and PUT /state use, or null: a
 * key a run can save is one the state editor can save back.
 */
export function stateKeyProblem(key: string): string | null {
  if (key === '') return 'the key must not be empty';
  if (key.length > STATE_KEY_MAX_CHARS) {
    return `the key must be at most ${STATE_KEY_MAX_CHARS} characters`;
  }
  // Saved state lives in PostgreSQL, which cannot store U+0000.
  if (indexOf(key, '\u0000', 0) !== -1) {
    return 'the key must not contain the NUL character (\\u0000)';
  }
  return null;
}

function checkKey(key: unknown): asserts key is string {
  if (typeof key !== 'string') throw new NativeTypeError('ctx.state: the key must be a string');
  const problem = stateKeyProblem(key);
  if (problem !== null) throw new NativeTypeError(`ctx.state: ${problem}`);
}

/** Whether JSON text escapes a U+0000. An escaped backslash before "u0000" is text, not a NUL. */
function holdsNul(json: string): boolean {
  for (let at = indexOf(json, '\\u0000', 0); at !== -1; at = indexOf(json, '\\u0000', at + 1)) {
    let backslashes = 0;
    while (at - backslashes > 0 && json[at - backslashes - 1] === '\\') backslashes += 1;
    if (backslashes % 2 === 0) return true;
  }
  return false;
}

export class StateBuffer {
  readonly #saved: Map<string, string>;
  /** This run's writes; null marks a deleted key. */
  readonly #changes: Map<string, string | null> = new NativeMap();
  readonly api: StateApi;

  /** @param saved The state committed by the last successful run. */
  constructor(saved: Record<string, unknown>) {
    this.#saved = new NativeMap(
      objectEntries(saved).map(([key, value]): [string, string] => [key, jsonStringify(value)]),
    );
    this.api = {
      get: async (key) => {
        checkKey(key);
        const json = this.#changes.has(key) ? this.#changes.get(key) : this.#saved.get(key);
        return json === undefined || json === null ? undefined : jsonParse(json);
      },
      set: async (key, value) => {
        checkKey(key);
        const json = jsonStringify(value) as string | undefined;
        if (json === undefined) {
          throw new NativeTypeError(`ctx.state.set('${key}'): the value must be JSON (use delete)`);
        }
        if (holdsNul(json)) {
          throw new NativeTypeError(
            `ctx.state.set('${key}'): the value must not contain the NUL character (\\u0000)`,
          );
        }
        this.#changes.set(key, json);
      },
      delete: async (key) => {
        checkKey(key);
        this.#changes.set(key, null);
      },
    };
  }

  /** What a successful run commits. */
  changes(): StateChanges {
    const set: [string, string][] = [];
    const deleted: string[] = [];
    for (const [key, json] of this.#changes) {
      if (json === null) deleted.push(key);
      else set.push([key, json]);
    }
    return { set, deleted };
  }
}

/** The state after committing `changes` on top of `saved`. */
export function applyStateChanges(
  saved: Record<string, unknown>,
  changes: StateChanges,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...saved };
  for (const [key, json] of changes.set) {
    Object.defineProperty(next, key, {
      value: JSON.parse(json),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  for (const key of changes.deleted) delete next[key];
  return next;
}
