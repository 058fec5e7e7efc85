import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ZApiDescription, type TApiDescription } from '@patchbay/schema';

// The built-in catalog (ADR 015): one JSON file per API in `catalog/entries/`, each a
// `TApiDescription` with the vendor source it was distilled from. Files are data, so a
// distill script can rewrite one without touching code; they are validated on load, and
// `catalog.test.ts` fails on any entry that does not parse.

export const ENTRIES_DIR = join(import.meta.dirname, '..', 'entries');

let cached: readonly TApiDescription[] | undefined;

/** Every catalog entry, parsed and sorted by name. Throws naming the file that is wrong. */
export function loadCatalog(): readonly TApiDescription[] {
  if (cached) return cached;
  const entries: TApiDescription[] = [];
  for (const file of readdirSync(ENTRIES_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    entries.push(parseEntryFile(join(ENTRIES_DIR, file)));
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  cached = Object.freeze(entries);
  return cached;
}

export function parseEntryFile(path: string): TApiDescription {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path}: not JSON (${(error as Error).message})`, { cause: error });
  }
  const parsed = ZApiDescription.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`${path}: ${first?.path.join('.') ?? ''}: ${first?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

export function getCatalogEntry(id: string): TApiDescription | undefined {
  return loadCatalog().find((entry) => entry.id === id);
}
