import type { PingResult } from '@patchbay/workflows';

export function createPingActivity(deps: { workerIdentity: string }) {
  return async function ping(message: string): Promise<PingResult> {
    return { reply: `pong: ${message}`, worker: deps.workerIdentity };
  };
}
