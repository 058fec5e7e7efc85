// Remembers which processes a running `npm start` owns (DATA_DIR/run.json), so the
// next start can tell "already running" from "leftovers of a start that was killed".
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { commandLine, isAlive, terminatePid } from './processes.ts';

interface RunState {
  pid: number;
  children: { name: string; pid: number }[];
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
    commandLine(state.pid).includes('start.ts')
  ) {
    throw new Error(
      `Patchbay is already running on ${dataDir} (pid ${state.pid}). Stop it with Ctrl-C in its terminal, or run: kill ${state.pid}`,
    );
  }
  for (const child of state.children) {
    if (isAlive(child.pid) && commandLine(child.pid) !== '') {
      console.log(
        `patchbay: stopping ${child.name} left running by an earlier start (pid ${child.pid})`,
      );
      await terminatePid(child.pid);
    }
  }
  rmSync(file, { force: true });
}

export function writeRunState(dataDir: string, children: RunState['children']): void {
  writeFileSync(
    runStateFile(dataDir),
    JSON.stringify({ pid: process.pid, children } satisfies RunState, null, 2),
  );
}

export function removeRunState(dataDir: string): void {
  rmSync(runStateFile(dataDir), { force: true });
}
