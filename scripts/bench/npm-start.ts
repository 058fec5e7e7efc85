// The stack as a user starts it, for the n8n comparison (ADR 039): `npm start` in the clone,
// under the npm and Node the user's PATH gives, so its launchers are the ones a user has and
// count in the process tree. The rest of the bench starts start.ts directly (run-start.ts).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { isAlive } from '../lib/processes.ts';
import { stackPorts } from '../test-support/run-start.ts';

const repoRoot = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));

/**
 * The environment of the terminal `npm run bench` was typed in: without the two PATH entries
 * bootstrap.mjs put in front (Node 24's folder and .tools/bin), and without npm's and
 * bootstrap's own variables, so the nested `npm start` checks its toolchain as a user's would.
 */
export function userEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith('npm_') || key.startsWith('PATCHBAY_') || key === 'INIT_CWD') continue;
    env[key] = value;
  }
  const entries = (process.env.PATH ?? '').split(path.delimiter);
  const added = [
    process.env.PATCHBAY_NODE ? path.dirname(process.env.PATCHBAY_NODE) : '',
    path.join(repoRoot, '.tools', 'bin'),
  ];
  if (entries[0] === added[0] && entries[1] === added[1]) entries.splice(0, 2);
  env.PATH = entries.join(path.delimiter);
  // The stack's own settings come from the caller, never from the bench's environment.
  for (const key of ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'APP_ENCRYPTION_KEYS']) delete env[key];
  return env;
}

/** `node --version` and npm's, as the user's PATH resolves them. */
export function userToolVersions(): string {
  const env = userEnvironment();
  const version = (command: string) =>
    spawnSync(command, ['--version'], { env, encoding: 'utf8' }).stdout?.trim() || 'none';
  return `npm ${version('npm')} on Node ${version('node')}`;
}

export interface NpmStack {
  /** npm's pid: the root of the tree a user's terminal holds. */
  pid: number;
  baseUrl: string;
  output(): string;
  /** Ctrl-C, as a terminal sends it to the whole foreground process group; resolves once all exited. */
  stop(): Promise<void>;
}

/** `npm start` on free ports and `dataDir`, until /api/health answers and start-up has finished. */
export async function npmStart(dataDir: string): Promise<NpmStack> {
  const ports = await stackPorts();
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: {
      ...userEnvironment(),
      ...ports,
      DATA_DIR: dataDir,
      // Loopback fake APIs, and one bench user doing many requests from 127.0.0.1.
      SANDBOX_ALLOW_PRIVATE_NETWORK: 'true',
      AUTH_RATE_LIMIT_SCALE: '100',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (output = (output + chunk).slice(-20_000)));
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = child.pid ?? 0;
  const baseUrl = `http://localhost:${ports.PORT}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(-pid, 'SIGINT');
      const killed = setTimeout(() => {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // gone meanwhile
        }
      }, 60_000);
      await exited;
      clearTimeout(killed);
    }
  };
  const deadline = Date.now() + 300_000;
  while (!/Press Ctrl-C to stop/.test(output)) {
    if (child.exitCode !== null || !isAlive(pid) || Date.now() > deadline) {
      await stop();
      throw new Error(`npm start did not come up:\n${output}`);
    }
    await sleep(200);
  }
  return { pid, baseUrl, output: () => output, stop };
}
