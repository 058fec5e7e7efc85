import { parseEnv, ZTemporalEnv, zPostgresUrl } from '@patchbay/schema/env';
import { z } from 'zod';

export const ZWorkerEnv = ZTemporalEnv.extend({
  DATABASE_URL: zPostgresUrl,
  /** Decrypts credentials inside activities only (ADR 009). */
  APP_ENCRYPTION_KEYS: z.string({ error: 'is required (kid:base64key, see .env.example)' }).min(1),
  /** Workflow tasks and activities this worker runs at once; 2 cores → keep it modest. */
  WORKER_MAX_CONCURRENT_ACTIVITIES: z.coerce.number().int().min(1).max(1000).default(20),
});
export type WorkerEnv = z.infer<typeof ZWorkerEnv>;

export function loadWorkerEnv(env: Record<string, string | undefined> = process.env): WorkerEnv {
  return parseEnv(ZWorkerEnv, env);
}
