// Memory of the stack's processes, read from Linux's /proc: RSS at idle and at peak. The target
// is the whole embedded stack at idle within n8n's idle footprint, about 660 MiB.
import { readdirSync, readFileSync } from 'node:fs';
import { commandLine } from '../lib/processes.ts';
import { runsService } from '../lib/service-bundles.ts';
import type { BenchRow } from './table.ts';

const N8N_IDLE_MIB = 660;

interface Process {
  pid: number;
  ppid: number;
  command: string;
}

function listProcesses(): Process[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        // The command name may hold spaces or parentheses: the fields after it start at ') '.
        const ppid = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1];
        const pid = Number(entry);
        return [{ pid, ppid: Number(ppid), command: commandLine(pid) }];
      } catch {
        return []; // exited while we read
      }
    });
}

/** The process and everything below it. */
function tree(pid: number, processes: Process[]): Process[] {
  const root = processes.find((process) => process.pid === pid);
  if (!root) return [];
  return [root, ...processes.filter((p) => p.ppid === pid).flatMap((p) => tree(p.pid, processes))];
}

/**
 * The `Field:  N kB` lines of a /proc/<pid> file (`status`, `smaps_rollup`) as a lookup in KiB,
 * or null when the process is gone.
 */
function procKiB(pid: number, file: 'status' | 'smaps_rollup'): ((field: string) => number) | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null; // exited while we read
  }
  return (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
}

function statusKiB(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  return procKiB(pid, 'status')?.(field) ?? 0;
}

/**
 * Proportional set size: shared pages split between the processes sharing them. PostgreSQL's
 * backends share its buffers, so summing their RSS would count those many times over.
 */
function pssKiB(pid: number): number {
  return procKiB(pid, 'smaps_rollup')?.('Pss') ?? statusKiB(pid, 'VmRSS');
}

const mib = (kib: number) => kib / 1024;

/** What a process maps of one file (by device and inode): resident KiB, and its PSS share. */
export interface MappedFile {
  rss: number;
  pss: number;
}

/** The files a process maps, by `device:inode`, from /proc/<pid>/smaps; empty once it is gone. */
function mappedFiles(pid: number): Map<string, MappedFile> {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return new Map(); // exited while we read
  }
  const files = new Map<string, MappedFile>();
  let current: MappedFile | null = null;
  for (const line of text.split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ (\S+) (\d+)/.exec(line);
    if (mapping) {
      const [, device, inode] = mapping;
      current = null;
      if (inode === '0') continue; // anonymous memory, the heap, the stack
      const key = `${device}:${inode}`;
      current = files.get(key) ?? { rss: 0, pss: 0 };
      files.set(key, current);
      continue;
    }
    const field = current && /^(Rss|Pss):\s+(\d+) kB/.exec(line);
    if (current && field) current[field[1] === 'Rss' ? 'rss' : 'pss'] += Number(field[2]);
  }
  return files;
}

/**
 * Each process's PSS (KiB), except that a file only one process of the set maps counts whole:
 * its resident pages belong to the set alone, and PSS would split them with whatever else on
 * the machine maps the same file. The Temporal binary is one: its ~72 MiB of mapped code read
 * as ~37 in our stack's PSS whenever someone else's dev server ran from the same file (ADR 039,
 * 2026-11-29). Files that several processes of the set map keep their PSS.
 */
export function pssWithinSet(
  processes: { pss: number; files: Map<string, MappedFile> }[],
): { pss: number; added: number }[] {
  const mappers = new Map<string, number>();
  for (const process of processes)
    for (const key of process.files.keys()) mappers.set(key, (mappers.get(key) ?? 0) + 1);
  return processes.map((process) => {
    let added = 0;
    for (const [key, file] of process.files)
      if (mappers.get(key) === 1) added += file.rss - file.pss;
    return { pss: process.pss + added, added };
  });
}

/** Peak resident memory of a process and its children (the worker's sandbox runners), in MiB. */
export function peakRssMiB(pid: number): number {
  const processes = listProcesses();
  const own = [pid, ...processes.filter((p) => p.ppid === pid).map((p) => p.pid)];
  return mib(own.reduce((sum, target) => sum + statusKiB(target, 'VmHWM'), 0));
}

/**
 * The sandbox runners among `pid`'s children: what each holds alone (private pages) and its
 * proportional share (PSS), in MiB. An idle runner's RSS is mostly Node's own code, mapped from
 * the one binary and shared by every Node process on the machine: RSS counts it whole in each.
 */
export function runnerMemoryMiB(pid: number): { private: number; pss: number }[] {
  return listProcesses()
    .filter((process) => process.ppid === pid && part(process.command) === 'sandbox runners')
    .flatMap((process) => {
      const kib = procKiB(process.pid, 'smaps_rollup');
      if (!kib) return [];
      return [{ private: mib(kib('Private_Clean') + kib('Private_Dirty')), pss: mib(kib('Pss')) }];
    });
}

/**
 * Which part of a process tree a process is, from its command line: ours (`npm start`'s tree)
 * or n8n's. `npm start` runs npm, then `sh` and bootstrap.mjs until they hand over (ADR 002),
 * then start.ts, which stays as the supervisor.
 */
function part(command: string): string {
  if (command.includes('runner-process.')) return 'sandbox runners';
  if (runsService(command, 'worker')) return 'worker';
  if (runsService(command, 'api')) return 'API';
  if (/\btemporal\b/.test(command)) return 'Temporal';
  if (command.includes('postgres')) return 'PostgreSQL';
  if (runsService(command, 'start')) return 'start.ts';
  if (/\bnpm(-cli\.js)?\b/.test(command)) return 'npm';
  if (command.includes('task-runner') || command.includes('task_runner')) return 'task runners';
  if (command.includes('n8n')) return 'n8n';
  return 'launchers';
}

export interface TreeMemory {
  /** PSS of every process in the tree (files only one of them maps counted whole), in MiB. */
  pss: number;
  /** What counting those files whole added to the plain PSS sum, in MiB. */
  wholeFiles: number;
  /** RSS summed the same way (counts shared pages once per process: an upper bound). */
  rss: number;
  processes: number;
  /** PSS per part, largest first, e.g. "Temporal 180, worker 150". */
  parts: string;
}

/** The memory of `pid` and every process below it, whatever their cwd or process group. */
export function treeMemory(pid: number): TreeMemory {
  const byPart = new Map<string, number>();
  let rss = 0;
  let wholeFiles = 0;
  const processes = tree(pid, listProcesses());
  const measured = pssWithinSet(
    processes.map((process) => ({ pss: pssKiB(process.pid), files: mappedFiles(process.pid) })),
  );
  processes.forEach((process, index) => {
    const name = part(process.command);
    const { pss, added } = measured[index] ?? { pss: 0, added: 0 };
    byPart.set(name, (byPart.get(name) ?? 0) + pss);
    wholeFiles += added;
    rss += statusKiB(process.pid, 'VmRSS');
  });
  const total = [...byPart.values()].reduce((sum, kib) => sum + kib, 0);
  const parts = [...byPart]
    .sort((a, b) => b[1] - a[1])
    .map(([name, kib]) => `${name} ${mib(kib).toFixed(0)}`)
    .join(', ');
  return {
    pss: mib(total),
    wholeFiles: mib(wholeFiles),
    rss: mib(rss),
    processes: processes.length,
    parts,
  };
}

/**
 * One row: the memory of everything `launcherPid` (scripts/start.ts) runs, at idle, as PSS,
 * with each part in the note. `npm start` adds npm itself (and `npm run bench -- --n8n` counts
 * it: ADR 039).
 */
export function stackMemoryRow(launcherPid: number): BenchRow {
  const memory = treeMemory(launcherPid);
  return {
    name: 'embedded stack at idle, all processes (PSS)',
    p50: memory.pss,
    unit: 'MiB',
    note: `target ≤ ${N8N_IDLE_MIB} (n8n idle); ${memory.parts}`,
  };
}
