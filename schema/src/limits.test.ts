import { describe, expect, it } from 'vitest';
import { workflowFailureStatus } from './failures.ts';
import {
  formatBytes,
  formatDays,
  formatDuration,
  RETENTION_DAYS,
  SANDBOX_LIMITS,
} from './limits.ts';
import { ZExecuteIntegrationInput, ZRecordFailedRunInput } from './workflow-payloads.ts';

describe('the formatters the docs, privacy and terms pages render limits with', () => {
  it('says days, or years when the days are whole years', () => {
    expect(formatDays(RETENTION_DAYS.runLogs)).toBe('90 days');
    expect(formatDays(RETENTION_DAYS.auditLog)).toBe('1 year');
    expect(formatDays(730)).toBe('2 years');
    expect(formatDays(1)).toBe('1 day');
  });

  it('says MB and KB for whole units, bytes otherwise', () => {
    expect(formatBytes(SANDBOX_LIMITS.maxResponseBytes)).toBe('5 MB');
    expect(formatBytes(256 * 1024)).toBe('256 KB');
    expect(formatBytes(1000)).toBe('1000 bytes');
  });

  it("says MiB and KiB to one decimal in the network guard's and the importer's errors", () => {
    expect(formatBytes(5 * 1024 * 1024, 'MiB')).toBe('5 MiB');
    expect(formatBytes(1.5 * 1024 * 1024, 'MiB')).toBe('1.5 MiB');
    expect(formatBytes(1536, 'MiB')).toBe('1.5 KiB');
    expect(formatBytes(1000, 'MiB')).toBe('1000 bytes');
  });

  it('says seconds, or minutes when they are whole minutes', () => {
    expect(formatDuration(SANDBOX_LIMITS.wallClockMs)).toBe('30 seconds');
    expect(formatDuration(1000)).toBe('1 second');
    expect(formatDuration(120_000)).toBe('2 minutes');
    expect(formatDuration(90_000)).toBe('90 seconds');
  });
});

describe('workflowFailureStatus', () => {
  it('maps failures about the request to 422 and the rest to 503', () => {
    expect(workflowFailureStatus('AI_PROMPT_REFUSED')).toBe(422);
    expect(workflowFailureStatus('AI_INVALID_CODE')).toBe(422);
    expect(workflowFailureStatus('InvalidCode')).toBe(422);
    expect(workflowFailureStatus('AI_KEY_REJECTED')).toBe(503);
    expect(workflowFailureStatus('InvalidPayload')).toBe(503);
  });

  it('treats an unknown or missing type, or an inherited property name, as 503', () => {
    expect(workflowFailureStatus('SomethingNew')).toBe(503);
    expect(workflowFailureStatus(undefined)).toBe(503);
    expect(workflowFailureStatus('toString')).toBe(503);
  });
});

describe('Temporal payload schemas', () => {
  const execution = {
    integrationId: '42',
    kind: 'scheduled',
    workflowId: 'run:42',
    runId: 'r1',
    scheduledAt: '2026-01-01T00:00:00.000Z',
  };

  it('accept what the workflows send', () => {
    expect(ZExecuteIntegrationInput.parse(execution)).toEqual(execution);
    expect(
      ZRecordFailedRunInput.parse({ ...execution, outcome: null, message: 'boom' }),
    ).toMatchObject({
      message: 'boom',
    });
  });

  it('name the field that is wrong', () => {
    const result = ZExecuteIntegrationInput.safeParse({ ...execution, kind: 'live' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['kind']);
    expect(
      ZExecuteIntegrationInput.safeParse({ ...execution, scheduledAt: 'yesterday' }).success,
    ).toBe(false);
  });
});
