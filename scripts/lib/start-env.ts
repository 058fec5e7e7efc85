import { parseEnv, zHostPort, zPort, zPostgresUrl } from '@patchbay/schema/env';
import { z } from 'zod';

/** What `npm start` itself reads; the api and worker validate their own variables too. */
export const ZStartEnv = z.object({
  /** Set: use that PostgreSQL. Unset: embedded PostgreSQL in DATA_DIR/postgres. */
  DATABASE_URL: zPostgresUrl.optional(),
  /** Set: use that Temporal. Unset: the Temporal CLI dev server with DATA_DIR/temporal.db. */
  TEMPORAL_ADDRESS: zHostPort.optional(),
  /** Set: the credential keys. Unset: DATA_DIR/secret.key, generated on first start. */
  APP_ENCRYPTION_KEYS: z.string().min(1).optional(),
  PORT: zPort.default(3000),
  DATA_DIR: z.string().min(1).default('.data'),
  EMBEDDED_POSTGRES_PORT: zPort.default(5433),
  TEMPORAL_PORT: zPort.default(7233),
  TEMPORAL_UI_PORT: zPort.default(8233),
  /** Set by scripts/bootstrap.mjs. */
  PATCHBAY_TEMPORAL_CLI: z.string().min(1, 'run through npm start (scripts/bootstrap.mjs sets it)'),
  PATCHBAY_TEMPORAL_CLI_SOURCE: z.string().default('unknown'),
});
export type StartEnv = z.infer<typeof ZStartEnv>;

export function loadStartEnv(env: Record<string, string | undefined> = process.env): StartEnv {
  return parseEnv(ZStartEnv, env);
}
