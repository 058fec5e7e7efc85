// Activities are built by a factory so tests can pass real or fake dependencies
// (STYLE.md, temporalio/samples-typescript "activities-dependency-injection").
import type { Activities } from '@patchbay/workflows';
import type { KeyRing } from '@patchbay/schema/vault';
import type { Sql } from '@patchbay/db';
import type { Generator } from '@patchbay/generator';
import type { SandboxPool } from '../sandbox/index.ts';
import { createExecuteIntegration } from './execute-integration.ts';
import { createGenerationActivities } from './generate-code.ts';
import { createImportApiDescription } from './import-api-description.ts';
import { createPingActivity } from './ping.ts';
import { createPruneRetention } from './prune-retention.ts';
import { createRecordFailedRun } from './record-failed-run.ts';
import { createAlertActivities, type AlertSettings } from './send-alert.ts';
import { createReplayRecordedRun } from './replay-recorded-run.ts';
import { createVerifyGeneratedCode } from './verify-generated-code.ts';

export interface ActivityDeps {
  workerIdentity: string;
  sql: Sql;
  vault: KeyRing;
  sandbox: SandboxPool;
  allowPrivateNetwork: boolean;
  generator: Generator;
  /** Alerts: SMTP, the console's URL for run links, the Temporal UI for operators' alerts. */
  alerts: AlertSettings;
}

export function createActivities(deps: ActivityDeps): Activities {
  return {
    ping: createPingActivity(deps),
    executeIntegration: createExecuteIntegration(deps),
    recordFailedRun: createRecordFailedRun(deps),
    ...createAlertActivities(deps),
    replayRecordedRun: createReplayRecordedRun(deps),
    ...createGenerationActivities(deps),
    verifyGeneratedCode: createVerifyGeneratedCode(deps),
    pruneRetention: createPruneRetention(deps),
    importApiDescription: createImportApiDescription(deps),
  };
}
