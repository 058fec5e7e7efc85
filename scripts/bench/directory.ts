import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  directoryDescription,
  loadDirectoryIndex,
  matchBothTiers,
  searchBothTiers,
} from '@patchbay/catalog';
import { DIRECTORY_DIR } from '../../catalog/src/directory.ts';
import { size } from './size.ts';
import { summarize, type BenchRow } from './table.ts';

// The directory of public APIs behind the curated catalog (ADR 033): what it adds to a checkout,
// how long the first search takes in a fresh process (the index is read then), warm searches
// and matches, reading one description, and the distil time the script recorded.

function bytesUnder(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
    files++;
  }
  return { bytes, files };
}

const FIRST_SEARCH = `
const started = performance.now();
const { searchBothTiers } = await import('@patchbay/catalog');
const loaded = performance.now();
searchBothTiers('google drive');
console.log(JSON.stringify({ search: performance.now() - loaded, withImport: performance.now() - started }));
`;

export function benchDirectory(): BenchRow[] {
  const rows: BenchRow[] = [];
  const index = loadDirectoryIndex();
  const { bytes, files } = bytesUnder(DIRECTORY_DIR);
  rows.push({
    name: 'directory: install size (index + descriptions, committed)',
    p50: bytes / (1024 * 1024),
    unit: 'MiB',
    note: `${files} files, ${index.apis.length} APIs`,
  });

  const first: number[] = [];
  for (let i = 0; i < size(5, 2); i++) {
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', FIRST_SEARCH], {
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`first search failed:\n${result.stderr}`);
    first.push((JSON.parse(result.stdout) as { search: number }).search);
  }
  rows.push({
    name: 'directory: first search in a fresh process',
    ...summarize(first),
    note: `${first.length} processes, index read included`,
  });

  const usable = index.apis.filter((api) => !api.failure);
  const queries = usable.slice(0, size(500, 100)).flatMap((api) => [api.title, api.baseUrl]);
  const searches: number[] = [];
  const matches: number[] = [];
  for (const query of queries) {
    let started = performance.now();
    searchBothTiers(query);
    searches.push(performance.now() - started);
    started = performance.now();
    matchBothTiers(query, '');
    matches.push(performance.now() - started);
  }
  rows.push({
    name: 'directory: search, both tiers',
    ...summarize(searches),
    note: `${queries.length} queries`,
  });
  rows.push({
    name: 'directory: match, both tiers',
    ...summarize(matches),
    note: `${queries.length} names`,
  });

  const reads: number[] = [];
  for (const api of usable.slice(0, size(200, 40))) {
    const started = performance.now();
    directoryDescription(api.id);
    reads.push(performance.now() - started);
  }
  rows.push({
    name: 'directory: read one description',
    ...summarize(reads),
    note: `${reads.length} APIs, first read`,
  });

  rows.push({
    name: 'directory: distil every document (recorded by the distil script)',
    p50: index.distilSeconds ?? Number.NaN,
    unit: 's',
    note: `${index.apis.length} documents of ${index.package}, one process`,
  });
  return rows;
}
