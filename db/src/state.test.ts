import type { TRunOutcome } from '@patchbay/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/test-database.ts';
import { createIntegrationWithSlot, type IntegrationValues } from './integrations.ts';
import { commitFailedRun, findCommittedRun } from './runs.ts';
import { commitState, loadIntegrationForRun, readState } from './state.ts';
import { insertUser } from './users.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const values: IntegrationValues = {
  name: 'State test',
  user_prompt: 'Copy things.',
  source_api_name: 'Source',
  source_api_url: 'https://source.example.com',
  source_auth_type: 'none',
  source_auth_config: {},
  source_credential: null,
  source_credential_hint: null,
  dest_api_name: 'Destination',
  dest_api_url: 'https://destination.example.com',
  dest_auth_type: 'none',
  dest_auth_config: {},
  dest_credential: null,
  dest_credential_hint: null,
  generated_code: 'export default async function run() {}',
  schedule: { everyMinutes: 15 },
};

let users = 0;
async function newIntegration(): Promise<string> {
  users += 1;
  const user = await insertUser(db.sql, { email: `state${users}@example.com`, passwordHash: null });
  const row = await createIntegrationWithSlot(db.sql, {
    userId: user?.id ?? '',
    freeLimit: 5,
    build: () => ({ values, version: null }),
  });
  if (!row) throw new Error('no integration');
  return row.id;
}

const success = (set: Record<string, unknown>, deleted: string[] = []): TRunOutcome => ({
  status: 'success',
  data: null,
  logs: [],
  requests: [],
  stateChanges: { set, deleted },
  durationMs: 5,
  attempt: 1,
});

const runKey = (integrationId: string, runId: string) => ({
  integrationId,
  kind: 'scheduled' as const,
  workflowId: `run:${integrationId}`,
  runId,
});

/** A run's commit on an integration whose state is still at version 0. */
const commitFirstRun = (integrationId: string, runId: string, outcome: TRunOutcome) =>
  commitState(db.sql, {
    integrationId,
    readVersion: 0,
    changes: outcome.stateChanges,
    run: { key: runKey(integrationId, runId), outcome, startedAt: new Date() },
  });

describe('commitState: the one state commit', () => {
  it('a run commits its record and changes together and bumps the version', async () => {
    const id = await newIntegration();
    const outcome = success({ cursor: 7, keep: 'yes' });
    const result = await commitState(db.sql, {
      integrationId: id,
      readVersion: 0,
      changes: outcome.stateChanges,
      run: { key: runKey(id, 'r1'), outcome, startedAt: new Date() },
    });
    expect(result).toEqual({ status: 'committed', version: 1 });
    expect(await readState(db.sql, id)).toEqual({ version: 1, values: { cursor: 7, keep: 'yes' } });
    expect(await findCommittedRun(db.sql, `run:${id}`, 'r1')).toMatchObject({ status: 'success' });

    const next = success({ cursor: 8 }, ['keep']);
    expect(
      await commitState(db.sql, {
        integrationId: id,
        readVersion: 1,
        changes: next.stateChanges,
        run: { key: runKey(id, 'r2'), outcome: next, startedAt: new Date() },
      }),
    ).toEqual({ status: 'committed', version: 2 });
    const loaded = await loadIntegrationForRun(db.sql, id);
    expect(loaded?.state).toEqual({ version: 2, values: { cursor: 8 } });
  });

  it('saves null as a value, by a run and by a hand edit', async () => {
    const id = await newIntegration();
    const outcome = success({ cursor: null });
    expect(await commitFirstRun(id, 'null-run', outcome)).toEqual({
      status: 'committed',
      version: 1,
    });
    expect(await readState(db.sql, id)).toEqual({ version: 1, values: { cursor: null } });
    await commitState(db.sql, {
      integrationId: id,
      readVersion: 1,
      changes: { replaceWith: { a: null, b: [null] } },
    });
    expect(await readState(db.sql, id)).toEqual({ version: 2, values: { a: null, b: [null] } });
  });

  it('records a run whose result, logs and transcript hold NUL characters, as U+FFFD', async () => {
    const id = await newIntegration();
    const outcome: TRunOutcome = {
      ...success({ cursor: 'a\u0000b' }),
      data: { 'k\u0000': ['x\u0000'], text: 'a backslash: \\u0000' },
      logs: ['[log] got a\u0000b'],
    };
    expect(await commitFirstRun(id, 'nul', outcome)).toEqual({ status: 'committed', version: 1 });
    const recorded = await findCommittedRun(db.sql, `run:${id}`, 'nul');
    expect(recorded?.data).toEqual({ 'k\ufffd': ['x\ufffd'], text: 'a backslash: \\u0000' });
    expect(recorded?.logs).toEqual(['[log] got a\ufffdb']);
    expect(await readState(db.sql, id)).toEqual({ version: 1, values: { cursor: 'a\ufffdb' } });
  });

  it('records lone surrogates (a string cut inside an emoji) as U+FFFD, and keeps whole pairs', async () => {
    const id = await newIntegration();
    const outcome: TRunOutcome = {
      ...success({ title: 'cut \ud83d' }),
      data: { cut: 'x\ude00y', whole: '\ud83d\ude00', text: '\\ud800' },
    };
    await commitFirstRun(id, 'surrogates', outcome);
    const recorded = await findCommittedRun(db.sql, `run:${id}`, 'surrogates');
    expect(recorded?.data).toEqual({ cut: 'x\ufffdy', whole: '\ud83d\ude00', text: '\\ud800' });
    expect((await readState(db.sql, id))?.values).toEqual({ title: 'cut \ufffd' });
  });

  it('records a failed run and its alert when the error message holds a NUL character', async () => {
    const id = await newIntegration();
    await db.sql`update integrations set status = 'active' where id = ${id}`;
    const alertId = await commitFailedRun(
      db.sql,
      {
        ...runKey(id, 'nul-failure'),
        scheduledAt: new Date().toISOString(),
        outcome: null,
        message: 'bad \u0000 byte',
      },
      {
        ...success({}),
        status: 'failed',
        error: { name: 'Error', message: 'bad \u0000 byte', retryable: true },
      },
    );
    const [alert] = await db.sql`select error_message from alerts where id = ${alertId ?? ''}`;
    expect(alert?.error_message).toBe('bad \ufffd byte');
    const [run] = await db.sql`select error from runs where run_id = 'nul-failure'`;
    expect(run?.error).toMatchObject({ message: 'bad \ufffd byte' });
  });

  it('refuses stale changes and rolls back the run record with them', async () => {
    const id = await newIntegration();
    await commitState(db.sql, {
      integrationId: id,
      readVersion: 0,
      changes: { replaceWith: { a: 1 } },
    });
    const stale = success({ a: 2 });
    const result = await commitState(db.sql, {
      integrationId: id,
      readVersion: 0,
      changes: stale.stateChanges,
      run: { key: runKey(id, 'stale'), outcome: stale, startedAt: new Date() },
    });
    expect(result).toEqual({ status: 'state-changed' });
    expect(await readState(db.sql, id)).toEqual({ version: 1, values: { a: 1 } });
    expect(await findCommittedRun(db.sql, `run:${id}`, 'stale')).toBeNull();
    // A run that changes nothing cannot conflict: it commits without a version bump.
    const quiet = success({});
    expect(
      await commitState(db.sql, {
        integrationId: id,
        readVersion: 0,
        changes: quiet.stateChanges,
        run: { key: runKey(id, 'quiet'), outcome: quiet, startedAt: new Date() },
      }),
    ).toEqual({ status: 'committed', version: 1 });
  });

  it('never commits a run twice, and heals a failed integration on success', async () => {
    const id = await newIntegration();
    await db.sql`update integrations set status = 'active' where id = ${id}`;
    // Turning failed decides one failure alert (ADR 022).
    const failureAlert = await commitFailedRun(
      db.sql,
      { ...runKey(id, 'f1'), scheduledAt: new Date().toISOString(), outcome: null, message: 'x' },
      { ...success({}), status: 'failed' },
    );
    expect(failureAlert).toEqual(expect.any(String));
    const [failed] = await db.sql`select status from integrations where id = ${id}`;
    expect(failed?.status).toBe('failed');

    const outcome = success({ n: 1 });
    const commit = { integrationId: id, readVersion: 0, changes: outcome.stateChanges };
    const run = { key: runKey(id, 'r1'), outcome, startedAt: new Date() };
    // Healing it decides one recovery alert.
    expect(await commitState(db.sql, { ...commit, run })).toEqual({
      status: 'committed',
      version: 1,
      alertId: expect.any(String),
    });
    const [healed] = await db.sql`select status from integrations where id = ${id}`;
    expect(healed?.status).toBe('active');
    // The same run again (a retry whose completion was lost): nothing written.
    const again = { ...run, outcome: { ...outcome, attempt: 2 } };
    expect(await commitState(db.sql, { ...commit, readVersion: 1, run: again })).toEqual({
      status: 'already-recorded',
    });
    expect(await readState(db.sql, id)).toEqual({ version: 1, values: { n: 1 } });
  });

  it('a hand edit replaces the whole state, checked against the version it read', async () => {
    const id = await newIntegration();
    const edit = { integrationId: id, changes: { replaceWith: { only: true } } };
    expect(await commitState(db.sql, { ...edit, readVersion: 3 })).toEqual({
      status: 'state-changed',
    });
    expect(await commitState(db.sql, { ...edit, readVersion: 0 })).toEqual({
      status: 'committed',
      version: 1,
    });
    expect(await readState(db.sql, id)).toEqual({ version: 1, values: { only: true } });
    await db.sql`delete from integrations where id = ${id}`;
    expect(await commitState(db.sql, { ...edit, readVersion: 1 })).toEqual({
      status: 'integration-gone',
    });
    expect(await readState(db.sql, id)).toBeUndefined();
    expect(await readState(db.sql, 'not-a-uuid')).toBeUndefined();
  });
});

describe('loadIntegrationForRun: what a run starts from, in one statement', () => {
  it('reads the row, the state with its version, and the version of the code', async () => {
    const id = await newIntegration();
    expect(await loadIntegrationForRun(db.sql, id)).toMatchObject({
      row: { id, generated_code: values.generated_code },
      state: { version: 0, values: {} },
      codeVersion: null,
    });

    const state = { z: null, a: { nested: [1, 'two', true] }, m: 'text', n: 2.5 };
    await commitState(db.sql, {
      integrationId: id,
      readVersion: 0,
      changes: { replaceWith: state },
    });
    const addVersion = (version: number, code: string) =>
      db.sql`insert into integration_versions (integration_id, version, origin, code)
             values (${id}, ${version}, 'edited', ${code})`;
    await addVersion(1, 'export default async function run() { return 1; }');
    await addVersion(2, values.generated_code);
    await addVersion(3, 'export default async function run() { return 3; }');

    const loaded = await loadIntegrationForRun(db.sql, id);
    expect(loaded?.state).toEqual({ version: 1, values: state });
    // Keys come in key order, as the state endpoint shows them.
    expect(Object.keys(loaded?.state.values ?? {})).toEqual(['a', 'm', 'n', 'z']);
    // The newest version with exactly the integration's code, not simply the newest.
    expect(loaded?.codeVersion).toBe(2);
    await addVersion(4, values.generated_code);
    expect((await loadIntegrationForRun(db.sql, id))?.codeVersion).toBe(4);
  });

  it('answers undefined for an integration that does not exist or an id that is not one', async () => {
    expect(await loadIntegrationForRun(db.sql, '00000000-0000-4000-8000-000000000000')).toBe(
      undefined,
    );
    expect(await loadIntegrationForRun(db.sql, 'not-an-id')).toBe(undefined);
  });
});
