// Workflow definitions. This file is bundled by the worker and runs in Temporal's
// deterministic sandbox: no Node built-ins, no I/O, only activities (lint enforces it).
import { proxyActivities } from '@temporalio/workflow';
import type { Activities, PingResult } from './activity-types.ts';

const { ping: pingActivity } = proxyActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { maximumAttempts: 3 },
});

/** Proves the chain api → Temporal → worker → api; started by POST /api/ping and `npm start`. */
export async function ping(message: string): Promise<PingResult> {
  return pingActivity(message);
}
