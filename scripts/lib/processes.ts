import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Service {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

/**
 * Starts a long-running child in its own process group (detached), so a terminal's Ctrl-C
 * reaches only the start script, which then stops the services in order.
 * Output lines get a prefix, or go to `onLine` instead of the console.
 */
export function spawnService(
  name: string,
  command: string,
  args: string[],
  options: {
    env?: NodeJS.ProcessEnv;
    cwd?: string;
    /** Run as this user (PostgreSQL refuses root). */
    uid?: number;
    gid?: number;
    filter?: (line: string) => boolean;
    onLine?: (line: string) => void;
  } = {},
): Service {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.uid === undefined ? {} : { uid: options.uid }),
    ...(options.gid === undefined ? {} : { gid: options.gid }),
  });
  const prefix = `[${name}]`.padEnd(11);
  const print =
    options.onLine ??
    ((line: string) => {
      if (options.filter?.(line) ?? true) console.log(`${prefix} ${line}`);
    });
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line) print(line);
    });
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', (error) => {
      console.log(`${prefix} could not start: ${error.message}`);
      resolve(1);
    });
  });
  return { name, child, exited };
}

/**
 * `signal` (SIGTERM unless told) to the service's process group, then SIGKILL after
 * `graceMs`; resolves once the process is gone.
 */
export async function stopService(
  service: Service,
  graceMs = 10_000,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (service.child.exitCode !== null || service.child.signalCode !== null) return;
  const { pid } = service.child;
  if (pid === undefined) return;
  signalGroup(pid, signal);
  const timer = setTimeout(() => signalGroup(pid, 'SIGKILL'), graceMs);
  await service.exited;
  clearTimeout(timer);
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The command line of a live process, to tell our leftovers from an unrelated reused pid. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** Sends `signal`, waits up to `graceMs`, then SIGKILLs. For processes we did not spawn. */
export async function terminatePid(
  pid: number,
  signal: NodeJS.Signals = 'SIGTERM',
  graceMs = 10_000,
): Promise<void> {
  try {
    process.kill(pid, signal);
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (isAlive(pid) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  if (isAlive(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

/** How many crashes within `CRASH_WINDOW_MS` stop the stack instead of another restart. */
export const CRASH_LIMIT = 5;
export const CRASH_WINDOW_MS = 60_000;

export interface SupervisedService {
  name: string;
  /** The process running now (a new one after each restart). */
  current(): Service;
  /** Stops the process and any restart that is waiting; no restart after this. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Keeps a service running as docker-compose's `restart: unless-stopped` does:
 * a process that exits on its own is started again after 1, 2, 4, 8 s, with one line
 * saying so. The CRASH_LIMIT-th crash within CRASH_WINDOW_MS calls `onGiveUp` instead.
 */
export function superviseService(options: {
  name: string;
  spawn: () => Service;
  /** After each (re)start, e.g. to record the new pid. */
  onStart?: (service: Service) => void;
  onGiveUp: (message: string) => void;
  log?: (line: string) => void;
  backoffMs?: (crashesInWindow: number) => number;
}): SupervisedService {
  const log = options.log ?? ((line: string) => console.error(line));
  const backoffMs = options.backoffMs ?? ((crashes: number) => 1000 * 2 ** (crashes - 1));
  const crashes: number[] = [];
  let stopped = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let service = options.spawn();
  watch(service);

  function watch(started: Service): void {
    options.onStart?.(started);
    void started.exited.then((code) => {
      if (stopped) return;
      const how = started.child.signalCode
        ? `killed by ${started.child.signalCode}`
        : `exit code ${code}`;
      const now = Date.now();
      crashes.push(now);
      while (crashes.length > 0 && (crashes[0] ?? now) <= now - CRASH_WINDOW_MS) crashes.shift();
      if (crashes.length >= CRASH_LIMIT) {
        stopped = true;
        options.onGiveUp(
          `patchbay: ${options.name} crashed ${crashes.length} times within a minute (last: ${how}); stopping everything. Its last lines are above.`,
        );
        return;
      }
      const delay = backoffMs(crashes.length);
      log(
        `patchbay: ${options.name} crashed (${how}); restarting it in ${delay / 1000} s (crash ${crashes.length} this minute; the ${CRASH_LIMIT}th stops everything).`,
      );
      restartTimer = setTimeout(() => {
        restartTimer = undefined;
        if (stopped) return;
        service = options.spawn();
        watch(service);
      }, delay);
    });
  }

  return {
    name: options.name,
    current: () => service,
    stop: async (graceMs) => {
      stopped = true;
      clearTimeout(restartTimer);
      await stopService(service, graceMs);
    },
  };
}
