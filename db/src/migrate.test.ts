import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/test-database.ts';
import { migrate, readMigrations } from './migrate.ts';

const folders: string[] = [];

function migrationsFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'patchbay-migrations-'));
  folders.push(dir);
  for (const [name, sql] of Object.entries(files)) writeFileSync(path.join(dir, name), sql);
  return dir;
}

describe('migrate', () => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase({ migrated: false });
  });
  afterEach(async () => {
    await db.drop();
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('applies files in name order, records them, and applies nothing the second time', async () => {
    const dir = migrationsFolder({
      '0002_add-column.sql': 'alter table things add column label text;',
      '0001_things.sql': 'create table things (id int primary key);',
    });
    expect(await migrate(db.sql, dir)).toEqual(['0001_things.sql', '0002_add-column.sql']);
    const recorded = await db.sql`select name from schema_migrations order by name`;
    expect(recorded.map((row) => row.name)).toEqual(['0001_things.sql', '0002_add-column.sql']);
    await db.sql`insert into things (id, label) values (1, 'kept')`;

    expect(await migrate(db.sql, dir)).toEqual([]);
    const [row] = await db.sql`select label from things where id = 1`;
    expect(row?.label).toBe('kept');
  });

  it('names the failing file and its database error, keeping earlier files and nothing of the failed one', async () => {
    const dir = migrationsFolder({
      '0001_ok.sql': 'create table good (id int);',
      '0002_broken.sql': 'create table half (id int);\ncreate table broken (id nonsense_type);',
    });
    await expect(migrate(db.sql, dir)).rejects.toThrow(
      /Migration 0002_broken\.sql failed: type "nonsense_type" does not exist/,
    );
    const tables =
      await db.sql`select tablename from pg_tables where schemaname = 'public' order by tablename`;
    expect(tables.map((row) => row.tablename)).toEqual(['good', 'schema_migrations']);
    const recorded = await db.sql`select name from schema_migrations`;
    expect(recorded.map((row) => row.name)).toEqual(['0001_ok.sql']);
  });

  it('refuses to run when an applied file was edited afterwards', async () => {
    const dir = migrationsFolder({ '0001_things.sql': 'create table things (id int);' });
    await migrate(db.sql, dir);
    writeFileSync(path.join(dir, '0001_things.sql'), 'create table things (id bigint);');
    await expect(migrate(db.sql, dir)).rejects.toThrow(
      /0001_things\.sql was edited after it was applied/,
    );
  });

  it('rejects a misnamed file before touching the database', async () => {
    const dir = migrationsFolder({ 'add users.sql': 'create table users (id int);' });
    await expect(readMigrations(dir)).rejects.toThrow(/add users\.sql is misnamed/);
    await expect(migrate(db.sql, dir)).rejects.toThrow(/misnamed/);
    const [exists] = await db.sql`select to_regclass('users') as t`;
    expect(exists?.t).toBeNull();
  });

  it('applies each file once when several processes migrate at the same time', async () => {
    const dir = migrationsFolder({
      '0001_counter.sql': 'create table counter (n int); insert into counter values (1);',
      '0002_more.sql': 'update counter set n = n + 1;',
    });
    const results = await Promise.all([
      migrate(db.sql, dir),
      migrate(db.sql, dir),
      migrate(db.sql, dir),
    ]);
    expect(results.flat().sort()).toEqual(['0001_counter.sql', '0002_more.sql']);
    const [row] = await db.sql`select n from counter`;
    expect(row?.n).toBe(2);
  });
});
