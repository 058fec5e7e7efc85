// Activities are built by a factory so tests can pass real or fake dependencies
// (STYLE.md, temporalio/samples-typescript "activities-dependency-injection").
import type { Activities } from '@patchbay/workflows';
import { createPingActivity } from './ping.ts';

export interface ActivityDeps {
  workerIdentity: string;
}

export function createActivities(deps: ActivityDeps): Activities {
  return {
    ping: createPingActivity(deps),
  };
}
