import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSql, ping, type Sql } from '@patchbay/db';
import { parseEnv, ZTemporalEnv } from '@patchbay/schema/env';
import { embeddedEncryptionKeys } from './encryption-key.ts';
import { loadStartEnv } from './start-env.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * What an operations script needs, resolved as `npm start` resolves it: DATABASE_URL or
 * the embedded PostgreSQL (which must be running: `npm start` in another terminal), and
 * APP_ENCRYPTION_KEYS or DATA_DIR/secret.key.
 */
export interface OpsEnvironment {
  sql: Sql;
  encryptionKeys: string;
  /** Where `npm start` runs Temporal: TEMPORAL_ADDRESS, or the dev server on TEMPORAL_PORT. */
  temporal: {
    address: string;
    namespace: string;
    taskQueue: string;
    tls: boolean;
    apiKey?: string;
  };
}

export async function opsEnvironment(): Promise<OpsEnvironment> {
  const envFile = path.join(repoRoot, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const env = loadStartEnv({ PATCHBAY_TEMPORAL_CLI: 'unused', ...process.env });
  const temporal = parseEnv(ZTemporalEnv, process.env);
  const dataDir = path.resolve(repoRoot, env.DATA_DIR);
  const url =
    env.DATABASE_URL ??
    `postgres://patchbay:patchbay@127.0.0.1:${env.EMBEDDED_POSTGRES_PORT}/patchbay`;
  const sql = createSql(url, { max: 2, applicationName: 'patchbay-ops' });
  try {
    await ping(sql);
  } catch (error) {
    await sql.end();
    const hint = env.DATABASE_URL
      ? 'Check DATABASE_URL.'
      : 'Start Patchbay first (npm start), or set DATABASE_URL.';
    throw new Error(
      `Cannot reach PostgreSQL at ${url.replace(/:[^:@/]*@/, ':***@')}: ${String(error)}. ${hint}`,
      { cause: error },
    );
  }
  return {
    sql,
    encryptionKeys: env.APP_ENCRYPTION_KEYS ?? embeddedEncryptionKeys(dataDir),
    temporal: {
      address: env.TEMPORAL_ADDRESS ?? `127.0.0.1:${env.TEMPORAL_PORT}`,
      namespace: temporal.TEMPORAL_NAMESPACE,
      taskQueue: temporal.TEMPORAL_TASK_QUEUE,
      tls: temporal.TEMPORAL_TLS,
      ...(temporal.TEMPORAL_API_KEY ? { apiKey: temporal.TEMPORAL_API_KEY } : {}),
    },
  };
}
