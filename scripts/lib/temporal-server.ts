// The Temporal CLI dev server for `npm start` (ADR 001): a real Temporal server
// with a SQLite file, so schedules and history survive restarts.
import { execFile } from 'node:child_process';
import { assertPortFree, waitFor } from './ports.ts';
import { spawnService, stopService, type Service } from './processes.ts';
import { dynamicConfigArgs } from './temporal-dynamic-config.ts';

/**
 * ADR 016, addendum "SQLite in WAL mode": the dev server's SQLite file keeps a write-ahead log
 * instead of the default rollback journal. Each commit is then one append and one fsync (the
 * default `synchronous=FULL` stays, so a commit survives a power cut too), and the raw floor
 * is about a third lower (ADR 016 has the measurements).
 */
export const SQLITE_PRAGMA_ARGS = ['--sqlite-pragma', 'journal_mode=wal'];

/**
 * ADR 039: the dev server's Go heap is collected when it has grown by a quarter since the last
 * collection, not doubled (Go's default, GOGC=100). First at GOGC=50, measured on `npm start`
 * after the same test runs: Temporal's PSS 88–89 MiB against 100–102, and 116 against 141 on a dev server alone after
 * 300 floor runs, for a little more GC CPU on a server that is mostly idle. It changes when memory
 * is reclaimed, nothing about what is written or when (durability is unchanged). The history and
 * events caches (dynamic config) were measured too and moved nothing: 132–137 against 135–141 MiB.
 *
 * 2026-11-29: GOGC=25. Read as private memory (PSS halves the binary's 72 MiB of mapped code
 * whenever another Temporal process on the machine maps the same file, which is most of the
 * 110–150 MiB swing ADR 039 saw), the dev server's own memory a minute after 60 test runs was
 * 66–70 MiB against 73–78 at GOGC=50. Again only when memory is reclaimed, not what is written.
 */
export const TEMPORAL_GO_ENV = { GOGC: '25' };

export interface RunningTemporal {
  address: string;
  uiUrl: string;
  service: Service;
  stop(): Promise<void>;
}

export async function startTemporalDevServer(options: {
  cli: string;
  dbFile: string;
  port: number;
  uiPort: number;
  /** Called as soon as the process exists, before it answers: the caller can stop it if start-up is interrupted. */
  onSpawn?: (service: Service) => void;
}): Promise<RunningTemporal> {
  await assertPortFree(options.port, '127.0.0.1', 'Temporal gRPC', 'TEMPORAL_PORT');
  await assertPortFree(options.uiPort, '127.0.0.1', 'Temporal Web UI', 'TEMPORAL_UI_PORT');
  const service = spawnService(
    'temporal',
    options.cli,
    [
      'server',
      'start-dev',
      '--db-filename',
      options.dbFile,
      '--ip',
      '127.0.0.1',
      '--port',
      String(options.port),
      '--ui-port',
      String(options.uiPort),
      '--log-level',
      'error',
      '--log-format',
      'pretty',
      ...dynamicConfigArgs(),
      ...SQLITE_PRAGMA_ARGS,
    ],
    { env: { ...process.env, ...TEMPORAL_GO_ENV } },
  );
  options.onSpawn?.(service);
  const address = `127.0.0.1:${options.port}`;
  let exited = false;
  void service.exited.then(() => (exited = true));
  await waitFor(
    'The Temporal dev server',
    async () => {
      if (exited) throw new Error('exited');
      return temporalAnswers(options.cli, address);
    },
    { timeoutMs: 90_000, intervalMs: 300 },
  ).catch((error: unknown) => {
    throw new Error(
      exited
        ? `The Temporal dev server exited during start-up (see the [temporal] lines above). Its data is in ${options.dbFile}.`
        : String(error),
    );
  });
  return {
    address,
    uiUrl: `http://localhost:${options.uiPort}`,
    service,
    stop: () => stopService(service, 15_000),
  };
}

/**
 * True when the Temporal frontend at `address` reports SERVING. Asked through the CLI's own health
 * check rather than a gRPC client: the client library would add about 20 MiB to start.ts, which
 * stays up as the stack's supervisor.
 */
export function temporalAnswers(cli: string, address: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(
      cli,
      // Only the address counts: a user's CLI profile (a Temporal Cloud one with TLS, say) or
      // TEMPORAL_* variables must not change how the local dev server is asked.
      [
        'operator',
        'cluster',
        'health',
        '--address',
        address,
        '--disable-config-file',
        '--disable-config-env',
      ],
      { timeout: 5000 },
      (error, stdout) => resolve(!error && stdout.includes('SERVING')),
    );
  });
}
