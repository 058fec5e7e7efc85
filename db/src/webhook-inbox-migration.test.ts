// Migration 0020 (ADR 047) on a database holding ADR 021's webhook_events rows: an event that
// started a run twice (a redelivery after Temporal forgot the first) must not stop the unique
// index, and the first delivery of each event becomes the accepted one.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationsDir } from '@patchbay/schema/migrations-dir';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/test-database.ts';
import { migrate } from './migrate.ts';

let db: TestDatabase;
let before0020: string;

beforeAll(async () => {
  db = await createTestDatabase({ migrated: false });
  before0020 = mkdtempSync(path.join(os.tmpdir(), 'patchbay-migrations-'));
  for (const file of readdirSync(migrationsDir).filter((name) => name < '0020')) {
    cpSync(path.join(migrationsDir, file), path.join(before0020, file));
  }
  await migrate(db.sql, before0020);
});
afterAll(async () => {
  await db.drop();
  rmSync(before0020, { recursive: true, force: true });
});

it('marks the first started delivery of each event accepted, and only that one', async () => {
  const [user] = await db.sql<{ id: string }[]>`
    insert into users (email) values ('ada@example.com') returning id`;
  const [integration] = await db.sql<{ id: string }[]>`
    insert into integrations (user_id, name, user_prompt, source_api_name, source_api_url,
      source_auth_type, dest_api_name, dest_api_url, dest_auth_type)
    values (${user?.id ?? ''}, 'x', 'x', 'S', 'https://s.example', 'none', 'D',
      'https://d.example', 'none')
    returning id`;
  const id = integration?.id ?? '';
  const rows: [string, string, boolean][] = [
    ['evt_a', 'started', false],
    ['evt_a', 'duplicate', false],
    ['evt_a', 'started', false], // run again after Temporal's retention
    ['evt_a', 'started', true], // a replay
    ['evt_b', 'rejected', false],
    ['evt_c', 'started', false],
  ];
  for (const [eventId, status, replay] of rows) {
    await db.sql`
      insert into webhook_events (integration_id, event_id, verified, status, duplicate, replay_of)
      values (${id}, ${eventId}, true, ${status}, ${status === 'duplicate'},
        ${replay ? db.sql`(select min(id) from webhook_events)` : null})`;
  }

  expect(await migrate(db.sql, migrationsDir)).toContain('0020_webhook-inbox.sql');
  const after = await db.sql<{ event_id: string; status: string; accepted: boolean }[]>`
    select event_id, status, accepted from webhook_events order by id`;
  expect(after.map((row) => [row.event_id, row.status, row.accepted])).toEqual([
    ['evt_a', 'started', true],
    ['evt_a', 'duplicate', false],
    ['evt_a', 'started', false],
    ['evt_a', 'started', false],
    ['evt_b', 'rejected', false],
    ['evt_c', 'started', true],
  ]);
  // The index now refuses a second accepted delivery of an event, and allows a new event.
  await expect(
    db.sql`update webhook_events set accepted = true where event_id = 'evt_a' and status = 'duplicate'`,
  ).rejects.toThrow(/webhook_events_accepted_idx/);
  await db.sql`update webhook_events set accepted = true where event_id = 'evt_b'`;
});
