// One task, start to finish, through the product's public API exactly as the console does it:
// create the integration (importing an in-house side's OpenAPI document first), generate with
// the integration's id, save the code, run the sandbox test, then deploy (manual trigger) and
// run again for each deployed run, checking the destination mock after every run.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Mutation, TaskAuth, TaskSide } from './contract.ts';
import { runChecks } from './checks.ts';
import type { MockServer, MountedSide } from './mock-server.ts';
import { describeAnswer, type PatchbayClient } from './patchbay-client.ts';
import type { TaskFile } from './tasks.ts';

/** How long a deployed run may take to appear in the run list (5 attempts with backoff). */
const DEPLOYED_RUN_TIMEOUT_MS = 240_000;

export interface RunOutcome {
  mode: 'test' | 'deployed';
  /** What the product said: the run's status, or `error` when it did not run at all. */
  status: 'success' | 'failed' | 'error';
  /** Everything wrong with this run: its failure, then the checks' reasons. */
  reasons: string[];
  ok: boolean;
}

export interface TaskOutcome {
  id: string;
  split: string;
  runs: RunOutcome[];
  /** Every check of the first (test) run passed. */
  firstOk: boolean;
  allOk: boolean;
  /** A run said success while its checks failed, and generation gave no warning. */
  silentWrong: boolean;
  /** Wall time of POST /api/integrations/generate; undefined with --reference or on error. */
  generateMs?: number;
  /** The first reasons of the first run that went wrong. */
  reasons: string[];
}

export interface HarnessOptions {
  client: PatchbayClient;
  mocks: MockServer;
  /** Take tasks/<split>/<id>.js instead of generating. */
  reference: boolean;
  /** Where to keep this task's artefacts; nothing is written without it (the sealed group). */
  artefactsDir?: string;
}

interface GenerateAnswer {
  code?: string;
  schedule?: unknown;
  unresolved?: string[];
  verification?: { status: string };
}

/** The auth fields of the create request for one side, as the console's form builds them. */
function authFields(prefix: 'source' | 'dest', auth: TaskAuth, origin: string) {
  const secret = (value: string) => (value === '' ? {} : { [`${prefix}ApiKeyEncrypted`]: value });
  const type = `${prefix}AuthType`;
  const config = `${prefix}AuthConfig`;
  switch (auth.type) {
    case 'none':
      return { [type]: 'none' };
    case 'api-key':
      return {
        [type]: 'api-key',
        [config]: { in: auth.in, name: auth.name },
        ...secret(auth.secret),
      };
    case 'bearer':
      return { [type]: 'bearer', ...secret(auth.secret) };
    case 'basic':
      // The key as the user name with an empty password: the form's "Send the key as: Username".
      return auth.secret === ''
        ? { [type]: 'basic', [config]: { secretIn: 'username' }, ...secret(auth.username) }
        : { [type]: 'basic', [config]: { username: auth.username }, ...secret(auth.secret) };
    case 'oauth':
      return {
        [type]: 'oauth',
        [config]: {
          grant: 'client_credentials',
          tokenUrl: origin + auth.tokenPath,
          clientId: auth.clientId,
          ...(auth.scope ? { scope: auth.scope } : {}),
        },
        ...secret(auth.secret),
      };
  }
}

/** An in-house side's description, imported by URL as the console's Import dialog does. */
async function importDescription(
  client: PatchbayClient,
  mounted: MountedSide,
  save: (name: string, value: unknown) => void,
) {
  const answer = await client.call('POST', '/api/catalog/import', {
    url: `${mounted.origin}/openapi.json`,
    baseUrl: mounted.baseUrl,
  });
  save(`import-${mounted.side}.json`, answer);
  if (answer.status !== 200) throw new Error(describeAnswer('POST /api/catalog/import', answer));
  return { kind: 'imported', description: (answer.body as { description: unknown }).description };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Executed {
  status: RunOutcome['status'];
  answer: unknown;
  reasons: string[];
}

/** Applies a run's `before` changes; why they could not be applied, or undefined. */
function applyBefore(mocks: MockServer, taskId: string, before: Mutation[]): string | undefined {
  try {
    for (const mutation of before) mocks.mutate(taskId, mutation);
    return undefined;
  } catch (error) {
    return `before the run: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** One run as the console makes it: the Test button, or Save & Deploy then Run now. */
async function executeRun(
  client: PatchbayClient,
  id: string,
  mode: 'test' | 'deployed',
  deployment: { done?: true; refusal?: string },
): Promise<Executed> {
  if (mode === 'test') {
    const result = await client.call('POST', `/api/integrations/${id}/execute`, {
      testMode: true,
    });
    if (result.status !== 200)
      return {
        status: 'error',
        answer: result.body,
        reasons: [describeAnswer('POST /execute', result)],
      };
    return {
      status: (result.body as { status: 'success' | 'failed' }).status,
      answer: result.body,
      reasons: [],
    };
  }
  if (!deployment.done) {
    deployment.done = true;
    // A manual trigger: no schedule starts runs of its own between the runs the task makes.
    const put = await client.call('PUT', `/api/integrations/${id}`, {
      status: 'active',
      trigger: 'manual',
    });
    if (put.status !== 200) deployment.refusal = describeAnswer('deploy (PUT status active)', put);
  }
  if (deployment.refusal)
    return { status: 'error', answer: undefined, reasons: [deployment.refusal] };
  const result = await deployedRun(client, id);
  if (result.error) return { status: 'error', answer: result.error, reasons: [result.error] };
  const status = result.answer?.status === 'success' ? 'success' : 'failed';
  return { status, answer: result.answer, reasons: [] };
}

/** Starts a deployed run and waits for its record in the run list. */
async function deployedRun(client: PatchbayClient, id: string) {
  const started = await client.call('POST', `/api/integrations/${id}/run`);
  if (started.status !== 202) return { error: describeAnswer('POST /run', started) };
  const { workflowId } = started.body as { workflowId: string };
  const deadline = Date.now() + DEPLOYED_RUN_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const page = await client.call('GET', `/api/integrations/${id}/runs?limit=50`);
    const runs = (page.body as { runs?: { id: string; workflowId: string }[] }).runs ?? [];
    const run = runs.find((r) => r.workflowId === workflowId);
    if (run) {
      const detail = await client.call('GET', `/api/integrations/${id}/runs/${run.id}`);
      return {
        answer: detail.body as { status: string; error?: { name: string; message: string } },
      };
    }
    await sleep(500);
  }
  return {
    error: `the deployed run ${workflowId} left no record within ${DEPLOYED_RUN_TIMEOUT_MS / 1000} s`,
  };
}

export async function runTask(taskFile: TaskFile, options: HarnessOptions): Promise<TaskOutcome> {
  const { task } = taskFile;
  const { client, mocks } = options;
  const save = (name: string, value: unknown) => {
    if (!options.artefactsDir) return;
    mkdirSync(options.artefactsDir, { recursive: true });
    const text = typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`;
    writeFileSync(path.join(options.artefactsDir, name), text);
  };
  const outcome: TaskOutcome = {
    id: task.id,
    split: taskFile.split,
    runs: [],
    firstOk: false,
    allOk: false,
    silentWrong: false,
    reasons: [],
  };
  let generated: GenerateAnswer | undefined;
  try {
    const source = await mocks.mount(task.id, 'source', task.source, task.seed.source);
    const destination = await mocks.mount(
      task.id,
      'destination',
      task.destination,
      task.seed.destination,
    );
    const prepared = await prepare(taskFile, options, source, destination, save);
    outcome.generateMs = prepared.generateMs;
    // Deployed once, before the first deployed run; its refusal fails every deployed run.
    const deployment: { done?: true; refusal?: string } = {};
    for (const [index, run] of task.runs.entries()) {
      source.resetRequests();
      destination.resetRequests();
      // A `before` that names a record the code should have written fails this run only.
      const unprepared = prepared.problem ?? applyBefore(mocks, task.id, run.before);
      const { status, answer, reasons } = unprepared
        ? { status: 'error' as const, answer: undefined, reasons: [unprepared] }
        : await executeRun(client, prepared.id!, run.mode, deployment);
      const error = (answer as { error?: { name: string; message: string } } | undefined)?.error;
      if (status === 'failed')
        reasons.push(`the ${run.mode} run failed: ${error?.name}: ${error?.message}`.slice(0, 300));
      reasons.push(
        ...runChecks(run.checks, destination.instance.collections(), destination.writes()),
      );
      for (const side of [source, destination])
        reasons.push(...side.mockErrors.splice(0).map((e) => `${side.side} mock threw: ${e}`));
      const ok = status === 'success' && reasons.length === 0;
      outcome.runs.push({ mode: run.mode, status, reasons, ok });
      save(`run-${index + 1}.json`, {
        mode: run.mode,
        status,
        reasons,
        answer,
        requests: { source: source.requests, destination: destination.requests },
        destination: destination.instance.collections(),
      });
    }
    generated = prepared.generated;
  } catch (error) {
    // The harness or a task broke (a mock, a mutation, an unexpected answer): the task fails.
    const message = error instanceof Error ? error.message : String(error);
    outcome.runs.push({
      mode: task.runs[outcome.runs.length]?.mode ?? 'test',
      status: 'error',
      reasons: [`harness: ${message}`],
      ok: false,
    });
  } finally {
    mocks.unmount(task.id);
  }
  const warned =
    (generated?.unresolved?.length ?? 0) > 0 ||
    (generated?.verification !== undefined && generated.verification.status !== 'passed');
  outcome.silentWrong = !warned && outcome.runs.some((r) => r.status === 'success' && !r.ok);
  outcome.firstOk = outcome.runs[0]?.ok ?? false;
  outcome.allOk = outcome.runs.length === task.runs.length && outcome.runs.every((r) => r.ok);
  const failed = outcome.runs.findIndex((r) => !r.ok);
  if (failed >= 0) {
    const label =
      outcome.runs.length > 1 ? `run ${failed + 1} (${outcome.runs[failed]!.mode}): ` : '';
    outcome.reasons = outcome.runs[failed]!.reasons.slice(0, 3).map((r) => label + r);
  }
  save('outcome.json', outcome);
  return outcome;
}

interface Prepared {
  id?: string;
  generated?: GenerateAnswer;
  generateMs?: number;
  /** Why there is no code to run (generation or saving failed): every run fails with it. */
  problem?: string;
}

/** Create the integration, get its code (generated or the reference) and save it. */
async function prepare(
  { task, reference }: TaskFile,
  options: HarnessOptions,
  source: MountedSide,
  destination: MountedSide,
  save: (name: string, value: unknown) => void,
): Promise<Prepared> {
  const { client } = options;
  const describe = async (side: TaskSide, mounted: MountedSide) =>
    side.openapi ? await importDescription(client, mounted, save) : undefined;
  const sourceDescription = await describe(task.source, source);
  const destDescription = await describe(task.destination, destination);
  const connections = {
    sourceApiName: task.source.apiName,
    sourceApiUrl: source.baseUrl,
    destApiName: task.destination.apiName,
    destApiUrl: destination.baseUrl,
    userPrompt: task.prompt,
    ...(sourceDescription ? { sourceDescription } : {}),
    ...(destDescription ? { destDescription } : {}),
  };
  const created = await client.call('POST', '/api/integrations', {
    name: `bench ${task.id}`,
    ...connections,
    ...authFields('source', task.source.auth, source.origin),
    ...authFields('dest', task.destination.auth, destination.origin),
  });
  if (created.status !== 201) throw new Error(describeAnswer('POST /api/integrations', created));
  const id = (created.body as { id: string }).id;

  let code: string;
  const prepared: Prepared = { id };
  if (options.reference) {
    if (!reference) return { id, problem: 'no reference solution' };
    code = readFileSync(reference, 'utf8');
  } else {
    const startedAt = performance.now();
    const answer = await client.call('POST', '/api/integrations/generate', {
      ...connections,
      sourceAuthType: authFields('source', task.source.auth, source.origin).sourceAuthType,
      destAuthType: authFields('dest', task.destination.auth, destination.origin).destAuthType,
      integrationId: id,
    });
    prepared.generateMs = performance.now() - startedAt;
    save('generate.json', answer);
    if (answer.status !== 200) return { ...prepared, problem: describeAnswer('generate', answer) };
    prepared.generated = answer.body as GenerateAnswer;
    code = prepared.generated.code ?? '';
  }
  save('code.js', code);
  const schedule = prepared.generated?.schedule;
  const put = await client.call('PUT', `/api/integrations/${id}`, {
    generatedCode: code,
    ...(schedule ? { schedule } : {}),
  });
  if (put.status !== 200) return { ...prepared, problem: describeAnswer('saving the code', put) };
  return prepared;
}
