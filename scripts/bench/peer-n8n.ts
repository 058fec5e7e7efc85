// The peer we measure against, on its own ground: n8n, on this machine, on the same job. A
// Webhook node answering when the last node finishes, an HTTP Request GET of the source's three
// items, a Code node keeping the first three, and an HTTP Request POST of each to the
// destination: the 4 calls of our test-run job (runtime.ts), against the same loopback APIs.
// How the two are compared is versus-n8n.ts (ADR 039).
//
// `npm run bench -- --n8n`. The first run installs n8n into
// ~/.cache/patchbay/n8n-<version> (about 3 GB, a few minutes): n8n is a peer we measure, not a
// dependency of the product.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../lib/ports.ts';
import { spawnService, stopService } from '../lib/processes.ts';

export const WITH_N8N = process.argv.includes('--n8n');

// 2.41.3 is n8n's latest, but it needs @n8n/agents 0.26.2, which the registry this machine
// reaches does not carry; 2.41.1 is the newest 2.41 that installs.
export const N8N_VERSION = '2.41.1';
const WORKFLOW_ID = 'PatchbayBench001';
const WEBHOOK_PATH = 'patchbay-bench';

/** Runs a command to its end; `quiet` keeps its output unless it fails (n8n's migrations). */
function run(
  command: string,
  args: string[],
  cwd: string,
  { env = process.env, quiet = false }: { env?: NodeJS.ProcessEnv; quiet?: boolean } = {},
): void {
  const result = spawnSync(command, args, {
    cwd,
    env,
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed in ${cwd}` +
        (quiet ? `:\n${result.stdout}${result.stderr}`.slice(-4000) : ''),
    );
}

/** n8n's command, installed once into the cache. */
export function installN8n(): string {
  const dir = path.join(os.homedir(), '.cache', 'patchbay', `n8n-${N8N_VERSION}`);
  const bin = path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
  const installed = path.join(dir, '.installed');
  if (existsSync(installed)) return bin;
  console.log(`Installing n8n ${N8N_VERSION} into ${dir} (once; about 3 GB)…`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true }));
  // Install scripts stay off: several of n8n's dependencies download prebuilt binaries, which
  // this machine cannot reach. The one native module n8n needs to start, sqlite3 (its default
  // database), is built from source against this Node's headers (npm_config_nodedir, set by
  // bootstrap.mjs).
  run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', `n8n@${N8N_VERSION}`], dir);
  run('npm', ['rebuild', 'sqlite3'], dir);
  writeFileSync(installed, `${new Date().toISOString()}\n`);
  return bin;
}

/** The job as an n8n workflow, in the JSON n8n's import:workflow reads. */
function workflow(sourceUrl: string, destinationUrl: string) {
  const node = (
    name: string,
    type: string,
    typeVersion: number,
    x: number,
    parameters: object,
  ) => ({
    id: crypto.randomUUID(),
    name,
    type: `n8n-nodes-base.${type}`,
    typeVersion,
    position: [x, 0],
    parameters,
  });
  const next = (name: string) => ({ main: [[{ node: name, type: 'main', index: 0 }]] });
  return {
    id: WORKFLOW_ID,
    name: 'Patchbay bench: copy the first three items',
    active: false,
    nodes: [
      {
        ...node('Webhook', 'webhook', 2, 0, {
          httpMethod: 'POST',
          path: WEBHOOK_PATH,
          responseMode: 'lastNode',
          options: {},
        }),
        webhookId: crypto.randomUUID(),
      },
      node('Get items', 'httpRequest', 4.2, 200, { url: `${sourceUrl}/items`, options: {} }),
      node('First three', 'code', 2, 400, { jsCode: 'return $input.all().slice(0, 3);' }),
      node('Post copy', 'httpRequest', 4.2, 600, {
        method: 'POST',
        url: `${destinationUrl}/copies`,
        sendBody: true,
        specifyBody: 'json',
        jsonBody: '={{ JSON.stringify($json) }}',
        options: {},
      }),
    ],
    connections: {
      Webhook: next('Get items'),
      'Get items': next('First three'),
      'First three': next('Post copy'),
    },
    settings: { executionOrder: 'v1' },
  };
}

/** n8n started on its defaults (SQLite, the JS task runner in internal mode), telemetry off. */
export async function startN8n(bin: string, sourceUrl: string, destinationUrl: string) {
  const userFolder = mkdtempSync(path.join(os.tmpdir(), 'patchbay-bench-n8n-'));
  const port = await freePort();
  // Only what n8n needs: the bench's environment may hold a database URL or keys.
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    N8N_USER_FOLDER: userFolder,
    N8N_PORT: String(port),
    N8N_LISTEN_ADDRESS: '127.0.0.1',
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_TEMPLATES_ENABLED: 'false',
    N8N_PERSONALIZATION_ENABLED: 'false',
    // The Code node's task runner talks to n8n on this port (5679 unless told).
    N8N_RUNNERS_BROKER_PORT: String(await freePort()),
  };
  const file = path.join(userFolder, 'workflow.json');
  writeFileSync(file, JSON.stringify([workflow(sourceUrl, destinationUrl)]));
  try {
    run(process.execPath, [bin, 'import:workflow', `--input=${file}`], userFolder, {
      env,
      quiet: true,
    });
    run(process.execPath, [bin, 'publish:workflow', `--id=${WORKFLOW_ID}`], userFolder, {
      env,
      quiet: true,
    });
  } catch (error) {
    rmSync(userFolder, { recursive: true, force: true });
    throw error;
  }
  // Kept for an error, not printed: offline, n8n complains of telemetry and its MCP registry.
  const lines: string[] = [];
  const service = spawnService('n8n', process.execPath, [bin, 'start'], {
    env,
    cwd: userFolder,
    onLine: (line) => lines.push(line) > 40 && lines.shift(),
  });
  const logTail = () => `n8n's last lines:\n${lines.join('\n')}`;
  const stop = async () => {
    await stopService(service);
    rmSync(userFolder, { recursive: true, force: true });
  };
  const webhookUrl = `http://127.0.0.1:${port}/webhook/${WEBHOOK_PATH}`;
  // n8n can answer 404 again for a moment after its first answer while it finishes activating
  // workflows: ready is five answers in a row, 200 ms apart.
  const deadline = Date.now() + 120_000;
  for (let answers = 0; answers < 5;) {
    answers = (await callWebhook(webhookUrl).catch(() => null)) === null ? 0 : answers + 1;
    const exited = service.child.exitCode !== null || service.child.signalCode !== null;
    if (Date.now() > deadline || exited) {
      await stop();
      throw new Error(`n8n did not answer its webhook steadily within 2 minutes\n${logTail()}`);
    }
    await sleep(200);
  }
  return {
    webhookUrl,
    pid: service.child.pid ?? 0,
    logTail,
    stop,
  };
}

/** One webhook run of the job: ms until n8n answers with the last node's output. */
export async function callWebhook(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
    signal: AbortSignal.timeout(30_000),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`n8n webhook answered ${response.status}`);
  return performance.now() - started;
}
