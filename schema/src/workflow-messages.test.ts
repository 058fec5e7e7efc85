import { describe, expect, it } from 'vitest';
import { dryRunSkipped, repairRoundReason, runFailedMessage } from './workflow-messages.ts';

describe('the sentences the workflows answer with', () => {
  it('says a run failed after its retries, with the last error', () => {
    expect(runFailedMessage('GET /items answered 503')).toBe(
      'The run failed after its retries: GET /items answered 503',
    );
  });

  it('says why the dry run was skipped', () => {
    expect(dryRunSkipped({ why: 'no-integration' })).toEqual({
      status: 'skipped',
      summary: 'dry run: not run',
      reason: 'no integration was named, so there are no connections to test against',
    });
    expect(dryRunSkipped({ why: 'could-not-run', error: 'timed out' }).reason).toBe(
      'the dry run could not run: timed out',
    );
  });

  it("keeps the first dry run's reason in every outcome of the repair round", () => {
    const first = 'HttpError: 400 Bad Request';
    expect(repairRoundReason(first, { outcome: 'repair-failed', error: 'quota' })).toBe(
      `${first}; the repair round failed: quota`,
    );
    expect(repairRoundReason(first, { outcome: 'no-candidate' })).toContain(`${first}; `);
    expect(repairRoundReason(first, { outcome: 'dry-run', passed: true, reason: undefined })).toBe(
      `repaired after the first dry run failed: ${first}`,
    );
    expect(
      repairRoundReason(first, { outcome: 'dry-run', passed: false, reason: 'still 400' }),
    ).toBe(`still 400 (after one repair round; the first dry run failed: ${first})`);
  });
});
