// The bundles start.ts runs the API and the worker from (ADR 048). The whole stack running from
// them (migrations, the console, the sandbox runner, the workflow bundle) is scripts/start.test.ts.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildServiceBundles,
  buildServiceBundlesInChild,
  renderBundle,
  runsService,
  SERVICE_ENTRIES,
  serviceBundlePath,
} from './service-bundles.ts';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'patchbay-service-bundles-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every module a bundle still imports: static `from "…"`, side-effect `import "…"`, `import("…")`. */
function importedSpecifiers(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom|^import|\bimport\()\s*["']([^"']+)["']/gm))
    found.add(match[1] ?? '');
  return [...found];
}

describe('service bundles', () => {
  it('gives each bundled file its own import.meta, with main false and types stripped', async () => {
    const src = path.join(scratch, 'src');
    mkdirSync(path.join(src, 'nested'), { recursive: true });
    writeFileSync(
      path.join(src, 'nested', 'paths.ts'),
      `import { fileURLToPath } from 'node:url';
export function paths(): Record<string, unknown> {
  const beside: string = fileURLToPath(new URL('./data.json', import.meta.url));
  return { dirname: import.meta.dirname, filename: import.meta.filename, beside, main: import.meta.main };
}
`,
    );
    writeFileSync(
      path.join(src, 'entry.ts'),
      `import { paths } from './nested/paths.ts';
const own: string = import.meta.dirname;
console.log(JSON.stringify({ own, nested: paths(), url: import.meta.resolve('node:path') }));
`,
    );
    const bundle = path.join(scratch, 'out', 'bundle.js');
    mkdirSync(path.dirname(bundle));
    writeFileSync(bundle, await renderBundle(path.join(src, 'entry.ts')));

    const printed = JSON.parse(execFileSync(process.execPath, [bundle], { encoding: 'utf8' }));
    expect(printed).toEqual({
      own: src,
      nested: {
        dirname: path.join(src, 'nested'),
        filename: path.join(src, 'nested', 'paths.ts'),
        beside: path.join(src, 'nested', 'data.json'),
        main: false,
      },
      url: 'node:path',
    });
  });

  it("puts our own code in the supervisor's, the API's and the worker's bundles and leaves every package an import", async () => {
    const dir = path.join(scratch, 'services');
    await buildServiceBundlesInChild(dir);
    await buildServiceBundles(['start'], dir);
    const packages = { start: 'yaml', api: '@temporalio/client', worker: '@temporalio/worker' };
    for (const name of Object.keys(SERVICE_ENTRIES) as (keyof typeof SERVICE_ENTRIES)[]) {
      const code = readFileSync(serviceBundlePath(name, dir), 'utf8');
      const specifiers = importedSpecifiers(code);
      expect(specifiers, name).toContain(packages[name]);
      expect(specifiers, name).toContain('zod');
      expect(
        specifiers.filter(
          (s) => s.startsWith('.') || s.startsWith('@patchbay/') || s.endsWith('.ts'),
        ),
        name,
      ).toEqual([]);
    }
  });

  it('knows a service by its source or its bundle, and no other', () => {
    const node = '/usr/local/bin/node';
    expect(runsService(`${node} /repo/scripts/start.ts`, 'start')).toBe(true);
    expect(runsService(`${node} ${serviceBundlePath('start')}`, 'start')).toBe(true);
    expect(runsService(`${node} ${serviceBundlePath('worker')}`, 'worker')).toBe(true);
    expect(runsService(`${node} /repo/workers/src/main.ts`, 'worker')).toBe(true);
    expect(runsService(`${node} ${serviceBundlePath('api')}`, 'worker')).toBe(false);
    expect(runsService(`${node} /repo/scripts/test.ts`, 'start')).toBe(false);
  });

  it('fails with a message naming the build when a source does not parse', async () => {
    const broken = path.join(scratch, 'broken.ts');
    writeFileSync(broken, 'export const x = ;\n');
    await expect(renderBundle(broken)).rejects.toThrow(/broken\.ts/);
  });
});
