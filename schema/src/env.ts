import { z } from 'zod';

// STYLE.md: environment is parsed once per process with zod at start-up; a bad
// value stops the process with a message naming the variable. Each process
// (api, worker, start script) composes its own schema from these pieces.

/** A boolean env var: accepts true/false/1/0/yes/no, case-insensitive. */
export const zEnvBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'TRUE', 'FALSE', 'True', 'False'])
  .transform((value) => ['true', '1', 'yes'].includes(value.toLowerCase()));

export const zPort = z.coerce.number().int().min(1).max(65535);

export const zPostgresUrl = z.url({
  protocol: /^postgres(ql)?$/,
  error: 'must be a postgres:// or postgresql:// URL',
});

/** host:port of a Temporal frontend. */
export const zHostPort = z
  .string()
  .regex(/^[A-Za-z0-9.-]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$/, 'must look like host:port');

export const ZTemporalEnv = z.object({
  TEMPORAL_ADDRESS: zHostPort.default('localhost:7233'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('patchbay'),
  /** Temporal Cloud: TLS on, optionally with an API key. */
  TEMPORAL_TLS: zEnvBoolean.default(false),
  TEMPORAL_API_KEY: z.string().min(1).optional(),
});

export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * Parse `env` (default process.env) against `schema`. Empty strings count as unset,
 * so a blank line in .env does not override a default.
 */
export function parseEnv<T extends z.ZodType>(
  schema: T,
  env: Record<string, string | undefined> = process.env,
): z.infer<T> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const given = typeof issue.path[0] === 'string' ? cleaned[issue.path[0]] : undefined;
    const shown = given === undefined ? 'unset' : `got ${JSON.stringify(given)}`;
    return `  ${name}: ${issue.message} (${shown})`;
  });
  throwEnvError(lines);
}

function throwEnvError(lines: string[]): never {
  throw new EnvError(
    `Invalid environment configuration:\n${lines.join('\n')}\nSee .env.example for every variable.`,
  );
}
