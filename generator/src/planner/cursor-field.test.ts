import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// Which time a cursor follows when the prompt asks for records "since the last run" in a
// state: the time they reached it, so a record made earlier that got there since is not lost.

describe('the time a cursor follows', () => {
  it('follows the time named after the state the filters keep', () => {
    const merged = plan(
      'Each merged GitLab MR of project 881 since the previous sync → #shipping',
      'gitlab',
      'slack',
    );
    expect(merged.cursor?.field).toBe('merged_at');
    const closed = plan(
      'Copy closed GitHub issues of octo/site to Slack #done, only those since we last ran',
      'github',
      'slack',
    );
    expect(closed.cursor?.field).toBe('closed_at');
  });

  it('follows the last change for a state a run ends in, when no field is named after it', () => {
    const failed = plan(
      'Notify #builds about every failed pipeline in GitLab project 77 since the last check',
      'gitlab',
      'slack',
    );
    expect(failed.filters).toEqual([expect.objectContaining({ field: 'status', value: 'failed' })]);
    expect(failed.cursor?.field).toBe('updated_at');
  });

  it('keeps the creation time for records that start in the state asked for', () => {
    const opened = plan(
      'Post each new open GitLab issue of project 12 since last run to #triage',
      'gitlab',
      'slack',
    );
    expect(opened.cursor?.field).toBe('created_at');
  });
});

describe('"new" before a noun only the destination has', () => {
  it('says what the write makes, and reads every record', () => {
    const planned = plan(
      'Copy every GitHub issue of octo/app into the Airtable table "Bugs" of base appQ1w2E3r4T5y6U7 tagging each new record with Triage: Pending.',
      'github',
      'airtable',
    );
    expect(planned.cursor).toBeUndefined();
    const fresh = plan(
      'Copy each new GitHub issue of octo/app into the Airtable table "Bugs" of base appQ1w2E3r4T5y6U7.',
      'github',
      'airtable',
    );
    expect(fresh.cursor).toBeDefined();
  });
});
