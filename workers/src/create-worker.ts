import os from 'node:os';
import { NativeConnection, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { createPayloadCodec } from '@patchbay/schema/temporal-codec';
import { createActivities, type ActivityDeps } from './activities/index.ts';
import { FAILURE_CONVERTER_PATH } from './bundle-workflows.ts';

export interface CreateWorkerOptions {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  workflowBundle: WorkflowBundleWithSourceMap;
  maxConcurrentActivities?: number;
  deps: Omit<ActivityDeps, 'workerIdentity'>;
}

/** One worker definition for production (main.ts) and tests. */
export async function createWorker(options: CreateWorkerOptions): Promise<Worker> {
  const identity = `${process.pid}@${os.hostname()}`;
  return Worker.create({
    connection: options.connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    identity,
    workflowBundle: options.workflowBundle,
    activities: createActivities({ ...options.deps, workerIdentity: identity }),
    maxConcurrentActivityTaskExecutions: options.maxConcurrentActivities ?? 20,
    // Temporal holds ciphertext only (ADR 009). Payloads are encrypted with the vault's keys
    // (the API's client uses the same codec), failure messages with them (the bundle too).
    dataConverter: {
      payloadCodecs: [createPayloadCodec(options.deps.vault)],
      failureConverterPath: FAILURE_CONVERTER_PATH,
    },
  });
}

export async function connectToTemporal(options: {
  address: string;
  tls: boolean;
  apiKey?: string | undefined;
}): Promise<NativeConnection> {
  return NativeConnection.connect({
    address: options.address,
    tls: options.tls || Boolean(options.apiKey),
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
  });
}
