// The benchmark's tasks on disk: tasks/<split>/<id>.json (ZTask) with the reference solution
// <id>.js beside each.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ZTask, type Task } from './contract.ts';
import { GENERATION_DIR } from './mock-server.ts';

export const SPLITS = ['dev', 'heldout'] as const;
export type Split = (typeof SPLITS)[number];

export interface TaskFile {
  split: Split;
  task: Task;
  /** tasks/<split>/<id>.json */
  file: string;
  /** tasks/<split>/<id>.js, when it exists. */
  reference?: string;
}

export function tasksDir(split: Split): string {
  return path.join(GENERATION_DIR, 'tasks', split);
}

/** One task file, parsed; throws with the file's name and zod's issues when it is invalid. */
export function readTask(split: Split, file: string): TaskFile {
  const parsed = ZTask.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`${path.relative(GENERATION_DIR, file)}: ${issues.join('; ')}`);
  }
  const reference = file.replace(/\.json$/, '.js');
  return {
    split,
    task: parsed.data,
    file,
    ...(existsSync(reference) ? { reference } : {}),
  };
}

/** Every task of a split, by id; none when the folder does not exist yet. */
export function loadTasks(split: Split): TaskFile[] {
  const dir = tasksDir(split);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => readTask(split, path.join(dir, name)));
}

/** The fixed third `--quick` runs: every third task by id, starting with the first. */
export function quickThird<T>(items: T[]): T[] {
  return items.filter((_, index) => index % 3 === 0);
}
