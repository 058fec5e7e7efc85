// The raw Temporal floor: an empty workflow that calls one no-op activity, as a
// plain client and worker would run it. Bundled by the bench's own worker, never by the product.
import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';

interface FloorActivities {
  noop(): Promise<void>;
}

const { noop } = proxyActivities<FloorActivities>({ startToCloseTimeout: '10 seconds' });
const local = proxyLocalActivities<FloorActivities>({ startToCloseTimeout: '10 seconds' });

export async function floorWorkflow(): Promise<void> {
  await noop();
}

export async function floorLocalWorkflow(): Promise<void> {
  await local.noop();
}
