// Remembers which processes a running `npm start` owns (DATA_DIR/run.json), so the
// next start can tell "already running" from "leftovers of a start that was killed".
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { commandLine, isAlive, terminatePid, type Service } from './processes.ts';
import { runsService } from './service-bundles.ts';

interface RunState {
  pid: number;
  /** Each child's command line when it started: a reused pid will not match it. */
  children: { name: string; pid: number; command?: string }[];
}

export function runStateFile(dataDir: string): string {
  return path.join(dataDir, 'run.json');
}

/** Refuses to start twice on one data folder; stops the orphans of a killed start. */
export async function clearLeftovers(dataDir: string): Promise<void> {
  const file = runStateFile(dataDir);
  if (!existsSync(file)) return;
  let state: RunState;
  try {
    state = JSON.parse(readFileSync(file, 'utf8')) as RunState;
  } catch {
    rmSync(file, { force: true });
    return;
  }
  if (
    state.pid !== process.pid &&
    isAlive(state.pid) &&
    runsService(commandLine(state.pid), 'start')
  ) {
    throw new Error(
      `Patchbay is already running on ${dataDir} (pid ${state.pid}). Stop it with Ctrl-C in its terminal, or run: kill ${state.pid}`,
    );
  }
  for (const child of state.children) {
    // After a crash or a reboot the pid may belong to someone else now: only a process
    // with the very command line we started is ours to stop.
    if (
      isAlive(child.pid) &&
      child.command !== undefined &&
      commandLine(child.pid).trim() === child.command
    ) {
      console.log(
        `patchbay: stopping ${child.name} left running by an earlier start (pid ${child.pid})`,
      );
      await terminatePid(child.pid);
    }
  }
  rmSync(file, { force: true });
}

export function writeRunState(dataDir: string, services: Service[]): void {
  const children = services.map((service) => ({
    name: service.name,
    pid: service.child.pid ?? 0,
    command: service.child.spawnargs.join(' '),
  }));
  writeFileSync(
    runStateFile(dataDir),
    JSON.stringify({ pid: process.pid, children } satisfies RunState, null, 2),
  );
}

export function removeRunState(dataDir: string): void {
  rmSync(runStateFile(dataDir), { force: true });
}
