// Issue 19: the raw Temporal floor, measured on the same server and settings as the product's
// rows, so every row that goes through Temporal can be read as a multiple of it.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { FLOOR_ROW, summarize, type BenchRow } from './table.ts';

export async function benchTemporalFloor(address: string, runs: number): Promise<BenchRow[]> {
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
  const connection = await Connection.connect({ address });
  const client = new Client({ connection });
  const rows: BenchRow[] = [];
  try {
    await worker.runUntil(async () => {
      for (const [name, workflow] of [
        [FLOOR_ROW, 'floorWorkflow'],
        ['Temporal raw floor, local activity', 'floorLocalWorkflow'],
      ] as const) {
        const samples: number[] = [];
        for (let i = 0; i < runs + 5; i++) {
          const started = performance.now();
          await client.workflow.execute(workflow, {
            taskQueue,
            workflowId: `floor-${randomUUID()}`,
          });
          // The first few warm the worker's cache and connections.
          if (i >= 5) samples.push(performance.now() - started);
        }
        rows.push({
          name,
          ...summarize(samples),
          temporal: true,
          note: `${runs} sequential, client start → result`,
        });
      }
    });
  } finally {
    await connection.close();
    await nativeConnection.close();
  }
  return rows;
}
