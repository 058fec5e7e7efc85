import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { migrationsDir } from '@patchbay/schema/migrations-dir';
import { createDatabaseIfMissing, createSql, dropDatabase, migrate, type Sql } from '@patchbay/db';

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
      await dropDatabase(adminUrl, name);
    },
  };
}
