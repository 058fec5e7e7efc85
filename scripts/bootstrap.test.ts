import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const bootstrap = fileURLToPath(new URL('./bootstrap.mjs', import.meta.url));
const launch = fileURLToPath(new URL('./launch.sh', import.meta.url));

describe('bootstrap.mjs hand-over', () => {
  it('runs the command even when a nested bootstrap knows no npm_config_nodedir', () => {
    // A bootstrap inside another (PATCHBAY_NODE set) reuses its toolchain. An unset variable must
    // not stop the hand-over: exec refuses undefined values, and its error would print the
    // whole environment, secrets included.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PATCHBAY_NODE: process.execPath,
      PATCHBAY_TEMPORAL_CLI: process.env.PATCHBAY_TEMPORAL_CLI ?? 'temporal',
      PATCHBAY_TEST_SECRET: 'do-not-print-me',
    };
    delete env.npm_config_nodedir;
    const result = spawnSync(process.execPath, [bootstrap, 'set-plan'], { env, encoding: 'utf8' });
    expect(result.stdout + result.stderr).toContain('usage: npm run set-plan');
    expect(result.status).toBe(2);
    expect(result.stderr).not.toContain('could not exec');
    expect(result.stdout + result.stderr).not.toContain('do-not-print-me');
  });
});

describe('npm scripts through launch.sh', () => {
  it('leave no launcher behind, even on a Node that cannot exec, and pass arguments intact', () => {
    // A Node older than 22.15 has no process.execve: a preload takes it away from bootstrap.mjs,
    // and records each Node process's pid and arguments.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'patchbay-launch-'));
    try {
      const log = path.join(dir, 'processes.log');
      const preload = path.join(dir, 'preload.mjs');
      writeFileSync(
        preload,
        `import { appendFileSync } from 'node:fs';
if (process.argv[1]?.endsWith('bootstrap.mjs')) delete process.execve;
appendFileSync(${JSON.stringify(log)}, process.pid + '\\t' + process.argv.slice(1).join('|') + '\\n');
`,
      );
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PATCHBAY_NODE: process.execPath,
        PATCHBAY_TEMPORAL_CLI: process.env.PATCHBAY_TEMPORAL_CLI ?? 'temporal',
        NODE_OPTIONS: `--import=${pathToFileURL(preload).href}`,
        PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
      };
      const result = spawnSync('sh', [launch, 'set-plan', "o'neil@example.com", 'no plan'], {
        env,
        encoding: 'utf8',
      });
      expect(result.stderr).toContain('usage: npm run set-plan');
      expect(result.status).toBe(2);
      expect(result.stdout + result.stderr).not.toContain('could not');
      const lines = readFileSync(log, 'utf8').trim().split('\n');
      const [bootstrapLine, scriptLine] = lines.map((line) => line.split('\t'));
      expect(bootstrapLine?.[1]).toBe(`${bootstrap}|set-plan|o'neil@example.com|no plan`);
      // The shell npm started became the script: same pid, nothing forwarding in between.
      expect(scriptLine).toEqual([
        String(result.pid),
        `${path.join(path.dirname(bootstrap), 'ops', 'set-plan.ts')}|o'neil@example.com|no plan`,
      ]);
      expect(bootstrapLine?.[0]).not.toBe(String(result.pid));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
