import { accessSync, constants, readFileSync } from 'node:fs';

// How the pool starts a runner process (ADR 012, "Hardening"), decided once per pool:
// - under an address-space cap (RLIMIT_AS), set by util-linux's `prlimit` (part of every Debian
//   install), which then execs Node: the cap applies before the runner runs anything. The cap is
//   a backstop for allocations the RSS watchdog (sandbox-pool.ts) samples too late to stop;
//   V8 reserves much address space up front, so it is generous. Without prlimit the runner
//   starts uncapped, with a warning, and the watchdog still applies.
// - when the worker runs as root, as an unprivileged user (`nobody` unless told otherwise), so an
//   isolate escape cannot read the worker's /proc/<pid>/environ (it holds the keys) or anything
//   else only root may read. The runner starts as root, loads its code (which may live where
//   only root can read, e.g. a Node under /root) and drops to that user before it says it is
//   ready (runner-process.ts, `--run-as=uid:gid`); changing user also makes it non-dumpable.
//   Node cannot make the worker non-dumpable without a native module (prctl), so a worker that
//   is not root shares its uid with its runners, and is told so.

/**
 * V8 sizes its up-front reservations from this limit (about the cap less 0.5 GiB, at most about
 * 5.6 GiB), so the cap must leave room above that: at 8 GiB a runner still has about 2.4 GiB of
 * address space for its work, which the RSS watchdog's budget is far below. Under 4 GiB, runs
 * with a modest heap already fail.
 */
export const DEFAULT_ADDRESS_SPACE_MB = 8192;
const MIN_ADDRESS_SPACE_MB = 4096;
const PRLIMIT_PATHS = ['/usr/bin/prlimit', '/bin/prlimit', '/usr/local/bin/prlimit'];

export interface RunnerIdentity {
  user: string;
  uid: number;
  gid: number;
}

export interface RunnerLaunch {
  /** What fork() executes: prlimit, or Node itself. */
  execPath: string;
  execArgv: string[];
  /** The user runners run as; null: the worker's own. */
  identity: RunnerIdentity | null;
  /** Arguments for runner-process.ts: the user to drop to. */
  runnerArgs: string[];
  /** The cap in MiB; null when prlimit is missing. */
  addressSpaceMb: number | null;
  /** Weaker isolation than intended, said once at start. */
  warnings: string[];
}

export interface RunnerLaunchOptions {
  runnerPath: string;
  nodeArgs: string[];
  runnerUser?: string;
  addressSpaceMb?: number;
  /** Tests: pretend prlimit is elsewhere (or nowhere). */
  prlimitPaths?: string[];
}

export class RunnerLaunchError extends Error {
  override name = 'RunnerLaunchError';
}

export function resolveRunnerLaunch(options: RunnerLaunchOptions): RunnerLaunch {
  const warnings: string[] = [];
  let identity: RunnerIdentity | null = null;
  if (process.getuid?.() === 0) {
    identity = lookUpUser(options.runnerUser ?? 'nobody');
  } else {
    warnings.push(
      `runners share the worker's user (uid ${process.getuid?.() ?? '?'}): start the worker as root ` +
        'so runners drop to an unprivileged user, or give the worker a user of its own that holds nothing else',
    );
  }

  const runnerArgs = identity ? [`--run-as=${identity.uid}:${identity.gid}`] : [];
  const requested = options.addressSpaceMb ?? DEFAULT_ADDRESS_SPACE_MB;
  if (!Number.isFinite(requested) || requested < MIN_ADDRESS_SPACE_MB) {
    throw new RunnerLaunchError(
      `the runners' address-space cap must be at least ${MIN_ADDRESS_SPACE_MB} MiB (got ${requested})`,
    );
  }
  const prlimit = (options.prlimitPaths ?? PRLIMIT_PATHS).find(isExecutable);
  if (!prlimit) {
    warnings.push(
      'prlimit (util-linux) was not found: runners start without an address-space cap; the memory watchdog still applies',
    );
    return {
      execPath: process.execPath,
      execArgv: options.nodeArgs,
      identity,
      runnerArgs,
      addressSpaceMb: null,
      warnings,
    };
  }
  const bytes = Math.floor(requested) * 1024 * 1024;
  return {
    execPath: prlimit,
    execArgv: [`--as=${bytes}`, '--', process.execPath, ...options.nodeArgs],
    identity,
    runnerArgs,
    addressSpaceMb: Math.floor(requested),
    warnings,
  };
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A user from /etc/passwd, by name or number. */
export function lookUpUser(user: string): RunnerIdentity {
  let passwd = '';
  try {
    passwd = readFileSync('/etc/passwd', 'utf8');
  } catch {
    // Reported below.
  }
  for (const line of passwd.split('\n')) {
    const [name, , uid, gid] = line.split(':');
    if (name === undefined || uid === undefined || gid === undefined) continue;
    if (name === user || uid === user) {
      const identity = { user: name, uid: Number(uid), gid: Number(gid) };
      if (identity.uid === 0) {
        throw new RunnerLaunchError(
          `the sandbox runner user "${user}" is root: name an unprivileged user`,
        );
      }
      return identity;
    }
  }
  throw new RunnerLaunchError(
    `the sandbox runner user "${user}" does not exist: create it (useradd --system --no-create-home ${user}) or name another unprivileged user`,
  );
}
