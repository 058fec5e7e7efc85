// Applies the plain-SQL migrations of schema/migrations in file-name order (ADR 003).
// Each file runs in its own transaction and is recorded with its checksum, so a
// failing file leaves the database as it was before that file, and an applied
// file that was edited afterwards is refused instead of silently diverging.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Sql } from './client.ts';

const MIGRATION_FILE = /^\d{4}_[a-z0-9-]+\.sql$/;
// Any constant works; it only has to be the same for every process migrating this database.
const MIGRATION_LOCK_ID = 7_233_001;

export class MigrationError extends Error {
  override name = 'MigrationError';
}

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(dir: string): Promise<MigrationFile[]> {
  const entries = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  const files: MigrationFile[] = [];
  for (const name of entries) {
    if (!MIGRATION_FILE.test(name)) {
      throw new MigrationError(
        `Migration file ${name} is misnamed: use NNNN_lowercase-words.sql (for example 0001_users.sql).`,
      );
    }
    const sql = await readFile(path.join(dir, name), 'utf8');
    files.push({ name, sql, checksum: createHash('sha256').update(sql).digest('hex') });
  }
  return files;
}

/**
 * Applies every pending migration, each in its own transaction, and returns the
 * names it applied. Safe to call from several processes at once (API replicas):
 * each transaction takes an advisory lock and re-checks what is already applied.
 */
export async function migrate(sql: Sql, dir: string): Promise<string[]> {
  const files = await readMigrations(dir);
  // Under the lock: "create table if not exists" alone races between processes.
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`;
    await tx`
      create table if not exists schema_migrations (
        name text primary key,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`;
  });
  const applied = await sql<{ name: string; checksum: string }[]>`
    select name, checksum from schema_migrations`;
  for (const row of applied) {
    const file = files.find((candidate) => candidate.name === row.name);
    if (file && file.checksum !== row.checksum) {
      throw new MigrationError(
        `Migration ${row.name} was edited after it was applied. Restore the original file and add a new migration for the change.`,
      );
    }
  }

  const done: string[] = [];
  for (const file of files) {
    try {
      const ran = await sql.begin(async (tx) => {
        await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`;
        const [already] = await tx`select 1 from schema_migrations where name = ${file.name}`;
        if (already) return false;
        await tx.unsafe(file.sql);
        await tx`insert into schema_migrations (name, checksum) values (${file.name}, ${file.checksum})`;
        return true;
      });
      if (ran) done.push(file.name);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new MigrationError(`Migration ${file.name} failed: ${reason}`, { cause: error });
    }
  }
  return done;
}
