// The raw Temporal floor, measured on the same server and settings as the product's
// rows, so every row that goes through Temporal can be read as a multiple of it.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { FLOOR_ROW, summarize, type BenchRow } from './table.ts';

const WORKFLOWS = {
  activity: 'floorWorkflow',
  local: 'floorLocalWorkflow',
} as const;

/** A plain client and worker on their own task queue, kept up so other rows can sample it too. */
export interface FloorHarness {
  /** One round trip, client start → result, in ms. */
  sample(kind: keyof typeof WORKFLOWS): Promise<number>;
  close(): Promise<void>;
}

export async function startFloorHarness(address: string): Promise<FloorHarness> {
  // The SDK logs every bundling step and worker state change at INFO; the table is the output.
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const taskQueue = `bench-floor-${randomUUID()}`;
  const nativeConnection = await NativeConnection.connect({ address });
  const worker = await Worker.create({
    connection: nativeConnection,
    taskQueue,
    workflowsPath: fileURLToPath(new URL('./floor-workflows.ts', import.meta.url)),
    activities: { noop: async () => {} },
  });
  const running = worker.run();
  // A sample fails, instead of waiting forever, once the worker has stopped.
  const stopped = running.then(() => {
    throw new Error('the floor worker stopped');
  });
  stopped.catch(() => {});
  const connection = await Connection.connect({ address });
  const client = new Client({ connection });
  const sample = async (kind: keyof typeof WORKFLOWS) => {
    const started = performance.now();
    await Promise.race([
      client.workflow.execute(WORKFLOWS[kind], { taskQueue, workflowId: `floor-${randomUUID()}` }),
      stopped,
    ]);
    return performance.now() - started;
  };
  const close = async () => {
    if (worker.getState() === 'RUNNING') worker.shutdown();
    await running.catch(() => {});
    await connection.close();
    await nativeConnection.close();
  };
  try {
    // The first few warm the worker's cache and connections.
    for (let i = 0; i < 5; i++) await sample('activity');
    for (let i = 0; i < 5; i++) await sample('local');
  } catch (error) {
    await close();
    throw error;
  }
  return { sample, close };
}

/** The floor's own rows: `runs` sequential round trips of each kind. */
export async function benchTemporalFloor(floor: FloorHarness, runs: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [name, kind] of [
    [FLOOR_ROW, 'activity'],
    ['Temporal raw floor, local activity', 'local'],
  ] as const) {
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) samples.push(await floor.sample(kind));
    rows.push({
      name,
      ...summarize(samples),
      temporal: true,
      note: `${runs} sequential, client start → result`,
    });
  }
  return rows;
}
