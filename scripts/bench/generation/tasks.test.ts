import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadVendor, openapiFile } from './mock-server.ts';
import { readTask, SPLITS, tasksDir } from './tasks.ts';

// Every task file is a valid ZTask whose sides name a vendor module that exists, and whose
// in-house sides' OpenAPI documents exist. Whether the reference solution passes is
// `npm run bench:generation -- --reference` (it needs the whole stack).

const taskFiles = SPLITS.flatMap((split) => {
  const dir = tasksDir(split);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ split, file: path.join(dir, name), name: `${split}/${name}` }));
});

describe('generation benchmark tasks', () => {
  it('has at least one task', () => {
    expect(taskFiles.length).toBeGreaterThan(0);
  });

  it('has task ids unique over both splits', () => {
    const ids = taskFiles.map(({ split, file }) => readTask(split, file).task.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it.each(taskFiles)(
    '$name parses, and its vendors and documents exist',
    async ({ split, file, name }) => {
      const { task } = readTask(split, file);
      expect(`${split}/${task.id}.json`).toBe(name);
      for (const side of [task.source, task.destination]) {
        const vendor = await loadVendor(side.vendor);
        expect(vendor.vendor).toBe(side.vendor);
        expect(typeof vendor.create).toBe('function');
        if (side.openapi)
          expect(openapiFile(side.openapi), `openapi/${side.openapi}`).toBeDefined();
      }
    },
  );
});
