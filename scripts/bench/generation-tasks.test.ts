import { ZApiDescription } from '@patchbay/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPool } from '../../workers/src/sandbox/index.ts';
import { startDescriptionMock } from '../test-support/description-mock-server.ts';
import { completion, startFakeOpenAIServer } from '../test-support/fake-openai-server.ts';
import {
  configuredGenerators,
  emptyDestinationView,
  loadDescription,
  runTask,
} from './generation-harness.ts';
import { generationTasks } from './generation-tasks.ts';

// The generation benchmark's harness is sound (issue 15 §7): its tasks load, its checkers can
// fail, and a task runs end to end. The benchmark's score is not asserted here: it is a figure
// `npm run bench:generation` prints.

const clock = { now: new Date() };

describe('generation benchmark tasks', () => {
  it('has at least 25 tasks over at least 12 catalog APIs and 3 imported in-house APIs', () => {
    const ids = generationTasks.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(generationTasks.length).toBeGreaterThanOrEqual(25);
    const sides = generationTasks.flatMap((t) => [t.source, t.destination]);
    const catalog = new Set(sides.flatMap((s) => ('catalog' in s ? [s.catalog] : [])));
    const openapi = new Set(sides.flatMap((s) => ('openapi' in s ? [s.openapi] : [])));
    expect(catalog.size).toBeGreaterThanOrEqual(12);
    expect(openapi.size).toBeGreaterThanOrEqual(3);
  });

  it.each(generationTasks.map((t) => [t.id, t] as const))(
    '%s: both descriptions parse and the seeds name their resources',
    async (_id, task) => {
      const source = ZApiDescription.parse(await loadDescription(task.source));
      const destination = ZApiDescription.parse(await loadDescription(task.destination));
      // The mock refuses a seed for a resource the description does not have.
      const mocks = await Promise.all([
        startDescriptionMock(source, { seed: task.seed(clock) }),
        startDescriptionMock(destination, { seed: task.destinationSeed?.(clock) ?? {} }),
      ]);
      await Promise.all(mocks.map((m) => m.close()));
      if (task.later) expect(Object.keys(task.later.seed(clock)).length).toBeGreaterThan(0);
    },
  );

  it.each(generationTasks.map((t) => [t.id, t] as const))(
    '%s: the checkers reject a destination nothing was written to',
    async (_id, task) => {
      const empty = await emptyDestinationView(task);
      try {
        expect(task.expect(empty.view, empty.clock)).not.toEqual([]);
        if (task.later) expect(task.later.expect(empty.view, empty.clock)).not.toEqual([]);
      } finally {
        await empty.close();
      }
    },
  );
});

describe('generation benchmark harness, end to end', () => {
  let pool: SandboxPool;
  beforeAll(() => {
    pool = new SandboxPool({ size: 1 });
  });
  afterAll(async () => {
    await pool?.close();
  });

  it('runs a simple task in the real sandbox against the loopback mocks and scores it correct', async () => {
    const task = generationTasks.find((t) => t.id === 'stripe-customers-to-hubspot');
    if (!task) throw new Error('the simple task is missing');
    const [template] = configuredGenerators({});
    if (!template) throw new Error('no template generator');
    const outcome = await runTask(task, template, pool);
    expect(outcome.problems).toEqual([]);
    expect(outcome.runs).toEqual([{ status: 'success' }]);
    expect(outcome.verdict).toBe('pass');
  });

  it('scores code that writes nothing as wrong, and as silent when nothing flagged it', async () => {
    const task = generationTasks.find((t) => t.id === 'stripe-customers-to-hubspot');
    if (!task) throw new Error('the simple task is missing');
    const idle = {
      name: 'idle',
      generator: {
        kind: 'template' as const,
        generate: async () => ({
          code: 'export default async function run(ctx) { return { synced: 0 }; }',
          generator: 'template' as const,
          unresolved: [],
          requirements: [],
          operations: [],
        }),
      },
    };
    const outcome = await runTask(task, idle, pool);
    expect(outcome.verdict).toBe('silent');
    expect(outcome.problems.length).toBeGreaterThan(0);
  });

  it('drives an OpenAI-compatible model when OPENAI_API_KEY is set, and scores its code', async () => {
    const task = generationTasks.find((t) => t.id === 'stripe-customers-to-hubspot');
    if (!task) throw new Error('the simple task is missing');
    const llm = await startFakeOpenAIServer();
    try {
      // What a model grounded in both descriptions would answer.
      llm.enqueue(
        completion(
          [
            '```js',
            'export default async function run(ctx) {',
            '  let after;',
            '  let sent = 0;',
            '  for (;;) {',
            "    const page = await ctx.source.get('/v1/customers', { query: { limit: 100, ...(after ? { starting_after: after } : {}) } });",
            '    for (const c of page.data) {',
            "      const [firstname, ...rest] = (c.name ?? '').split(' ');",
            "      await ctx.destination.post('/crm/v3/objects/contacts', { json: { properties: { email: c.email, firstname, lastname: rest.join(' ') } } });",
            '      sent++;',
            '    }',
            '    if (!page.has_more) break;',
            '    after = page.data.at(-1).id;',
            '  }',
            '  return { sent };',
            '}',
            '```',
          ].join('\n'),
        ),
      );
      const generators = configuredGenerators({
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: llm.baseURL,
        OPENAI_MODEL: 'gpt-test',
      });
      expect(generators.map((g) => g.name)).toEqual(['template', 'openai (gpt-test)']);
      const outcome = await runTask(task, generators[1] as (typeof generators)[number], pool);
      expect(outcome.problems).toEqual([]);
      expect(outcome.verdict).toBe('pass');
      // The model was given the prompt.
      expect(JSON.stringify(llm.requests[0]?.body)).toContain('stripe customers into hubspot');
    } finally {
      await llm.close();
    }
  });
});
