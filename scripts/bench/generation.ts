// `npm run bench:generation`: how often the product's generator writes code that does what a
// prompt asked, the first time, on tasks written from outside (scripts/bench/generation/README.md).
// It starts the product on its embedded defaults in a fresh data folder (or uses --url), runs
// each task through the public API with loopback vendor mocks, and prints one line per group.
//
//   npm run bench:generation                          dev, held-out and practice
//   npm run bench:generation -- --group=dev           one or more groups
//   npm run bench:generation -- --task=x01,a03        some tasks (any group)
//   npm run bench:generation -- --reference           reference solutions instead of generating
//   npm run bench:generation -- --quick               a fixed third of each group
//   npm run bench:generation -- --url=http://localhost:3000 --verbose --unseal
//
// The held-out group is sealed: only its score line is printed and saved, unless --unseal or
// --reference. Exits 0 whatever the score; non-zero when the harness itself breaks.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from '../lib/ports.ts';
import { runStart, stackPorts, type StartedProcess } from '../test-support/run-start.ts';
import { runTask, type TaskOutcome } from './generation/harness.ts';
import { startMockServer } from './generation/mock-server.ts';
import { makePro, signUp } from './generation/patchbay-client.ts';
import {
  findPracticeDir,
  practiceTaskIds,
  runPractice,
  type PracticeResult,
} from './generation/practice.ts';
import { loadTasks, quickThird, type Split, type TaskFile } from './generation/tasks.ts';
import { formatColumns, ms, percentile } from './table.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const GROUPS = ['dev', 'heldout', 'practice'] as const;
type Group = (typeof GROUPS)[number];

function parseArgs(argv: string[]) {
  const value = (name: string) =>
    argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const list = (name: string) => value(name)?.split(',').filter(Boolean);
  const flags = ['--reference', '--quick', '--verbose', '--unseal'];
  const known = ['--group=', '--task=', '--url='];
  const unknown = argv.filter((a) => !flags.includes(a) && !known.some((k) => a.startsWith(k)));
  if (unknown.length > 0) {
    console.error(
      `bench:generation: unknown argument ${unknown.join(' ')} (options: --group=dev,heldout,practice --task=<id>[,<id>] --reference --quick --verbose --unseal --url=<running Patchbay>)`,
    );
    process.exit(2);
  }
  const groups = (list('group') ?? [...GROUPS]) as Group[];
  const badGroup = groups.filter((g) => !GROUPS.includes(g));
  if (badGroup.length > 0) {
    console.error(`bench:generation: no group ${badGroup.join(', ')} (${GROUPS.join(', ')})`);
    process.exit(2);
  }
  return {
    groups,
    tasks: list('task'),
    reference: argv.includes('--reference'),
    quick: argv.includes('--quick'),
    verbose: argv.includes('--verbose'),
    unseal: argv.includes('--unseal') || argv.includes('--reference'),
    url: value('url')?.replace(/\/+$/, ''),
  };
}

const options = parseArgs(process.argv.slice(2));
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const resultsDir = path.join(repoRoot, '.data', 'bench-generation', stamp);

/** The tasks of a split this run covers: --task picks by id, --quick a fixed third. */
function selectTasks(split: Split): TaskFile[] {
  const all = loadTasks(split);
  if (options.tasks) return all.filter((t) => options.tasks!.includes(t.task.id));
  return options.quick ? quickThird(all) : all;
}

interface Stack {
  url: string;
  databaseUrl?: string;
  /** What `npm run set-plan` (the practice runner) needs to find this stack. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** The product on its embedded defaults, on free ports, in a throw-away data folder. */
async function startStack(): Promise<Stack> {
  const ports = await stackPorts();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'patchbay-bench-generation-'));
  const env = {
    ...ports,
    DATA_DIR: dataDir,
    // The vendor mocks listen on loopback.
    SANDBOX_ALLOW_PRIVATE_NETWORK: 'true',
    // One account does every task from 127.0.0.1.
    AUTH_RATE_LIMIT_SCALE: '100',
  };
  const stack: StartedProcess = runStart(env);
  const url = `http://localhost:${ports.PORT}`;
  try {
    await waitFor('Patchbay', async () => (await fetch(`${url}/api/health`)).ok, {
      timeoutMs: 300_000,
      intervalMs: 250,
    });
  } catch (error) {
    stack.interrupt();
    throw new Error(`${String(error)}\n${stack.output().slice(-3000)}`, { cause: error });
  }
  return {
    url,
    databaseUrl: `postgres://patchbay:patchbay@127.0.0.1:${ports.EMBEDDED_POSTGRES_PORT}/patchbay`,
    env: { EMBEDDED_POSTGRES_PORT: ports.EMBEDDED_POSTGRES_PORT, DATA_DIR: dataDir },
    stop: async () => {
      stack.interrupt();
      await stack.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface GroupLine {
  group: string;
  tasks: number;
  firstOk: number;
  allOk: number;
  silentWrong: number;
  generateMs: number[];
  note?: string;
}

/** A group's line that carries a note instead of figures ("not available"). */
const noteLine = (group: string, note: string): GroupLine => ({
  group,
  tasks: 0,
  firstOk: 0,
  allOk: 0,
  silentWrong: 0,
  generateMs: [],
  note,
});

const fraction = (n: number, total: number) =>
  `${n}/${total} (${total === 0 ? '–' : `${((100 * n) / total).toFixed(0)}%`})`;

function tableLines(lines: GroupLine[]): string[] {
  const header = [
    'group',
    'tasks',
    'correct on first test run',
    'correct on all runs',
    'silent wrong',
    'median generate',
  ];
  const body = lines.map((line) =>
    line.note
      ? [line.group, line.note]
      : [
          line.group,
          String(line.tasks),
          fraction(line.firstOk, line.tasks),
          fraction(line.allOk, line.tasks),
          String(line.silentWrong),
          line.generateMs.length > 0 ? ms(percentile(line.generateMs, 50)) : '–',
        ],
  );
  return formatColumns(header, body);
}

/** Generations (60) and runs (240) an account may start per hour, with room to spare. */
const TASKS_PER_ACCOUNT = 40;

async function proAccount(stack: Stack) {
  const client = await signUp(stack.url);
  await makePro(client.email, stack.databaseUrl);
  return client;
}

async function runSplit(split: Split, tasks: TaskFile[], stack: Stack): Promise<GroupLine> {
  const sealed = split === 'heldout' && !options.unseal;
  const mocks = await startMockServer();
  let client = await proAccount(stack);
  const outcomes: TaskOutcome[] = [];
  try {
    for (const [index, taskFile] of tasks.entries()) {
      // A running stack keeps the default hourly limits on generations and runs per account.
      if (index > 0 && index % TASKS_PER_ACCOUNT === 0) client = await proAccount(stack);
      const outcome = await runTask(taskFile, {
        client,
        mocks,
        reference: options.reference,
        ...(sealed ? {} : { artefactsDir: path.join(resultsDir, split, taskFile.task.id) }),
      });
      outcomes.push(outcome);
      if (sealed) continue;
      const verdict = outcome.allOk ? 'PASS' : outcome.firstOk ? 'first run only' : 'FAIL';
      const silent = outcome.silentWrong ? ' SILENT WRONG' : '';
      console.log(`  ${split} ${outcome.id.padEnd(8)} ${verdict}${silent}`);
      if (options.verbose) {
        for (const [i, run] of outcome.runs.entries()) {
          console.log(
            `      run ${i + 1} (${run.mode}): ${run.status}${run.ok ? ', checks pass' : ''}`,
          );
          for (const reason of run.reasons) console.log(`        ${reason}`);
        }
      } else for (const reason of outcome.reasons) console.log(`      ${reason}`);
    }
  } finally {
    await mocks.close();
  }
  return {
    group: split === 'heldout' ? 'held-out' : split,
    tasks: outcomes.length,
    firstOk: outcomes.filter((o) => o.firstOk).length,
    allOk: outcomes.filter((o) => o.allOk).length,
    silentWrong: outcomes.filter((o) => o.silentWrong).length,
    generateMs: outcomes.flatMap((o) => (o.generateMs === undefined ? [] : [o.generateMs])),
  };
}

async function practiceLine(stack: Stack): Promise<GroupLine> {
  const dir = findPracticeDir(repoRoot);
  if (!dir) return noteLine('practice', 'not available');
  const ids = practiceTaskIds(dir);
  const only = options.tasks
    ? ids.filter((id) => options.tasks!.includes(id))
    : options.quick
      ? quickThird(ids)
      : undefined;
  const result: PracticeResult = await runPractice({
    dir,
    outDir: path.join(resultsDir, 'practice'),
    ...(only ? { only } : {}),
    reference: options.reference,
    verbose: options.verbose,
    env: { PB_URL: stack.url, PB_STACK_DIR: repoRoot, ...stack.env },
  });
  console.log(`  practice: ${result.summaryLine}`);
  for (const failure of result.failures) console.log(`  practice ${failure}`);
  return { group: 'practice', ...result };
}

async function main(): Promise<void> {
  const splits: [Group, Split][] = [
    ['dev', 'dev'],
    ['heldout', 'heldout'],
  ];
  const selected = new Map(
    splits
      .filter(([group]) => options.groups.includes(group))
      .map(([, split]) => [split, selectTasks(split)] as const),
  );
  const practiceDir = options.groups.includes('practice') ? findPracticeDir(repoRoot) : undefined;
  const practiceIds = practiceDir ? practiceTaskIds(practiceDir) : [];
  const runPracticeGroup =
    options.groups.includes('practice') &&
    (!options.tasks || options.tasks.some((id) => practiceIds.includes(id)));
  if (options.tasks) {
    const found = [...selected.values()]
      .flat()
      .map((t) => t.task.id)
      .concat(practiceIds);
    const missing = options.tasks.filter((id) => !found.includes(id));
    if (missing.length > 0) {
      console.error(
        `bench:generation: no task ${missing.join(', ')} in the groups ${options.groups.join(', ')}`,
      );
      process.exit(2);
    }
    for (const [split, tasks] of selected) if (tasks.length === 0) selected.delete(split);
  }

  mkdirSync(resultsDir, { recursive: true });
  console.log(
    `generation benchmark${options.reference ? ' (--reference: reference solutions, not the generator)' : ''}; results in ${path.relative(repoRoot, resultsDir)}`,
  );
  const stack: Stack = options.url
    ? { url: options.url, env: {}, stop: async () => {} }
    : await startStack();
  const lines: GroupLine[] = [];
  try {
    for (const [split, tasks] of selected) lines.push(await runSplit(split, tasks, stack));
    if (runPracticeGroup) {
      lines.push(
        await practiceLine(stack).catch((error: unknown) =>
          noteLine('practice', `failed: ${error instanceof Error ? error.message : String(error)}`),
        ),
      );
    }
  } finally {
    await stack.stop();
  }
  const table = tableLines(lines);
  console.log(`\n${table.join('\n')}`);
  writeFileSync(path.join(resultsDir, 'summary.txt'), `${table.join('\n')}\n`);
}

try {
  await main();
} catch (error) {
  console.error('bench:generation: the harness broke:', error);
  process.exit(1);
}
