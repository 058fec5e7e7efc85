import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../lib/ports.ts';
import { temporalCliPath } from './temporal-cli.ts';

const startScript = fileURLToPath(new URL('../start.ts', import.meta.url));
const bootstrapScript = fileURLToPath(new URL('../bootstrap.mjs', import.meta.url));

export interface StartedProcess {
  /** The launcher: bootstrap.mjs when `viaBootstrap`, else start.ts itself. */
  pid: number;
  output(): string;
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
  /** What a terminal's Ctrl-C does: SIGINT to the launcher's whole process group. */
  interrupt(): void;
}

export interface StackPorts {
  PORT: string;
  EMBEDDED_POSTGRES_PORT: string;
  TEMPORAL_PORT: string;
  TEMPORAL_UI_PORT: string;
}

/** Free ports for one stack, as the env variables start.ts reads. */
export async function stackPorts(): Promise<StackPorts> {
  return {
    PORT: String(await freePort()),
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    TEMPORAL_PORT: String(await freePort()),
    TEMPORAL_UI_PORT: String(await freePort()),
  };
}

/**
 * Runs scripts/start.ts in a process group of its own, as a terminal runs `npm start`:
 * through scripts/bootstrap.mjs when `viaBootstrap` (it reuses the toolchain the test
 * run's own bootstrap checked), else directly as the bootstrap hands over.
 */
export function runStart(
  env: Record<string, string>,
  { viaBootstrap = false } = {},
): StartedProcess {
  const args = viaBootstrap ? [bootstrapScript, 'start'] : [startScript];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PATCHBAY_TEMPORAL_CLI: temporalCliPath(),
      PATCHBAY_TEMPORAL_CLI_SOURCE: 'test',
      PATCHBAY_NODE: process.execPath,
      DATABASE_URL: '',
      TEMPORAL_ADDRESS: '',
      APP_ENCRYPTION_KEYS: '',
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters = new Set<() => void>();
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      output += chunk;
      for (const wake of waiters) wake();
    });
  }
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
    for (const wake of waiters) wake();
  });

  return {
    pid: child.pid ?? 0,
    output: () => output,
    exited,
    interrupt: () => {
      // The group may be gone already (start.ts failed early): that is what a caller reports.
      try {
        process.kill(-(child.pid ?? 0), 'SIGINT');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    },
    waitForOutput: (pattern, timeoutMs = 120_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => finish(new Error(`timed out waiting for ${pattern}`)),
          timeoutMs,
        );
        const check = () => {
          if (pattern.test(output)) finish();
          else if (hasExited) finish(new Error(`start.ts exited before printing ${pattern}`));
        };
        const finish = (error?: Error) => {
          clearTimeout(timer);
          waiters.delete(check);
          if (error) reject(new Error(`${error.message}\n--- start.ts output ---\n${output}`));
          else resolve();
        };
        waiters.add(check);
        check();
      }),
  };
}
