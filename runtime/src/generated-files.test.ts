import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  GENERATED_FILES,
  renderGeneratedFiles,
  staleGeneratedFiles,
} from '../scripts/build-runtime.ts';

// The sandbox's prelude and the export's runtime are generated from runtime/src (ADR 012), the
// sandbox runner from runner-process.ts, and all are committed. This fails when someone changed
// a source without rebuilding, or edited a generated file by hand: run
// `node runtime/scripts/build-runtime.ts`.

describe('generated runtime files', () => {
  it('are up to date with their sources', async () => {
    expect(await staleGeneratedFiles()).toEqual([]);
  });

  it('keep the isolate prelude a script whose value is the function that builds ctx', async () => {
    const files = await renderGeneratedFiles();
    const prelude = files['workers/src/sandbox/isolate-prelude.js'] ?? '';
    // Evaluated as a script, not a module: no import or export may survive bundling.
    expect(prelude).not.toMatch(/^\s*(import|export)\s/m);
    const value: unknown = new Function(`return ${prelude.replace(/^\/\/.*\n/gm, '')}`)();
    expect(typeof value).toBe('function');
  });

  it('keep the sandbox runner line for line with runner-process.ts, so its stack frames match', async () => {
    const files = await renderGeneratedFiles();
    const runner = files[GENERATED_FILES.runner] ?? '';
    const source = await readFile(
      new URL('../../workers/src/sandbox/runner-process.ts', import.meta.url),
      'utf8',
    );
    expect(runner.split('\n')).toHaveLength(source.split('\n').length);
    expect(runner).not.toMatch(/\bimport type\b|: ParentMessage\b/);
    expect(runner).toMatch(/^\/\* GENERATED .* \*\/ import /);
  });

  it('bundle the response thread whole, so the thread never loads a .ts file', async () => {
    const files = await renderGeneratedFiles();
    const thread = files[GENERATED_FILES.responseWorker] ?? '';
    const imports = [...thread.matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]);
    expect(imports.every((name) => name?.startsWith('node:'))).toBe(true);
    expect(imports).toContain('node:worker_threads');
    expect(thread).toMatch(/function answerResponse\(/);
  });

  it('ship no Node.js built-in in the runtime the isolate and the export share', async () => {
    const files = await renderGeneratedFiles();
    // The export's webhook listener runs under Node.js only: its checks need node:crypto.
    // So do the sandbox runner and the pool's response thread, outside the isolate.
    const nodeOnly: string[] = [
      GENERATED_FILES.exportWebhooks,
      GENERATED_FILES.runner,
      GENERATED_FILES.responseWorker,
    ];
    const shared = Object.entries(files).filter(([path]) => !nodeOnly.includes(path));
    expect(shared.length).toBe(2);
    for (const [, text] of shared) {
      expect(ownCode(text)).not.toMatch(/\bfrom ['"]node:|\brequire\(|\bBuffer\b|\bprocess\./);
      expect(text).not.toMatch(/\bfrom ['"]node:/);
    }
  });
});

/**
 * A bundle without the npm libraries of the isolate's web globals (ADR 030): they look for
 * Node's Buffer or process, to use them when present, which the isolate never has
 * (workers/src/sandbox/escape.test.ts). esbuild heads each module with a comment naming its file.
 */
function ownCode(bundle: string): string {
  return bundle
    .split(/^(?= *\/\/ \S+\.[jt]s$)/m)
    .filter((section) => !/^ *\/\/ node_modules\//.test(section))
    .join('');
}
