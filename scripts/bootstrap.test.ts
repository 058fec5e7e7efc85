import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bootstrap = fileURLToPath(new URL('./bootstrap.mjs', import.meta.url));

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
