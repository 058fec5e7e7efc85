// `npm run bench`: speed and memory figures, printed as a table (never asserted in tests).
// Each section starts what it measures itself, on free ports and throw-away data folders.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  runStart,
  stackPorts,
  type StackPorts,
  type StartedProcess,
} from './test-support/run-start.ts';
import { benchAccounts, signUpBenchUser } from './bench/accounts.ts';
import { benchIntegrations } from './bench/integrations.ts';
import { benchSandbox } from './bench/sandbox.ts';
import {
  benchDeployedRuns,
  benchGeneration,
  benchGenerationWithModel,
  benchTestRuns,
} from './bench/runtime.ts';
import { stackMemoryRow } from './bench/memory.ts';
import { benchPublicPages } from './bench/pages.ts';
import { WITH_N8N } from './bench/peer-n8n.ts';
import { benchVersusN8n } from './bench/versus-n8n.ts';
import { benchDirectory } from './bench/directory.ts';
import { size } from './bench/size.ts';
import { benchTemporalFloor, startFloorHarness } from './bench/temporal-floor.ts';
import { benchWebhooks } from './bench/webhooks.ts';
import { printTable, summarize, type BenchRow } from './bench/table.ts';

const repoRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const rows: BenchRow[] = [];

function bootstrapWithEverythingPresent(): void {
  const bootstrap = path.join(repoRoot, 'scripts', 'bootstrap.mjs');
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const result = spawnSync(process.execPath, [bootstrap, 'check'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error('bootstrap check failed');
    samples.push(performance.now() - started);
  }
  rows.push({ name: 'bootstrap, everything present', ...summarize(samples), note: '5 runs' });
}

async function startUntilHealthy(
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<{ stack: StartedProcess; ms: number; port: string; ports: StackPorts }> {
  const ports = await stackPorts();
  const started = performance.now();
  // Loopback fake APIs, and one bench user doing many log-ins from 127.0.0.1.
  const stack = runStart({
    ...ports,
    DATA_DIR: dataDir,
    SANDBOX_ALLOW_PRIVATE_NETWORK: 'true',
    AUTH_RATE_LIMIT_SCALE: '100',
    ...extraEnv,
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    const ok = await fetch(`http://localhost:${ports.PORT}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline)
      throw new Error(`the stack did not become healthy:\n${stack.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { stack, ms: performance.now() - started, port: ports.PORT, ports };
}

async function stop(stack: StartedProcess): Promise<void> {
  stack.interrupt();
  await stack.exited;
}

async function startAndPing(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'patchbay-bench-'));
  try {
    const cold = await startUntilHealthy(dataDir);
    rows.push({
      name: 'npm start, cold (empty data folder) to healthy',
      p50: cold.ms,
      note: '1 run',
    });
    await stop(cold.stack);

    const warm = await startUntilHealthy(dataDir);
    // A section that throws must not leave the stack running behind the bench.
    try {
      rows.push({
        name: 'npm start, warm (existing data) to healthy',
        p50: warm.ms,
        note: '1 run',
      });
      await warm.stack.waitForOutput(/Press Ctrl-C to stop/);
      // Idle: the stack has started, and nothing has asked it anything yet.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      rows.push(stackMemoryRow(warm.stack.pid));

      const baseUrl = `http://localhost:${warm.port}`;
      rows.push(...(await benchPublicPages(baseUrl)));
      const accounts = await benchAccounts(baseUrl);
      rows.push(...accounts.rows);
      const databaseUrl = `postgres://patchbay:patchbay@127.0.0.1:${warm.ports.EMBEDDED_POSTGRES_PORT}/patchbay`;
      rows.push(...(await benchIntegrations(baseUrl, databaseUrl, accounts)));
      const session = {
        baseUrl,
        headers: { 'content-type': 'application/json', origin: baseUrl, cookie: accounts.cookie },
      };
      // The floor's worker stays up until the test runs have sampled it: after the load rows,
      // so its polling shares no core with them.
      const floor = await startFloorHarness(`127.0.0.1:${warm.ports.TEMPORAL_PORT}`);
      try {
        rows.push(...(await benchTemporalFloor(floor, size(200, 30))));
        const samples: number[] = [];
        for (let i = 0; i < size(200, 30); i++) {
          const started = performance.now();
          const response = await fetch(`http://localhost:${warm.port}/api/ping`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              origin: `http://localhost:${warm.port}`,
            },
            body: JSON.stringify({ message: `bench ${i}` }),
          });
          if (!response.ok)
            throw new Error(`ping failed: ${response.status} ${await response.text()}`);
          samples.push(performance.now() - started);
        }
        rows.push({
          name: 'ping workflow round trip through the API',
          ...summarize(samples),
          note: `${samples.length} sequential runs`,
          temporal: true,
        });
        rows.push(...(await benchTestRuns(session, floor)));
      } finally {
        await floor.close();
      }
      rows.push(...(await benchGeneration(session)));
      const { children } = JSON.parse(readFileSync(path.join(dataDir, 'run.json'), 'utf8')) as {
        children: { name: string; pid: number }[];
      };
      const workerPid = children.find((child) => child.name === 'worker')?.pid ?? 0;
      rows.push(
        ...(await benchDeployedRuns(
          session,
          { databaseUrl, temporalAddress: `127.0.0.1:${warm.ports.TEMPORAL_PORT}`, workerPid },
          {
            // More schedules than the 1,000 runs a minute ADR 025 targets: with exactly 1,000 the
            // row could never show more, and a worker that kept up would read as one at its limit.
            count: Number(process.env.BENCH_SCHEDULES ?? size(1200, 100)),
            minutes: Number(process.env.BENCH_MINUTES ?? size(2, 1)),
          },
        )),
      );
      // Last on this stack: it kills the API with SIGKILL (the launcher restarts it).
      rows.push(
        ...(await benchWebhooks(session, {
          databaseUrl,
          temporalAddress: `127.0.0.1:${warm.ports.TEMPORAL_PORT}`,
          dataDir,
        })),
      );
    } finally {
      await stop(warm.stack);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A throw-away stack with extra environment, for the model-backed generation bench. */
async function throwAwayStack(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'patchbay-bench-model-'));
  const started = await startUntilHealthy(dataDir, env);
  await started.stack.waitForOutput(/Press Ctrl-C to stop/);
  return {
    baseUrl: `http://localhost:${started.port}`,
    stop: async () => {
      await stop(started.stack);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

if (WITH_N8N) {
  // Alone, on stacks of its own: the memory rows compare the same workload on both sides, which
  // the other sections' bursts and schedules would not be (ADR 039).
  printTable(await benchVersusN8n());
  process.exit(0);
}
/**
 * `--only=webhooks`: the webhook ingest rows alone, on a stack of their own (ADR 047), for
 * measuring a change to intake without the half hour the whole bench takes.
 */
async function webhooksOnly(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'patchbay-bench-webhooks-'));
  try {
    const started = await startUntilHealthy(dataDir);
    try {
      await started.stack.waitForOutput(/Press Ctrl-C to stop/);
      const baseUrl = `http://localhost:${started.port}`;
      const { cookie } = await signUpBenchUser(baseUrl);
      const session = {
        baseUrl,
        headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
      };
      rows.push(
        ...(await benchWebhooks(session, {
          databaseUrl: `postgres://patchbay:patchbay@127.0.0.1:${started.ports.EMBEDDED_POSTGRES_PORT}/patchbay`,
          temporalAddress: `127.0.0.1:${started.ports.TEMPORAL_PORT}`,
          dataDir,
        })),
      );
    } finally {
      await stop(started.stack);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
if (only !== undefined) {
  if (only !== 'webhooks')
    throw new Error(`--only=${only}: the one section that runs alone is webhooks`);
  await webhooksOnly();
  printTable(rows);
  process.exit(0);
}

bootstrapWithEverythingPresent();
rows.push(...(await benchSandbox()));
rows.push(...benchDirectory());
await startAndPing();
rows.push(...(await benchGenerationWithModel(throwAwayStack, signUpBenchUser)));
printTable(rows);
