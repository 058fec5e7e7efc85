// `npm start`: the whole product on its embedded defaults (ADR 001).
// PostgreSQL → Temporal → worker → API, each switchable by env and each in its own
// process group, so a terminal's Ctrl-C reaches only this script, which stops them in the
// reverse order. A crashed worker or API is restarted. Launched by
// scripts/bootstrap.mjs under Node 24, which forwards its signals here.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnvError } from '@patchbay/schema/env';
import { collectWhenIdle } from '@patchbay/schema/idle-collector';
import { parseKeyRing } from '@patchbay/schema/vault';
import { loadApiEnv } from '../api/src/env.ts';
import { loadWorkerEnv } from '../workers/src/env.ts';
import { assertPortFree, waitFor } from './lib/ports.ts';
import { startPostgres, type RunningPostgres } from './lib/postgres.ts';
import {
  spawnService,
  stopService,
  superviseService,
  type Service,
  type SupervisedService,
} from './lib/processes.ts';
import { embeddedEncryptionKeys } from './lib/encryption-key.ts';
import { clearLeftovers, removeRunState, writeRunState } from './lib/run-state.ts';
import { buildServiceBundlesInChild, serviceBundlePath } from './lib/service-bundles.ts';
import { loadStartEnv } from './lib/start-env.ts';
import { startTemporalDevServer, type RunningTemporal } from './lib/temporal-server.ts';
import { ensureConsoleBuilt } from './lib/web-build.ts';

const repoRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * V8 flags for the API and the worker. `--optimize-for-size` makes V8 grow its heaps less eagerly
 * under a burst and keep less compiled code, so a burst leaves less behind: the worker held
 * 124–133 MiB private memory a minute after 60 test runs against 138–145 without it, the API
 * 62–65 against 65–69; those runs' p50 was 105–126 ms against 122–132 (ADR 039, 2026-11-29).
 */
const SERVICE_NODE_FLAGS = ['--optimize-for-size'];

/** Everything started so far, stopped in reverse on exit. */
const running: {
  postgres?: RunningPostgres;
  temporal?: RunningTemporal;
  /** The dev server from its spawn until it answers: Ctrl-C in between must stop it too. */
  temporalStarting?: Service;
  postgresStarting?: Service;
  /** The worker and the API, restarted when they crash. */
  services: SupervisedService[];
} = { services: [] };
let stopping = false;
/** Only the start that wrote DATA_DIR/run.json may remove it. */
let ownsRunState = false;

async function main(): Promise<void> {
  const envFile = path.join(repoRoot, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const env = loadStartEnv();
  // A malformed key stops start-up before anything runs (a wrong one stops the API: ADR 009).
  if (env.APP_ENCRYPTION_KEYS) parseKeyRing(env.APP_ENCRYPTION_KEYS);
  const dataDir = path.resolve(repoRoot, env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  // The supervisor is idle once everything runs: its start-up garbage goes back at once.
  collectWhenIdle();

  process.on('SIGINT', () => void shutdown(dataDir, 0));
  process.on('SIGTERM', () => void shutdown(dataDir, 0));
  process.on('SIGHUP', () => void shutdown(dataDir, 0));

  await clearLeftovers(dataDir);
  // The API checks its port too, but only after everything else has started.
  await assertPortFree(env.PORT, '127.0.0.1', 'the API and console', 'PORT');
  ensureConsoleBuilt(repoRoot);
  // The API and the worker run as JavaScript bundled from their sources (ADR 048), built while
  // PostgreSQL and Temporal start.
  const bundlesBuilt = buildServiceBundlesInChild();
  bundlesBuilt.catch(() => {}); // awaited below: a failure meanwhile is not an unhandled rejection

  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    running.postgres = await startPostgres({
      dataDir: path.join(dataDir, 'postgres'),
      port: env.EMBEDDED_POSTGRES_PORT,
      database: 'patchbay',
      onSpawn: (service) => (running.postgresStarting = service),
    });
    databaseUrl = running.postgres.url;
  }

  let temporalAddress = env.TEMPORAL_ADDRESS;
  let temporalUiUrl = process.env.TEMPORAL_UI_URL;
  if (!temporalAddress) {
    running.temporal = await startTemporalDevServer({
      cli: env.PATCHBAY_TEMPORAL_CLI,
      dbFile: path.join(dataDir, 'temporal.db'),
      port: env.TEMPORAL_PORT,
      uiPort: env.TEMPORAL_UI_PORT,
      onSpawn: (service) => {
        running.temporalStarting = service;
        ownsRunState = true;
        writeRunState(dataDir, [service]);
      },
    });
    temporalAddress = running.temporal.address;
    temporalUiUrl = running.temporal.uiUrl;
  }

  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    APP_ENCRYPTION_KEYS: env.APP_ENCRYPTION_KEYS ?? embeddedEncryptionKeys(dataDir),
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_UI_URL: temporalUiUrl ?? 'http://localhost:8233',
    PORT: String(env.PORT),
    // glibc gives each thread that allocates an arena of its own (up to 8 per core); the
    // worker's threads (Temporal's core, libuv, V8) left ~60 MiB in them. Two arenas do the same
    // work in 20–30 MiB less (ADR 039). An operator's own value wins.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  };
  // Validate the children's variables here, so a bad value stops start-up before anything runs.
  loadApiEnv(childEnv);
  loadWorkerEnv(childEnv);
  await bundlesBuilt;

  // Temporal and PostgreSQL hold the data: one dying on its own stops everything, since
  // half a stack is worse than none. The worker and the API hold none and are restarted.
  const recordRunState = () => {
    ownsRunState = true;
    writeRunState(dataDir, [
      ...(running.temporal ? [running.temporal.service] : []),
      ...running.services.map((service) => service.current()),
    ]);
  };
  for (const name of ['worker', 'api'] as const) {
    running.services.push(
      superviseService({
        name,
        spawn: () =>
          spawnService(name, process.execPath, [...SERVICE_NODE_FLAGS, serviceBundlePath(name)], {
            env: childEnv,
          }),
        // The first start is recorded below, once both exist.
        onStart: () => {
          if (running.services.length === 2) recordRunState();
        },
        onGiveUp: (message) => {
          console.error(message);
          void shutdown(dataDir, 1);
        },
      }),
    );
  }
  recordRunState();
  for (const [name, service] of [
    ['Temporal', running.temporal?.service],
    ['PostgreSQL', running.postgres?.service],
  ] as const) {
    void service?.exited.then((code) => {
      if (stopping) return;
      console.error(
        `patchbay: ${name} exited unexpectedly (${service.child.signalCode ? `killed by ${service.child.signalCode}` : `exit code ${code}`}); stopping everything.`,
      );
      void shutdown(dataDir, 1);
    });
  }

  const consoleUrl = `http://localhost:${env.PORT}`;
  await waitFor('The API', async () => (await fetch(`${consoleUrl}/api/health`)).ok, {
    timeoutMs: 120_000,
    intervalMs: 300,
  });
  const ping = await selfCheck(consoleUrl);

  console.log(`
  Patchbay is running.
    Console          ${consoleUrl}
    Temporal Web UI  ${temporalUiUrl ?? '(external Temporal: see its own UI)'}
    PostgreSQL       ${running.postgres ? `embedded, data in ${path.join(dataDir, 'postgres')}` : 'DATABASE_URL'}
    Temporal         ${running.temporal ? `dev server ${temporalAddress}, data in ${path.join(dataDir, 'temporal.db')}` : `TEMPORAL_ADDRESS ${temporalAddress}`}
    Temporal CLI     ${env.PATCHBAY_TEMPORAL_CLI_SOURCE}
    Self-check       ${ping}
  Press Ctrl-C to stop.
`);
}

/** Runs the ping workflow through the API once, so the whole chain is proven at start. */
async function selfCheck(consoleUrl: string): Promise<string> {
  const response = await fetch(`${consoleUrl}/api/ping`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: consoleUrl },
    body: JSON.stringify({ message: 'npm start self-check' }),
  });
  const body = (await response.json()) as {
    workflowId?: string;
    roundTripMs?: number;
    message?: string;
  };
  if (!response.ok)
    throw new Error(`The ping self-check failed: ${body.message ?? response.status}`);
  return `ping workflow ${body.workflowId} answered in ${body.roundTripMs} ms`;
}

async function shutdown(dataDir: string, code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('\npatchbay: stopping…');
  // API first (no new requests), then the worker, then what they use.
  for (const service of [...running.services].reverse()) {
    console.log(`patchbay: stopping ${service.name}`);
    await service.stop();
  }
  if (running.temporal || running.temporalStarting) console.log('patchbay: stopping Temporal');
  if (running.temporal) await running.temporal.stop();
  else if (running.temporalStarting) await stopService(running.temporalStarting, 15_000);
  if (running.postgres) {
    console.log('patchbay: stopping PostgreSQL');
    await running.postgres.stop();
  } else if (running.postgresStarting) {
    await stopService(running.postgresStarting, 30_000, 'SIGINT');
  }
  if (ownsRunState) removeRunState(dataDir);
  console.log('patchbay: stopped.');
  process.exit(code);
}

main().catch(async (error: unknown) => {
  // Already stopping (Ctrl-C or a crash loop during start-up): that said why.
  if (stopping) return;
  const message =
    error instanceof EnvError || error instanceof Error ? error.message : String(error);
  console.error(`patchbay: ${message}`);
  const dataDir = path.resolve(repoRoot, process.env.DATA_DIR || '.data');
  await shutdown(dataDir, 1);
});
