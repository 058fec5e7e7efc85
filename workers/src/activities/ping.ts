import { ZPingInput } from '@patchbay/schema';
import { parsePayload, type PingResult } from '@patchbay/workflows';

export function createPingActivity(deps: { workerIdentity: string }) {
  return async function ping(payload: string): Promise<PingResult> {
    const message = parsePayload(ZPingInput, payload, 'ping');
    return { reply: `pong: ${message}`, worker: deps.workerIdentity };
  };
}
