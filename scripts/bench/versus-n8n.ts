// `npm run bench -- --n8n`: Patchbay against n8n on the same job, measured as ADR 039 says.
// - Our stack is started with `npm start`, as a user does, and counted whole: npm, its shell
//   and bootstrap.mjs while they live, start.ts, PostgreSQL, Temporal, the API, the worker and
//   its sandbox runners (every process below npm's pid, whatever its cwd or process group).
// - n8n runs on its defaults for its version, task runners as it ships them, counted whole.
// - Latency: BENCH_N8N_RUNS runs (at least 3) of BENCH_N8N_SAMPLES pairs (at least 100), each
//   pair one n8n webhook run and one test run through our API, alternating which goes first.
//   Every run is printed with its p50 and p95; none is dropped.
// - Memory (PSS) after that workload, and again after BENCH_IDLE_MINUTES of idle (10 unless
//   told); the rows say which wait was used. The load average goes in every note.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { signUpBenchUser } from './accounts.ts';
import { treeMemory, type TreeMemory } from './memory.ts';
import { npmStart, userToolVersions, type NpmStack } from './npm-start.ts';
import { callWebhook, installN8n, N8N_VERSION, startN8n } from './peer-n8n.ts';
import { startTestRunJob } from './runtime.ts';
import { QUICK } from './size.ts';
import { summarize, type BenchRow } from './table.ts';

/** The goal for every run (ADR 039: faster than n8n): our p50 and p95 at most this times n8n's. */
const LATENCY_GOAL = 0.9;

function setting(name: string, full: number, quick: number, least = 0): number {
  const value = Number(process.env[name] ?? (QUICK ? quick : full));
  if (!Number.isFinite(value) || value < least)
    throw new Error(`${name} must be a number of at least ${least}`);
  return value;
}

const load = () =>
  `load ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;

type Job = Awaited<ReturnType<typeof startTestRunJob>>;
type N8n = Awaited<ReturnType<typeof startN8n>>;

export async function benchVersusN8n(): Promise<BenchRow[]> {
  const bin = installN8n();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'patchbay-bench-vs-n8n-'));
  const stack = await npmStart(dataDir);
  try {
    const { cookie } = await signUpBenchUser(stack.baseUrl);
    const job = await startTestRunJob({
      baseUrl: stack.baseUrl,
      headers: { 'content-type': 'application/json', origin: stack.baseUrl, cookie },
    });
    try {
      const n8n = await startN8n(bin, job.source.url, job.destination.url);
      try {
        return await measure(job, n8n, stack);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`${message}\n${n8n.logTail()}`, { cause: error });
      } finally {
        await n8n.stop();
      }
    } finally {
      await job.close();
    }
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Both must do the whole job each time: 1 GET of the items and 3 POSTs of copies. */
async function checkBothDoTheJob(job: Job, n8n: N8n): Promise<void> {
  const calls = () => ({
    gets: job.source.received.filter((request) => request.method === 'GET').length,
    posts: job.destination.received.filter((request) => request.method === 'POST').length,
  });
  for (const [name, runOnce] of [
    ['n8n', () => callWebhook(n8n.webhookUrl)],
    ['Patchbay', () => job.testRun()],
  ] as const) {
    for (let i = 0; i < 3; i++) {
      const before = calls();
      await runOnce();
      const after = calls();
      if (after.gets - before.gets !== 1 || after.posts - before.posts !== 3)
        throw new Error(
          `${name} did not do the job: ${after.gets - before.gets} GETs and ${after.posts - before.posts} POSTs instead of 1 and 3`,
        );
    }
  }
}

/** PSS would split these with processes outside the tree (another Temporal server, say). */
const wholeFiles = (tree: TreeMemory) =>
  `files only one of its processes maps counted whole: +${tree.wholeFiles.toFixed(0)} over plain PSS`;

function memoryRows(when: string, ours: TreeMemory, theirs: TreeMemory): BenchRow[] {
  const ratio = ours.pss / theirs.pss;
  return [
    {
      name: `n8n ${N8N_VERSION}, whole process tree (PSS), ${when}`,
      p50: theirs.pss,
      unit: 'MiB',
      note: `${theirs.processes} processes, RSS sum ${theirs.rss.toFixed(0)}; ${theirs.parts}; ${wholeFiles(theirs)}; ${load()}`,
    },
    {
      name: `Patchbay, npm start's whole tree (PSS), ${when}`,
      p50: ours.pss,
      unit: 'MiB',
      note: `${ratio.toFixed(2)}× n8n (goal ≤ 1.00${ratio <= 1 ? ', met' : ', NOT met'}); ${ours.processes} processes, RSS sum ${ours.rss.toFixed(0)}; ${ours.parts}; ${wholeFiles(ours)}; ${load()}`,
    },
  ];
}

async function measure(job: Job, n8n: N8n, stack: NpmStack): Promise<BenchRow[]> {
  const runs = setting('BENCH_N8N_RUNS', 3, 3, 1);
  const samples = setting('BENCH_N8N_SAMPLES', 100, 20, 1);
  const idleMinutes = setting('BENCH_IDLE_MINUTES', 10, 1);
  const rows: BenchRow[] = [
    {
      name: 'method',
      p50: runs,
      unit: 'runs',
      note: `${runs} interleaved runs of ${samples} pairs; ${idleMinutes} min idle; npm start under ${userToolVersions()}${QUICK ? '; --quick: fewer samples than ADR 039 asks' : ''}`,
    },
  ];
  await checkBothDoTheJob(job, n8n);
  let met = 0;
  for (let run = 1; run <= runs; run++) {
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < samples; i++) {
      // Each call starts on a quiet machine: both finish work after they answer (n8n saves the
      // execution, Temporal closes the workflow), which would otherwise land on the other's call.
      // Which goes first alternates, so neither always follows the other's leftovers.
      const pair = [
        async () => theirs.push(await callWebhook(n8n.webhookUrl)),
        async () => ours.push(await job.testRun()),
      ];
      if (i % 2 === 1) pair.reverse();
      for (const call of pair) {
        await sleep(100);
        await call();
      }
    }
    const peer = summarize(theirs);
    const patchbay = summarize(ours);
    const p50 = patchbay.p50 / peer.p50;
    const p95 = (patchbay.p95 ?? 0) / (peer.p95 ?? 1);
    const ok = p50 <= LATENCY_GOAL && p95 <= LATENCY_GOAL;
    if (ok) met += 1;
    rows.push(
      {
        name: `run ${run}/${runs}: n8n ${N8N_VERSION} webhook run of the 4 calls`,
        ...peer,
        note: `${theirs.length} samples; ${load()}`,
      },
      {
        name: `run ${run}/${runs}: Patchbay test run through the API`,
        ...patchbay,
        note: `p50 ${p50.toFixed(2)}×, p95 ${p95.toFixed(2)}× n8n (goal ≤ ${LATENCY_GOAL}${ok ? ', met' : ', NOT met'}); recorded durably; ${load()}`,
      },
    );
  }
  rows.push({
    name: `runs meeting the latency goal (p50 and p95 ≤ ${LATENCY_GOAL}× n8n)`,
    p50: met,
    unit: `of ${runs}`,
    note: met === runs ? 'met in every run' : 'NOT met in every run',
  });

  // Both finish their last run's bookkeeping before the first reading.
  await sleep(5000);
  rows.push(...memoryRows('after the runs above', treeMemory(stack.pid), treeMemory(n8n.pid)));
  if (idleMinutes > 0) {
    console.log(`bench: both idle for ${idleMinutes} min before the last memory reading…`);
    await sleep(idleMinutes * 60_000);
    rows.push(
      ...memoryRows(`after ${idleMinutes} min idle`, treeMemory(stack.pid), treeMemory(n8n.pid)),
    );
  }
  return rows;
}
