// The third group: the practice set written outside the team (../shared/generation-practice/),
// run by its own runner (run.py, Python's standard library) against the same stack. We read its
// summary line and its results.json; we never copy its tasks or mocks.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { quickThird } from './tasks.ts';

export interface PracticeResult {
  tasks: number;
  firstOk: number;
  allOk: number;
  /** Runs that said success with failing checks and a generate answer without warning. */
  silentWrong: number;
  generateMs: number[];
  /** One line per failed task: its id and the runner's note. */
  failures: string[];
  summaryLine: string;
}

/**
 * The practice folder: beside the repository root, or beside the main checkout's root when this
 * is a git worktree elsewhere (its parent is where shared/ lives).
 */
export function findPracticeDir(repoRoot: string): string | undefined {
  const candidates = [path.join(repoRoot, '..', 'shared', 'generation-practice')];
  const gitFile = path.join(repoRoot, '.git');
  if (existsSync(gitFile) && !existsSync(path.join(gitFile, 'HEAD'))) {
    // A worktree: .git is a file naming <main>/.git/worktrees/<name>.
    const gitDir = /gitdir:\s*(.+)/.exec(readFileSync(gitFile, 'utf8'))?.[1]?.trim();
    if (gitDir)
      candidates.push(path.join(gitDir, '..', '..', '..', '..', 'shared', 'generation-practice'));
  }
  return candidates.find((dir) => existsSync(path.join(dir, 'run.py')));
}

/** The practice tasks' ids, in the file's order. */
export function practiceTaskIds(dir: string): string[] {
  const parsed = JSON.parse(readFileSync(path.join(dir, 'tasks.json'), 'utf8')) as {
    tasks: { id: string }[];
  };
  return parsed.tasks.map((task) => task.id);
}

interface RunnerResult {
  id: string;
  first_ok: boolean;
  all_ok: boolean;
  gen_s: number | null;
  note: string;
  runs: { status: string | null; ok: boolean }[];
}

/** Whether the runner's saved generate answer warned the user (unresolved, failed verification). */
function warned(outDir: string, id: string): boolean {
  const file = path.join(outDir, id, 'generate.json');
  if (!existsSync(file)) return false;
  const body = (JSON.parse(readFileSync(file, 'utf8')) as { body?: unknown }).body as {
    unresolved?: unknown[];
    verification?: { status?: string };
  } | null;
  const verification = body?.verification?.status;
  return (
    (body?.unresolved?.length ?? 0) > 0 || (verification !== undefined && verification !== 'passed')
  );
}

export interface PracticeOptions {
  dir: string;
  outDir: string;
  /** Task ids to run (--task, --quick); all when undefined. */
  only?: string[];
  reference: boolean;
  verbose: boolean;
  /** PB_URL, PB_STACK_DIR and whatever `npm run set-plan` needs to find the stack. */
  env: Record<string, string>;
}

export async function runPractice(options: PracticeOptions): Promise<PracticeResult> {
  const args = [path.join(options.dir, 'run.py'), '--out', options.outDir];
  if (options.reference) args.push('--reference');
  if (options.only) args.push('--only', options.only.join(','));
  const child = spawn('python3', args, {
    cwd: options.dir,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      output += chunk;
      if (options.verbose) process.stdout.write(chunk);
    });
  }
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const summaryLine = /^generation: \d+\/\d+ tasks correct on the first test run.*$/m.exec(
    output,
  )?.[0];
  const resultsFile = path.join(options.outDir, 'results.json');
  if (code !== 0 || !summaryLine || !existsSync(resultsFile)) {
    throw new Error(
      `run.py exited with ${code}: ${output.trim().split('\n').slice(-5).join(' | ')}`,
    );
  }
  const results = (JSON.parse(readFileSync(resultsFile, 'utf8')) as { results: RunnerResult[] })
    .results;
  return {
    tasks: results.length,
    firstOk: results.filter((r) => r.first_ok).length,
    allOk: results.filter((r) => r.all_ok).length,
    silentWrong: results.filter(
      (r) =>
        r.runs.some((run) => run.status === 'success' && !run.ok) && !warned(options.outDir, r.id),
    ).length,
    generateMs: results.flatMap((r) => (r.gen_s === null ? [] : [r.gen_s * 1000])),
    failures: results.filter((r) => !r.all_ok).map((r) => `${r.id}: ${r.note}`),
    summaryLine,
  };
}

/** The ids `--quick` runs: the same fixed third as the other groups. */
export function quickPracticeIds(dir: string): string[] {
  return quickThird(practiceTaskIds(dir));
}
