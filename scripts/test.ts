// `npm test` after its bootstrap: every check the project has, against real components
// (ADR 005). Fails (exit 1) if any step fails; runs every step regardless, so one
// run shows everything that is wrong.
//   1. build the console   2. typecheck   3. lint
//   4. Vitest: unit, API, workflow and start-script tests (one PostgreSQL and one
//      Temporal per run, scripts/test-support/global-setup.ts)
//   5. Playwright in Debian's Chromium against a stack started by scripts/start.ts
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureConsoleBuilt } from './lib/web-build.ts';
import { runStart, stackPorts } from './test-support/run-start.ts';

const repoRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const reports = mkdtempSync(path.join(os.tmpdir(), 'patchbay-test-reports-'));
const results: {
  step: string;
  ok: boolean;
  passed?: number;
  failed?: number;
  /** The failing tests' names, repeated in the summary: CI keeps only the end of the output. */
  failures?: string[];
}[] = [];

function step(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n━━ ${name}`);
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const ok = result.status === 0;
  results.push({ step: name, ok });
  return ok;
}

interface TestCount {
  passed: number;
  failed: number;
  failures: string[];
}

function countTests(
  name: string,
  file: string,
  read: (report: Record<string, unknown>) => TestCount,
): void {
  const entry = results.find((result) => result.step === name);
  if (!entry || !existsSync(file)) return;
  Object.assign(entry, read(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>));
}

const relative = (file: string) => path.relative(repoRoot, file);

/** Vitest's JSON report: failed tests, and files that failed outside any test (a hook, an import). */
function vitestCount(report: Record<string, unknown>): TestCount {
  const files = (report.testResults ?? []) as {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
  const firstLine = (text: string | undefined) => (text ?? 'failed').split('\n')[0]?.slice(0, 240);
  const failures = files.flatMap((file) => {
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (failed.length > 0)
      return failed.map(
        (test) =>
          `${relative(file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
      );
    if (file.status !== 'failed') return [];
    return [`${relative(file.name)}: ${firstLine(file.message)}`];
  });
  return {
    passed: Number(report.numPassedTests),
    failed: Number(report.numFailedTests),
    failures,
  };
}

interface PlaywrightSuite {
  file: string;
  specs?: { title: string; line: number; ok: boolean }[];
  suites?: PlaywrightSuite[];
}

/** Playwright's JSON report: the specs that did not pass. */
function playwrightCount(report: Record<string, unknown>): TestCount {
  const stats = report.stats as { expected: number; unexpected: number; flaky: number };
  const failedSpecs = (suite: PlaywrightSuite): string[] => [
    ...(suite.specs ?? [])
      .filter((spec) => !spec.ok)
      .map((spec) => `${suite.file}:${spec.line} › ${spec.title}`),
    ...(suite.suites ?? []).flatMap(failedSpecs),
  ];
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    failures: ((report.suites ?? []) as PlaywrightSuite[]).flatMap(failedSpecs),
  };
}

async function endToEnd(): Promise<void> {
  const name = 'Playwright (web/e2e) against npm start';
  console.log('\n━━ starting the stack for the end-to-end tests (scripts/start.ts)');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'patchbay-e2e-'));
  // Every story signs up from 127.0.0.1: raise the per-IP limits (their own tests cover them).
  const env = {
    ...(await stackPorts()),
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_SCALE: '100',
    // The stories' source and destination APIs are HTTP servers on loopback.
    SANDBOX_ALLOW_PRIVATE_NETWORK: 'true',
  };
  const stack = runStart(env);
  try {
    await stack.waitForOutput(/Press Ctrl-C to stop/);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    results.push({ step: name, ok: false });
    return;
  }
  const reportFile = path.join(reports, 'playwright.json');
  step(
    name,
    'npx',
    ['playwright', 'test', '-c', 'web/playwright.config.ts', '--reporter=list,json'],
    {
      PATCHBAY_E2E_BASE_URL: `http://localhost:${env.PORT}`,
      PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
    },
  );
  countTests(name, reportFile, playwrightCount);
  stack.interrupt();
  const code = await stack.exited;
  if (code !== 0) {
    console.error(`npm start exited with ${code} on Ctrl-C:\n${stack.output()}`);
    results.push({ step: 'npm start stops cleanly after the e2e run', ok: false });
  }
  rmSync(dataDir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  console.log('━━ build the console');
  try {
    ensureConsoleBuilt(repoRoot, { force: true });
    results.push({ step: 'build the console', ok: true });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    results.push({ step: 'build the console', ok: false });
  }
  step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  step('lint', 'npm', ['run', '--silent', 'lint']);

  const vitestReport = path.join(reports, 'vitest.json');
  step('Vitest', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ]);
  countTests('Vitest', vitestReport, vitestCount);

  await endToEnd();

  console.log('\n━━ summary');
  for (const result of results) {
    const counts =
      result.passed === undefined ? '' : ` (${result.passed} passed, ${result.failed} failed)`;
    console.log(`  ${result.ok ? 'ok  ' : 'FAIL'}  ${result.step}${counts}`);
    for (const failure of result.failures ?? []) console.log(`          ✗ ${failure}`);
  }
  const passed = results.reduce((sum, result) => sum + (result.passed ?? 0), 0);
  const failed = results.reduce((sum, result) => sum + (result.failed ?? 0), 0);
  const allOk = results.every((result) => result.ok);
  // The plain closing line CI reads.
  console.log(`\ntests: ${passed} passed, ${failed} failed`);
  rmSync(reports, { recursive: true, force: true });
  process.exit(allOk && passed > 0 ? 0 : 1);
}

await main();
