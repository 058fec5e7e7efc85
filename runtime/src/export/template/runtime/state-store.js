// ctx.state: JSON values kept between runs in state.json. As on Patchbay, a run's writes are held
// back and saved only when the run succeeds, so a failed run changes nothing and the next run
// starts from the same cursor.

import { readFile, rename, writeFile } from 'node:fs/promises';
import { applyStateChanges, StateBuffer } from './patchbay-runtime.js';

/**
 * Reads the state saved by the last successful run.
 *
 * @param {string} file The path of state.json.
 */
export async function openStateStore(file) {
  /** @type {Record<string, unknown>} */
  const saved = await readStateFile(file);
  const buffer = new StateBuffer(saved);

  return {
    /** The API handed to the integration as ctx.state. */
    api: buffer.api,

    /** This run's writes, as Patchbay reports them: [key, JSON] pairs and deleted keys. */
    changes: () => buffer.changes(),

    /** Saves this run's writes; called only after the run has succeeded. */
    async commit() {
      const changes = buffer.changes();
      if (changes.set.length === 0 && changes.deleted.length === 0) return;
      const next = applyStateChanges(saved, changes);
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
