import { parseEnv, zEnvBoolean, zPort, ZTemporalEnv, zPostgresUrl } from '@patchbay/schema/env';
import { z } from 'zod';
import { ZGeneratorEnv } from '@patchbay/generator/env';

// Code generation's variables (OPENAI_*) are the generator's own schema, defined once.
export const ZWorkerEnv = ZTemporalEnv.extend(ZGeneratorEnv.shape)
  .extend({
    DATABASE_URL: zPostgresUrl,
    /** Decrypts credentials inside activities only (ADR 009). */
    APP_ENCRYPTION_KEYS: z
      .string({ error: 'is required (kid:base64key, see .env.example)' })
      .min(1),
    /** Sandbox runner processes at most (each runs one integration at a time). */
    SANDBOX_POOL_SIZE: z.coerce.number().int().min(1).max(64).default(2),
    /**
     * Runners kept started while nothing runs; more start when runs wait, up to
     * SANDBOX_POOL_SIZE, and stop after a minute idle. Above SANDBOX_POOL_SIZE means all of them.
     */
    SANDBOX_POOL_WARM: z.coerce.number().int().min(1).max(64).default(1),
    /** true: user code may call loopback and private addresses (development and tests only). */
    SANDBOX_ALLOW_PRIVATE_NETWORK: zEnvBoolean.default(false),
    /** Workflow tasks and activities this worker runs at once; 2 cores → keep it modest. */
    WORKER_MAX_CONCURRENT_ACTIVITIES: z.coerce.number().int().min(1).max(1000).default(20),
    // Alerts (ADR 022): the same variables as the API's, read here because the worker
    // sends them. Run links point at the console (APP_URL, default http://localhost:PORT), and
    // operators' alerts link the Temporal Web UI.
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    SMTP_FROM: z.string().min(3).optional(),
    APP_URL: z.url({ protocol: /^https?$/ }).optional(),
    PORT: zPort.default(3000),
    TEMPORAL_UI_URL: z.url().default('http://localhost:8233'),
  })
  .refine((env) => !env.SMTP_URL || Boolean(env.SMTP_FROM), {
    message: 'is required with SMTP_URL (the From address of the alerts the worker sends)',
    path: ['SMTP_FROM'],
  });
export type WorkerEnv = z.infer<typeof ZWorkerEnv>;

export function loadWorkerEnv(env: Record<string, string | undefined> = process.env): WorkerEnv {
  return parseEnv(ZWorkerEnv, env);
}
