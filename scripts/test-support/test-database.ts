import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { migrationsDir } from '@patchbay/schema/migrations-dir';
import { createSql, type Sql } from '../../api/src/db/client.ts';
import { migrate } from '../../api/src/db/migrate.ts';
import { createDatabaseIfMissing } from '../lib/postgres.ts';

export interface TestDatabase {
  url: string;
  sql: Sql;
  drop(): Promise<void>;
}

/** A fresh database on the shared test server, migrated unless `migrated: false`. */
export async function createTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  const adminUrl = inject('databaseAdminUrl');
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  await createDatabaseIfMissing(adminUrl, name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const sql = createSql(url.toString(), { max: 5 });
  if (migrated) await migrate(sql, migrationsDir);
  return {
    url: url.toString(),
    sql,
    drop: async () => {
      await sql.end({ timeout: 5 });
      const admin = createSql(adminUrl, { max: 1 });
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
