import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getCatalogEntry, importOpenApi } from '@patchbay/catalog';
import { checkCalls } from '@patchbay/catalog/check-calls';
import { ZApiDescription, type TApiDescription, type TGenerateRequest } from '@patchbay/schema';
import {
  createGenerator,
  createTemplateGenerator,
  GenerationError,
  type Generator,
  type GeneratorEnv,
} from '../../workers/src/generation/index.ts';
import type { SandboxPool, SandboxRunResult } from '../../workers/src/sandbox/index.ts';
import {
  startDescriptionMock,
  type DescriptionMock,
  type MockRecord,
} from '../test-support/description-mock-server.ts';
import type { ApiRef, DestinationView, GenerationTask, TaskClock } from './generation-tasks.ts';

// How one generation task runs (issue 15 §7): generate with a generator, given both sides'
// descriptions; statically check the code against them; run it in the real sandbox against
// loopback servers that behave as the descriptions say; score what the destination holds.
// Incremental tasks run a second, deployed-style time with the committed state after new source
// records arrive. A wrong result is "flagged" when the user was told (TODOs, static-check
// warnings, a non-retryable error); otherwise it is a silent failure, which the issue forbids.

const OPENAPI_DIR = path.join(import.meta.dirname, 'generation-openapi');

const imported = new Map<string, Promise<TApiDescription>>();

/** A catalog entry, or an in-house API imported from its OpenAPI document (cached per file). */
export function loadDescription(ref: ApiRef): Promise<TApiDescription> {
  if ('catalog' in ref) {
    const entry = getCatalogEntry(ref.catalog);
    if (!entry) return Promise.reject(new Error(`catalog entry ${ref.catalog} is missing`));
    return Promise.resolve(entry);
  }
  let loading = imported.get(ref.openapi);
  if (!loading) {
    const text = readFileSync(path.join(OPENAPI_DIR, ref.openapi), 'utf8');
    loading = importOpenApi(text, { today: '2025-06-01' }).then((result) =>
      ZApiDescription.parse(result.description),
    );
    imported.set(ref.openapi, loading);
  }
  return loading;
}

export interface NamedGenerator {
  name: string;
  generator: Generator;
}

/**
 * The generators to measure: the built-in template generator always, and the OpenAI-compatible
 * model the environment configures (OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL), as the
 * worker would pick it (create-generator.ts).
 */
export function configuredGenerators(env: GeneratorEnv): NamedGenerator[] {
  const generators: NamedGenerator[] = [{ name: 'template', generator: createTemplateGenerator() }];
  if (env.OPENAI_API_KEY?.trim()) {
    generators.push({
      name: `openai (${env.OPENAI_MODEL?.trim() || 'default model'})`,
      generator: createGenerator(env),
    });
  }
  return generators;
}

export type Verdict = 'pass' | 'flagged' | 'silent';

export interface TaskOutcome {
  task: string;
  generator: string;
  verdict: Verdict;
  generationMs: number;
  /** What the generator said it did not understand (TODOs at the top of the code). */
  unresolved: string[];
  /** The static check's warnings against the descriptions. */
  warnings: string[];
  /** Why the generation itself failed, when it did (no code to run). */
  generationError?: string;
  /** Each run's outcome, first the test run, then the later deployed run of incremental tasks. */
  runs: Array<{ status: 'success' | 'failed'; error?: string; retryable?: boolean }>;
  /** What the checkers found wrong; empty when the destination holds what was asked. */
  problems: string[];
  /**
   * The dry run before the live test (issue 15 §5): did it finish, how many writes it captured,
   * how many had schema errors, and whether the destination received nothing meanwhile.
   */
  dryRun?: { status: 'success' | 'failed'; captured: number; schemaErrors: number; leaked: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What one run did to the destination, from the mock's logs after the given marks. */
function viewSince(mock: DescriptionMock, writeMark: number, requestMark: number): DestinationView {
  const writes = mock.writes.slice(writeMark);
  return {
    written: (resource) => {
      const key = mock.description.resources.find(
        (r) =>
          r.name === resource ||
          r.plural === resource ||
          r.name.toLowerCase() === resource.toLowerCase(),
      )?.name;
      if (!key) throw new Error(`${mock.description.id} has no resource "${resource}"`);
      return writes.filter((w) => w.resource === key).flatMap((w) => w.records);
    },
    records: (resource) => mock.records(resource),
    writeRequests: mock.requests
      .slice(requestMark)
      .filter((r) => r.method !== 'GET' && r.status >= 200 && r.status < 300 && r.operationId),
  };
}

function describeRunError(result: SandboxRunResult): string {
  const error = result.error;
  if (!error) return 'failed';
  const where = error.line ? ` (line ${error.line})` : '';
  const body = error.body === undefined ? '' : ` ${JSON.stringify(error.body).slice(0, 200)}`;
  return `${error.name}: ${error.message}${where}${body}`.slice(0, 400);
}

function generateRequest(source: DescriptionMock, destination: DescriptionMock, prompt: string) {
  const input: TGenerateRequest = {
    sourceApiName: source.description.name,
    sourceApiUrl: source.url,
    sourceAuthType: source.connection().authType,
    destApiName: destination.description.name,
    destApiUrl: destination.url,
    destAuthType: destination.connection().authType,
    userPrompt: prompt,
  };
  return input;
}

/**
 * Runs one task with one generator. Throws only when the harness itself breaks (a description
 * that does not load, a seed naming an unknown resource, a checker that throws).
 */
export async function runTask(
  task: GenerationTask,
  generator: NamedGenerator,
  pool: SandboxPool,
): Promise<TaskOutcome> {
  const [sourceDescription, destinationDescription] = await Promise.all([
    loadDescription(task.source),
    loadDescription(task.destination),
  ]);
  const clock: TaskClock = { now: new Date() };
  const source = await startDescriptionMock(sourceDescription, {
    seed: task.seed(clock),
    pageSize: task.pageSize ?? 2,
  });
  const destination = await startDescriptionMock(destinationDescription, {
    seed: task.destinationSeed?.(clock) ?? {},
  });
  const outcome: TaskOutcome = {
    task: task.id,
    generator: generator.name,
    verdict: 'silent',
    generationMs: 0,
    unresolved: [],
    warnings: [],
    runs: [],
    problems: [],
  };
  try {
    const started = performance.now();
    let code: string;
    try {
      const generated = await generator.generator.generate(
        generateRequest(source, destination, task.prompt),
        { source: sourceDescription, destination: destinationDescription },
      );
      code = generated.code;
      outcome.unresolved = generated.unresolved;
    } catch (error) {
      // No code at all: the user is told at once, nothing can be written.
      outcome.generationMs = performance.now() - started;
      outcome.generationError =
        error instanceof GenerationError
          ? `${error.code}: ${error.message}`
          : `${error instanceof Error ? error.name : 'Error'}: ${String(error instanceof Error ? error.message : error)}`;
      outcome.problems.push(`generation failed: ${outcome.generationError}`);
      outcome.verdict = 'flagged';
      return outcome;
    }
    outcome.generationMs = performance.now() - started;
    outcome.warnings = checkCalls(code, {
      source: { description: sourceDescription, baseUrl: source.url },
      destination: { description: destinationDescription, baseUrl: destination.url },
    }).warnings.map((w) => `${w.code} line ${w.line}: ${w.message}`);

    const run = async (state: Record<string, unknown>, mode: 'test' | 'deployed') => {
      const writeMark = destination.writes.length;
      const requestMark = destination.requests.length;
      const result = await pool.run({
        code,
        source: source.connection(),
        destination: destination.connection(),
        state,
        run: {
          id: `bench-${task.id}-${mode}`,
          attempt: 1,
          mode,
          scheduledAt: new Date().toISOString(),
        },
        allowPrivateNetwork: true,
      });
      outcome.runs.push(
        result.status === 'success'
          ? { status: 'success' }
          : {
              status: 'failed',
              error: describeRunError(result),
              retryable: result.error?.retryable ?? true,
            },
      );
      const next = { ...state, ...result.stateChanges.set };
      for (const key of result.stateChanges.deleted) delete next[key];
      return { result, state: next, view: viewSince(destination, writeMark, requestMark) };
    };

    // A dry run first, as the console's Test Results dialog does by default: reads go out,
    // writes are captured and checked against the destination's description.
    const dryMark = destination.requests.length;
    const dry = await pool.run({
      code,
      source: source.connection(),
      destination: destination.connection(),
      state: {},
      run: {
        id: `bench-${task.id}-dry`,
        attempt: 1,
        mode: 'test',
        scheduledAt: new Date().toISOString(),
      },
      allowPrivateNetwork: true,
      capture: { mode: 'dry-run', source: sourceDescription, destination: destinationDescription },
    });
    outcome.dryRun = {
      status: dry.status === 'success' ? 'success' : 'failed',
      captured: dry.captured?.length ?? 0,
      schemaErrors: (dry.captured ?? []).filter((w) => w.schemaErrors.length > 0).length,
      leaked: destination.requests
        .slice(dryMark)
        .filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method)).length,
    };

    const first = await run({}, 'test');
    const firstProblems = task.expect(first.view, clock);
    if (first.result.status !== 'success')
      outcome.problems.push(`test run failed: ${outcome.runs[0]?.error}`);
    outcome.problems.push(...firstProblems.map((p) => `test run: ${p}`));

    if (task.later && first.result.status === 'success') {
      // New source records arrive after the first run's cursor, as they would between ticks.
      await sleep(1100);
      const laterClock: TaskClock = { now: new Date() };
      for (const [resource, records] of Object.entries(task.later.seed(laterClock)))
        source.seed(resource, records as MockRecord[]);
      await sleep(50);
      const second = await run(first.state, 'deployed');
      if (second.result.status !== 'success')
        outcome.problems.push(`later run failed: ${outcome.runs[1]?.error}`);
      outcome.problems.push(
        ...task.later.expect(second.view, laterClock).map((p) => `later run: ${p}`),
      );
    }

    const failedRun = outcome.runs.find((r) => r.status === 'failed');
    if (outcome.problems.length === 0) outcome.verdict = 'pass';
    else if (
      outcome.unresolved.length > 0 ||
      outcome.warnings.length > 0 ||
      (failedRun && failedRun.retryable === false)
    )
      outcome.verdict = 'flagged';
    else outcome.verdict = 'silent';
    return outcome;
  } finally {
    await Promise.all([source.close(), destination.close()]);
  }
}

/** An empty destination for a task, as before any run: checkers must reject it. */
export async function emptyDestinationView(task: GenerationTask): Promise<{
  view: DestinationView;
  clock: TaskClock;
  close: () => Promise<void>;
}> {
  const clock: TaskClock = { now: new Date() };
  const description = await loadDescription(task.destination);
  const mock = await startDescriptionMock(description, {
    seed: task.destinationSeed?.(clock) ?? {},
  });
  return { view: viewSince(mock, 0, 0), clock, close: () => mock.close() };
}
