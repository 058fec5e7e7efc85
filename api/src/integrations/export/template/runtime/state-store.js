// ctx.state: JSON values kept between runs in state.json. As on Patchbay, a run's writes are held
// back and saved only when the run succeeds, so a failed run changes nothing and the next run
// starts from the same cursor.

import { readFile, rename, writeFile } from 'node:fs/promises';

/**
 * Reads the state saved by the last successful run.
 *
 * @param {string} file The path of state.json.
 */
export async function openStateStore(file) {
  /** @type {Record<string, unknown>} */
  const saved = await readStateFile(file);
  /** This run's writes; undefined marks a deleted key. */
  const changes = new Map();

  /** @param {unknown} key */
  function checkKey(key) {
    if (typeof key !== 'string' || key === '') {
      throw new TypeError('ctx.state: the key must be a non-empty string');
    }
  }

  return {
    /** The API handed to the integration as ctx.state. */
    api: {
      /**
       * @param {string} key
       * @returns {Promise<unknown>} The value, or undefined when there is none.
       */
      async get(key) {
        checkKey(key);
        const value = changes.has(key) ? changes.get(key) : saved[key];
        // A copy, so changing the returned object does not change the state behind our back.
        return value === undefined ? undefined : structuredClone(value);
      },
      /**
       * @param {string} key
       * @param {unknown} value Any JSON value.
       */
      async set(key, value) {
        checkKey(key);
        const json = JSON.stringify(value);
        if (json === undefined) {
          throw new TypeError(`ctx.state.set('${key}'): the value must be JSON (use delete)`);
        }
        changes.set(key, JSON.parse(json));
      },
      /** @param {string} key */
      async delete(key) {
        checkKey(key);
        changes.set(key, undefined);
      },
    },

    /** Saves this run's writes; called only after the run has succeeded. */
    async commit() {
      if (changes.size === 0) return;
      const next = { ...saved };
      for (const [key, value] of changes) {
        if (value === undefined) delete next[key];
        else next[key] = value;
      }
      // Write a temporary file and rename it, so a crash never leaves half a state.json.
      const temporary = `${file}.tmp`;
      await writeFile(temporary, `${JSON.stringify(next, null, 2)}\n`);
      await rename(temporary, file);
    },
  };
}

/** @param {string} file */
async function readStateFile(file) {
  let text;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (error?.code === 'ENOENT') return {};
    throw error;
  }
  let state;
  try {
    state = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${error.message}`, { cause: error });
  }
  if (state === null || typeof state !== 'object' || Array.isArray(state)) {
    throw new Error(`${file} must hold a JSON object`);
  }
  return state;
}
