import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSql, ping, type Sql } from '@patchbay/db';
import { embeddedEncryptionKeys } from './encryption-key.ts';
import { loadStartEnv } from './start-env.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * What an operations script needs, resolved as `npm start` resolves it: DATABASE_URL or
 * the embedded PostgreSQL (which must be running: `npm start` in another terminal), and
 * APP_ENCRYPTION_KEYS or DATA_DIR/secret.key.
 */
export async function opsEnvironment(): Promise<{ sql: Sql; encryptionKeys: string }> {
  const envFile = path.join(repoRoot, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const env = loadStartEnv({ PATCHBAY_TEMPORAL_CLI: 'unused', ...process.env });
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
  return { sql, encryptionKeys: env.APP_ENCRYPTION_KEYS ?? embeddedEncryptionKeys(dataDir) };
}
