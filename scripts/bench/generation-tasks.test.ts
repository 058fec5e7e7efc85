import { ZApiDescription } from '@patchbay/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTemplateGenerator } from '../../workers/src/generation/index.ts';
import { SandboxPool } from '../../workers/src/sandbox/index.ts';
import { startDescriptionMock } from '../test-support/description-mock-server.ts';
import { emptyDestinationView, loadDescription, runTask } from './generation-harness.ts';
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
    const outcome = await runTask(
      task,
      { name: 'template', generator: createTemplateGenerator() },
      pool,
    );
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
          operations: [],
        }),
      },
    };
    const outcome = await runTask(task, idle, pool);
    expect(outcome.verdict).toBe('silent');
    expect(outcome.problems.length).toBeGreaterThan(0);
  });
});
