// Schemathesis (PyPI), the property-based fuzzer the OpenAPI conformance test runs (ADR 038).
// scripts/bootstrap.mjs installs it into a venv in the cache and points to it here.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `st` binary that scripts/bootstrap.mjs installed (PATCHBAY_SCHEMATHESIS, or its .tools link). */
export function schemathesisPath(): string {
  const fromBootstrap = process.env.PATCHBAY_SCHEMATHESIS;
  if (fromBootstrap) return fromBootstrap;
  const linked = fileURLToPath(new URL('../../.tools/bin/schemathesis', import.meta.url));
  if (existsSync(linked)) return linked;
  throw new Error(
    'No schemathesis: run `npm test` (its bootstrap installs it from PyPI) or set PATCHBAY_SCHEMATHESIS to its `st` binary.',
  );
}

export interface SchemathesisRun {
  /** 0 when every check passed. */
  code: number | null;
  /** Its whole console output: the failures, each with a curl line to reproduce it. */
  output: string;
}

/**
 * `st run <schemaUrl>` with a schemathesis.toml written from `config`, in a scratch directory
 * (its reports and example database go there, not into the checkout).
 */
export async function runSchemathesis(options: {
  schemaUrl: string;
  config: string;
  args: string[];
  /** Stops a run that hangs; the result then says so. */
  timeoutMs: number;
}): Promise<SchemathesisRun> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'patchbay-schemathesis-'));
  const configFile = path.join(dir, 'schemathesis.toml');
  writeFileSync(configFile, options.config);
  try {
    return await new Promise<SchemathesisRun>((resolve, reject) => {
      const child = spawn(
        schemathesisPath(),
        ['--config-file', configFile, '--no-color', 'run', options.schemaUrl, ...options.args],
        { cwd: dir, env: { ...process.env, SCHEMATHESIS_HOOKS: '' } },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const timer = setTimeout(() => {
        output += `\n(stopped after ${options.timeoutMs / 1000} s)`;
        child.kill('SIGKILL');
      }, options.timeoutMs);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
